/**
 * The products tab (FINUI-3): filters by coin, flexible or fixed, and term; the product cards in a grid (one
 * column on a phone). Loading, error and empty states through DataState.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { useFinanceProducts } from '../data';
import { filterChoices, filterProducts, NO_FILTER, type KindFilter, type ProductFilter } from '../model/finance';
import { ProductCard } from './ProductCard';
import '../../../forms/forms.css';

const KINDS: readonly KindFilter[] = ['all', 'flexible', 'fixed'];

export function ProductsPanel() {
  const { t } = useTranslation('finance');
  const q = useFinanceProducts();
  const [f, setF] = useState<ProductFilter>(NO_FILTER);
  const all = useMemo(() => q.data ?? [], [q.data]);
  const { coins, terms } = useMemo(() => filterChoices(all), [all]);
  const shown = filterProducts(all, f);
  const filtered = f.coin !== '' || f.kind !== 'all' || f.term !== 0;

  return (
    <div className="fin-products" data-testid="finance-products">
      <div className="fin-filters" aria-label={t('filter.label')} role="group">
        <div className="fin-chips" role="group" aria-label={t('filter.coin')}>
          <Chip on={f.coin === ''} onClick={() => setF({ ...f, coin: '' })}>
            {t('filter.allCoins')}
          </Chip>
          {coins.map((c) => (
            <Chip key={c} on={f.coin === c} onClick={() => setF({ ...f, coin: c })}>
              {c}
            </Chip>
          ))}
        </div>
        <div className="fin-chips" role="group" aria-label={t('filter.kind')}>
          {KINDS.map((k) => (
            <Chip
              key={k}
              on={f.kind === k}
              onClick={() => setF({ ...f, kind: k, term: k === 'flexible' ? 0 : f.term })}
              testId={`finance-kind-${k}`}
            >
              {k === 'all' ? t('filter.allKinds') : t(`kind.${k}`)}
            </Chip>
          ))}
          {f.kind !== 'flexible' && terms.length > 0 ? <span className="fin-chips__sep" aria-hidden="true" /> : null}
          {f.kind !== 'flexible'
            ? terms.map((d) => (
                <Chip
                  key={d}
                  on={f.term === d}
                  onClick={() => setF({ ...f, term: f.term === d ? 0 : d })}
                  testId={`finance-term-${d}`}
                >
                  {t('product.days', { n: d })}
                </Chip>
              ))
            : null}
        </div>
      </div>
      <DataState
        status={dataStatus(q)}
        error={q.error}
        onRetry={q.reload}
        empty={shown.length === 0}
        emptyView={
          <EmptyState
            title={t(filtered ? 'empty.filtered' : 'empty.products')}
            action={
              filtered ? (
                <button type="button" className="fbtn fbtn--secondary" onClick={() => setF(NO_FILTER)}>
                  {t('filter.clear')}
                </button>
              ) : undefined
            }
          />
        }
      >
        <div className="fin-grid">
          {shown.map((p) => (
            <ProductCard key={p.id} p={p} />
          ))}
        </div>
      </DataState>
    </div>
  );
}

function Chip(props: { on: boolean; onClick: () => void; children: React.ReactNode; testId?: string }) {
  return (
    <button
      type="button"
      className="fin-chip"
      aria-pressed={props.on}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}

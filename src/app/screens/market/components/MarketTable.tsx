/**
 * A sortable list of market rows (markets, search, the desktop pair panel, home). A real table with
 * column headers; sortable headers hold a button and carry aria-sort. Each row reads its live ticker
 * through the engine's hook; the pair cell is a link to the trade screen, and the whole row is clickable.
 */
import { memo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../../market/hooks';
import { shortDecimal, type MarketRow, type SortKey } from '../coins';
import type { SortState } from '../sortState';
import { tradeHref } from '../playing';
import { ChangePill, Num, Price } from './Price';
import { Sparkline } from './Sparkline';
import { useCoinVolume } from './useMarketStats';
import { useInView } from './useInView';
import './MarketTable.css';

export type TableVariant = 'phone' | 'desktop' | 'panel';

interface Props {
  rows: readonly MarketRow[];
  variant: TableVariant;
  sort?: SortState;
  onSort?: (key: SortKey) => void;
  caption: string;
  /** Marks the row of this symbol as current (desktop pair panel). */
  activeSymbol?: string;
  spark?: boolean;
  onOpen?: (row: MarketRow) => void;
  /** A small tag after the pair (e.g. the list name in search results). */
  tagOf?: (row: MarketRow) => string;
}

function SortHeader({ k, label, sort, onSort, align }: { k: SortKey; label: string; sort?: SortState; onSort?: (k: SortKey) => void; align?: 'end' }) {
  const { t } = useTranslation('market');
  const active = sort?.key === k;
  const ariaSort = active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={onSort ? ariaSort : undefined} className={align === 'end' ? 'mt-end' : undefined}>
      {onSort ? (
        <button type="button" className={`mt-sort${active ? ' is-active' : ''}`} onClick={() => onSort(k)} title={t('sortBy', { column: label })}>
          <span>{label}</span>
          <span className={`mt-caret${active ? ` is-${sort!.dir}` : ''}`} aria-hidden="true" />
        </button>
      ) : (
        label
      )}
    </th>
  );
}

const Row = memo(function Row({ row, variant, active, spark, onOpen, tag }: { row: MarketRow; variant: TableVariant; active: boolean; spark?: boolean; onOpen?: (row: MarketRow) => void; tag?: string }) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const ref = useRef<HTMLTableRowElement>(null);
  const inView = useInView(ref);
  const ticker = useTicker(inView ? row.symbol : undefined);
  const lookup = useCoinVolume(row.symbol, row.volumeLookup && inView);
  const vol = row.volumeLookup ? shortDecimal(lookup) : ticker?.vol24;
  const href = tradeHref(row.list, row.symbol);
  // Same box with or without the line, so rows keep their height when they scroll into view.
  const sparkW = variant === 'phone' ? 56 : 96;
  const sparkH = variant === 'phone' ? 24 : 30;
  const open = () => (onOpen ? onOpen(row) : navigate(href));
  const pair = (
    <Link to={href} className="mt-pair" dir="ltr" onClick={(e) => { if (onOpen) { e.preventDefault(); onOpen(row); } }} aria-current={active ? 'page' : undefined}>
      <span className="mt-base">{row.base}</span>
      {row.quote && <span className="mt-quote">/{row.quote}</span>}
      {tag && <span className="mt-tag">{tag}</span>}
    </Link>
  );
  return (
    <tr ref={ref} data-symbol={row.symbol} className={`mt-row${active ? ' is-active' : ''}`} onClick={(e) => { if (!(e.target as HTMLElement).closest('a')) open(); }}>
      <th scope="row" className="mt-paircell">
        {pair}
        {variant === 'phone' && <span className="mt-sub num">{t('volShort', { value: vol ?? '--' })}</span>}
      </th>
      {spark && variant !== 'panel' && (
        <td className="mt-spark" aria-hidden="true">
          {inView ? (
            <Sparkline symbol={row.symbol} dir={ticker?.dir ?? 0} label="" width={sparkW} height={sparkH} />
          ) : (
            <span className="mt-spark-ph" style={{ width: sparkW, height: sparkH }} />
          )}
        </td>
      )}
      <td className="mt-end">
        <Price ticker={ticker} colored={variant === 'panel'} />
      </td>
      <td className="mt-end">
        <ChangePill ticker={ticker} plain={variant !== 'phone'} />
      </td>
      {variant === 'desktop' && (
        <>
          <td className="mt-end">
            <Num value={ticker?.high24} />
          </td>
          <td className="mt-end">
            <Num value={ticker?.low24} />
          </td>
        </>
      )}
      {variant !== 'phone' && variant !== 'panel' && (
        <td className="mt-end">
          <Num value={vol} />
        </td>
      )}
    </tr>
  );
});

export function MarketTable({ rows, variant, sort, onSort, caption, activeSymbol, spark, onOpen, tagOf }: Props) {
  const { t } = useTranslation('market');
  return (
    <table className={`mt mt--${variant}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <SortHeader k="name" label={t('pair')} sort={sort} onSort={onSort} />
          {spark && variant !== 'panel' && (
            <th scope="col" className="mt-spark">
              <span className="visually-hidden">{t('chart')}</span>
            </th>
          )}
          <SortHeader k="price" label={t('lastPrice')} sort={sort} onSort={onSort} align="end" />
          <SortHeader k="change" label={t('change24h')} sort={sort} onSort={onSort} align="end" />
          {variant === 'desktop' && (
            <>
              <th scope="col" className="mt-end">{t('high24h')}</th>
              <th scope="col" className="mt-end">{t('low24h')}</th>
            </>
          )}
          {variant !== 'phone' && variant !== 'panel' && <SortHeader k="volume" label={t('volume24h')} sort={sort} onSort={onSort} align="end" />}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <Row key={r.key} row={r} variant={variant} active={r.symbol === activeSymbol} spark={spark} onOpen={onOpen} tag={tagOf?.(r)} />
        ))}
      </tbody>
    </table>
  );
}

/** All pairs of the four lists, filterable; the desktop left panel and the phone pair chooser. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../layout/icons';
import { filterRows, type CoinListKey, type MarketRow } from '../coins';
import { MarketTable } from './MarketTable';

const LIST_LABEL: Record<CoinListKey, string> = {
  coinList: 'listSecond',
  currencyList: 'listSpot',
  contractList: 'listFutures',
  optionList: 'listOptions',
};

interface Props {
  rows: readonly MarketRow[];
  activeSymbol: string;
  onOpen?: (row: MarketRow) => void;
  tagged?: boolean;
}

export function PairPanel({ rows, activeSymbol, onOpen, tagged }: Props) {
  const { t } = useTranslation('market');
  const [q, setQ] = useState('');
  const shown = useMemo(() => filterRows(rows, q), [rows, q]);
  return (
    <div className="pp">
      <label className="pp-search">
        <IconSearch size={14} />
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('filterPairs')} aria-label={t('filterPairs')} maxLength={32} autoComplete="off" />
      </label>
      <div className="pp-list">
        <MarketTable rows={shown} variant="panel" caption={t('allPairs')} activeSymbol={activeSymbol} onOpen={onOpen} tagOf={tagged ? (r) => t(LIST_LABEL[r.list]) : undefined} />
      </div>
    </div>
  );
}

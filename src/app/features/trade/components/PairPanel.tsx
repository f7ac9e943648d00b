/**
 * Pairs to switch to: the desktop left panel and the phone pair chooser. Tabs for the coin lists; typing
 * searches all four lists at once (each result tagged with its list). Each row has its watchlist star (TRADE-15).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../ui/icons';
import { COIN_LISTS, filterRows, type CoinListKey, type MarketRow } from '../../../market/coins';
import { MarketTable, WatchStar, WatchlistSync } from '../../markets';
import { EmptyState } from '../../../ui/EmptyState';

const LIST_LABEL: Record<CoinListKey, string> = {
  coinList: 'listSecond',
  currencyList: 'listSpot',
  contractList: 'listFutures',
  optionList: 'listOptions',
};
/** The tab row's labels: short enough for the four lists to share one row of the 300 px panel. */
const LIST_SHORT: Record<CoinListKey, string> = {
  coinList: 'listSecondShort',
  currencyList: 'listSpotShort',
  contractList: 'listFutures',
  optionList: 'listOptions',
};

interface Props {
  rows: readonly MarketRow[];
  activeSymbol: string;
  /** The list shown first (the trade screen's mode). */
  defaultList: CoinListKey;
  onOpen?: (row: MarketRow) => void;
}

export function PairPanel({ rows, activeSymbol, defaultList, onOpen }: Props) {
  const { t } = useTranslation('market');
  const [q, setQ] = useState('');
  const [list, setList] = useState<CoinListKey>(defaultList);
  const lists = useMemo(() => COIN_LISTS.filter((l) => rows.some((r) => r.list === l)), [rows]);
  const searching = q.trim() !== '';
  const shown = useMemo(
    () => (searching ? filterRows(rows, q) : rows.filter((r) => r.list === list)),
    [rows, q, list, searching],
  );
  return (
    <div className="pp">
      <WatchlistSync />
      <label className="pp-search">
        <IconSearch size={14} />
        <input
          className="search-input"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('filterPairs')}
          aria-label={t('filterPairs')}
          maxLength={32}
          autoComplete="off"
        />
      </label>
      {!searching && lists.length > 1 && (
        <div className="pp-tabs" role="group" aria-label={t('marketLists')}>
          {lists.map((l) => (
            <button
              key={l}
              type="button"
              className={`pp-tab${l === list ? ' is-active' : ''}`}
              aria-pressed={l === list}
              // The visible short label is the accessible name (A11Y-1: a name must contain the visible text);
              // the full name is the tooltip.
              title={t(LIST_LABEL[l])}
              onClick={() => setList(l)}
            >
              {t(LIST_SHORT[l])}
            </button>
          ))}
        </div>
      )}
      <div className="pp-list">
        {searching && shown.length === 0 ? (
          <EmptyState compact title={t('noMatches', { query: q.trim() })} />
        ) : (
          <MarketTable
            rows={shown}
            variant="panel"
            caption={searching ? t('allPairs') : t(LIST_LABEL[list])}
            activeSymbol={activeSymbol}
            onOpen={onOpen}
            tagOf={searching ? (r) => t(LIST_LABEL[r.list]) : undefined}
            lead={WatchStar}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Markets (/store): one tab per coin list (spec 3.4, named by PLAYING_SETTING), rows with the 3.4 display
 * rules, live price / change / volume, and sorting by name, price, change or volume. A row opens the trade
 * screen of its pair. The chosen tab and sort live in the URL (?list=&sort=&dir=) so back keeps them.
 */
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { IconSearch } from '../../../ui/icons';
import { EmptyState } from '../../../ui/EmptyState';
import { settings } from '../../../state/settings';
import { mergeCoinLists, sortRows, type CoinListKey, type CoinLists, type SortKey } from '../../../market/coins';
import { listTabs } from '../model/listTabs';
import { MarketTable } from '../components/MarketTable';
import { WatchStar } from '../components/WatchStar';
import { WatchlistSync } from '../WatchlistSync';
import { nextSort, type SortState } from '../model/sortState';
import { useMarketStats } from '../components/useMarketStats';
import '../../../ui/page.css';
import './MarketsScreen.css';
import { MARKETS_PATHS } from '../paths';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';

const SORT_KEYS: readonly SortKey[] = ['name', 'price', 'change', 'volume'];

export default function MarketsScreen() {
  const { t } = useTranslation('market');
  const desktop = useIsDesktop();
  const snap = useSnapshot(settings);
  const [params, setParams] = useSearchParams();
  const coins = snap.coins as unknown as CoinLists;
  const tabs = useMemo(() => listTabs(snap.config.PLAYING_SETTING, coins), [snap.config, coins]);
  const list = (tabs.find((x) => x.list === params.get('list'))?.list ?? tabs[0]?.list) as CoinListKey | undefined;
  const sortKey = SORT_KEYS.find((k) => k === params.get('sort')) ?? null;
  const sort: SortState = { key: sortKey, dir: params.get('dir') === 'asc' ? 'asc' : 'desc' };
  const stats = useMarketStats(sortKey !== null && sortKey !== 'name');
  const rows = useMemo(() => (list ? mergeCoinLists(coins, [list]) : []), [coins, list]);
  const sorted = useMemo(() => sortRows(rows, sort.key, sort.dir, stats), [rows, sort.key, sort.dir, stats]);

  const update = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next))
      if (v === null) p.delete(k);
      else p.set(k, v);
    setParams(p, { replace: true });
  };
  const onSort = (k: SortKey) => {
    const n = nextSort(sort, k);
    update({ sort: n.key, dir: n.key ? n.dir : null });
  };

  return (
    <div className="mk-page markets">
      <WatchlistSync />
      <TopBar
        title={t('marketsTitle')}
        right={
          <Link to={MARKETS_PATHS.search} className="markets-search" aria-label={t('searchTitle')}>
            <IconSearch size={20} />
          </Link>
        }
      />
      <div className={desktop ? 'mk-wrap markets-desk' : undefined}>
        <ChoiceGroup
          kind="tab"
          className="mk-tabs"
          label={t('marketLists')}
          options={tabs}
          keyOf={(tab) => tab.list}
          isOn={(tab) => tab.list === list}
          onPick={(tab) => update({ list: tab.list })}
          buttonClass="mk-tab"
          buttonProps={(tab) => ({ id: `mk-tab-${tab.list}`, 'aria-controls': 'mk-panel' })}
        >
          {(tab) => t(tab.label)}
        </ChoiceGroup>
        <div id="mk-panel" role="tabpanel" aria-labelledby={list ? `mk-tab-${list}` : undefined}>
          {sorted.length ? (
            <MarketTable
              rows={sorted}
              variant={desktop ? 'desktop' : 'phone'}
              sort={sort}
              onSort={onSort}
              caption={list ? t(tabs.find((x) => x.list === list)!.label) : t('marketsTitle')}
              spark={desktop}
              lead={WatchStar}
            />
          ) : (
            <EmptyState />
          )}
        </div>
      </div>
    </div>
  );
}

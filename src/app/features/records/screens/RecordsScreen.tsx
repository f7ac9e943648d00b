/**
 * The trade records (/records?tab=..., RECS-7..10): one signed-in screen, a tab per product (futures, spot,
 * second contracts, options, copy trading), each the shared paged RecordTable under its filter bar (pair, time
 * range). The tab is in the URL (back and reload keep it); each tab keeps its own filter and page and fetches only
 * its own call, again when the live stream reports a balance or order change (no polling).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { UnderlineTabs, tabId } from '../../../ui/UnderlineTabs';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { useLiveAccount } from '../../../market/hooks';
import { settings } from '../../../state/settings';
import { EmptyState } from '../../../ui/EmptyState';
import { RecordFilters, RecordTable, type PairOption, type RecordColumn } from '../../../ui/RecordTable';
import { mergeCoinLists, type CoinLists } from '../../../market/coins';
import { APP_PATHS } from '../../../ui/appPaths';
import { tabColumns, TAB_ROW_KEY, type PairName } from '../components/columns';
import { useRecordPage, type TabRows } from '../data';
import { recordQuery, RECORDS_PAGE_SIZE, tabOf, TAB_PAIRS, type RecordFilter } from '../model/recordQuery';
import { RECORD_TABS, type RecordTab } from '../paths';
import '../components/records.css';
import { clock } from '../../../time/clock';
import '../../../forms/forms.css';

export default function RecordsScreen() {
  const { t } = useTranslation(['records', 'common']);
  const desktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const { coins } = useSnapshot(settings);
  const lists = coins as unknown as CoinLists;
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of mergeCoinLists(lists)) if (!m.has(r.symbol)) m.set(r.symbol, r.display);
    return m;
  }, [lists]);
  const pairName: PairName = (s) => names.get(s) ?? s.toUpperCase();
  const pairs = useMemo<PairOption[]>(() => {
    const seen = new Set<string>();
    const out: PairOption[] = [];
    for (const r of mergeCoinLists(lists, [TAB_PAIRS[tab]]))
      if (!seen.has(r.symbol)) {
        seen.add(r.symbol);
        out.push({ value: r.symbol, label: r.display });
      }
    return out;
  }, [lists, tab]);

  const select = (next: RecordTab) => setParams({ tab: next }, { replace: true });

  return (
    <div className="app-screen" data-testid="records-screen">
      <TopBar title={t('common:title.records')} back />
      <div className={`app-layout${desktop ? ' app-layout--desktop' : ''}`}>
        <UnderlineTabs
          tabs={RECORD_TABS}
          active={tab}
          onSelect={select}
          label={(k) => t(`tab.${k}`)}
          ariaLabel={t('tabs')}
          idPrefix="recs"
          panelId="recs-panel"
          testIdPrefix="records-tab"
        />
        <section id="recs-panel" role="tabpanel" aria-labelledby={tabId('recs', tab)} className="recs-panel">
          <TabPanel key={tab} tab={tab} pairs={pairs} pairName={pairName} desktop={desktop} />
        </section>
      </div>
    </div>
  );
}

interface PanelProps<T extends RecordTab> {
  tab: T;
  pairs: readonly PairOption[];
  pairName: PairName;
  desktop: boolean;
}

function TabPanel<T extends RecordTab>({ tab, pairs, pairName, desktop }: PanelProps<T>) {
  const { t } = useTranslation('records');
  const [filter, setFilter] = useState<RecordFilter>({ symbol: '', range: 'all', chosenAt: 0 });
  const [pageNum, setPageNum] = useState(1);
  const query = recordQuery(filter, pageNum);
  const page = useRecordPage(tab, query);
  const columns = tabColumns(t, pairName)[tab] as RecordColumn<TabRows[T]>[];

  // Fetched again when the live stream reports a change of the user's balances or orders (not when the stream
  // first delivers them: the first fetch is already under way).
  const live = useLiveAccount();
  const { reload } = page;
  const seen = useRef({ b: live?.balances, s: live?.statusCount });
  useEffect(() => {
    const now = { b: live?.balances, s: live?.statusCount };
    const before = seen.current;
    seen.current = now;
    if (before.b === undefined || (before.b === now.b && before.s === now.s)) return;
    reload();
  }, [live?.balances, live?.statusCount, reload]);

  const filtered = filter.symbol !== '' || filter.range !== 'all';
  const emptyView =
    tab === 'broker' ? (
      <EmptyState
        title={t('empty.broker')}
        action={
          <Link className="fbtn fbtn--secondary" to={APP_PATHS.copy.follow}>
            {t('empty.follow')}
          </Link>
        }
      />
    ) : (
      <EmptyState compact title={t(filtered ? 'empty.filtered' : 'empty.title')} />
    );

  return (
    <div className="recs-tabpanel" data-testid={`records-panel-${tab}`}>
      {tab === 'broker' && !filtered && page.data?.total === 0 ? null : (
        <RecordFilters
          pairs={pairs}
          symbol={filter.symbol}
          onSymbol={(symbol) => {
            setFilter((f) => ({ ...f, symbol }));
            setPageNum(1);
          }}
          range={filter.range}
          onRange={(range) => {
            setFilter((f) => ({ ...f, range, chosenAt: clock.now() }));
            setPageNum(1);
          }}
        />
      )}
      <RecordTable<TabRows[T]>
        columns={columns}
        rowKey={TAB_ROW_KEY[tab]}
        page={page.data}
        status={page.status}
        error={page.error}
        onRetry={page.reload}
        pageNum={pageNum}
        pageSize={RECORDS_PAGE_SIZE}
        onPage={setPageNum}
        desktop={desktop}
        label={t(`tab.${tab}`)}
        emptyView={emptyView}
        cardTitle={(r) => pairName((r as { symbol: string }).symbol)}
      />
    </div>
  );
}

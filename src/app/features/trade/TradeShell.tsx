/**
 * The trade shell (/trade, /flash, /contract, /flashOption; query `symbol`): header tabs from PLAYING_SETTING
 * with the watchlist first, the pair header with 24 h statistics, the kline chart (lazy uPlot), recent trades,
 * the pair list, and the panel of the route's trading mode where order entry goes (panels/modePanels.ts; each
 * says "trading opens soon" until its issue lands). The watchlist tab shows the watchlist panel alone.
 * Desktop: pair list on the left, chart in the middle, trades on the right. Spot (/trade) has its own layout with
 * the order book, the order form and the user's orders (panels/spot/SpotLayout.tsx, TRADE-9, TRADE-10); futures
 * (/contract) the same with the futures form and account (panels/futures/FuturesLayout.tsx, FUI-1, FUI-2).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { KlineInterval } from '../../../shared/protocol';
import { useIsDesktop } from '../../ui/useIsDesktop';
import { Popup } from '../../ui/Popup';
import { settings } from '../../state/settings';
import { globalState } from '../../state/global';
import { toast } from '../../state/toast';
import { mergeCoinLists, toRow, type CoinLists, type MarketRow } from '../../market/coins';
import { MODE_LABEL, MODE_LIST, modeForPath, tradeHref, tradeModes, type TradeMode } from '../../market/playing';
import { TradeTabs } from './components/TradeTabs';
import { PairHeader } from './components/PairHeader';
import { ChartCard } from './components/ChartCard';
import { RecentTrades } from './components/RecentTrades';
import { MODE_PANELS } from './panels/modePanels';
import { PairPanel } from './components/PairPanel';
import { WatchlistPanel } from './panels/watchlist/WatchlistPanel';
import { SpotDesk, SpotPhone } from './panels/spot/SpotLayout';
import { OptionsDesk, OptionsPhone } from './panels/options/OptionsLayout';
import { SkipLinks, SKIP_ID } from './components/SkipLinks';
import { FuturesDesk, FuturesPhone } from './panels/futures/FuturesLayout';
import { useTradeTitle } from './useTradeTitle';
import '../../ui/page.css';
import './TradeShell.css';

export const DEFAULT_INTERVAL: KlineInterval = '15m';

export default function TradeShell() {
  const { t } = useTranslation('market');
  const desktop = useIsDesktop();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const snap = useSnapshot(settings);
  const coins = snap.coins as unknown as CoinLists;
  const [interval, setIv] = useState<KlineInterval>(DEFAULT_INTERVAL);
  const [choosing, setChoosing] = useState(false);

  const modes = useMemo(() => tradeModes(snap.config.PLAYING_SETTING), [snap.config]);
  const routeMode = modeForPath(pathname, params);
  const active: TradeMode = params.get('tab') === 'optional' ? 'Optional' : routeMode;
  // Spec 3.5: the trade mode on screen (tradeFlag) and whether it is options (isOption).
  useEffect(() => {
    globalState.tradeFlag = active;
    globalState.isOption = active === 'Option';
  }, [active]);
  const listRows = useMemo(() => mergeCoinLists(coins, [MODE_LIST[routeMode]]), [coins, routeMode]);
  const allRows = useMemo(() => mergeCoinLists(coins), [coins]);
  const wanted = params.get('symbol') ?? '';
  const known = listRows.find((r) => r.symbol === wanted) ?? allRows.find((r) => r.symbol === wanted);
  // A symbol no list has (a stale or mistyped link) falls back to the mode's first pair, with a message.
  const unknown = wanted !== '' && !known && allRows.length > 0;
  const row: MarketRow | undefined =
    known ?? (unknown || !wanted ? listRows[0] : (toRow(MODE_LIST[routeMode], { symbol: wanted }) ?? undefined));
  // The fallback below runs when `unknown` turns on, with that render's values.
  const latest = useRef({ t, wanted, listRows, navigate });
  useEffect(() => {
    latest.current = { t, wanted, listRows, navigate };
  });
  useEffect(() => {
    if (!unknown) return;
    const { t, wanted, listRows, navigate } = latest.current;
    toast(t('pairNotFound', { pair: wanted.slice(0, 32) }), { kind: 'error' });
    const first = listRows[0];
    if (first) navigate(tradeHref(first.list, first.symbol), { replace: true });
  }, [unknown]);
  const symbol = row?.symbol ?? 'btcusdt';
  const symbolFor = (m: Exclude<TradeMode, 'Optional'>) => {
    const rows = mergeCoinLists(coins, [MODE_LIST[m]]);
    return (rows.find((r) => r.symbol === symbol) ?? rows[0])?.symbol;
  };
  const openRow = (r: MarketRow) => {
    setChoosing(false);
    navigate(tradeHref(r.list, r.symbol));
  };
  const ModePanel = MODE_PANELS[routeMode];
  const pairLabel = row?.display ?? symbol.toUpperCase();
  const base = row?.base ?? symbol.toUpperCase();
  const quote = row?.quote ?? '';
  useTradeTitle(active === 'Optional' ? undefined : symbol, pairLabel, t(MODE_LABEL[active]), row?.priceDecimals);

  const header = (
    <header className="trade-top">
      <h1 className="visually-hidden">{`${t('tradeTitle')} ${pairLabel}`}</h1>
      <TradeTabs modes={modes} active={active} path={pathname} symbolFor={symbolFor} />
    </header>
  );

  if (active === 'Optional') {
    return (
      <div className="mk-page trade">
        {header}
        <div className={desktop ? 'mk-wrap trade-watch' : undefined}>
          <WatchlistPanel desktop={desktop} />
        </div>
      </div>
    );
  }

  // What every mode's screen is given (spot and futures add the pair's coins).
  const screen = { header, row, symbol, pairLabel, allRows, onOpenRow: openRow, interval, onInterval: setIv };
  if (routeMode === 'BBTrading' || routeMode === 'Ustandard') {
    const Spot = routeMode === 'Ustandard' ? (desktop ? FuturesDesk : FuturesPhone) : desktop ? SpotDesk : SpotPhone;
    return <Spot {...screen} base={base} quote={quote} defaultList={MODE_LIST[routeMode]} />;
  }

  if (routeMode === 'Option') {
    const Options = desktop ? OptionsDesk : OptionsPhone;
    return <Options {...screen} defaultList={MODE_LIST[routeMode]} />;
  }

  // The second contracts' screen (the one mode left): the pair list, the chart, the panel and the recent trades.
  const pairs = (
    <PairPanel
      key={routeMode}
      rows={allRows}
      activeSymbol={symbol}
      defaultList={MODE_LIST[routeMode]}
      onOpen={openRow}
    />
  );
  const chart = { symbol, pair: pairLabel, interval, onInterval: setIv, priceDecimals: row?.priceDecimals };
  if (desktop) {
    return (
      <div className="mk-page trade trade--desk">
        {header}
        <SkipLinks regions={['pairs', 'chart', 'form']} />
        <div className="trade-grid">
          <aside className="trade-pairs" aria-label={t('allPairs')} id={SKIP_ID.pairs} tabIndex={-1}>
            {pairs}
          </aside>
          <div className="trade-main">
            <PairHeader row={row} symbol={symbol} />
            <div id={SKIP_ID.chart} tabIndex={-1}>
              <ChartCard {...chart} height={460} />
            </div>
            <div id={SKIP_ID.form} tabIndex={-1}>
              <ModePanel />
            </div>
          </div>
          <aside className="trade-side" aria-label={t('recentTrades')} tabIndex={0}>
            <RecentTrades symbol={symbol} base={base} quote={quote} limit={40} priceDecimals={row?.priceDecimals} />
          </aside>
        </div>
      </div>
    );
  }

  return (
    <div className="mk-page trade">
      {header}
      <PairHeader row={row} symbol={symbol} onChoose={() => setChoosing(true)} />
      <ChartCard {...chart} height={320} />
      <ModePanel />
      <RecentTrades symbol={symbol} base={base} quote={quote} priceDecimals={row?.priceDecimals} />
      <Popup open={choosing} onClose={() => setChoosing(false)} title={t('choosePair')} variant="sheet">
        {pairs}
      </Popup>
    </div>
  );
}

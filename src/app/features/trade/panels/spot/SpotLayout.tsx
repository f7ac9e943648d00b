/**
 * The spot trading screen (/trade, PLAYING_SETTING BBTrading), laid out like a major exchange.
 *
 * Desktop (TRADE-9): the pair list on the left (search, list tabs, stars); the pair header with its star across
 * the top; the chart in the centre with the order book beside it; the order form (buy and sell side by side)
 * under the chart with the recent trades beside it; open orders, history and fills along the bottom. Each region
 * is sized by the grid alone and contained, so a live update in one never lays out another.
 *
 * Phone (TRADE-10): the pair header with its star, chart / order book / trades as tabs, the user's orders below,
 * and a Buy / Sell bar above the tab bar that opens the order form as a sheet on that side.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { KlineInterval } from '../../../../../shared/protocol';
import type { SpotSide } from '../../../../../shared/trading/spotRules';
import { session } from '../../../../session/store';
import { settings } from '../../../../state/settings';
import { DataState } from '../../../../ui/DataState';
import { EmptyState } from '../../../../ui/EmptyState';
import { Popup } from '../../../../ui/Popup';
import { SignInCta } from '../../../../ui/SignInCta';
import type { CoinListKey, MarketRow } from '../../../../market/coins';
import { ChartCard } from '../../components/ChartCard';
import { PairHeader } from '../../components/PairHeader';
import { PairPanel } from '../../components/PairPanel';
import { SkipLinks, SKIP_ID } from '../../components/SkipLinks';
import { RecentTrades } from '../../components/RecentTrades';
import { BookSlot } from '../../components/spot/BookSlot';
import { SpotOrderForm } from '../../components/spot/SpotOrderForm';
import { SpotOrders } from '../../components/spot/SpotOrders';
import { useSpotPair } from '../../components/spot/spotHooks';
import '../../components/spot/spot.css';

export interface SpotLayoutProps {
  /** The mode tabs (the shell's header). */
  header: ReactNode;
  row: MarketRow | undefined;
  symbol: string;
  pairLabel: string;
  base: string;
  quote: string;
  /** Every pair, for the pair list. */
  allRows: readonly MarketRow[];
  defaultList: CoinListKey;
  onOpenRow: (row: MarketRow) => void;
  interval: KlineInterval;
  onInterval: (iv: KlineInterval) => void;
}

/** Desktop chart height (px): with the header and the form it keeps the order button above the fold at 900 px. */
export const DESK_CHART_HEIGHT = 316;
const PHONE_CHART_HEIGHT = 296;
/** Order book rows a side: the desktop's book fills its column (SIDE-5; this many until measured), the phone's
 * tab shows a fixed count. */
const DESK_BOOK_ROWS = 15;
const PHONE_BOOK_ROWS = 6;

/** The form, or why there is none (settings still loading, or a pair without spot rules). */
function FormFor({
  symbol,
  layout,
  side,
  onPlaced,
}: {
  symbol: string;
  layout: 'desk' | 'sheet';
  side?: SpotSide;
  onPlaced?: () => void;
}) {
  const { t } = useTranslation('trade');
  const pair = useSpotPair(symbol);
  const { coins } = useSnapshot(settings);
  // PUB-3: a visitor sees the market read-only; where the form would be, "Log in / Create account".
  const { isSign } = useSnapshot(session);
  if (!isSign) return <SignInCta />;
  if (!pair)
    return (
      <DataState
        compact
        status={(coins.currencyList ?? []).length === 0 ? 'loading' : 'ok'}
        empty
        emptyView={<EmptyState compact title={t('noSpotRules')} />}
      />
    );
  // A new pair starts a new form (its prefill, its intents).
  return <SpotOrderForm key={pair.symbol} pair={pair} layout={layout} side={side} onPlaced={onPlaced} />;
}

export function SpotDesk(p: SpotLayoutProps) {
  const { t } = useTranslation('market');
  const pair = useSpotPair(p.symbol);
  return (
    <div className="mk-page trade trade--desk trade--spot">
      <SkipLinks />
      {p.header}
      <div className="spot-grid">
        <aside className="spot-pairs trade-pairs" aria-label={t('allPairs')} id={SKIP_ID.pairs} tabIndex={-1}>
          <PairPanel
            key={p.defaultList}
            rows={p.allRows}
            activeSymbol={p.symbol}
            defaultList={p.defaultList}
            onOpen={p.onOpenRow}
          />
        </aside>
        <div className="spot-head">
          <PairHeader row={p.row} symbol={p.symbol} />
        </div>
        <div className="spot-chart" id={SKIP_ID.chart} tabIndex={-1}>
          <ChartCard
            symbol={p.symbol}
            priceDecimals={p.row?.priceDecimals}
            pair={p.pairLabel}
            interval={p.interval}
            onInterval={p.onInterval}
            height={DESK_CHART_HEIGHT}
          />
        </div>
        <div className="spot-book" id={SKIP_ID.book} tabIndex={-1}>
          <BookSlot pair={pair} rows={DESK_BOOK_ROWS} fit />
        </div>
        <div className="spot-form" id={SKIP_ID.form} tabIndex={-1}>
          <FormFor symbol={p.symbol} layout="desk" />
        </div>
        <aside className="spot-trades" aria-label={t('recentTrades')} tabIndex={0}>
          <RecentTrades
            symbol={p.symbol}
            base={p.base}
            quote={p.quote}
            limit={24}
            priceDecimals={p.row?.priceDecimals}
          />
        </aside>
        <div className="spot-orders">
          <SpotOrders symbol={p.symbol} desktop />
        </div>
      </div>
    </div>
  );
}

type PhoneTab = 'chart' | 'book' | 'trades';

export function SpotPhone(p: SpotLayoutProps) {
  const { t } = useTranslation('trade');
  const { t: tm } = useTranslation('market');
  const [tab, setTab] = useState<PhoneTab>('chart');
  const [sheet, setSheet] = useState<SpotSide | null>(null);
  const [choosing, setChoosing] = useState(false);
  const pair = useSpotPair(p.symbol);
  const tabs: { k: PhoneTab; label: string }[] = [
    { k: 'chart', label: tm('chart') },
    { k: 'book', label: t('orderBook') },
    { k: 'trades', label: tm('recentTrades') },
  ];
  return (
    <div className="mk-page trade trade--spot trade--spot-phone">
      {p.header}
      <PairHeader row={p.row} symbol={p.symbol} onChoose={() => setChoosing(true)} />
      <div className="spot-ptabs" role="tablist" aria-label={t('marketViews')}>
        {tabs.map(({ k, label }) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`spot-ptab-${k}`}
            aria-controls="spot-ppane"
            aria-selected={tab === k}
            className="spot-ptab"
            onClick={() => setTab(k)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="spot-ppane" role="tabpanel" aria-labelledby={`spot-ptab-${tab}`} className="spot-ppane">
        {tab === 'chart' ? (
          <ChartCard
            symbol={p.symbol}
            priceDecimals={p.row?.priceDecimals}
            pair={p.pairLabel}
            interval={p.interval}
            onInterval={p.onInterval}
            height={PHONE_CHART_HEIGHT}
          />
        ) : tab === 'book' ? (
          <BookSlot pair={pair} rows={PHONE_BOOK_ROWS} announce />
        ) : (
          <RecentTrades
            symbol={p.symbol}
            base={p.base}
            quote={p.quote}
            limit={16}
            priceDecimals={p.row?.priceDecimals}
          />
        )}
      </div>
      <SpotOrders symbol={p.symbol} desktop={false} />
      <div className="spot-bar" data-testid="spot-bar">
        <button type="button" className="spot-bar__btn spot-bar__btn--buy" onClick={() => setSheet('buy')}>
          {t('buyCoin', { coin: p.base })}
        </button>
        <button type="button" className="spot-bar__btn spot-bar__btn--sell" onClick={() => setSheet('sell')}>
          {t('sellCoin', { coin: p.base })}
        </button>
      </div>
      <Popup
        open={sheet !== null}
        onClose={() => setSheet(null)}
        title={`${p.pairLabel} · ${t('placeOrder')}`}
        variant="sheet"
      >
        {sheet && <FormFor symbol={p.symbol} layout="sheet" side={sheet} onPlaced={() => setSheet(null)} />}
      </Popup>
      <Popup open={choosing} onClose={() => setChoosing(false)} title={tm('choosePair')} variant="sheet">
        <PairPanel
          key={p.defaultList}
          rows={p.allRows}
          activeSymbol={p.symbol}
          defaultList={p.defaultList}
          onOpen={(r) => {
            setChoosing(false);
            p.onOpenRow(r);
          }}
        />
      </Popup>
    </div>
  );
}

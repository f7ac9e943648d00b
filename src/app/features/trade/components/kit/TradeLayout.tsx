/**
 * The trading kit's layout of a book-traded mode (spot and futures, TRADE-9, TRADE-10, FUI-1, FUI-2), laid out like
 * a major exchange. Each mode gives its strip under the pair header (if any), its book, its order form, its account
 * (orders, positions, history) and its words; the kit owns where each goes.
 *
 * Desktop: the pair list on the left (search, list tabs, stars); the pair header across the top; the chart in the
 * centre with the order book beside it; the order form under the chart with the recent trades beside it; the
 * account along the bottom. Each region is sized by the grid alone and contained, so a live update in one never
 * lays out another.
 *
 * Phone: the pair header (the pair list as a sheet), chart / order book / trades as tabs, the account below, and a
 * bar of the two sides above the tab bar that opens the order form as a sheet on that side.
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { KlineInterval } from '../../../../../shared/protocol';
import type { CoinListKey, MarketRow } from '../../../../market/coins';
import { session } from '../../../../state/session';
import { settings } from '../../../../state/settings';
import { DataState } from '../../../../ui/DataState';
import { EmptyState } from '../../../../ui/EmptyState';
import { Popup } from '../../../../ui/Popup';
import { SignInCta } from '../../../../ui/SignInCta';
import { ChartCard } from '../ChartCard';
import { PairHeader } from '../PairHeader';
import { PairBook, type BookPair } from './PairBook';
import { PairPanel } from '../PairPanel';
import { RecentTrades } from '../RecentTrades';
import { SkipLinks, SKIP_ID } from '../SkipLinks';

/** What the trade shell gives every mode's layout. */
export interface TradeLayoutProps {
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
export const PHONE_CHART_HEIGHT = 296;
/** Order book rows a side: the desktop's book fills its column (SIDE-5; this many until measured), the phone's
 * tab shows a fixed count. */
export const DESK_BOOK_ROWS = 15;
export const PHONE_BOOK_ROWS = 6;

/** The pair list as a sheet (the phone's pair header opens it); choosing a pair closes it. */
export function PairChooser({
  p,
  open,
  onClose,
}: {
  p: Pick<TradeLayoutProps, 'allRows' | 'symbol' | 'defaultList' | 'onOpenRow'>;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('market');
  return (
    <Popup open={open} onClose={onClose} title={t('choosePair')} variant="sheet">
      <PairPanel
        key={p.defaultList}
        rows={p.allRows}
        activeSymbol={p.symbol}
        defaultList={p.defaultList}
        onOpen={(r) => {
          onClose();
          p.onOpenRow(r);
        }}
      />
    </Popup>
  );
}

/** The desktop's pair list on the left (search, list tabs, stars), a skip-link target; `className` places it. */
export function PairsAside({
  p,
  className,
}: {
  p: Pick<TradeLayoutProps, 'allRows' | 'symbol' | 'defaultList' | 'onOpenRow'>;
  className: string;
}) {
  const { t } = useTranslation('market');
  return (
    <aside className={`${className} trade-pairs`} aria-label={t('allPairs')} id={SKIP_ID.pairs} tabIndex={-1}>
      <PairPanel
        key={p.defaultList}
        rows={p.allRows}
        activeSymbol={p.symbol}
        defaultList={p.defaultList}
        onOpen={p.onOpenRow}
      />
    </aside>
  );
}

/** A mode's form where it is put: the desk's column, or the phone's sheet with the side its bar chose. */
export interface FormPlace<Side extends string> {
  layout: 'desk' | 'sheet';
  side?: Side;
  onPlaced?: () => void;
}

/** A side of the phone's bar: it opens the form on that side. */
interface BarSide<Side extends string> {
  side: Side;
  label: string;
}

/**
 * What a book-traded mode puts in the kit's layout: its namespace (the same keys in each: the book's and the phone
 * tabs' words), for futures its class on the page and its strip under the pair header, its pair's book figures,
 * its order form, its account (orders, positions) and its phone bar.
 */
export interface BookMode<Side extends string> {
  ns: 'trade' | 'futures';
  /** The mode's class on the page, e.g. `trade--futures`. */
  modeClass?: string;
  /** Under the pair header (futures: index, mark and funding). */
  strip?: ReactNode;
  book: BookPair | undefined;
  /** The pair's order form at a place; undefined while the pair has no rules in this mode. */
  form: ((place: FormPlace<Side>) => ReactNode) | undefined;
  /** The key (in `ns`) of "no rules for this pair" in this mode. */
  noRules: string;
  Account: ComponentType<{ symbol: string; desktop: boolean }>;
  /** The phone's bar: its test id, its two buttons (buy side first) and the title of the form's sheet. */
  bar: { testId: string; sides: readonly [BarSide<Side>, BarSide<Side>]; sheetTitle: string };
}

/**
 * Where the order form goes: "Log in / Create account" for a visitor (PUB-3: the market stays readable), the form
 * once the pair's rules are known, else loading (the settings' pair lists on their way) or the mode's "no rules
 * for this pair".
 */
function ModeForm<Side extends string>({ mode, place }: { mode: BookMode<Side>; place: FormPlace<Side> }) {
  const { t } = useTranslation(mode.ns);
  const { isSign } = useSnapshot(session);
  const { coins } = useSnapshot(settings);
  if (!isSign) return <SignInCta />;
  if (mode.form === undefined) {
    const loading = (coins.currencyList ?? []).length === 0 && (coins.contractList ?? []).length === 0;
    return (
      <DataState
        compact
        status={loading ? 'loading' : 'ok'}
        empty
        emptyView={<EmptyState compact title={t(mode.noRules)} />}
      />
    );
  }
  return mode.form(place);
}

/** The pair's chart card at `height` (every mode's chart). */
export function PairChart({
  p,
  height,
}: {
  p: Pick<TradeLayoutProps, 'symbol' | 'row' | 'pairLabel' | 'interval' | 'onInterval'>;
  height: number;
}) {
  return (
    <ChartCard
      symbol={p.symbol}
      priceDecimals={p.row?.priceDecimals}
      pair={p.pairLabel}
      interval={p.interval}
      onInterval={p.onInterval}
      height={height}
    />
  );
}

function Trades({ p, limit }: { p: TradeLayoutProps; limit: number }) {
  return (
    <RecentTrades symbol={p.symbol} base={p.base} quote={p.quote} limit={limit} priceDecimals={p.row?.priceDecimals} />
  );
}

export function TradeDesk<Side extends string>({
  p,
  mode,
  grid,
  chartHeight = DESK_CHART_HEIGHT,
  tradesLimit,
}: {
  p: TradeLayoutProps;
  mode: BookMode<Side>;
  /** The mode's class on the grid (its own rows and heights), e.g. `fut-grid`. */
  grid?: string;
  chartHeight?: number;
  tradesLimit: number;
}) {
  const { t } = useTranslation('market');
  return (
    <div className={`mk-page trade trade--desk trade--spot${mode.modeClass ? ` ${mode.modeClass}` : ''}`}>
      <SkipLinks />
      {p.header}
      <div className={`spot-grid${grid ? ` ${grid}` : ''}`}>
        <PairsAside p={p} className="spot-pairs" />
        <div className="spot-head">
          <PairHeader row={p.row} symbol={p.symbol} />
          {mode.strip}
        </div>
        <div className="spot-chart" id={SKIP_ID.chart} tabIndex={-1}>
          <PairChart p={p} height={chartHeight} />
        </div>
        <div className="spot-book" id={SKIP_ID.book} tabIndex={-1}>
          <PairBook ns={mode.ns} pair={mode.book} rows={DESK_BOOK_ROWS} fit />
        </div>
        <div className="spot-form" id={SKIP_ID.form} tabIndex={-1}>
          <ModeForm mode={mode} place={{ layout: 'desk' }} />
        </div>
        <aside className="spot-trades" aria-label={t('recentTrades')} tabIndex={0}>
          <Trades p={p} limit={tradesLimit} />
        </aside>
        <div className="spot-orders">
          <mode.Account symbol={p.symbol} desktop />
        </div>
      </div>
    </div>
  );
}

type PhoneTab = 'chart' | 'book' | 'trades';

export function TradePhone<Side extends string>({ p, mode }: { p: TradeLayoutProps; mode: BookMode<Side> }) {
  const { ns, modeClass, bar } = mode;
  const { t } = useTranslation(ns);
  const { t: tm } = useTranslation('market');
  const [tab, setTab] = useState<PhoneTab>('chart');
  const [sheet, setSheet] = useState<Side | null>(null);
  const [choosing, setChoosing] = useState(false);
  const tabs: { k: PhoneTab; label: string }[] = [
    { k: 'chart', label: tm('chart') },
    { k: 'book', label: t('orderBook') },
    { k: 'trades', label: tm('recentTrades') },
  ];
  const [buy, sell] = bar.sides;
  return (
    <div className={`mk-page trade trade--spot trade--spot-phone${modeClass ? ` ${modeClass}` : ''}`}>
      {p.header}
      <PairHeader row={p.row} symbol={p.symbol} onChoose={() => setChoosing(true)} />
      {mode.strip}
      <div className="spot-ptabs" role="tablist" aria-label={t('marketViews')}>
        {tabs.map(({ k, label }) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`trade-ptab-${k}`}
            aria-controls="trade-ppane"
            aria-selected={tab === k}
            className="spot-ptab"
            onClick={() => setTab(k)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="trade-ppane" role="tabpanel" aria-labelledby={`trade-ptab-${tab}`} className="spot-ppane">
        {tab === 'chart' ? (
          <PairChart p={p} height={PHONE_CHART_HEIGHT} />
        ) : tab === 'book' ? (
          <PairBook ns={ns} pair={mode.book} rows={PHONE_BOOK_ROWS} announce />
        ) : (
          <Trades p={p} limit={16} />
        )}
      </div>
      <mode.Account symbol={p.symbol} desktop={false} />
      <div className="spot-bar" data-testid={bar.testId}>
        <button type="button" className="spot-bar__btn spot-bar__btn--buy" onClick={() => setSheet(buy.side)}>
          {buy.label}
        </button>
        <button type="button" className="spot-bar__btn spot-bar__btn--sell" onClick={() => setSheet(sell.side)}>
          {sell.label}
        </button>
      </div>
      <Popup open={sheet !== null} onClose={() => setSheet(null)} title={bar.sheetTitle} variant="sheet">
        {sheet && <ModeForm mode={mode} place={{ layout: 'sheet', side: sheet, onPlaced: () => setSheet(null) }} />}
      </Popup>
      <PairChooser p={p} open={choosing} onClose={() => setChoosing(false)} />
    </div>
  );
}

/**
 * The futures screen (/contract and /trade?componentName=2, PLAYING_SETTING Ustandard), laid out as spot is
 * (FUI-1, FUI-2): the pair list, the pair header, the chart, the order book and the recent trades are spot's
 * components, unchanged; under the pair header a strip with the index and mark prices and the funding rate with its
 * countdown (FUI-3). Desktop: the order form under the chart with the trades beside it, the futures account
 * (positions, orders, history, funding) along the bottom. Phone: chart / book / trades as tabs, the account
 * below, and a Long / Short bar that opens the form as a sheet on that side.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesSide } from '../../../../../shared/trading/futuresRules';
import { formatDecimal } from '../../../../i18n/format';
import { useMark, useTicker } from '../../../../market/hooks';
import { BOOK_CADENCE_MS } from '../../../../market/cadence';
import { session } from '../../../../session/store';
import { settings } from '../../../../state/settings';
import { DataState } from '../../../../ui/DataState';
import { EmptyState } from '../../../../ui/EmptyState';
import { Popup } from '../../../../ui/Popup';
import { toast } from '../../../../ui/toast';
import { SignInCta } from '../../../../ui/SignInCta';
import { useLanguage } from '../../../../ui/Price';
import { ChartCard } from '../../components/ChartCard';
import { OrderBook } from '../../components/OrderBook';
import { PairHeader } from '../../components/PairHeader';
import { PairPanel } from '../../components/PairPanel';
import { SkipLinks, SKIP_ID } from '../../components/SkipLinks';
import { RecentTrades } from '../../components/RecentTrades';
import { FuturesAccount } from '../../components/futures/FuturesAccount';
import { FuturesOrderForm } from '../../components/futures/FuturesOrderForm';
import { useContractPair, useFunding } from '../../futuresLists';
import { setOrderPrice } from '../../orderPrice';
import type { SpotLayoutProps } from '../spot/SpotLayout';
import { DESK_CHART_HEIGHT } from '../spot/SpotLayout';
import { percentOf } from '../../components/futures/futuresCells';
import '../../components/spot/spot.css';
import '../../components/futures/futures.css';
import { clock } from '../../../../time/clock';

export type FuturesLayoutProps = SpotLayoutProps;

/** Desktop chart height: spot's, less the funding strip's, so the order buttons stay above the fold at 900 px. */
const FUT_CHART_HEIGHT = DESK_CHART_HEIGHT - 52;
const PHONE_CHART_HEIGHT = 296;
/** Book rows a side: the desktop's book fills its column (SIDE-5; this many until measured). */
const DESK_BOOK_ROWS = 15;
const PHONE_BOOK_ROWS = 6;
/** The strip's mark: at most one update a second. */
const STRIP_MARK_MS = 1000;

/** "07:59:58" until `target` (ms, server time), ticking once a second; "--:--:--" before the first answer. */
function Countdown({ target }: { target: number | undefined }) {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (target === undefined) return;
    const timer = clock.setInterval(() => setNow(clock.now()), 1000);
    return () => clock.clearInterval(timer);
  }, [target]);
  if (target === undefined) return <>--:--:--</>;
  const left = Math.max(0, Math.floor((target - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return <>{`${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`}</>;
}

/** The index and mark prices side by side (FUT-3) and the funding rate with its countdown (FUI-3). */
export function FundingStrip({ symbol, pair }: { symbol: string; pair: ContractPair | undefined }) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  const mark = useMark(symbol, STRIP_MARK_MS);
  const funding = useFunding(symbol);
  const info = funding.data;
  // The round passed: ask for the next one.
  const next = info?.nextTime;
  const reload = funding.reload;
  useEffect(() => {
    if (next === undefined) return;
    const wait = next - clock.now() + 1000;
    if (wait <= 0) return;
    const timer = clock.setTimeout(reload, Math.min(wait, 2 ** 31 - 1));
    return () => clock.clearTimeout(timer);
  }, [next, reload]);
  const rate = info?.rate;
  return (
    <div className="fs" data-testid="funding-strip">
      <div className="fs-item">
        <span className="fs-k">{t('indexPrice')}</span>
        <span className="fs-v num" dir="ltr" data-testid="strip-index">
          {mark ? formatDecimal(mark.index, lang) : '--'}
        </span>
      </div>
      <div className="fs-item">
        <span className="fs-k">{t('markPrice')}</span>
        <span className="fs-v num" dir="ltr" data-testid="strip-mark">
          {mark ? formatDecimal(mark.price, lang) : '--'}
        </span>
      </div>
      <div className="fs-item">
        <span className="fs-k">{t('fundingCountdown')}</span>
        <span className="fs-v num" dir="ltr">
          <span className={!rate ? undefined : rate.startsWith('-') ? 'fo-down' : 'fo-up'} data-testid="strip-rate">
            {rate ? percentOf(rate, lang) : '--'}
          </span>
          {' / '}
          <Countdown target={next} />
        </span>
      </div>
      {pair && (
        <div className="fs-item">
          <span className="fs-k">{t('leverageUpTo')}</span>
          <span className="fs-v num">{`${pair.leverage.split(',').pop() ?? ''}x`}</span>
        </div>
      )}
      {pair && (
        <div className="fs-item fs-item--wide">
          <span className="fs-k">{t('feesOpenClose')}</span>
          <span className="fs-v num">{`${percentOf(pair.openFee, lang)} / ${percentOf(pair.closeFee, lang)}`}</span>
        </div>
      )}
    </div>
  );
}

/** The futures pair's order book (the spot OrderBook component); a pick sets the form's price. */
function FuturesBook({
  pair,
  rows,
  fit = false,
  announce = false,
}: {
  pair: ContractPair | undefined;
  rows: number;
  /** Fill the box's height (SIDE-5). */
  fit?: boolean;
  announce?: boolean;
}) {
  const { t } = useTranslation('futures');
  const ticker = useTicker(pair?.symbol.toLowerCase(), BOOK_CADENCE_MS);
  if (!pair)
    return (
      <section className="spot-bookslot" aria-label={t('orderBook')}>
        <h2 className="spot-panel-title">{t('orderBook')}</h2>
      </section>
    );
  const symbol = pair.symbol.toLowerCase();
  return (
    <OrderBook
      symbol={symbol}
      pricePrecision={pair.baseScale}
      amountPrecision={pair.coinScale}
      base={pair.coin}
      quote={pair.baseCoin}
      rows={rows}
      fit={fit}
      lastPrice={ticker ? { price: ticker.price, dir: ticker.tickDir } : undefined}
      onPick={(price) => {
        setOrderPrice(symbol, price);
        if (announce) toast(t('pricePicked', { price: `${formatDecimal(price)} ${pair.baseCoin}` }));
      }}
    />
  );
}

function FormFor({
  symbol,
  layout,
  side,
  onPlaced,
}: {
  symbol: string;
  layout: 'desk' | 'sheet';
  side?: FuturesSide;
  onPlaced?: () => void;
}) {
  const { t } = useTranslation('futures');
  const pair = useContractPair(symbol);
  const { coins } = useSnapshot(settings);
  // PUB-3: a visitor sees the market read-only; where the form would be, "Log in / Create account".
  const { isSign } = useSnapshot(session);
  if (!isSign) return <SignInCta />;
  if (!pair)
    return (
      <DataState
        compact
        status={(coins.contractList ?? []).length === 0 && (coins.currencyList ?? []).length === 0 ? 'loading' : 'ok'}
        empty
        emptyView={<EmptyState compact title={t('noContractRules')} />}
      />
    );
  return <FuturesOrderForm key={pair.symbol} pair={pair} layout={layout} side={side} onPlaced={onPlaced} />;
}

export function FuturesDesk(p: FuturesLayoutProps) {
  const { t } = useTranslation('market');
  const pair = useContractPair(p.symbol);
  return (
    <div className="mk-page trade trade--desk trade--spot trade--futures">
      <SkipLinks />
      {p.header}
      <div className="spot-grid fut-grid">
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
          <FundingStrip symbol={p.symbol} pair={pair} />
        </div>
        <div className="spot-chart" id={SKIP_ID.chart} tabIndex={-1}>
          <ChartCard
            symbol={p.symbol}
            priceDecimals={p.row?.priceDecimals}
            pair={p.pairLabel}
            interval={p.interval}
            onInterval={p.onInterval}
            height={FUT_CHART_HEIGHT}
          />
        </div>
        <div className="spot-book" id={SKIP_ID.book} tabIndex={-1}>
          <FuturesBook pair={pair} rows={DESK_BOOK_ROWS} fit />
        </div>
        <div className="spot-form" id={SKIP_ID.form} tabIndex={-1}>
          <FormFor symbol={p.symbol} layout="desk" />
        </div>
        <aside className="spot-trades" aria-label={t('recentTrades')} tabIndex={0}>
          <RecentTrades
            symbol={p.symbol}
            base={p.base}
            quote={p.quote}
            limit={30}
            priceDecimals={p.row?.priceDecimals}
          />
        </aside>
        <div className="spot-orders">
          <FuturesAccount symbol={p.symbol} desktop />
        </div>
      </div>
    </div>
  );
}

type PhoneTab = 'chart' | 'book' | 'trades';

export function FuturesPhone(p: FuturesLayoutProps) {
  const { t } = useTranslation('futures');
  const { t: tm } = useTranslation('market');
  const [tab, setTab] = useState<PhoneTab>('chart');
  const [sheet, setSheet] = useState<FuturesSide | null>(null);
  const [choosing, setChoosing] = useState(false);
  const pair = useContractPair(p.symbol);
  const tabs: { k: PhoneTab; label: string }[] = [
    { k: 'chart', label: tm('chart') },
    { k: 'book', label: t('orderBook') },
    { k: 'trades', label: tm('recentTrades') },
  ];
  return (
    <div className="mk-page trade trade--spot trade--spot-phone trade--futures">
      {p.header}
      <PairHeader row={p.row} symbol={p.symbol} onChoose={() => setChoosing(true)} />
      <FundingStrip symbol={p.symbol} pair={pair} />
      <div className="spot-ptabs" role="tablist" aria-label={t('marketViews')}>
        {tabs.map(({ k, label }) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`fut-ptab-${k}`}
            aria-controls="fut-ppane"
            aria-selected={tab === k}
            className="spot-ptab"
            onClick={() => setTab(k)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="fut-ppane" role="tabpanel" aria-labelledby={`fut-ptab-${tab}`} className="spot-ppane">
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
          <FuturesBook pair={pair} rows={PHONE_BOOK_ROWS} announce />
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
      <FuturesAccount symbol={p.symbol} desktop={false} />
      <div className="spot-bar" data-testid="futures-bar">
        <button type="button" className="spot-bar__btn spot-bar__btn--buy" onClick={() => setSheet('long')}>
          {t('long')}
        </button>
        <button type="button" className="spot-bar__btn spot-bar__btn--sell" onClick={() => setSheet('short')}>
          {t('short')}
        </button>
      </div>
      <Popup
        open={sheet !== null}
        onClose={() => setSheet(null)}
        title={`${p.pairLabel} · ${t('perpetual')}`}
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

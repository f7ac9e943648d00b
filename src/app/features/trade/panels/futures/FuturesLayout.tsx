/**
 * The futures screen (/contract and /trade?componentName=2, PLAYING_SETTING Ustandard), the trading kit's layout
 * as spot's (FUI-1, FUI-2; components/kit/TradeLayout.tsx): the pair list, the pair header, the chart, the order
 * book and the recent trades are the kit's; under the pair header a strip with the index and mark prices and the funding rate with its
 * countdown (FUI-3). Desktop: the order form under the chart with the trades beside it, the futures account
 * (positions, orders, history, funding) along the bottom. Phone: chart / book / trades as tabs, the account
 * below, and a Long / Short bar that opens the form as a sheet on that side.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesSide } from '../../../../../shared/trading/futuresRules';
import { formatDecimal } from '../../../../i18n/format';
import { useMark } from '../../../../market/hooks';
import { useLanguage } from '../../../../ui/Price';
import { FuturesAccount } from '../../components/futures/FuturesAccount';
import { FuturesOrderForm } from '../../components/futures/FuturesOrderForm';
import { bookPairOf } from '../../components/kit/PairBook';
import {
  DESK_CHART_HEIGHT,
  TradeDesk,
  TradePhone,
  type BookMode,
  type TradeLayoutProps,
} from '../../components/kit/TradeLayout';
import { useContractPair, useFunding } from '../../futuresLists';
import { percentOf } from '../../components/futures/futuresCells';
import '../../components/spot/spot.css';
import '../../components/futures/futures.css';
import { clock } from '../../../../time/clock';

export type FuturesLayoutProps = TradeLayoutProps;

/** Desktop chart height: spot's, less the funding strip's, so the order buttons stay above the fold at 900 px. */
const FUT_CHART_HEIGHT = DESK_CHART_HEIGHT - 52;
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
      {(['index', 'price'] as const).map((k) => (
        <div className="fs-item" key={k}>
          <span className="fs-k">{t(k === 'index' ? 'indexPrice' : 'markPrice')}</span>
          <span className="fs-v num" dir="ltr" data-testid={k === 'index' ? 'strip-index' : 'strip-mark'}>
            {mark ? formatDecimal(mark[k], lang) : '--'}
          </span>
        </div>
      ))}
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

/** Futures in the kit's layout: its funding strip, book, form, account and phone bar. */
function useFuturesMode(p: FuturesLayoutProps): BookMode<FuturesSide> {
  const { t } = useTranslation('futures');
  const pair = useContractPair(p.symbol);
  return {
    ns: 'futures',
    modeClass: 'trade--futures',
    strip: <FundingStrip symbol={p.symbol} pair={pair} />,
    book: bookPairOf(pair, (rules) => ({ pricePrecision: rules.baseScale, amountPrecision: rules.coinScale })),
    form: pair && ((place) => <FuturesOrderForm key={pair.symbol} pair={pair} {...place} />),
    noRules: 'noContractRules',
    Account: FuturesAccount,
    bar: {
      testId: 'futures-bar',
      sides: [
        { side: 'long', label: t('long') },
        { side: 'short', label: t('short') },
      ],
      sheetTitle: `${p.pairLabel} · ${t('perpetual')}`,
    },
  };
}

export function FuturesDesk(p: FuturesLayoutProps) {
  return <TradeDesk p={p} mode={useFuturesMode(p)} grid="fut-grid" chartHeight={FUT_CHART_HEIGHT} tradesLimit={30} />;
}

export function FuturesPhone(p: FuturesLayoutProps) {
  return <TradePhone p={p} mode={useFuturesMode(p)} />;
}

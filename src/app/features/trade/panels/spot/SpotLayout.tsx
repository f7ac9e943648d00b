/**
 * The spot trading screen (/trade, PLAYING_SETTING BBTrading): the trading kit's layout (TRADE-9 desktop,
 * TRADE-10 phone; components/kit/TradeLayout.tsx) with spot's book, order form (buy and sell side by side on the
 * desktop, a sheet on one side on the phone) and the user's orders (open orders, history and fills).
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SpotPair } from '../../../../../shared/schemas/coins';
import type { SpotSide } from '../../../../../shared/trading/spotRules';
import { settings } from '../../../../state/settings';
import { bookPairOf } from '../../components/kit/PairBook';
import {
  TradeDesk,
  TradeFormGate,
  TradePhone,
  type BookMode,
  type FormPlace,
  type TradeLayoutProps,
} from '../../components/kit/TradeLayout';
import { SpotOrderForm } from '../../components/spot/SpotOrderForm';
import { SpotOrders } from '../../components/spot/SpotOrders';
import { useSpotPair } from '../../components/spot/spotHooks';
import '../../components/spot/spot.css';

export type SpotLayoutProps = TradeLayoutProps;

const bookPair = (pair: SpotPair | undefined) =>
  bookPairOf(pair, (p) => ({ pricePrecision: p.basePrecision, amountPrecision: p.coinPrecision }));

/** The form, or why there is none (signed out, settings still loading, or a pair without spot rules). */
function FormFor({ symbol, layout, side, onPlaced }: FormPlace<SpotSide>) {
  const { t } = useTranslation('trade');
  const pair = useSpotPair(symbol);
  const { coins } = useSnapshot(settings);
  return (
    <TradeFormGate
      loading={(coins.currencyList ?? []).length === 0}
      emptyTitle={t('noSpotRules')}
      // A new pair starts a new form (its prefill, its intents).
      form={pair && <SpotOrderForm key={pair.symbol} pair={pair} layout={layout} side={side} onPlaced={onPlaced} />}
    />
  );
}

/** Spot in the kit's layout: its book, form and orders. */
function useSpotMode(symbol: string): BookMode<SpotSide> {
  return { ns: 'trade', book: bookPair(useSpotPair(symbol)), Form: FormFor, Account: SpotOrders };
}

export function SpotDesk(p: SpotLayoutProps) {
  return <TradeDesk p={p} mode={useSpotMode(p.symbol)} tradesLimit={24} />;
}

export function SpotPhone(p: SpotLayoutProps) {
  const { t } = useTranslation('trade');
  return (
    <TradePhone
      p={p}
      mode={useSpotMode(p.symbol)}
      bar={{
        testId: 'spot-bar',
        sides: [
          { side: 'buy', label: t('buyCoin', { coin: p.base }) },
          { side: 'sell', label: t('sellCoin', { coin: p.base }) },
        ],
      }}
      sheetTitle={`${p.pairLabel} · ${t('placeOrder')}`}
    />
  );
}

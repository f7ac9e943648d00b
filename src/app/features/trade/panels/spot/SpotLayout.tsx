/**
 * The spot trading screen (/trade, PLAYING_SETTING BBTrading): the trading kit's layout (TRADE-9 desktop,
 * TRADE-10 phone; components/kit/TradeLayout.tsx) with spot's book, order form (buy and sell side by side on the
 * desktop, a sheet on one side on the phone) and the user's orders (open orders, history and fills).
 */
import { useTranslation } from 'react-i18next';
import type { SpotSide } from '../../../../../shared/trading/spotRules';
import { bookPairOf } from '../../components/kit/PairBook';
import { TradeDesk, TradePhone, type BookMode, type TradeLayoutProps } from '../../components/kit/TradeLayout';
import { SpotOrderForm } from '../../components/spot/SpotOrderForm';
import { SpotOrders } from '../../components/spot/SpotOrders';
import { useSpotPair } from '../../components/spot/spotHooks';
import '../../components/spot/spot.css';

export type SpotLayoutProps = TradeLayoutProps;

/** Spot in the kit's layout: its book, form, orders and phone bar. */
function useSpotMode(p: SpotLayoutProps): BookMode<SpotSide> {
  const { t } = useTranslation('trade');
  const pair = useSpotPair(p.symbol);
  return {
    ns: 'trade',
    book: bookPairOf(pair, (rules) => ({ pricePrecision: rules.basePrecision, amountPrecision: rules.coinPrecision })),
    // A new pair starts a new form (its prefill, its intents).
    form: pair && ((place) => <SpotOrderForm key={pair.symbol} pair={pair} {...place} />),
    noRules: 'noSpotRules',
    Account: SpotOrders,
    bar: {
      testId: 'spot-bar',
      sides: [
        { side: 'buy', label: t('buyCoin', { coin: p.base }) },
        { side: 'sell', label: t('sellCoin', { coin: p.base }) },
      ],
      sheetTitle: `${p.pairLabel} · ${t('placeOrder')}`,
    },
  };
}

export function SpotDesk(p: SpotLayoutProps) {
  return <TradeDesk p={p} mode={useSpotMode(p)} tradesLimit={24} />;
}

export function SpotPhone(p: SpotLayoutProps) {
  return <TradePhone p={p} mode={useSpotMode(p)} />;
}

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
import { PairBook, type BookPair } from '../../components/kit/PairBook';
import {
  DESK_BOOK_ROWS,
  PHONE_BOOK_ROWS,
  TradeDesk,
  TradeFormGate,
  TradePhone,
  type TradeLayoutProps,
} from '../../components/kit/TradeLayout';
import { SpotOrderForm } from '../../components/spot/SpotOrderForm';
import { SpotOrders } from '../../components/spot/SpotOrders';
import { useSpotPair } from '../../components/spot/spotHooks';
import '../../components/spot/spot.css';

export type SpotLayoutProps = TradeLayoutProps;

function bookPair(pair: SpotPair | undefined): BookPair | undefined {
  return (
    pair && {
      symbol: pair.symbol,
      pricePrecision: pair.basePrecision,
      amountPrecision: pair.coinPrecision,
      base: pair.coin,
      quote: pair.baseCoin,
    }
  );
}

/** The form, or why there is none (signed out, settings still loading, or a pair without spot rules). */
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
  return (
    <TradeFormGate
      loading={(coins.currencyList ?? []).length === 0}
      emptyTitle={t('noSpotRules')}
      // A new pair starts a new form (its prefill, its intents).
      form={pair && <SpotOrderForm key={pair.symbol} pair={pair} layout={layout} side={side} onPlaced={onPlaced} />}
    />
  );
}

export function SpotDesk(p: SpotLayoutProps) {
  const pair = useSpotPair(p.symbol);
  return (
    <TradeDesk
      p={p}
      book={<PairBook ns="trade" pair={bookPair(pair)} rows={DESK_BOOK_ROWS} fit />}
      form={<FormFor symbol={p.symbol} layout="desk" />}
      tradesLimit={24}
      account={<SpotOrders symbol={p.symbol} desktop />}
    />
  );
}

export function SpotPhone(p: SpotLayoutProps) {
  const { t } = useTranslation('trade');
  const pair = useSpotPair(p.symbol);
  return (
    <TradePhone<SpotSide>
      p={p}
      ns="trade"
      book={<PairBook ns="trade" pair={bookPair(pair)} rows={PHONE_BOOK_ROWS} announce />}
      account={<SpotOrders symbol={p.symbol} desktop={false} />}
      bar={{
        testId: 'spot-bar',
        sides: [
          { side: 'buy', label: t('buyCoin', { coin: p.base }) },
          { side: 'sell', label: t('sellCoin', { coin: p.base }) },
        ],
      }}
      sheetTitle={`${p.pairLabel} · ${t('placeOrder')}`}
      form={(side, onPlaced) => <FormFor symbol={p.symbol} layout="sheet" side={side} onPlaced={onPlaced} />}
    />
  );
}

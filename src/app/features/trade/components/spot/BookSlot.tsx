/**
 * ORDER BOOK SLOT (TRADE-9, TRADE-10): where the order book (components/OrderBook.tsx, built apart) goes. Until it
 * is dropped in, a box of the same size titled "Order book". Drop-in:
 *
 *   <OrderBook symbol={symbol} pricePrecision={pair.basePrecision} amountPrecision={pair.coinPrecision}
 *              lastPrice={...} onPick={(price) => setOrderPrice(symbol, price)} />
 *
 * (`setOrderPrice` from ../../orderPrice fills the order form's price, TRADE-11.)
 */
import { useTranslation } from 'react-i18next';

export function BookSlot() {
  const { t } = useTranslation('trade');
  return (
    <section className="spot-bookslot" aria-labelledby="spot-book-title" data-testid="order-book-slot">
      <h2 id="spot-book-title" className="spot-panel-title">
        {t('orderBook')}
      </h2>
    </section>
  );
}

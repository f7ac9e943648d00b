/**
 * The trading kit's order book slot (TRADE-9, TRADE-10, FUI-1): components/OrderBook.tsx with the pair's
 * precisions and the last price between the sides (the book writes it from the live ticker at its own cadence,
 * PERF-80: a tick renders nothing here), for every mode that shows a book (spot, futures). Choosing a
 * level sets the order form's price (`setOrderPrice`, TRADE-11); on the phone, where the form is in a sheet, a
 * short message says so. Before the pair's rules are known (settings loading), a box of the same size titled
 * "Order book". Each mode gives its namespace (the same keys in each) and its pair's figures.
 */
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../../i18n/format';
import { toast } from '../../../../state/toast';
import { OrderBook } from '../OrderBook';
import { setOrderPrice } from '../../orderPrice';

/** What the book needs of a pair, whatever the mode's pair looks like. */
export interface BookPair {
  /** Upper case, as the pair lists give it (BTCUSDT). */
  symbol: string;
  pricePrecision: number;
  amountPrecision: number;
  base: string;
  quote: string;
}

/** The book's figures of a mode's pair, given its price and amount precisions. */
export function bookPairOf<P extends { symbol: string; coin: string; baseCoin: string }>(
  pair: P | undefined,
  precisions: (pair: P) => { pricePrecision: number; amountPrecision: number },
): BookPair | undefined {
  return pair && { symbol: pair.symbol, ...precisions(pair), base: pair.coin, quote: pair.baseCoin };
}

export function PairBook({
  ns,
  pair,
  rows,
  fit = false,
  announce = false,
}: {
  ns: 'trade' | 'futures';
  pair: BookPair | undefined;
  /** Rows a side (before the box is measured, with `fit`). */
  rows: number;
  /** Fill the box's height (SIDE-5). */
  fit?: boolean;
  /** Say that a pick set the form's price (the phone: the form is not on screen). */
  announce?: boolean;
}) {
  const { t } = useTranslation(ns);
  if (!pair)
    return (
      <section className="spot-bookslot" aria-labelledby="spot-book-title" data-testid="order-book-slot">
        <h2 id="spot-book-title" className="spot-panel-title">
          {t('orderBook')}
        </h2>
      </section>
    );
  const symbol = pair.symbol.toLowerCase();
  return (
    <OrderBook
      {...pair}
      symbol={symbol}
      rows={rows}
      fit={fit}
      onPick={(price) => {
        setOrderPrice(symbol, price);
        if (announce) toast(t('pricePicked', { price: `${formatDecimal(price)} ${pair.quote}` }));
      }}
    />
  );
}

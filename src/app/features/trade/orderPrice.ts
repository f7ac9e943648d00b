/**
 * The order form's price, set from outside the form (TRADE-11): choosing a level of the order book calls
 * `setOrderPrice(symbol, price)` (the book's `onPick`), and every order form of that pair on screen takes the
 * price (and turns to a limit order). A form opened later (the phone's sheet) takes the latest pick of its pair.
 */
import { proxy } from 'valtio';

export interface PricePick {
  symbol: string;
  price: string;
  /** Bumped by every pick, so picking the same price twice still counts. */
  seq: number;
}

export const pricePick = proxy<PricePick>({ symbol: '', price: '', seq: 0 });

export function setOrderPrice(symbol: string, price: string): void {
  pricePick.symbol = symbol.toLowerCase();
  pricePick.price = price;
  pricePick.seq++;
}

/** Fixtures for the tests of the worker's fake and the tab side: a ticker view at one price, and a batch. */
import type { TickerView } from '../../engine';
import type { Batch } from '../wire';

/** A ticker at `price` on a quiet day (no change, no volume, the day's range at the price); `fields` to set more. */
export function tickerAt(symbol: string, price: string, fields: Partial<TickerView> = {}): TickerView {
  return {
    symbol,
    price,
    priceRaw: price,
    changePct: '0.00%',
    change: '0.00',
    dir: 0,
    tickDir: 0,
    high24: price,
    low24: price,
    open24: price,
    vol24: '0',
    amount24: '0',
    ts: 1,
    ...fields,
  };
}

/** A batch from the worker that carries `parts` and nothing else. */
export function batchOf(parts: Partial<Batch>): Batch {
  return { t: 'batch', n: 1, tickers: [], trades: [], klines: [], newestTs: 0, ...parts };
}

/**
 * Rolling 24 h statistics of one symbol over its 1m candles: the window is the live minute and the 1,439
 * before it. Per trade it costs a few comparisons and one BigInt multiply-add (turnover); once a minute the
 * window slides and is recomputed from the 1m series (at most 1,440 candles).
 *
 * openPrice ("price 24 h ago") is the open of the oldest 1m candle in the window.
 */
import { candleOpenTime } from '../../../src/shared/protocol';
import type { CandleSeries } from './series';

const MINUTE = 60_000;
export const WINDOW_MINUTES = 1440;

export class Rolling24h {
  /** Window start (open time of its oldest minute). */
  private from = -Infinity;
  vol = 0;
  amount = 0n;
  high = 0;
  low = 0;
  openPrice = 0;
  /** Turnover per minute in the window, aligned with minuteT. */
  private minuteT: number[] = [];
  private minuteAmt: bigint[] = [];

  constructor(private readonly m1: CandleSeries) {}

  /**
   * Call after the trade went into the 1m series; `opened` = it opened a new 1m candle.
   * `bulk` (start-up history): only the per-minute turnover is kept; call slide() once at the end.
   */
  trade(ts: number, price: number, qty: number, opened: boolean, bulk = false): void {
    const amt = BigInt(price) * BigInt(qty);
    if (opened || this.minuteT.length === 0) {
      this.minuteT.push(candleOpenTime(ts, '1m'));
      this.minuteAmt.push(amt);
      if (bulk) {
        if (this.minuteT.length > 2 * WINDOW_MINUTES) {
          this.minuteT.splice(0, WINDOW_MINUTES);
          this.minuteAmt.splice(0, WINDOW_MINUTES);
        }
      } else this.slide(ts);
      return; // slide() recomputed everything including this trade
    }
    if (bulk) {
      this.minuteAmt[this.minuteAmt.length - 1] += amt;
      return;
    }
    this.minuteAmt[this.minuteAmt.length - 1] += amt;
    this.vol += qty;
    this.amount += amt;
    if (price > this.high) this.high = price;
    if (price < this.low) this.low = price;
  }

  /** Slide the window to `now` if a minute boundary passed (also called when no trade came). */
  slide(now: number): void {
    const from = candleOpenTime(now, '1m') - (WINDOW_MINUTES - 1) * MINUTE;
    this.from = from;
    let drop = 0;
    while (drop < this.minuteT.length && this.minuteT[drop] < from) drop++;
    if (drop) {
      this.minuteT.splice(0, drop);
      this.minuteAmt.splice(0, drop);
    }
    let amount = 0n;
    for (const a of this.minuteAmt) amount += a;
    this.amount = amount;
    const s = this.m1;
    let k = s.size;
    while (k > 0 && s.at('t', k - 1) >= from) k--;
    let vol = 0;
    let high = -Infinity;
    let low = Infinity;
    for (let j = k; j < s.size; j++) {
      vol += s.at('v', j);
      if (s.at('h', j) > high) high = s.at('h', j);
      if (s.at('l', j) < low) low = s.at('l', j);
    }
    this.vol = vol;
    if (k < s.size) {
      this.high = high;
      this.low = low;
      this.openPrice = s.at('o', k);
    } else if (s.size > 0) {
      // Nothing traded in 24 h: the last price stands for all of them.
      const c = s.at('c', s.size - 1);
      this.high = this.low = this.openPrice = c;
    }
  }

  /** Window start for `now`: callers slide only when it moved. */
  stale(now: number): boolean {
    return candleOpenTime(now, '1m') - (WINDOW_MINUTES - 1) * MINUTE !== this.from;
  }
}

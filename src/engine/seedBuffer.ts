/**
 * Seed buffering for a candle series (klineSeries.ts). While the REST history is on the way, the trades and
 * KLINE checkpoints of the socket are kept here (and still applied to the old candles so the chart does not
 * freeze); once the history is installed they are replayed onto it:
 * - trades in candles after the history's last (live) candle are applied fully, they cannot be in it;
 * - trades in the live candle update close/high/low only (idempotent: they may already be counted); its
 *   volume comes from the next checkpoint;
 * - checkpoints at or after the live candle overwrite the candle they name; older ones are dropped.
 */
import type { Candle, Trade } from '../shared/protocol';
import { SEED_BUFFER_MAX } from './constants';
import { parseDecimal, parsed } from './decimalParse';
import { decimalsOfRaw } from './klineColumns';

type Buffered = Trade | Candle;

export class SeedBuffer {
  private items: Buffered[] = [];

  /** Keeps a trade or checkpoint; true when the buffer has run over SEED_BUFFER_MAX (the seed restarts). */
  push(x: Buffered): boolean {
    this.items.push(x);
    return this.items.length > SEED_BUFFER_MAX;
  }

  clear(): void {
    this.items = [];
  }

  /** The most decimals of a quantity or volume buffered. */
  maxScale(): number {
    let scale = 0;
    for (const x of this.items) scale = Math.max(scale, decimalsOfRaw((x as Trade).qty ?? (x as Candle).vol));
    return scale;
  }

  /** Everything buffered, oldest first; the buffer is then empty. */
  take(): Buffered[] {
    const out = this.items;
    this.items = [];
    return out;
  }
}

/** What a replay writes to: the series' own candle updates. */
export interface ReplayTarget {
  openTimeSec(tsMs: number): number;
  trade(
    time: number,
    price: number,
    priceRaw: string,
    qtyDigits: number,
    qtyScale: number,
    qtyRaw: string,
    withVolume: boolean,
  ): void;
  checkpoint(k: Candle): void;
}

/** Replays `buffered` onto a history whose live candle opens at `live` (s), by the rules above. */
export function replaySeed(buffered: readonly Buffered[], live: number, target: ReplayTarget): void {
  for (const x of buffered) {
    if ((x as Trade).id !== undefined) {
      const t = x as Trade;
      const time = target.openTimeSec(t.ts);
      const price = parseDecimal(t.price);
      if (time > live) {
        parseDecimal(t.qty);
        target.trade(time, price, t.price, parsed.digits, parsed.scale, t.qty, true);
      } else if (time === live) {
        target.trade(time, price, t.price, 0, 0, t.qty, false);
      }
    } else if ((x as Candle).t / 1000 >= live) {
      target.checkpoint(x as Candle);
    }
  }
}

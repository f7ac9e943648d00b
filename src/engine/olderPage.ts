/**
 * Which candles of an older REST page join a series whose oldest candle opens at `oldestSec` (s): the newest
 * ones strictly older than it, in decreasing time (anything overlapping, doubled or out of order is left
 * out), at most `room`. Returned newest first.
 */
import type { Candle } from '../shared/protocol';

export function pickOlder(oldestSec: number, candles: readonly Candle[], room: number): Candle[] {
  const picked: Candle[] = [];
  let next = oldestSec;
  for (let i = candles.length - 1; i >= 0 && picked.length < room; i--) {
    const time = candles[i].t / 1000;
    if (time < next) {
      picked.push(candles[i]);
      next = time;
    }
  }
  return picked;
}

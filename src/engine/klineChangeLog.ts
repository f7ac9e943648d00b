/**
 * Which candles of a series changed since a given version, for KlinePatch, kept cheaply: per commit
 * one entry (version, open time of the oldest candle it changed) in a small ring. Asking about a
 * version older than the ring (or older than the last full replace) answers "everything".
 */
import { KLINE_CHANGE_LOG } from './constants';

export class KlineChangeLog {
  private readonly versions = new Float64Array(KLINE_CHANGE_LOG);
  private readonly from = new Float64Array(KLINE_CHANGE_LOG);
  private head = 0;
  private count = 0;
  /** Questions about versions below this get "everything". */
  private coveredFrom = Infinity;

  /** A commit that changed candles from open time `fromSec` on. */
  record(version: number, fromSec: number): void {
    // The usual commit changes the same (live) candle as the one before: moving that entry up to the
    // new version loses nothing (whoever needs either change needs the candles from fromSec on).
    const newest = (this.head - 1 + KLINE_CHANGE_LOG) % KLINE_CHANGE_LOG;
    if (this.count > 0 && this.from[newest] === fromSec) {
      this.versions[newest] = version;
      return;
    }
    if (this.count === KLINE_CHANGE_LOG) {
      // Forget the oldest entry: patches from before it must be full.
      this.coveredFrom = this.versions[this.head];
      this.count--;
    }
    this.versions[this.head] = version;
    this.from[this.head] = fromSec;
    this.head = (this.head + 1) % KLINE_CHANGE_LOG;
    this.count++;
  }

  /** A commit that replaced everything (seed). */
  recordFull(version: number): void {
    this.coveredFrom = version;
    this.count = 0;
  }

  /**
   * Oldest open time (s) changed after `since` (Infinity when nothing changed), or null when only a full
   * replace can tell (`since` is 0, in the future, or older than what is remembered).
   */
  changedSince(since: number, current: number): number | null {
    if (since <= 0 || since > current || since < this.coveredFrom) return null;
    let min = Infinity;
    for (let k = 0; k < this.count; k++) {
      const j = (this.head - 1 - k + KLINE_CHANGE_LOG) % KLINE_CHANGE_LOG;
      if (this.versions[j] <= since) break;
      if (this.from[j] < min) min = this.from[j];
    }
    return min;
  }
}

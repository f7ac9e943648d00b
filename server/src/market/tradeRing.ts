/** The newest trades of one symbol, a fixed-size ring (oldest overwritten). */
import type { Trade } from '../../../src/shared/protocol';

export class TradeRing {
  private buf: Trade[];
  private head = 0;
  private n = 0;
  constructor(readonly cap: number) {
    this.buf = new Array(cap);
  }
  push(t: Trade): void {
    if (this.n < this.cap) {
      this.buf[(this.head + this.n) % this.cap] = t;
      this.n++;
    } else {
      this.buf[this.head] = t;
      this.head = (this.head + 1) % this.cap;
    }
  }
  get size(): number {
    return this.n;
  }
  /** The newest `limit` trades, oldest first. */
  latest(limit: number): Trade[] {
    const k = Number.isFinite(limit) ? Math.max(0, Math.min(this.n, Math.floor(limit))) : 0;
    const out: Trade[] = new Array(k);
    for (let j = 0; j < k; j++) out[j] = this.buf[(this.head + this.n - k + j) % this.cap];
    return out;
  }
}

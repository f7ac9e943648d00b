/**
 * A client's copy of one order book, as DEPTH-4 and DEPTH-5 tell a client to keep it: a snapshot, then every delta
 * applied in seq order (a level's total replaces the old one; "0" removes it). A gateway keeps its books with it
 * (BUS-7); the books and socket tests rebuild clients' books with it.
 */
import Decimal from 'decimal.js';
import type { DepthBook } from '../context';

export class DepthMirror {
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();
  seq: number;

  constructor(snapshot: DepthBook) {
    this.seq = snapshot.seq;
    for (const [p, q] of snapshot.bids) this.bids.set(p, q);
    for (const [p, q] of snapshot.asks) this.asks.set(p, q);
  }

  /** Applies a delta; throws when its seq is not the next one (a client would resync there). */
  apply(delta: DepthBook): void {
    if (delta.seq !== this.seq + 1) throw new Error(`depth seq gap: have ${this.seq}, got ${delta.seq}`);
    this.seq = delta.seq;
    for (const [side, levels] of [
      [this.bids, delta.bids],
      [this.asks, delta.asks],
    ] as const) {
      for (const [p, q] of levels) {
        if (new Decimal(q).isZero()) side.delete(p);
        else side.set(p, q);
      }
    }
  }

  /** The book as a depth snapshot: best first, at most `limit` levels a side. */
  book(limit = Infinity): DepthBook {
    const sort = (m: Map<string, string>, dir: number) =>
      ([...m.entries()] as [string, string][]).sort((a, b) => new Decimal(a[0]).cmp(b[0]) * dir).slice(0, limit);
    return { seq: this.seq, bids: sort(this.bids, -1), asks: sort(this.asks, 1) };
  }
}

/**
 * The differential test's reference (MATCH-11): the same rules as `book.ts`, written to be obviously right and
 * nothing else. One array of resting orders in arrival order, scanned linearly for the best price (ties: the
 * first in the array, i.e. the earliest); depth is re-aggregated from the array and diffed. Slow by design.
 * Only the shape checks (`validate.ts`) are shared with the real book.
 */
import type {
  Book,
  CancelReason,
  Command,
  DepthChange,
  DepthSnapshot,
  Fill,
  OrderState,
  PlaceCommand,
  Result,
  Side,
} from './types';
import { commandError } from './validate';

/** A resting order: what its place command said, and what is left of it. */
interface RefOrder extends Omit<PlaceCommand, 'type' | 'time'> {
  remaining: number;
}

function state(o: RefOrder, reason?: CancelReason): OrderState {
  const filled = o.quantity - o.remaining;
  let status: OrderState['status'] = 'open';
  if (reason) status = 'cancelled';
  else if (o.remaining === 0) status = 'filled';
  else if (filled > 0) status = 'partiallyFilled';
  const s: OrderState = {
    id: o.id,
    owner: o.owner,
    side: o.side,
    kind: o.kind,
    price: o.price,
    quantity: o.quantity,
    filled,
    remaining: o.remaining,
    status,
  };
  if (reason) s.cancelReason = reason;
  return s;
}

export class ReferenceBook implements Book {
  /** Resting orders, earliest first. */
  private resting: RefOrder[] = [];
  private lastId = 0;
  private tradeSeq = 0;

  private totals(): Map<number, DepthChange> {
    // Key: bids by price, asks by -price (prices are positive, so the two never collide).
    const m = new Map<number, DepthChange>();
    for (const o of this.resting) {
      const k = o.side === 'buy' ? o.price : -o.price;
      const d = m.get(k);
      if (d) d.total += o.remaining;
      else m.set(k, { side: o.side, price: o.price, total: o.remaining });
    }
    return m;
  }

  private diff(before: Map<number, DepthChange>): DepthChange[] {
    const after = this.totals();
    const out: DepthChange[] = [];
    for (const [k, b] of before) {
      const a = after.get(k);
      if (!a) out.push({ side: b.side, price: b.price, total: 0 });
      else if (a.total !== b.total) out.push(a);
    }
    for (const [k, a] of after) if (!before.has(k)) out.push(a);
    return out;
  }

  apply(c: Command): Result {
    const error = commandError(c);
    if (error !== undefined) return { ok: false, error };
    const before = this.totals();
    if (c.type === 'cancel') {
      const i = this.resting.findIndex((o) => o.id === c.id);
      if (i < 0) return { ok: false, error: `Order ${c.id} is not open in this book` };
      const [o] = this.resting.splice(i, 1);
      return { ok: true, fills: [], order: state(o, 'user'), depth: this.diff(before), makers: [] };
    }
    if (c.id <= this.lastId) {
      return {
        ok: false,
        error: `Order id ${c.id} is not above the last accepted id ${this.lastId} (ids must increase)`,
      };
    }
    this.lastId = c.id;
    const taker: RefOrder = { ...c, remaining: c.quantity };
    const fills: Fill[] = [];
    const makers: OrderState[] = [];
    let reason: CancelReason | undefined;
    while (taker.remaining > 0) {
      // The best resting order on the other side: best price, then earliest.
      let best: RefOrder | undefined;
      for (const o of this.resting) {
        if (o.side === c.side) continue;
        if (!best || (c.side === 'buy' ? o.price < best.price : o.price > best.price)) best = o;
      }
      if (!best) break;
      const crosses = c.side === 'buy' ? best.price <= c.price : best.price >= c.price;
      if (!crosses) break;
      if ((best.group ?? best.owner) === (c.group ?? c.owner)) {
        reason = 'selfTrade';
        break;
      }
      const q = Math.min(best.remaining, taker.remaining);
      best.remaining -= q;
      taker.remaining -= q;
      fills.push({
        seq: ++this.tradeSeq,
        makerOrderId: best.id,
        takerOrderId: c.id,
        price: best.price,
        quantity: q,
        takerSide: c.side,
        makerOwner: best.owner,
        takerOwner: c.owner,
        time: c.time,
      });
      makers.push(state(best));
      if (best.remaining === 0) this.resting = this.resting.filter((o) => o !== best);
    }
    if (!reason && taker.remaining > 0) {
      if (c.kind === 'market') reason = 'market';
      else this.resting.push(taker);
    }
    return { ok: true, fills, order: state(taker, reason), depth: this.diff(before), makers };
  }

  depth(limit = Number.MAX_SAFE_INTEGER): DepthSnapshot {
    const levels = [...this.totals().values()];
    const side = (s: Side): [number, number][] =>
      levels
        .filter((l) => l.side === s)
        .sort((a, b) => (s === 'buy' ? b.price - a.price : a.price - b.price))
        .slice(0, limit)
        .map((l) => [l.price, l.total]);
    return { bids: side('buy'), asks: side('sell') };
  }

  order(id: number): OrderState | undefined {
    const o = this.resting.find((r) => r.id === id);
    return o ? state(o) : undefined;
  }

  bestBid(): number | undefined {
    return this.depth(1).bids[0]?.[0];
  }

  bestAsk(): number | undefined {
    return this.depth(1).asks[0]?.[0];
  }
}

/**
 * One symbol's order book (MATCH-1..9): price-time priority over integer ticks and lots.
 *
 * Each side keeps its level prices in one sorted array of keys (bids: price, asks: -price, ascending, so the
 * best level is always the LAST element: taking it is a pop) found by binary search, a map price -> level, and
 * per level a FIFO doubly linked list of orders. A map id -> order node makes a cancel O(1) plus the level
 * removal when the level empties. Pure: no I/O, no clock, no globals; the same commands give the same results.
 */
import type {
  Accepted,
  Book,
  BookState,
  CancelCommand,
  Command,
  DepthChange,
  DepthSnapshot,
  Fill,
  OrderKind,
  OrderState,
  PlaceCommand,
  Result,
  Side,
} from './types';
import { commandError } from './validate';

interface Level {
  side: Side;
  price: number;
  total: number;
  head: OrderNode | null;
  tail: OrderNode | null;
  /** The command stamp that last recorded this level in the depth changes (a level is touched only when its total changes). */
  stamp: number;
}

interface OrderNode {
  id: number;
  owner: number;
  group: number;
  side: Side;
  kind: OrderKind;
  price: number;
  quantity: number;
  remaining: number;
  level: Level | null;
  prev: OrderNode | null;
  next: OrderNode | null;
}

class BookSide {
  /** Ascending keys (bids: price, asks: -price): the best level is the last one. */
  private readonly keys: number[] = [];
  private readonly levels = new Map<number, Level>();

  constructor(readonly side: Side) {}

  private key(price: number): number {
    return this.side === 'buy' ? price : -price;
  }

  best(): Level | undefined {
    const n = this.keys.length;
    return n === 0 ? undefined : this.levels.get(this.side === 'buy' ? this.keys[n - 1] : -this.keys[n - 1]);
  }

  /** The level at `price`, created (empty) when missing. */
  level(price: number): Level {
    let level = this.levels.get(price);
    if (level) return level;
    level = { side: this.side, price, total: 0, head: null, tail: null, stamp: 0 };
    this.levels.set(price, level);
    const k = this.key(price);
    const keys = this.keys;
    const n = keys.length;
    if (n === 0 || keys[n - 1] < k) {
      keys.push(k);
    } else {
      keys.splice(lowerBound(keys, k), 0, k);
    }
    return level;
  }

  remove(level: Level): void {
    this.levels.delete(level.price);
    const k = this.key(level.price);
    const keys = this.keys;
    const n = keys.length;
    if (keys[n - 1] === k) {
      keys.pop();
      return;
    }
    keys.splice(lowerBound(keys, k), 1);
  }

  /** The levels best first. */
  *bestFirst(): Generator<Level> {
    const keys = this.keys;
    const sign = this.side === 'buy' ? 1 : -1;
    for (let i = keys.length - 1; i >= 0; i--) yield this.levels.get(sign * keys[i]) as Level;
  }

  snapshot(limit: number): [number, number][] {
    const out: [number, number][] = [];
    const keys = this.keys;
    const sign = this.side === 'buy' ? 1 : -1;
    for (let i = keys.length - 1; i >= 0 && out.length < limit; i--) {
      const price = sign * keys[i];
      out.push([price, (this.levels.get(price) as Level).total]);
    }
    return out;
  }
}

function stateOf(node: OrderNode, cancelled?: OrderState['cancelReason']): OrderState {
  const filled = node.quantity - node.remaining;
  const state: OrderState = {
    id: node.id,
    owner: node.owner,
    side: node.side,
    kind: node.kind,
    price: node.price,
    quantity: node.quantity,
    filled,
    remaining: node.remaining,
    status: cancelled ? 'cancelled' : node.remaining === 0 ? 'filled' : filled > 0 ? 'partiallyFilled' : 'open',
  };
  if (cancelled) state.cancelReason = cancelled;
  return state;
}

export class OrderBook implements Book {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly orders = new Map<number, OrderNode>();
  private lastId = 0;
  private tradeSeq = 0;
  private stamp = 0;
  private touched: Level[] = [];

  /** The whole book (CORE-4): every resting order in priority order, the last id and the trade sequence. */
  state(): BookState {
    const orders: BookState['orders'] = [];
    for (const side of [this.bids, this.asks])
      for (const level of side.bestFirst())
        for (let n = level.head; n !== null; n = n.next)
          orders.push([n.id, n.owner, n.group, n.side, n.kind, n.price, n.quantity, n.remaining]);
    return { lastId: this.lastId, tradeSeq: this.tradeSeq, orders };
  }

  /** The book `state()` described: the same orders resting in the same priority. */
  static fromState(s: BookState): OrderBook {
    const book = new OrderBook();
    for (const [id, owner, group, side, kind, price, quantity, remaining] of s.orders)
      book.rest({ id, owner, group, side, kind, price, quantity, remaining, level: null, prev: null, next: null });
    book.touched = [];
    book.lastId = s.lastId;
    book.tradeSeq = s.tradeSeq;
    return book;
  }

  apply(command: Command): Result {
    const error = commandError(command);
    if (error !== undefined) return { ok: false, error };
    return command.type === 'place' ? this.place(command) : this.cancel(command);
  }

  order(id: number): OrderState | undefined {
    const node = this.orders.get(id);
    return node ? stateOf(node) : undefined;
  }

  depth(limit = Number.MAX_SAFE_INTEGER): DepthSnapshot {
    return { bids: this.bids.snapshot(limit), asks: this.asks.snapshot(limit) };
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  private touch(level: Level): void {
    if (level.stamp !== this.stamp) {
      level.stamp = this.stamp;
      this.touched.push(level);
    }
  }

  private depthChanges(): DepthChange[] {
    const out: DepthChange[] = new Array<DepthChange>(this.touched.length);
    for (let i = 0; i < this.touched.length; i++) {
      const l = this.touched[i];
      out[i] = { side: l.side, price: l.price, total: l.total };
    }
    this.touched = [];
    return out;
  }

  private unlink(node: OrderNode, level: Level): void {
    if (node.prev) node.prev.next = node.next;
    else level.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else level.tail = node.prev;
    node.prev = node.next = null;
    node.level = null;
    this.orders.delete(node.id);
  }

  private place(c: PlaceCommand): Result {
    if (c.id <= this.lastId) {
      return {
        ok: false,
        error: `Order id ${c.id} is not above the last accepted id ${this.lastId} (ids must increase)`,
      };
    }
    this.lastId = c.id;
    this.stamp++;
    const buy = c.side === 'buy';
    const opposite = buy ? this.asks : this.bids;
    const taker: OrderNode = {
      id: c.id,
      owner: c.owner,
      group: c.group ?? c.owner,
      side: c.side,
      kind: c.kind,
      price: c.price,
      quantity: c.quantity,
      remaining: c.quantity,
      level: null,
      prev: null,
      next: null,
    };
    const fills: Fill[] = [];
    const makers: OrderState[] = [];
    let selfTrade = false;
    outer: while (taker.remaining > 0) {
      const level = opposite.best();
      if (!level || (buy ? level.price > c.price : level.price < c.price)) break;
      let maker = level.head;
      while (maker !== null && taker.remaining > 0) {
        if (maker.group === taker.group) {
          selfTrade = true;
          break outer;
        }
        const q = maker.remaining < taker.remaining ? maker.remaining : taker.remaining;
        maker.remaining -= q;
        taker.remaining -= q;
        level.total -= q;
        this.touch(level);
        fills.push({
          seq: ++this.tradeSeq,
          makerOrderId: maker.id,
          takerOrderId: c.id,
          price: level.price,
          quantity: q,
          takerSide: c.side,
          makerOwner: maker.owner,
          takerOwner: c.owner,
          time: c.time,
        });
        makers.push(stateOf(maker));
        const next = maker.next;
        if (maker.remaining === 0) this.unlink(maker, level);
        maker = next;
      }
      if (level.head === null) opposite.remove(level);
    }
    let order: OrderState;
    if (selfTrade) {
      order = stateOf(taker, 'selfTrade');
    } else if (taker.remaining > 0 && c.kind === 'market') {
      order = stateOf(taker, 'market');
    } else {
      if (taker.remaining > 0) this.rest(taker);
      order = stateOf(taker);
    }
    const accepted: Accepted = { ok: true, fills, order, depth: this.depthChanges(), makers };
    return accepted;
  }

  private rest(node: OrderNode): void {
    const level = (node.side === 'buy' ? this.bids : this.asks).level(node.price);
    this.touch(level);
    node.level = level;
    node.prev = level.tail;
    if (level.tail) level.tail.next = node;
    else level.head = node;
    level.tail = node;
    level.total += node.remaining;
    this.orders.set(node.id, node);
  }

  private cancel(c: CancelCommand): Result {
    const node = this.orders.get(c.id);
    if (!node) return { ok: false, error: `Order ${c.id} is not open in this book` };
    this.stamp++;
    const level = node.level as Level;
    this.touch(level);
    level.total -= node.remaining;
    this.unlink(node, level);
    if (level.head === null) (node.side === 'buy' ? this.bids : this.asks).remove(level);
    return { ok: true, fills: [], order: stateOf(node, 'user'), depth: this.depthChanges(), makers: [] };
  }
}

/** The first index of the ascending `keys` whose key is not below `k` (`keys.length` when none is). */
function lowerBound(keys: readonly number[], k: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

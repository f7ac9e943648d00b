/**
 * The matching engine's vocabulary (MATCH-1). Prices are integer ticks and quantities integer lots, both safe
 * integers (`Number.isSafeInteger`, > 0); `units.ts` converts them from and to decimal strings at the edge.
 * Order ids and owners are safe integers chosen by the caller; times come in with the commands.
 */

export type Side = 'buy' | 'sell';
export type OrderKind = 'limit' | 'market';
export type OrderStatus = 'open' | 'partiallyFilled' | 'filled' | 'cancelled';
/** Why an order was cancelled: by its owner (MATCH-6), the unfilled rest of a market order (MATCH-4), self-trade (MATCH-5). */
export type CancelReason = 'user' | 'market' | 'selfTrade';

export interface PlaceCommand {
  type: 'place';
  /** Unique per book for the book's lifetime (the caller's order id). */
  id: number;
  /** Who owns the order: two orders of one owner never trade with each other (MATCH-5). */
  owner: number;
  /**
   * The self-trade group (MATCH-5): two orders of one group never trade with each other. Absent: the owner. The
   * server gives a user's spot and futures orders (two owners) the user's id as their one group (CORE-7).
   */
  group?: number;
  side: Side;
  kind: OrderKind;
  /** Limit price in ticks; for a market order, its protection limit: the worst price it may trade at (MATCH-4). */
  price: number;
  /** Quantity in lots. */
  quantity: number;
  /** The caller's time (ms); copied onto the fills, never read from a clock. */
  time: number;
}

export interface CancelCommand {
  type: 'cancel';
  id: number;
  time: number;
}

export type Command = PlaceCommand | CancelCommand;

export interface Fill {
  /** The book's trade sequence: 1, 2, 3, ... in the order the fills happened. */
  seq: number;
  makerOrderId: number;
  takerOrderId: number;
  /** The maker's price (ticks). */
  price: number;
  quantity: number;
  /** The taker's side (the maker's is the other one). */
  takerSide: Side;
  makerOwner: number;
  takerOwner: number;
  time: number;
}

export interface OrderState {
  id: number;
  owner: number;
  side: Side;
  kind: OrderKind;
  price: number;
  /** The original quantity. */
  quantity: number;
  filled: number;
  /** quantity - filled: still resting when open, what was left unfilled when cancelled, 0 when filled. */
  remaining: number;
  status: OrderStatus;
  cancelReason?: CancelReason;
}

/** A price level's new total after a command; total 0 means the level is gone. */
export interface DepthChange {
  side: Side;
  price: number;
  total: number;
}

export interface Accepted {
  ok: true;
  fills: Fill[];
  /** The placed or cancelled order, after the command. */
  order: OrderState;
  /** Each touched level once, in the order first touched, with its total after the command. */
  depth: DepthChange[];
  /** Every maker order the command traded with, once each in fill order, in its state after the command. */
  makers: OrderState[];
}

export interface Refused {
  ok: false;
  /** A sentence naming what was wrong; the book is unchanged. */
  error: string;
}

export type Result = Accepted | Refused;

/** Best first, each [price, total] (ticks, lots). */
export interface DepthSnapshot {
  bids: [number, number][];
  asks: [number, number][];
}

/**
 * A book's whole state (CORE-4): every resting order in priority order (bids best level first, each level oldest
 * first, then asks the same way) as [id, owner, group, side, kind, price, quantity, remaining], with the last
 * accepted id and the trade sequence. `OrderBook.fromState(book.state())` is the same book.
 */
export interface BookState {
  lastId: number;
  tradeSeq: number;
  orders: [number, number, number, Side, OrderKind, number, number, number][];
}

/** What both books (the real one and the test's reference) offer. */
export interface Book {
  apply(command: Command): Result;
  depth(limit?: number): DepthSnapshot;
  /** An open order's state, or undefined. */
  order(id: number): OrderState | undefined;
  bestBid(): number | undefined;
  bestAsk(): number | undefined;
}

/**
 * The bus's subjects (BUS-1 in docs/spec/server.md): what the core publishes when `NATS_URL` is set, for socket
 * gateways to fan out. One subject per symbol and channel, and one per user and private stream; each subject
 * carries its own sequence (BUS-2).
 *
 *   ox.md.<symbol>.trade    a tick's trades of one symbol (Trade[], oldest first)
 *   ox.md.<symbol>.kline    the live candle of every interval after that tick (Record<interval, Candle>)
 *   ox.md.<symbol>.detail   the 24 h ticker after that tick (PriceInfo)
 *   ox.md.<symbol>.depth    one delta of the symbol's book (DepthBook, with the book's own seq)
 *   ox.md.<symbol>.mark     one mark tick (MarkTick: mark, index, basis)
 *   ox.user.<id>.owncoin    the user's balances after a change (BalanceRow[])
 *   ox.user.<id>.status     an order's or a request's new status ({ kind, id, status })
 *   ox.user.<id>.settlement a settled contract or option (SettlementData)
 *   ox.user.<id>.position   the user's open positions, with the event that changed them
 *   ox.session.end          a session ended (below)
 */
import type { Candle, KlineInterval, PriceInfo } from '../../../src/shared/protocol';
import type { MarkTick } from '../../../src/shared/schemas/futures';

export const SUBJECT_ROOT = 'ox';

/**
 * A session ended (BUS-6): `{ u, s }` for one session, `{ u, keep }` for all of a user's but one, `{ u }` for all;
 * `s` and `keep` are session ids (tickets.ts), never tokens.
 */
export const SESSION_END_SUBJECT = `${SUBJECT_ROOT}.session.end`;

/**
 * Requests a gateway makes of the core (BUS-7): the market's state now (`{ symbols?: string[] }`: those symbols'
 * state only, BUS-14; without it every symbol's), and one book's whole depth.
 */
export const RPC_MARKET = `${SUBJECT_ROOT}.rpc.market`;
export const RPC_DEPTH = `${SUBJECT_ROOT}.rpc.depth`;
/** A private stream's first state, for a socket ticket (BUS-8): `{ ticket, stream }` -> `{ d }` or `{ error }`. */
export const RPC_ACCOUNT = `${SUBJECT_ROOT}.rpc.account`;

/** The market's state a gateway starts from (RPC_MARKET). */
export interface MarketState {
  epoch: string;
  symbols: string[];
  /** Symbols with a book (DEPTH). */
  books: string[];
  tickers: Record<string, PriceInfo>;
  candles: Record<string, Partial<Record<KlineInterval, Candle>>>;
  marks: Record<string, MarkTick>;
  /**
   * The last sequence published on each market subject of the symbols answered (BUS-14): a gateway that holds a
   * subject from now on drops the messages it already has in this state (seq at most this) and applies the rest.
   */
  seqs?: Record<string, number>;
}

export const MARKET_CHANNELS = ['trade', 'kline', 'detail', 'depth', 'mark'] as const;
export type MarketChannel = (typeof MARKET_CHANNELS)[number];

export const USER_STREAMS = ['owncoin', 'status', 'settlement', 'position'] as const;
export type UserStream = (typeof USER_STREAMS)[number];

/** Symbols are pair codes (`btcusdt`); a token outside [a-z0-9] would split or widen a subject. */
const TOKEN = /^[a-z0-9]{1,32}$/;

/** Whether `symbol` can be carried in a subject (a symbol that cannot has no market subjects). */
export function subjectToken(symbol: string): boolean {
  return TOKEN.test(symbol);
}

export function marketSubject(symbol: string, channel: MarketChannel): string {
  if (!TOKEN.test(symbol)) throw new Error(`not a symbol a subject can carry: ${JSON.stringify(symbol)}`);
  return `${SUBJECT_ROOT}.md.${symbol}.${channel}`;
}

export function userSubject(userId: number, stream: UserStream): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error(`not a user id: ${userId}`);
  return `${SUBJECT_ROOT}.user.${userId}.${stream}`;
}

/** Every market channel of one symbol (a gateway's subscription for a symbol with interest). */
export function symbolWildcard(symbol: string): string {
  return `${marketSubject(symbol, 'trade').slice(0, -'.trade'.length)}.*`;
}

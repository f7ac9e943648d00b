/**
 * The private streams of the socket (LIVE-1..4): OWNCOIN (every balance of the user, sent after the ACK and
 * after every change), USER_STATUS (a deposit, withdrawal or second contract changed state), SETTLEMENT (a
 * second contract settled: result, close price, payout) and POSITION (every open futures position of the user,
 * sent after the ACK and after every change, with what happened when it is worth telling). A subscription carries the session
 * token in the message, never in the URL; the token is checked on subscribe and again before every push, so a
 * session that ended (sign-out, expiry) stops receiving at once and is told with an UNAUTHORIZED error.
 */
import type { BalanceRow } from '../../../src/shared/protocol';
import type { Position } from '../../../src/shared/schemas/futures';
import type { PositionEvent, UserEvents } from '../events/userEvents';
import type { Connection, Body } from './connection';
import { isTicket, verifyTicket } from '../bus/tickets';
import { errorBody, ownCoinBody, positionBody, settlementBody, userStatusBody } from './frames';

export interface AccountSource {
  /** The user of a live session token, or undefined. */
  userOfToken(token: string): number | undefined;
  balances(userId: number): BalanceRow[];
  /** The user's open futures positions (LIVE-4; the futures service provides them). */
  positions(userId: number): Position[];
}

/** What the socket hub asks of the private streams: the core's (below) or a gateway's (BUS-8). */
export interface PrivateStreams {
  /** Told when a stream was stopped from this side (the session ended): the hub unregisters it. */
  onEnded: (conn: Connection, type: PrivateType) => void;
  /** Subscribes; returns the refusal (said in an UNAUTHORIZED error) when the credential is not good. */
  subscribe(conn: Connection, type: PrivateType, credential: string): string | undefined;
  /** Sends the state right after the ACK (balances, positions). */
  initial(conn: Connection, type: PrivateType): void;
  unsubscribe(conn: Connection, type: PrivateType): void;
  remove(conn: Connection): void;
  stop(): void;
}

/** A session that ended, by session id (BUS-6): `s` one, `keep` all of the user's but that one, neither: all. */
export interface SessionEnded {
  u: number;
  s?: string;
  keep?: string;
}

/** Whether a subscription bound to session `sid` of user `u` is ended by `e`. */
export function endsSession(e: SessionEnded, u: number, sid: string): boolean {
  if (e.u !== u) return false;
  if (e.s !== undefined) return e.s === sid;
  if (e.keep !== undefined) return e.keep !== sid;
  return true;
}

/** The UNAUTHORIZED error of a stream whose session ended (the core's and a gateway's alike). */
export const sessionEndedBody = (type: PrivateType) =>
  errorBody('UNAUTHORIZED', `${type} stopped: the session has ended, sign in again`);

export type PrivateType = 'OWNCOIN' | 'USER_STATUS' | 'SETTLEMENT' | 'POSITION';
const PRIVATE_TYPES: readonly string[] = ['OWNCOIN', 'USER_STATUS', 'SETTLEMENT', 'POSITION'] satisfies PrivateType[];

/** Whether a stream type is private (subscribed with the session token). */
export function isPrivateType(type: string): type is PrivateType {
  return PRIVATE_TYPES.includes(type);
}

interface Held {
  userId: number;
  /** A session token, checked again before each push. */
  token?: string;
  /** Or the session a ticket named (BUS-8): ended by endSession. */
  sid?: string;
}

export class AccountStreams implements PrivateStreams {
  /** userId -> type -> connections. */
  private readonly byUser = new Map<number, Map<PrivateType, Set<Connection>>>();
  /** What each connection holds, per type. */
  private readonly held = new Map<Connection, Map<PrivateType, Held>>();
  private readonly offs: (() => void)[] = [];

  /** Told when a push found the session over and dropped the subscription (the hub unregisters it). */
  onEnded: (conn: Connection, type: PrivateType) => void = () => undefined;

  constructor(
    private readonly source: AccountSource,
    private readonly now: () => number,
    /** Runs a push once what it tells of has committed (the trading core's afterCommit, CORE-2); default: at once. */
    private readonly later: (fn: () => void) => void = (fn) => fn(),
    /** GATEWAY_SECRET: socket tickets are taken too (BUS-8). */
    private readonly ticketSecret?: string,
  ) {}

  /** Listens to the events; returns nothing (stop() detaches). */
  attach(events: UserEvents): void {
    const later = this.later;
    this.offs.push(events.onBalances((userId) => later(() => this.pushBalances(userId))));
    this.offs.push(
      events.onStatus((userId, e) =>
        later(() =>
          this.push(userId, 'USER_STATUS', () => userStatusBody({ kind: e.kind, id: e.id, status: e.status })),
        ),
      ),
    );
    this.offs.push(
      events.onSettlement((userId, d) => later(() => this.push(userId, 'SETTLEMENT', () => settlementBody(d)))),
    );
    this.offs.push(events.onPositions((userId, e) => later(() => this.pushPositions(userId, e))));
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
  }

  /** Subscribes; returns an error message when the token is not a live session. */
  subscribe(conn: Connection, type: PrivateType, token: string): string | undefined {
    let held: Held;
    if (this.ticketSecret && isTicket(token)) {
      const v = verifyTicket(this.ticketSecret, token, this.now());
      if (!v.ok) return v.reason;
      held = { userId: v.claims.u, sid: v.claims.s };
    } else {
      const userId = this.source.userOfToken(token);
      if (userId === undefined) return 'Sign in again: the session token is not valid';
      held = { userId, token };
    }
    const userId = held.userId;
    this.drop(conn, type);
    let types = this.held.get(conn);
    if (!types) this.held.set(conn, (types = new Map()));
    types.set(type, held);
    let byType = this.byUser.get(userId);
    if (!byType) this.byUser.set(userId, (byType = new Map()));
    let set = byType.get(type);
    if (!set) byType.set(type, (set = new Set()));
    set.add(conn);
    return undefined;
  }

  /**
   * The state right after the ACK: the balances for OWNCOIN, the open positions for POSITION (USER_STATUS and
   * SETTLEMENT have no state).
   */
  initial(conn: Connection, type: PrivateType): void {
    const h = this.held.get(conn)?.get(type);
    if (h && type === 'OWNCOIN') conn.send(ownCoinBody(this.source.balances(h.userId)), this.now(), true);
    if (h && type === 'POSITION') conn.send(positionBody(this.source.positions(h.userId)), this.now(), true);
  }

  unsubscribe(conn: Connection, type: PrivateType): void {
    this.drop(conn, type);
  }

  /** A closed connection lets go of everything. */
  remove(conn: Connection): void {
    for (const t of PRIVATE_TYPES) this.drop(conn, t as PrivateType);
  }

  /** BUS-8: a session ended: the streams its tickets opened stop, with the same error as a failed token check. */
  endSession(e: SessionEnded): void {
    const byType = this.byUser.get(e.u);
    if (!byType) return;
    const ts = this.now();
    for (const [type, set] of [...byType]) {
      for (const conn of [...set]) {
        const h = this.held.get(conn)?.get(type);
        if (!h?.sid || !endsSession(e, h.userId, h.sid)) continue;
        this.drop(conn, type);
        this.onEnded(conn, type);
        conn.send(sessionEndedBody(type), ts, true);
      }
    }
  }

  private drop(conn: Connection, type: PrivateType): void {
    const types = this.held.get(conn);
    const h = types?.get(type);
    if (!types || !h) return;
    types.delete(type);
    if (types.size === 0) this.held.delete(conn);
    const byType = this.byUser.get(h.userId);
    const set = byType?.get(type);
    set?.delete(conn);
    if (set && set.size === 0) byType!.delete(type);
    if (byType && byType.size === 0) this.byUser.delete(h.userId);
  }

  private pushBalances(userId: number): void {
    let rows: BalanceRow[] | undefined;
    this.push(userId, 'OWNCOIN', () => ownCoinBody((rows ??= this.source.balances(userId))));
  }

  /** LIVE-4: every open position of the user (read once for all their connections), with the event. */
  private pushPositions(userId: number, event: PositionEvent | undefined): void {
    this.push(userId, 'POSITION', () => positionBody(this.source.positions(userId), event));
  }

  /** Sends to every connection of `userId` holding `type`, after checking its token is still a session. */
  private push(userId: number, type: PrivateType, make: () => Body): void {
    const set = this.byUser.get(userId)?.get(type);
    if (!set || set.size === 0) return;
    let b: Body | undefined;
    const ts = this.now();
    for (const conn of [...set]) {
      const h = this.held.get(conn)?.get(type);
      if (!h) continue;
      if (conn.closed) {
        this.remove(conn);
        continue;
      }
      if (h.token !== undefined && this.source.userOfToken(h.token) !== userId) {
        this.drop(conn, type);
        this.onEnded(conn, type);
        conn.send(sessionEndedBody(type), ts, true);
        continue;
      }
      conn.send((b ??= make()), ts, true);
    }
  }
}

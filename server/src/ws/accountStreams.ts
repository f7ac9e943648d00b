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
import { errorBody, ownCoinBody, positionBody, settlementBody, userStatusBody } from './frames';

export interface AccountSource {
  /** The user of a live session token, or undefined. */
  userOfToken(token: string): number | undefined;
  balances(userId: number): BalanceRow[];
  /** The user's open futures positions (LIVE-4; the futures service provides them). */
  positions(userId: number): Position[];
}

export type PrivateType = 'OWNCOIN' | 'USER_STATUS' | 'SETTLEMENT' | 'POSITION';
const PRIVATE_TYPES: readonly string[] = ['OWNCOIN', 'USER_STATUS', 'SETTLEMENT', 'POSITION'] satisfies PrivateType[];

/** Whether a stream type is private (subscribed with the session token). */
export function isPrivateType(type: string): type is PrivateType {
  return PRIVATE_TYPES.includes(type);
}

interface Held {
  userId: number;
  token: string;
}

export class AccountStreams {
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
    const userId = this.source.userOfToken(token);
    if (userId === undefined) return 'Sign in again: the session token is not valid';
    this.drop(conn, type);
    let types = this.held.get(conn);
    if (!types) this.held.set(conn, (types = new Map()));
    types.set(type, { userId, token });
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
      if (this.source.userOfToken(h.token) !== userId) {
        this.drop(conn, type);
        this.onEnded(conn, type);
        conn.send(errorBody('UNAUTHORIZED', `${type} stopped: the session has ended, sign in again`), ts, true);
        continue;
      }
      conn.send((b ??= make()), ts, true);
    }
  }
}

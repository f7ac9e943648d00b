/**
 * A gateway's private streams (BUS-8): OWNCOIN, USER_STATUS, SETTLEMENT and POSITION for a socket ticket (BUS-5),
 * checked here alone (no database). While a socket holds a stream the gateway holds that user's subject
 * (`ox.user.<id>.<stream>`, by interest, BUS-9) and passes each message on as the core's hub would push it. The
 * first state after the ACK (balances, positions) is asked of the core (`ox.rpc.account`, with the ticket); a
 * message pushed meanwhile is newer, so the answer is then dropped. When the core publishes that the ticket's
 * session ended (`ox.session.end`, BUS-6), the stream stops with the same UNAUTHORIZED error the core sends.
 */
import type { BalanceRow } from '../../../src/shared/protocol';
import type { Position } from '../../../src/shared/schemas/futures';
import { decodeJson, decodeMessage, encodeJson, type BusClient } from '../bus/publisher';
import { RPC_ACCOUNT, SESSION_END_SUBJECT, userSubject, type UserStream } from '../bus/subjects';
import { verifyTicket } from '../bus/tickets';
import type { PositionEvent } from '../events/userEvents';
import {
  endsSession,
  sessionEndedBody,
  type PrivateStreams,
  type PrivateType,
  type SessionEnded,
} from '../ws/accountStreams';
import type { Body, Connection } from '../ws/connection';
import { ownCoinBody, positionBody, settlementBody, userStatusBody } from '../ws/frames';
import type { Interest } from './interest';

const STREAM_OF: Record<PrivateType, UserStream> = {
  OWNCOIN: 'owncoin',
  USER_STATUS: 'status',
  SETTLEMENT: 'settlement',
  POSITION: 'position',
};
const TYPE_OF = Object.fromEntries(Object.entries(STREAM_OF).map(([t, s]) => [s, t])) as Record<
  UserStream,
  PrivateType
>;
const RPC_TIMEOUT_MS = 5_000;

interface Held {
  userId: number;
  sid: string;
  ticket: string;
  subject: string;
  release: () => void;
}

export interface PrivateLog {
  warn(obj: object, msg?: string): void;
}

function bodyOf(type: PrivateType, d: unknown): Body {
  switch (type) {
    case 'OWNCOIN':
      return ownCoinBody(d as BalanceRow[]);
    case 'USER_STATUS':
      return userStatusBody(d as Parameters<typeof userStatusBody>[0]);
    case 'SETTLEMENT':
      return settlementBody(d as Parameters<typeof settlementBody>[0]);
    case 'POSITION': {
      const p = d as { positions: Position[]; event: PositionEvent | null };
      return positionBody(p.positions, p.event ?? undefined);
    }
  }
}

export class GatewayPrivateStreams implements PrivateStreams {
  /** subject -> connections holding it. */
  private readonly bySubject = new Map<string, Set<Connection>>();
  private readonly held = new Map<Connection, Map<PrivateType, Held>>();
  /** Messages received per subject (an initial state asked before a newer push is dropped). */
  private readonly received = new Map<string, number>();
  private offEnd: (() => void) | undefined;
  /** Pushed messages, refused tickets, sessions ended, initial states dropped as older than a push, resyncs. */
  readonly stats = { pushed: 0, refused: 0, ended: 0, staleInitial: 0, resyncs: 0 };

  onEnded: (conn: Connection, type: PrivateType) => void = () => undefined;

  constructor(
    private readonly bus: BusClient,
    private readonly interest: Interest,
    private readonly secret: string,
    private readonly now: () => number,
    private readonly log: PrivateLog,
  ) {
    this.offEnd = bus.subscribe(SESSION_END_SUBJECT, (_s, payload) => {
      try {
        this.endSession(decodeMessage<SessionEnded>(payload).d);
      } catch (err) {
        this.log.warn({ event: 'gateway_session_end_bad', err });
      }
    });
  }

  /** A message on a user's subject (routed here by the gateway's interest). */
  onMessage(subject: string, payload: Uint8Array): void {
    this.received.set(subject, (this.received.get(subject) ?? 0) + 1);
    const set = this.bySubject.get(subject);
    if (!set || set.size === 0) return;
    const type = TYPE_OF[subject.slice(subject.lastIndexOf('.') + 1) as UserStream];
    if (!type) return;
    const b = bodyOf(type, decodeMessage(payload).d);
    const ts = this.now();
    for (const conn of [...set]) {
      if (conn.closed) {
        this.remove(conn);
        continue;
      }
      conn.send(b, ts, true);
      this.stats.pushed++;
    }
  }

  subscribe(conn: Connection, type: PrivateType, credential: string): string | undefined {
    const v = verifyTicket(this.secret, credential, this.now());
    if (!v.ok) {
      this.stats.refused++;
      return v.reason;
    }
    this.drop(conn, type);
    const subject = userSubject(v.claims.u, STREAM_OF[type]);
    const h: Held = {
      userId: v.claims.u,
      sid: v.claims.s,
      ticket: credential,
      subject,
      release: this.interest.acquire(subject),
    };
    let types = this.held.get(conn);
    if (!types) this.held.set(conn, (types = new Map()));
    types.set(type, h);
    let set = this.bySubject.get(subject);
    if (!set) this.bySubject.set(subject, (set = new Set()));
    set.add(conn);
    return undefined;
  }

  initial(conn: Connection, type: PrivateType): void {
    void this.askState(conn, type).catch((err) => this.log.warn({ event: 'gateway_account_state_failed', type, err }));
  }

  /**
   * After the bus came back (BUS-11): every held stream is checked with the core, since what it published while
   * the gateway was away (a balance, a session's end) is lost to it: a session that ended meanwhile stops its
   * streams as a published end would; balances and positions get their state again, as after the ACK. Rejects
   * when a request failed (the caller tries again).
   */
  async resync(): Promise<void> {
    const asks: Promise<void>[] = [];
    for (const [conn, types] of this.held) for (const type of types.keys()) asks.push(this.askState(conn, type, true));
    await Promise.all(asks);
    this.stats.resyncs++;
  }

  private async askState(conn: Connection, type: PrivateType, resync = false): Promise<void> {
    if (!resync && type !== 'OWNCOIN' && type !== 'POSITION') return;
    const h = this.held.get(conn)?.get(type);
    if (!h) return;
    const before = this.received.get(h.subject) ?? 0;
    const req = encodeJson({ ticket: h.ticket, stream: STREAM_OF[type], ...(resync ? { resync } : {}) });
    const payload = await this.bus.request(RPC_ACCOUNT, req, RPC_TIMEOUT_MS);
    if (this.held.get(conn)?.get(type) !== h || conn.closed) return;
    const a = decodeJson<{ d?: unknown; error?: string; ended?: boolean }>(payload);
    if (a.ended) {
      this.drop(conn, type);
      this.onEnded(conn, type);
      conn.send(sessionEndedBody(type), this.now(), true);
      this.stats.ended++;
      return;
    }
    if ((this.received.get(h.subject) ?? 0) !== before) {
      this.stats.staleInitial++;
      return;
    }
    if (a.error !== undefined || a.d === undefined) return;
    conn.send(bodyOf(type, a.d), this.now(), true);
  }

  unsubscribe(conn: Connection, type: PrivateType): void {
    this.drop(conn, type);
  }

  remove(conn: Connection): void {
    const types = this.held.get(conn);
    if (types) for (const t of [...types.keys()]) this.drop(conn, t);
  }

  stop(): void {
    this.offEnd?.();
    this.offEnd = undefined;
    for (const conn of [...this.held.keys()]) this.remove(conn);
  }

  /** The session ended (BUS-6): every stream its tickets opened here stops. */
  endSession(e: SessionEnded): void {
    const ts = this.now();
    for (const [conn, types] of [...this.held]) {
      for (const [type, h] of [...types]) {
        if (!endsSession(e, h.userId, h.sid)) continue;
        this.drop(conn, type);
        this.onEnded(conn, type);
        conn.send(sessionEndedBody(type), ts, true);
        this.stats.ended++;
      }
    }
  }

  private drop(conn: Connection, type: PrivateType): void {
    const types = this.held.get(conn);
    const h = types?.get(type);
    if (!types || !h) return;
    types.delete(type);
    if (types.size === 0) this.held.delete(conn);
    const set = this.bySubject.get(h.subject);
    set?.delete(conn);
    if (set && set.size === 0) {
      this.bySubject.delete(h.subject);
      this.received.delete(h.subject);
    }
    h.release();
  }
}

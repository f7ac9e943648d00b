/**
 * The socket hub: connections, the subscription registry, market fan-out, heartbeats (spec 7.5; WS-4 to WS-16).
 *
 * Ordering guarantee (README "Socket protocol"): for each simulator tick and each symbol that traded, a
 * connection receives TRADE (the tick's batch, oldest first), then KLINE for each interval it subscribed (the
 * live candle, which already contains the batch), then DETAIL, whose `close` equals the price of the last
 * trade in the batch. Each body is serialized once per tick, whatever the number of subscribers.
 *
 * DEPTH (DEPTH-3..6): after the ACK a snapshot of the book (at most DEPTH_SNAPSHOT_LEVELS a side) at the book's
 * depth seq, then each delta the books deliver (at most one per symbol per simulator step, plus one per user
 * order or cancel), fanned out like TRADE and dropped like it for a backed-up socket (the seq gap tells the client).
 *
 * MARK (LIVE-5): after the ACK the symbol's current mark tick, if it has one; then one frame per mark update
 * (ctx.marks.onMark), serialized once per symbol for its subscribers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  HEARTBEAT_INTERVAL_MS,
  STREAM_TYPES,
  subscriptionKey,
  type ClientFrame,
  type Trade,
} from '../../../src/shared/protocol';
import type { MarkTick } from '../../../src/shared/schemas/futures';
import type { DepthBook, Market, MarketBooks, Marks } from '../context';
import { DEPTH_SNAPSHOT_LEVELS } from '../market/books';
import type { Metrics } from '../metrics';
import type { Clock, TimerHandle, Timers } from '../time/clock';
import { Connection, type Body } from './connection';
import {
  ackBody,
  depthBody,
  detailBody,
  errorBody,
  heartbeatBody,
  klineBody,
  markBody,
  symbolKeys,
  tradeBody,
} from './frames';
import { isPrivateType, type PrivateStreams } from './accountStreams';
import { parseInbound } from './inbound';

/** Subscriptions one connection may hold (50 symbols x 10 streams fits with room to spare). */
export const MAX_SUBSCRIPTIONS = 2_000;
/** Protocol-level ping; a connection that did not answer the previous one is terminated. */
export const PING_INTERVAL_MS = 30_000;

type Reason = 'BAD_JSON' | 'BAD_FRAME' | 'TOO_LARGE' | 'THROTTLED' | 'NOT_AVAILABLE' | 'LIMIT' | 'UNAUTHORIZED';

/** Timer periods, replaceable in tests. */
export interface HubTimings {
  heartbeatMs: number;
  pingMs: number;
}
export const DEFAULT_TIMINGS: HubTimings = { heartbeatMs: HEARTBEAT_INTERVAL_MS, pingMs: PING_INTERVAL_MS };

/** The close frame of a stopping server (SAFE-25): 1012 service restart, which the app treats as "reconnect". */
export const SHUTDOWN_CLOSE = { code: 1012, reason: 'server restarting' } as const;

/** What the hub reads of the market: the core's own, or a gateway's mirror of the bus (BUS-7). */
export type HubMarket = Pick<Market, 'has' | 'ticker' | 'history' | 'onTrades'> & {
  books: Pick<MarketBooks, 'has' | 'depth' | 'onDepth'>;
};
/** What the hub reads of the marks. */
export type HubMarks = Pick<Marks, 'current' | 'onMark'>;

/** The public market streams, each of one symbol. */
export type MarketStreamType = 'DETAIL' | 'KLINE' | 'TRADE' | 'DEPTH' | 'MARK';

/**
 * A market held by the interest of the hub's sockets (a gateway's mirror, BUS-14); the core's own market has none.
 * `hold` runs when a stream's key gets its first subscriber and its release when the last one lets go; `defer`
 * answers true when the stream's first frame (ticker, live candle, book, mark) cannot be read yet: `then` runs once
 * it can, before any later live frame of that stream.
 */
export interface HubInterest {
  hold(type: MarketStreamType, symbol: string): () => void;
  defer(type: MarketStreamType, symbol: string, then: () => void): boolean;
}

export class Hub {
  readonly conns = new Set<Connection>();
  private readonly subs = new Map<string, Set<Connection>>();
  private running: TimerHandle[] = [];
  private offTrades: (() => void) | undefined;
  private offDepth: (() => void) | undefined;
  private offMarks: (() => void) | undefined;
  /** Releases of the keys held by the market's interest (BUS-14), one per key with subscribers. */
  private readonly holds = new Map<string, () => void>();

  constructor(
    private readonly market: HubMarket,
    private readonly metrics: Metrics,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    private readonly timers: Timers,
    private readonly timings: HubTimings = DEFAULT_TIMINGS,
    /** The private streams (OWNCOIN, USER_STATUS, SETTLEMENT, POSITION); without them those subscriptions are NOT_AVAILABLE. */
    private readonly accounts?: PrivateStreams,
    /** The mark prices (LIVE-5); without them MARK subscriptions are NOT_AVAILABLE. */
    private readonly marks?: HubMarks,
    /** A gateway's mirror: told which market streams its sockets want (BUS-14). */
    private readonly interest?: HubInterest,
  ) {
    if (accounts) {
      accounts.onEnded = (conn, type) => {
        if (conn.subs.delete(type)) this.unregister(conn, type);
      };
    }
    // Counters show 0 from the first scrape rather than appearing with the first frame.
    for (const c of [metrics.wsFramesSent, metrics.wsBytesSent, metrics.wsFramesReceived, metrics.wsFramesRejected])
      c.inc(undefined, 0);
    for (const type of STREAM_TYPES) metrics.wsSubscriptions.inc({ type }, 0);
  }

  start(): void {
    this.offTrades ??= this.market.onTrades((s, t) => this.onTrades(s, t));
    this.offDepth ??= this.market.books.onDepth((s, d) => this.onDepth(s, d));
    this.offMarks ??= this.marks?.onMark((ticks) => this.onMarks(ticks));
    if (this.running.length) return;
    this.running.push(this.timers.every(this.timings.heartbeatMs, () => this.heartbeat()));
    this.running.push(this.timers.every(this.timings.pingMs, () => this.ping()));
  }

  stop(): void {
    this.offTrades?.();
    this.offTrades = undefined;
    this.offDepth?.();
    this.offDepth = undefined;
    this.offMarks?.();
    this.offMarks = undefined;
    for (const t of this.running) t.cancel();
    this.running = [];
  }

  // ------------------------------------------------------------------ connections

  accept(ws: WebSocket, id: string, meta: Record<string, unknown>): Connection {
    const conn = new Connection(id, ws, this.metrics, this.clock.now());
    this.conns.add(conn);
    this.metrics.wsConnections.inc();
    this.log.info({ event: 'ws_open', conn: id, ...meta });
    ws.on('message', (data, isBinary) => {
      try {
        this.handle(conn, data as Buffer, isBinary);
      } catch (e) {
        this.log.error({ event: 'ws_handler_error', conn: id, err: e });
      }
    });
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('close', (code, reason) => this.remove(conn, code, reason.toString()));
    return conn;
  }

  private remove(conn: Connection, code: number, reason: string): void {
    if (conn.closed) return;
    conn.closed = true;
    this.conns.delete(conn);
    this.metrics.wsConnections.dec();
    for (const key of conn.subs) this.unregister(conn, key);
    this.accounts?.remove(conn);
    this.log.info({
      event: 'ws_close',
      conn: conn.id,
      code,
      reason,
      framesSent: conn.framesSent,
      framesSkipped: conn.skipped,
      rejected: conn.rejected,
      ms: this.clock.now() - conn.openedAt,
    });
  }

  private register(conn: Connection, key: string, type: string): void {
    conn.subs.add(key);
    let set = this.subs.get(key);
    if (!set) this.subs.set(key, (set = new Set()));
    set.add(conn);
    this.metrics.wsSubscriptions.inc({ type });
  }

  private unregister(conn: Connection, key: string): void {
    const set = this.subs.get(key);
    if (set?.delete(conn)) {
      this.metrics.wsSubscriptions.dec({ type: key.split(':')[0] });
      if (set.size === 0) {
        this.subs.delete(key);
        this.holds.get(key)?.();
        this.holds.delete(key);
      }
    }
  }

  // ------------------------------------------------------------------ inbound

  handle(conn: Connection, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    const now = this.clock.now();
    this.metrics.wsFramesReceived.inc();
    const r = parseInbound(data, isBinary);
    if (!r.ok) {
      conn.guard.rejected(now);
      this.reject(conn, r.reason, r.message, r.id, now);
    } else if (!conn.guard.allowControl(now)) {
      this.reject(conn, 'THROTTLED', 'Too many control messages: slow down', r.frame.id, now);
    } else if (r.frame.op === 'subscribe') {
      this.subscribe(conn, r.frame, now);
    } else {
      this.unsubscribe(conn, r.frame, now);
    }
    if (conn.guard.abusive && !conn.closed) conn.ws.close(1008, 'too many messages');
  }

  private reject(conn: Connection, reason: Reason, message: string, id: string | undefined, now: number): void {
    conn.rejected++;
    this.metrics.wsFramesRejected.inc();
    conn.send(errorBody(reason, message, id), now, true);
  }

  private ack(conn: Connection, op: ClientFrame['op'], key: string, id: string | undefined, now: number): void {
    conn.send(ackBody(op, key, id), now, false);
  }

  private keyOf(f: ClientFrame): string {
    return f.type === 'HEARTBEAT' ? 'HEARTBEAT' : subscriptionKey(f);
  }

  private subscribe(conn: Connection, f: ClientFrame, now: number): void {
    if (f.type === 'MARK' && !this.marks) {
      this.reject(conn, 'NOT_AVAILABLE', 'MARK is not served here', f.id, now);
      return;
    }
    const marketStream = f.type === 'DETAIL' || f.type === 'TRADE' || f.type === 'KLINE' || f.type === 'MARK';
    if ((marketStream && !this.market.has(f.symbol!)) || (f.type === 'DEPTH' && !this.market.books.has(f.symbol!))) {
      this.reject(
        conn,
        'NOT_AVAILABLE',
        `Unknown symbol: ${f.symbol} (symbols are listed pair codes like btcusdt)`,
        f.id,
        now,
      );
      return;
    }
    const privateType = isPrivateType(f.type) ? f.type : undefined;
    if (privateType) {
      if (!this.accounts) {
        this.reject(conn, 'NOT_AVAILABLE', `${f.type} is not served here`, f.id, now);
        return;
      }
      const refused = this.accounts.subscribe(conn, privateType, f.token ?? '');
      if (refused) {
        if (conn.subs.delete(privateType)) this.unregister(conn, privateType);
        this.reject(conn, 'UNAUTHORIZED', refused, f.id, now);
        return;
      }
    }
    const key = this.keyOf(f);
    if (!conn.subs.has(key)) {
      if (conn.subs.size >= MAX_SUBSCRIPTIONS) {
        this.reject(conn, 'LIMIT', `At most ${MAX_SUBSCRIPTIONS} subscriptions per connection`, f.id, now);
        return;
      }
      this.register(conn, key, f.type);
    }
    const stream = marketStream || f.type === 'DEPTH' ? (f.type as MarketStreamType) : undefined;
    if (stream && this.interest && !this.holds.has(key)) this.holds.set(key, this.interest.hold(stream, f.symbol!));
    this.ack(conn, 'subscribe', key, f.id, now);
    // The current state at once, so a new subscriber never waits for the next trade; on a gateway, once its mirror
    // has it (BUS-14).
    if (privateType) {
      this.accounts!.initial(conn, privateType);
    } else if (stream) {
      const later = () => {
        if (!conn.closed && conn.subs.has(key)) this.first(conn, f, this.clock.now());
      };
      if (!this.interest?.defer(stream, f.symbol!, later)) this.first(conn, f, now);
    }
  }

  /** A market stream's first frame after its ACK: the state now (TRADE has none). */
  private first(conn: Connection, f: ClientFrame, now: number): void {
    if (f.type === 'DETAIL') {
      const t = this.market.ticker(f.symbol!);
      if (t) conn.send(detailBody(f.symbol!, t), now, true);
    } else if (f.type === 'KLINE') {
      const c = this.market.history(f.symbol!, f.interval!, 1)[0];
      if (c) conn.send(klineBody(f.symbol!, f.interval!, c), now, true);
    } else if (f.type === 'DEPTH') {
      // DEPTH-4: the snapshot at the book's current seq; the next delta carries seq + 1.
      const d = this.market.books.depth(f.symbol!, DEPTH_SNAPSHOT_LEVELS);
      if (d) conn.send(depthBody(f.symbol!, d, true), now, true);
    } else if (f.type === 'MARK') {
      // LIVE-5: the current mark at once; a pair that has not traded yet has none until its first trade.
      const m = this.marks!.current(f.symbol!);
      if (m) conn.send(markBody(m), now, true);
    }
  }

  private unsubscribe(conn: Connection, f: ClientFrame, now: number): void {
    const key = this.keyOf(f);
    if (conn.subs.delete(key)) this.unregister(conn, key);
    if (isPrivateType(f.type)) this.accounts?.unsubscribe(conn, f.type);
    this.ack(conn, 'unsubscribe', key, f.id, now);
  }

  // ------------------------------------------------------------------ outbound

  private fanOut(set: Set<Connection> | undefined, make: () => Body | undefined, ts: number): void {
    if (!set || set.size === 0) return;
    const b = make();
    if (!b) return;
    for (const c of set) c.send(b, ts, true);
  }

  /** One simulator tick's trades of one symbol: TRADE, then KLINE per subscribed interval, then DETAIL. */
  onTrades(symbol: string, trades: Trade[]): void {
    if (this.conns.size === 0) return;
    const ts = this.clock.now();
    const k = symbolKeys(symbol);
    // A gateway's tick may come without its trades (its TRADE subject held after the tick's trades went by).
    if (trades.length > 0) this.fanOut(this.subs.get(k.trade), () => tradeBody(symbol, trades), ts);
    for (const [iv, key] of k.kline) {
      this.fanOut(
        this.subs.get(key),
        () => {
          const c = this.market.history(symbol, iv, 1)[0];
          return c && klineBody(symbol, iv, c);
        },
        ts,
      );
    }
    this.fanOut(
      this.subs.get(k.detail),
      () => {
        const t = this.market.ticker(symbol);
        return t && detailBody(symbol, t);
      },
      ts,
    );
  }

  /** One delta of one book (DEPTH-5): serialized once, sent to that symbol's DEPTH subscribers. */
  onDepth(symbol: string, delta: DepthBook): void {
    if (this.conns.size === 0) return;
    this.fanOut(this.subs.get(symbolKeys(symbol).depth), () => depthBody(symbol, delta, false), this.clock.now());
  }

  /** One mark update (LIVE-5): each symbol's tick serialized once, sent to that symbol's MARK subscribers. */
  onMarks(ticks: readonly MarkTick[]): void {
    if (this.conns.size === 0) return;
    const ts = this.clock.now();
    for (const t of ticks) this.fanOut(this.subs.get(symbolKeys(t.symbol).mark), () => markBody(t), ts);
  }

  heartbeat(): void {
    const ts = this.clock.now();
    this.fanOut(this.subs.get('HEARTBEAT'), () => heartbeatBody(ts), ts);
  }

  private ping(): void {
    const now = this.clock.now();
    for (const c of this.conns) {
      if (c.silenced(now)) continue;
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      try {
        c.ws.ping();
      } catch {
        /* closing */
      }
    }
  }

  // ------------------------------------------------------------------ operations

  /** Subscribers per key, e.g. { "DETAIL:btcusdt": 2 }. */
  subscriptionCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [k, s] of this.subs) out[k] = s.size;
    return out;
  }

  /**
   * Closes every socket with 1012 (service restart) "server restarting" and waits (at most `graceMs`) for them to
   * go (SAFE-25, WS-16): the app reconnects after its delay, to this server once it is back or to another one.
   */
  async closeAll(graceMs = 2_000): Promise<void> {
    this.stop();
    const pending = [...this.conns].map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.ws.readyState === 3 /* CLOSED */) return resolve();
          const timer = this.timers.after(graceMs, () => {
            c.ws.terminate();
            resolve();
          });
          c.ws.once('close', () => {
            timer.cancel();
            resolve();
          });
          c.ws.close(SHUTDOWN_CLOSE.code, SHUTDOWN_CLOSE.reason);
        }),
    );
    await Promise.all(pending);
  }
}

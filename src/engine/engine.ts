/**
 * The market engine: wires the connection, the subscriptions, the stores and the seeding together
 * (ENG-1). One instance serves every tab of the origin (the host lives in src/workers).
 *
 * Topics and what they hold on the server:
 *   ticker:SYM        -> DETAIL:SYM (the server sends the current DETAIL on subscribe)
 *   trades:SYM        -> TRADE:SYM, seeded from REST recent trades
 *   klines:SYM:IV     -> TRADE:SYM (candles are built here, from trades) + KLINE:SYM:IV (the server's live
 *                        candle, used only as a checkpoint, see klineSeries.ts), seeded from REST history
 *   depth:SYM:P:A:G   -> DEPTH:SYM, one book per symbol for every grouping (depth.ts), resynced from REST
 *   mark:SYM          -> MARK:SYM (the server sends the current mark on subscribe), see positions.ts
 *   positions         -> POSITION with the session token, plus MARK:SYM for each open position's symbol;
 *                        figures at the marks computed when the view is asked for (positions.ts)
 * plus HEARTBEAT while any topic is held, so a silent socket is noticed (connection.ts).
 * Topics are reference counted with a grace period; when the last one goes, the socket closes.
 *
 * onChange listeners get a Set that is valid only during the call and must not be changed (prebuilt or
 * reused sets keep the hot path free of allocations): copy what you keep.
 *
 * Seeding happens on first use, on every socket (re)open and on a sequence gap. A seed asks REST only
 * once the server has confirmed the subscription on the current socket (ACK, or a first frame of that
 * key), so every trade is in the REST reply or on the socket.
 */
import { SettlementData, type KlineInterval } from '../shared/protocol';
import { CONNECTION_KEY, KLINE_CAPACITY, KLINE_SEED_LIMIT, RELEASE_GRACE_MS } from './constants';
import { Connection, connectionHealth } from './connection';
import { decodeFrame } from './decode';
import { ServerClock } from './serverClock';
import { applyDetail, applyKline, applyTrades, type FrameTarget } from './frameApply';
import { KlineSeries } from './klineSeries';
import { OlderKlines } from './olderKlines';
import { checkTopic } from './topicCheck';
import { closeStore, openStore, type SymbolState } from './symbolState';
import { RefRegistry } from './registry';
import { Seeder, type Seedable } from './seeding';
import { SequenceTracker } from './sequence';
import { ServerSubscriptions } from './subscriptions';
import { TickerStore } from './ticker';
import { TradesStore } from './trades';
import {
  topicKey,
  type EngineDeps,
  type EngineDiagnostics,
  type DepthTopic,
  type KlinePatch,
  type MarketEngine,
  type Topic,
} from './types';
import type { AccountView, DepthView, KlineView, MarkView, PositionsView, TickerView, TradesView } from './views';
import { ACCOUNT_KEY, ACCOUNT_STREAMS, AccountStore } from './account';
import { DepthStreams } from './depth';
import { FuturesStreams, POSITIONS_KEY } from './positions';

export interface EngineOptions {
  /** Candles kept per series (default KLINE_CAPACITY). */
  klineCapacity?: number;
  /** Candles asked from REST per seed (default KLINE_SEED_LIMIT). */
  seedLimit?: number;
  /** Grace period before a released topic is dropped (default RELEASE_GRACE_MS). */
  graceMs?: number;
}

interface TopicRecord {
  topic: Topic;
  releases: (() => void)[];
}

const CONNECTION_CHANGE: ReadonlySet<string> = new Set([CONNECTION_KEY]);
const ACCOUNT_CHANGE: ReadonlySet<string> = new Set([ACCOUNT_KEY]);
const SESSION_CHANGE: ReadonlySet<string> = new Set([ACCOUNT_KEY, POSITIONS_KEY]);

export function createMarketEngine(deps: EngineDeps, options: EngineOptions = {}): MarketEngine {
  return new Engine(deps, options);
}

class Engine implements MarketEngine {
  private readonly conn: Connection;
  private readonly subs: ServerSubscriptions;
  private readonly topics: RefRegistry;
  private readonly records = new Map<string, TopicRecord>();
  private readonly symbols = new Map<string, SymbolState>();
  /** What frames change: the stores, the version counter, the scratch set (frameApply.ts). */
  private readonly state: FrameTarget;
  /** Copied on change, so emitting iterates a plain array. */
  private listeners: ((keys: ReadonlySet<string>) => void)[] = [];
  private readonly seq = new SequenceTracker();
  /** The server's clock from the frames' ts (FX-6), read through diagnostics(), never pushed per frame. */
  private readonly serverClock = new ServerClock();
  private readonly capacity: number;
  private readonly seeder: Seeder;
  private readonly older: OlderKlines;
  /** The order books of the depth topics (BOOK-1). */
  private readonly depth: DepthStreams;
  /** The mark and positions topics (WORK-19, WORK-20). */
  private readonly futures: FuturesStreams;
  private heartbeat: (() => void) | null = null;
  /** LIVE-1: the account topic's store, the session token, and the held private streams. */
  private readonly account = new AccountStore();
  private accountToken: string | null = null;
  /** BUS-8: the socket ticket sent instead of the token where the server offers tickets (socket gateways). */
  private streamTicket: string | null = null;
  private accountWatched = false;
  private accountReleases: (() => void)[] = [];
  private framesReceived = 0;
  private framesRejected = 0;
  private disposed = false;

  constructor(
    private readonly deps: EngineDeps,
    options: EngineOptions,
  ) {
    this.capacity = options.klineCapacity ?? KLINE_CAPACITY;
    this.seeder = new Seeder(deps, options.seedLimit ?? KLINE_SEED_LIMIT, {
      isCurrent: (store) => this.isCurrent(store),
      seeded: (store) => this.seeded(store),
    });
    this.state = { version: 0, symbols: this.symbols, seeder: this.seeder, changed: new Set<string>() };
    this.older = new OlderKlines(deps, {
      isCurrent: (s) => this.isCurrent(s),
      seeded: (s) => this.seeded(s),
    });
    this.conn = new Connection(deps, {
      onOpen: () => this.onOpen(),
      onMessage: (data) => this.onMessage(data),
      onStateChange: (state) => {
        // A book cannot follow a socket that is down: it shows as syncing until the next snapshot (BOOK-2).
        const depth = state === 'open' ? null : this.depth.onSocketReset();
        if (depth) this.emit(depth);
        this.emit(CONNECTION_CHANGE);
      },
    });
    this.subs = new ServerSubscriptions(
      deps.timers,
      () => this.conn.state === 'open',
      (text) => this.conn.send(text),
      (key) => this.seeder.forget(key),
    );
    this.depth = new DepthStreams(deps, {
      subscribe: (symbol) => this.subs.acquire({ type: 'DEPTH', symbol }),
      nextVersion: () => ++this.state.version,
      emit: (keys) => this.emit(keys),
    });
    this.futures = new FuturesStreams({
      subscribe: (spec) => this.subs.acquire(this.credential(spec)),
      resubscribe: (spec) => this.subs.reauth(this.credential(spec)),
      nextVersion: () => ++this.state.version,
      log: deps.log,
    });
    this.topics = new RefRegistry(
      deps.timers,
      options.graceMs ?? RELEASE_GRACE_MS,
      (key) => this.openTopic(key),
      (key) => this.closeTopic(key),
    );
  }

  // ------------------------------------------------------------------ facade

  acquire(topic: Topic): () => void {
    if (this.disposed) return () => {};
    checkTopic(topic);
    const key = topicKey(topic);
    if (!this.records.has(key)) this.records.set(key, { topic: { ...topic }, releases: [] });
    return this.topics.acquire(key);
  }

  onChange(listener: (keys: ReadonlySet<string>) => void): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  tickerView(symbol: string): TickerView | undefined {
    return this.symbols.get(symbol)?.ticker?.tickerView();
  }

  tradesView(symbol: string): TradesView | undefined {
    return this.symbols.get(symbol)?.trades?.tradesView();
  }

  klineView(symbol: string, interval: KlineInterval): KlineView | undefined {
    return this.series(symbol, interval)?.klineView();
  }

  klinePatch(symbol: string, interval: KlineInterval, sinceVersion: number): KlinePatch | undefined {
    return this.series(symbol, interval)?.patch(sinceVersion);
  }

  depthView(topic: DepthTopic): DepthView | undefined {
    return this.depth.view(topic);
  }

  accountView(): AccountView {
    return this.account.view();
  }

  markView(symbol: string): MarkView | undefined {
    return this.futures.markView(symbol);
  }

  positionsView(): PositionsView {
    return this.futures.positionsView();
  }

  setAccountToken(token: string | null): void {
    if (this.disposed || token === this.accountToken) return;
    const had = this.accountToken;
    this.accountToken = token;
    // What was shown goes first (and is said), then the streams follow the new token.
    this.account.clear(++this.state.version);
    this.futures.setToken(token);
    this.emit(SESSION_CHANGE);
    if (had !== null && token !== null && this.accountReleases.length) {
      for (const type of ACCOUNT_STREAMS) this.subs.reauth(this.credential({ type, token }));
    } else {
      this.syncAccountStreams();
    }
  }

  /**
   * BUS-8: where the server offers socket tickets, the private streams are subscribed with the newest ticket
   * instead of the session token (a gateway knows no sessions). A new ticket subscribes the held streams again
   * with it (the server answers with the current state); what is shown stays. Set it before the token.
   */
  setStreamTicket(ticket: string | null): void {
    if (this.disposed || ticket === this.streamTicket) return;
    this.streamTicket = ticket;
    const token = this.accountToken;
    if (token === null) return;
    for (const type of [...ACCOUNT_STREAMS, 'POSITION' as const]) this.subs.reauth(this.credential({ type, token }));
  }

  /** A private stream's spec with what it is sent with: the ticket when there is one, else the token. */
  private credential<S extends { token?: string }>(spec: S): S {
    return this.streamTicket !== null && spec.token !== undefined ? { ...spec, token: this.streamTicket } : spec;
  }

  loadOlderKlines(symbol: string, interval: KlineInterval): Promise<number> {
    return this.older.load(this.series(symbol, interval));
  }

  diagnostics(): EngineDiagnostics {
    const c = this.conn;
    const now = this.deps.clock.now();
    return {
      socketsOpen: c.state === 'open' ? 1 : 0,
      subscriptions: this.subs.keys().sort(),
      queueLength: c.queueLength,
      queueOverflow: c.queueOverflow,
      framesReceived: this.framesReceived,
      framesRejected: this.framesRejected,
      reconnects: c.reconnects,
      gaps: this.seq.gaps,
      lastMessageAgeMs: c.lastMessageAt === null ? null : now - c.lastMessageAt,
      health: connectionHealth(c, now),
      serverClockOffsetMs: this.serverClock.offset(),
      depthFramesApplied: this.depth.framesApplied,
      depthLevelsApplied: this.depth.levelsApplied,
      depthResyncs: this.depth.resyncs,
      positionRowsRejected: this.futures.rowsRejected,
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.conn.stop();
    this.subs.clearRetries();
    this.topics.clear();
    this.seeder.dispose();
    this.depth.dispose();
    this.futures.dispose();
    this.listeners = [];
    this.accountReleases = [];
    this.symbols.clear();
    this.records.clear();
  }

  // ------------------------------------------------------------------ topics

  private series(symbol: string, interval: KlineInterval): KlineSeries | undefined {
    const st = this.symbols.get(symbol);
    if (!st) return undefined;
    for (const s of st.series) if (s.interval === interval) return s;
    return undefined;
  }

  private openTopic(key: string): void {
    const rec = this.records.get(key);
    if (!rec) return;
    if (this.heartbeat === null) {
      this.heartbeat = this.subs.acquire({ type: 'HEARTBEAT' });
      this.conn.start();
    }
    const t = rec.topic;
    if (t.kind === 'account') {
      this.accountWatched = true;
      this.syncAccountStreams();
      return;
    }
    if (t.kind === 'depth') {
      this.depth.open(t);
      return;
    }
    if (t.kind === 'mark') {
      this.futures.watchMark(t.symbol);
      return;
    }
    if (t.kind === 'positions') {
      this.futures.watchPositions();
      return;
    }
    const symbol = t.symbol;
    const store = openStore(this.symbols, t, this.capacity);
    if (store instanceof TickerStore) {
      rec.releases.push(this.subs.acquire({ type: 'DETAIL', symbol }));
    } else if (store instanceof TradesStore) {
      rec.releases.push(this.subs.acquire({ type: 'TRADE', symbol }));
      this.seeder.trades(store);
    } else {
      rec.releases.push(this.subs.acquire({ type: 'TRADE', symbol }));
      rec.releases.push(this.subs.acquire({ type: 'KLINE', symbol, interval: store.interval }));
      this.seeder.series(store);
    }
  }

  private closeTopic(key: string): void {
    const rec = this.records.get(key);
    if (!rec) return;
    this.records.delete(key);
    for (const release of rec.releases) release();
    if (rec.topic.kind === 'account') {
      this.accountWatched = false;
      this.syncAccountStreams();
    } else if (rec.topic.kind === 'depth') {
      this.depth.close(rec.topic);
    } else if (rec.topic.kind === 'mark') {
      this.futures.unwatchMark(rec.topic.symbol);
    } else if (rec.topic.kind === 'positions') {
      this.futures.unwatchPositions();
    } else {
      closeStore(this.symbols, rec.topic);
    }
    if (this.records.size === 0 && this.heartbeat) {
      this.heartbeat();
      this.heartbeat = null;
      this.conn.stop();
      this.seeder.reset();
    }
  }

  /** Holds OWNCOIN, USER_STATUS and SETTLEMENT exactly while the account topic is watched and a token is set. */
  private syncAccountStreams(): void {
    const want = this.accountWatched && this.accountToken !== null;
    if (want && this.accountReleases.length === 0) {
      const token = this.accountToken!;
      this.accountReleases = ACCOUNT_STREAMS.map((type) => this.subs.acquire(this.credential({ type, token })));
    } else if (!want && this.accountReleases.length) {
      for (const release of this.accountReleases.splice(0)) release();
    }
  }

  // ------------------------------------------------------------------ socket events

  private onOpen(): void {
    this.seq.reset();
    this.seeder.reset();
    // Before the subscriptions go out: each book waits for the snapshot its new subscription brings.
    const depth = this.depth.onSocketReset();
    this.subs.resendAll();
    // Whatever happened while down, the state is re-seeded (the new socket re-sends DETAIL itself).
    for (const st of this.symbols.values()) {
      for (const s of st.series) this.seeder.series(s);
      if (st.trades) this.seeder.trades(st.trades);
    }
    if (depth) this.emit(depth);
  }

  private onMessage(data: unknown): void {
    this.framesReceived++;
    const f = decodeFrame(data);
    if (f === null) {
      this.framesRejected++;
      return;
    }
    this.serverClock.sample(f.ts, this.deps.clock.now());
    if (this.seq.check(f.seq)) this.onGap();
    let changed: ReadonlySet<string> | null = null;
    switch (f.type) {
      case 'TRADE':
        changed = applyTrades(this.state, f);
        break;
      case 'DETAIL':
        changed = applyDetail(this.state, f);
        break;
      case 'KLINE':
        changed = applyKline(this.state, f, this.series(f.symbol, f.interval));
        break;
      case 'DEPTH':
        changed = this.depth.onFrame(f);
        break;
      case 'ACK':
        if (f.data.op === 'subscribe') this.seeder.markLive(f.data.key);
        else this.seeder.forget(f.data.key);
        // LIVE-6: the user's news flows from here on; what screens fetched before may have missed some.
        if (f.data.op === 'subscribe' && f.data.key === 'USER_STATUS' && this.accountToken !== null) {
          this.account.statusLive(++this.state.version);
          changed = ACCOUNT_CHANGE;
        }
        break;
      case 'OWNCOIN':
        this.account.applyBalances(f, ++this.state.version);
        changed = ACCOUNT_CHANGE;
        break;
      case 'USER_STATUS':
        this.account.applyStatus(f, ++this.state.version);
        changed = ACCOUNT_CHANGE;
        break;
      case 'MARK':
        changed = this.futures.onMark(f);
        break;
      case 'POSITION':
        changed = this.futures.onPositions(f);
        break;
      case 'SETTLEMENT': {
        // LIVE-3: the frame's schema leaves `data` open; the payload is checked here.
        const d = SettlementData.safeParse(f.data);
        if (!d.success) {
          this.framesRejected++;
          break;
        }
        this.account.applySettlement(d.data, ++this.state.version);
        changed = ACCOUNT_CHANGE;
        break;
      }
      case 'ERROR':
        this.deps.log?.('ws_server_error', { reason: f.data.reason, message: f.data.message });
        if (f.data.reason === 'THROTTLED' && f.data.id) this.subs.onThrottled(f.data.id);
        if (f.data.reason === 'UNAUTHORIZED') {
          // One token for every private stream: a refusal of any of them ends the session's data.
          this.account.unauthorized(++this.state.version);
          this.futures.unauthorized();
          changed = SESSION_CHANGE;
        } else if (f.data.reason !== 'THROTTLED' && f.data.id?.startsWith('s|DEPTH:')) {
          changed = this.depth.onRefused(f.data.id.slice('s|DEPTH:'.length), f.data.message);
        }
        break;
      default:
        break;
    }
    if (changed !== null) this.emit(changed);
  }

  private onGap(): void {
    for (const st of this.symbols.values()) {
      for (const s of st.series) this.seeder.series(s);
      if (st.trades) this.seeder.trades(st.trades);
      if (st.ticker) this.seeder.ticker(st.ticker);
    }
    this.depth.onConnectionGap();
    this.futures.onGap();
  }

  // ------------------------------------------------------------------ seeding results

  /** True while this very store object is the engine's current one (not a dropped or replaced one). */
  private isCurrent(store: Seedable): boolean {
    if (this.disposed) return false;
    const st = this.symbols.get(store.symbol);
    if (!st) return false;
    if (store instanceof KlineSeries) return st.series.includes(store);
    return st.trades === store || st.ticker === store;
  }

  /** A seed landed in `store`: new version, tell the listeners. */
  private seeded(store: Seedable): void {
    if (store instanceof KlineSeries) store.commit(++this.state.version);
    else store.version = ++this.state.version;
    this.emit(new Set([store.key]));
  }

  // ------------------------------------------------------------------ output

  private emit(keys: ReadonlySet<string>): void {
    const ls = this.listeners;
    for (let i = 0; i < ls.length; i++) {
      try {
        ls[i](keys);
      } catch (err) {
        this.deps.log?.('listener_failed', { error: String(err) });
      }
    }
  }
}

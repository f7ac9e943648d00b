/**
 * The market engine: wires the connection, the subscriptions, the stores and the seeding together
 * (issue 3). One instance serves every tab of the origin (the host lives in src/workers).
 *
 * Topics and what they hold on the server:
 *   ticker:SYM        -> DETAIL:SYM (the server sends the current DETAIL on subscribe)
 *   trades:SYM        -> TRADE:SYM, seeded from REST recent trades
 *   klines:SYM:IV     -> TRADE:SYM (candles are built here, from trades) + KLINE:SYM:IV (the server's live
 *                        candle, used only as a checkpoint, see klineSeries.ts), seeded from REST history
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
import type { KlineInterval, ServerFrame } from '../shared/protocol';
import {
  CONNECTION_KEY,
  DELAYED_AFTER_MS,
  KLINE_CAPACITY,
  KLINE_SEED_LIMIT,
  RELEASE_GRACE_MS,
} from './constants';
import { Connection } from './connection';
import { decodeFrame } from './decode';
import { parseDecimal, parsed } from './decimalParse';
import { KlineSeries } from './klineSeries';
import { OlderKlines } from './olderKlines';
import { BATCH, aggregate, tradeByTrade } from './tradeBatch';
import { checkTopic } from './topicCheck';
import { rebuildKeys, type SymbolState } from './symbolState';
import { PriceMemo } from './priceMemo';
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
  type KlinePatch,
  type MarketEngine,
  type Topic,
} from './types';
import type { ConnectionHealth, KlineView, TickerView, TradesView } from './views';

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

export function createMarketEngine(deps: EngineDeps, options: EngineOptions = {}): MarketEngine {
  return new Engine(deps, options);
}

class Engine implements MarketEngine {
  private readonly conn: Connection;
  private readonly subs: ServerSubscriptions;
  private readonly topics: RefRegistry;
  private readonly records = new Map<string, TopicRecord>();
  private readonly symbols = new Map<string, SymbolState>();
  /** Copied on change, so emitting iterates a plain array. */
  private listeners: ((keys: ReadonlySet<string>) => void)[] = [];
  private readonly seq = new SequenceTracker();
  private readonly capacity: number;
  private readonly seeder: Seeder;
  private readonly older: OlderKlines;
  private heartbeat: (() => void) | null = null;
  private version = 0;
  /** Scratch set for the keys changed by a frame when no prebuilt set fits (see onChange). */
  private readonly changed = new Set<string>();
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
    this.older = new OlderKlines(deps, {
      isCurrent: (s) => this.isCurrent(s),
      seeded: (s) => this.seeded(s),
    });
    this.conn = new Connection(deps, {
      onOpen: () => this.onOpen(),
      onMessage: (data) => this.onMessage(data),
      onStateChange: () => this.emit(CONNECTION_CHANGE),
    });
    this.subs = new ServerSubscriptions(
      deps.timers,
      () => this.conn.state === 'open',
      (text) => this.conn.send(text),
      (key) => this.seeder.forget(key),
    );
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
      health: this.health(now),
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.conn.stop();
    this.subs.clearRetries();
    this.topics.clear();
    this.seeder.dispose();
    this.listeners = [];
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
    let st = this.symbols.get(t.symbol);
    if (!st) {
      st = { memo: new PriceMemo(), series: [], tradeKeys: new Set(), tickerKeys: new Set() };
      this.symbols.set(t.symbol, st);
    }
    const symbol = t.symbol;
    if (t.kind === 'ticker') {
      st.ticker = new TickerStore(symbol, st.memo);
      rec.releases.push(this.subs.acquire({ type: 'DETAIL', symbol }));
    } else if (t.kind === 'trades') {
      const store = new TradesStore(symbol, st.memo);
      st.trades = store;
      rec.releases.push(this.subs.acquire({ type: 'TRADE', symbol }));
      this.seeder.trades(store);
    } else {
      const s = new KlineSeries(symbol, t.interval, this.capacity, st.memo);
      st.series.push(s);
      rec.releases.push(this.subs.acquire({ type: 'TRADE', symbol }));
      rec.releases.push(this.subs.acquire({ type: 'KLINE', symbol, interval: t.interval }));
      this.seeder.series(s);
    }
    rebuildKeys(st);
  }

  private closeTopic(key: string): void {
    const rec = this.records.get(key);
    if (!rec) return;
    this.records.delete(key);
    for (const release of rec.releases) release();
    const t = rec.topic;
    const st = this.symbols.get(t.symbol);
    if (st) {
      if (t.kind === 'ticker') st.ticker = undefined;
      else if (t.kind === 'trades') st.trades = undefined;
      else st.series = st.series.filter((s) => s.interval !== t.interval);
      rebuildKeys(st);
      if (!st.ticker && !st.trades && st.series.length === 0) this.symbols.delete(t.symbol);
    }
    if (this.records.size === 0 && this.heartbeat) {
      this.heartbeat();
      this.heartbeat = null;
      this.conn.stop();
      this.seeder.reset();
    }
  }

  // ------------------------------------------------------------------ socket events

  private onOpen(): void {
    this.seq.reset();
    this.seeder.reset();
    this.subs.resendAll();
    // Whatever happened while down, the state is re-seeded (the new socket re-sends DETAIL itself).
    for (const st of this.symbols.values()) {
      for (const s of st.series) this.seeder.series(s);
      if (st.trades) this.seeder.trades(st.trades);
    }
  }

  private onMessage(data: unknown): void {
    this.framesReceived++;
    const f = decodeFrame(data);
    if (f === null) {
      this.framesRejected++;
      return;
    }
    if (this.seq.check(f.seq)) this.onGap();
    let changed: ReadonlySet<string> | null = null;
    switch (f.type) {
      case 'TRADE':
        changed = this.onTrades(f);
        break;
      case 'DETAIL':
        changed = this.onDetail(f);
        break;
      case 'KLINE':
        changed = this.onKline(f);
        break;
      case 'ACK':
        if (f.data.op === 'subscribe') this.seeder.markLive(f.data.key);
        else this.seeder.forget(f.data.key);
        break;
      case 'ERROR':
        this.deps.log?.('ws_server_error', { reason: f.data.reason, message: f.data.message });
        if (f.data.reason === 'THROTTLED' && f.data.id) this.subs.onThrottled(f.data.id);
        break;
      default:
        break;
    }
    if (changed !== null) this.emit(changed);
  }

  /** Applies a TRADE frame; returns the changed keys (a prebuilt set in the usual case that all changed). */
  private onTrades(f: Extract<ServerFrame, { type: 'TRADE' }>): ReadonlySet<string> | null {
    const st = this.symbols.get(f.symbol);
    if (!st) return null;
    if (this.seeder.waiting) this.seeder.markLive(`TRADE:${f.symbol}`);
    const v0 = this.version;
    const trades = f.data.trades;
    const series = st.series;
    const n = series.length;
    let all = true;
    if (n > 0) {
      if (trades.length > 1 && aggregate(trades, BATCH)) {
        for (let k = 0; k < n; k++) if (!series[k].tradeBatch(BATCH)) tradeByTrade(series[k], trades);
      } else {
        for (let i = 0; i < trades.length; i++) {
          const t = trades[i];
          const price = parseDecimal(t.price);
          parseDecimal(t.qty);
          const qtyDigits = parsed.digits;
          const qtyScale = parsed.scale;
          for (let k = 0; k < n; k++) series[k].trade(t, price, qtyDigits, qtyScale);
        }
      }
      for (let k = 0; k < n; k++) {
        const s = series[k];
        if (s.dirty) s.commit(++this.version);
        else all = false;
        if (s.overflowed) this.seeder.series(s);
      }
    }
    const store = st.trades;
    if (store) {
      if (store.add(trades)) store.version = ++this.version;
      else all = false;
    }
    const ticker = st.ticker;
    if (ticker) {
      if (ticker.applyTrade(trades[trades.length - 1])) ticker.version = ++this.version;
      else all = false;
    }
    if (this.version === v0) return null;
    if (all) return st.tradeKeys;
    const changed = this.changed;
    changed.clear();
    for (let k = 0; k < n; k++) if (series[k].version > v0) changed.add(series[k].key);
    if (store && store.version > v0) changed.add(store.key);
    if (ticker && ticker.version > v0) changed.add(ticker.key);
    return changed;
  }

  private onDetail(f: Extract<ServerFrame, { type: 'DETAIL' }>): ReadonlySet<string> | null {
    const st = this.symbols.get(f.symbol);
    const ticker = st?.ticker;
    if (!ticker) return null;
    if (this.seeder.waiting) this.seeder.markLive(ticker.serverKey);
    ticker.applyDetail(f.data, f.ts);
    ticker.version = ++this.version;
    return st.tickerKeys;
  }

  private onKline(f: Extract<ServerFrame, { type: 'KLINE' }>): ReadonlySet<string> | null {
    const s = this.series(f.symbol, f.interval);
    if (!s) return null;
    if (this.seeder.waiting) this.seeder.markLive(s.serverKey);
    s.checkpoint(f.data.tick);
    if (!s.dirty) return null;
    s.commit(++this.version);
    const changed = this.changed;
    changed.clear();
    changed.add(s.key);
    return changed;
  }

  private onGap(): void {
    for (const st of this.symbols.values()) {
      for (const s of st.series) this.seeder.series(s);
      if (st.trades) this.seeder.trades(st.trades);
      if (st.ticker) this.seeder.ticker(st.ticker);
    }
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
    if (store instanceof KlineSeries) store.commit(++this.version);
    else store.version = ++this.version;
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

  private health(now: number): ConnectionHealth {
    const c = this.conn;
    if (c.state === 'open') {
      return c.lastMessageAt !== null && now - c.lastMessageAt > DELAYED_AFTER_MS ? 'delayed' : 'live';
    }
    if (c.state === 'idle') return 'connecting';
    if (c.state === 'waiting' || (c.state === 'connecting' && c.opens > 0) || c.reconnects > 0) return 'reconnecting';
    return 'connecting';
  }
}

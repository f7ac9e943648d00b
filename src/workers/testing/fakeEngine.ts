/**
 * A small stand-in for the engine facade (src/engine/types.ts MarketEngine) for the host's tests:
 * counts acquires, holds tickers, trades and candle series that tests set, and reports changes like the
 * real one (onChange with topic keys).
 */
import {
  IDLE_DIAGNOSTICS,
  topicKey,
  type AccountView,
  type ConnectionHealth,
  type DepthTopic,
  type DepthView,
  type EngineDiagnostics,
  type KlinePatch,
  type KlineView,
  type MarketEngine,
  type MarkView,
  type PositionsView,
  type TickerView,
  type Topic,
  type TradesView,
} from '../../engine';
import type { KlineInterval } from '../../shared/protocol';
import { tickerAt } from './batches';

interface Series {
  time: number[];
  close: number[];
  version: number;
  /** For each version, the first candle time it changed. */
  changedFrom: Map<number, number>;
}

export class FakeEngine implements MarketEngine {
  readonly refs = new Map<string, number>();
  acquireCalls = 0;
  releaseCalls = 0;
  disposed = false;
  health: ConnectionHealth = 'live';
  capacity = 5;
  private listeners = new Set<(keys: ReadonlySet<string>) => void>();
  private tickers = new Map<string, TickerView>();
  private trades = new Map<string, TradesView>();
  private series = new Map<string, Series>();

  /** What loadOlderKlines resolves with next, and the calls it got. */
  olderResult: number | Error = 0;
  readonly olderCalls: string[] = [];

  constructor(readonly wsBase = '') {}

  loadOlderKlines(symbol: string, interval: KlineInterval): Promise<number> {
    this.olderCalls.push(`${symbol}/${interval}`);
    return this.olderResult instanceof Error ? Promise.reject(this.olderResult) : Promise.resolve(this.olderResult);
  }

  acquire(topic: Topic): () => void {
    const key = topicKey(topic);
    this.refs.set(key, (this.refs.get(key) ?? 0) + 1);
    this.acquireCalls++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.releaseCalls++;
      const n = (this.refs.get(key) ?? 0) - 1;
      if (n > 0) this.refs.set(key, n);
      else this.refs.delete(key);
    };
  }
  onChange(listener: (keys: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(...keys: string[]): void {
    const set = new Set(keys);
    for (const l of this.listeners) l(set);
  }
  setTicker(symbol: string, price: string, ts: number): void {
    this.tickers.set(symbol, tickerAt(symbol, price, { ts }));
    this.emit(`ticker:${symbol}`);
  }
  setTrade(symbol: string, id: number, price: string, ts: number): void {
    const prev = this.trades.get(symbol);
    const trades = [{ id, price, qty: '1', side: 'buy' as const, ts }, ...(prev?.trades ?? [])].slice(0, 50);
    this.trades.set(symbol, { symbol, version: (prev?.version ?? 0) + 1, trades });
    this.emit(`trades:${symbol}`);
  }
  /** Sets the close of the candle at `timeSec` (appending it when newer than the last one). */
  setCandle(symbol: string, interval: KlineInterval, timeSec: number, close: number): void {
    const key = `klines:${symbol}:${interval}`;
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = { time: [], close: [], version: 0, changedFrom: new Map() }));
    const i = s.time.indexOf(timeSec);
    if (i >= 0) s.close[i] = close;
    else {
      s.time.push(timeSec);
      s.close.push(close);
      if (s.time.length > this.capacity) {
        s.time.shift();
        s.close.shift();
      }
    }
    s.version++;
    s.changedFrom.set(s.version, timeSec);
    this.emit(key);
  }
  /** LIVE-1: the token the host last set, and the account the fake shows. */
  accountToken: string | null = null;
  account: AccountView = {
    version: 0,
    balances: null,
    statusCount: 0,
    liveCount: 0,
    lastStatus: null,
    settlementCount: 0,
    lastSettlement: null,
    authorized: true,
  };
  accountView(): AccountView {
    return this.account;
  }
  setAccountToken(token: string | null): void {
    this.accountToken = token;
  }
  streamTicket: string | null = null;
  setStreamTicket(ticket: string | null): void {
    this.streamTicket = ticket;
  }
  /** Test: new balances, as an OWNCOIN frame would bring. */
  setAccount(view: Partial<AccountView>): void {
    this.account = { ...this.account, ...view, version: this.account.version + 1 };
    this.emit('account');
  }
  /** Mark views the test set, by symbol (WORK-20). */
  readonly marks = new Map<string, MarkView>();
  markView(symbol: string): MarkView | undefined {
    return this.marks.get(symbol);
  }
  setMark(view: MarkView): void {
    this.marks.set(view.symbol, view);
    this.emit(`mark:${view.symbol}`);
  }
  /** The positions view the fake shows (WORK-19); `positionsBuilt` counts the builds the host asked for. */
  positions: PositionsView = { version: 0, positions: null, eventCount: 0, lastEvent: null, authorized: true };
  positionsBuilt = 0;
  positionsView(): PositionsView {
    this.positionsBuilt++;
    return this.positions;
  }
  setPositions(view: Partial<PositionsView>): void {
    this.positions = { ...this.positions, ...view, version: this.positions.version + 1 };
    this.emit('positions');
  }
  /** Order book views the test set, by topic key. */
  readonly depths = new Map<string, DepthView>();
  depthView(topic: DepthTopic): DepthView | undefined {
    return this.depths.get(topicKey(topic));
  }
  tickerView(symbol: string): TickerView | undefined {
    return this.tickers.get(symbol);
  }
  tradesView(symbol: string): TradesView | undefined {
    return this.trades.get(symbol);
  }
  klineView(symbol: string, interval: KlineInterval): KlineView | undefined {
    const p = this.klinePatch(symbol, interval, 0);
    return p && { ...p.rows, symbol, interval, version: p.version, lastClose: p.lastClose, priceDecimals: 2 };
  }
  klinePatch(symbol: string, interval: KlineInterval, since: number): KlinePatch | undefined {
    const s = this.series.get(`klines:${symbol}:${interval}`);
    if (!s) return undefined;
    let full = since === 0 || since > s.version;
    let from = Infinity;
    for (let v = since + 1; !full && v <= s.version; v++) {
      const t = s.changedFrom.get(v);
      if (t === undefined) full = true;
      else from = Math.min(from, t);
    }
    const found = s.time.findIndex((t) => t >= from);
    const idx = full ? 0 : found < 0 ? s.time.length : found;
    // Hand out subarrays of a larger buffer, as a ring buffer would.
    const big = (vals: number[]) => new Float64Array([...vals, 0, 0, 0]).subarray(idx, vals.length);
    const close = big(s.close);
    return {
      full,
      symbol,
      interval,
      version: s.version,
      capacity: this.capacity,
      rows: {
        length: s.time.length - idx,
        time: big(s.time),
        open: close,
        high: close,
        low: close,
        close,
        volume: close,
      },
      lastClose: String(s.close[s.close.length - 1]),
      priceDecimals: 2,
    };
  }
  diagnostics(): EngineDiagnostics {
    return {
      ...IDLE_DIAGNOSTICS,
      socketsOpen: 1,
      subscriptions: [...this.refs.keys()],
      lastMessageAgeMs: 0,
      health: this.health,
    };
  }
  dispose(): void {
    this.disposed = true;
  }
}

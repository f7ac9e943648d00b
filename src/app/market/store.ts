/**
 * The tab-side store of market snapshots, keyed by topicKey. A batch from the worker is applied at once and
 * each affected listener is called once, so a hook over this store commits at most once per batch, i.e. at
 * most once per frame. Snapshot identity is stable between batches (useSyncExternalStore's requirement).
 *
 * A listener may ask for a cadence (`everyMs`): it is told about changes at most that often, on a frame, with
 * the newest snapshot. Lists use it (a row is scanned, not read tick by tick); the pair header and the chart
 * listen at frame rate. Changes a cadenced listener has not been told about yet are "due" until flushDue.
 */
import {
  topicKey,
  type AccountView,
  type ConnectionHealth,
  type DepthView,
  type KlineView,
  type MarkView,
  type PositionsView,
  type TickerView,
  type TradesView,
} from '../../engine';

export const ACCOUNT_TOPIC_KEY = topicKey({ kind: 'account' });
export const POSITIONS_TOPIC_KEY = topicKey({ kind: 'positions' });
import type { Batch } from '../../workers/wire';
import { KlineSeries } from './klineSeries';

export type Snapshot = TickerView | TradesView | KlineView | DepthView | MarkView;

export class MarketStore {
  private snaps = new Map<string, Snapshot>();
  private series = new Map<string, KlineSeries>();
  private listeners = new Map<string, Set<Listener>>();
  /** Cadenced listeners with a change they have not been told about yet. */
  private due = new Set<Listener>();
  private healthListeners = new Set<() => void>();
  health: ConnectionHealth = 'connecting';

  get(key: string): Snapshot | undefined {
    return this.snaps.get(key);
  }

  /** The live account (LIVE-1), as the last batch that carried it said. */
  account: AccountView | undefined;
  /** The open positions at the latest marks (WORK-19), as the last batch that carried them said. */
  positions: PositionsView | undefined;

  /**
   * Applies a batch and notifies; returns the keys that changed. `accept` filters out topics the tab let go of
   * while the batch was on its way.
   */
  apply(b: Batch, accept: (key: string) => boolean = always, now = 0): string[] {
    const changed: string[] = [];
    const put = (k: string, view: Snapshot) => {
      if (!accept(k)) return;
      this.snaps.set(k, view);
      changed.push(k);
    };
    for (const v of b.tickers) put(topicKey({ kind: 'ticker', symbol: v.symbol }), v);
    for (const v of b.trades) put(topicKey({ kind: 'trades', symbol: v.symbol }), v);
    for (const v of b.depths ?? []) {
      const { symbol, pricePrecision, amountPrecision, group } = v;
      put(topicKey({ kind: 'depth', symbol, pricePrecision, amountPrecision, group }), v);
    }
    if (b.account !== undefined && accept(ACCOUNT_TOPIC_KEY)) {
      this.account = b.account;
      changed.push(ACCOUNT_TOPIC_KEY);
    }
    for (const v of b.marks ?? []) put(topicKey({ kind: 'mark', symbol: v.symbol }), v);
    if (b.positions !== undefined && accept(POSITIONS_TOPIC_KEY)) {
      this.positions = b.positions;
      changed.push(POSITIONS_TOPIC_KEY);
    }
    for (const p of b.klines) {
      const k = topicKey({ kind: 'klines', symbol: p.symbol, interval: p.interval });
      if (!accept(k)) continue;
      let s = this.series.get(k);
      if (!s) this.series.set(k, (s = new KlineSeries(p.capacity)));
      const view = s.apply(p);
      if (!view) continue;
      this.snaps.set(k, view);
      changed.push(k);
    }
    // A listener of several keys (subscribeMany) is told once per batch, however many of its keys changed.
    const immediate = new Set<Listener>();
    for (const k of changed) {
      const set = this.listeners.get(k);
      if (!set) continue;
      for (const l of set) {
        if (l.everyMs > 0) this.due.add(l);
        else immediate.add(l);
      }
    }
    for (const l of immediate) l.fn();
    this.flushDue(now);
    if (b.health !== undefined) this.setHealth(b.health);
    return changed;
  }

  /**
   * Tells the cadenced listeners whose time has come (`now`: the frame's time, ms). Listeners of one cadence
   * share its beat (WORK-16): beats fall on the multiples of the cadence on the tab's clock, and a listener told
   * in one beat hears next in a later one. So the rows of a list change on the same frame, a few times a second,
   * instead of a few rows on almost every frame (each changed frame costs the browser a style, layout and paint).
   */
  flushDue(now: number): void {
    for (const l of this.due) {
      if (beatOf(now, l.everyMs) <= l.lastBeat) continue;
      this.due.delete(l);
      l.lastBeat = beatOf(now, l.everyMs);
      l.fn();
    }
  }

  /** True while a cadenced listener still has a change to hear about (the client keeps frames coming). */
  hasDue(): boolean {
    return this.due.size > 0;
  }

  setHealth(h: ConnectionHealth): void {
    if (h === this.health) return;
    this.health = h;
    this.healthListeners.forEach(call);
  }

  /** Calls fn when the key's snapshot changed: on every batch, or at most every `everyMs` (see above). */
  subscribe(key: string, fn: () => void, everyMs = 0): () => void {
    return this.subscribeMany([key], fn, everyMs);
  }

  /**
   * One listener for several keys (a view that sums many tickers, e.g. the wallet total): told once per batch
   * in which any of them changed, or at most every `everyMs`, never once per key.
   */
  subscribeMany(keys: readonly string[], fn: () => void, everyMs = 0): () => void {
    const l: Listener = { fn, everyMs, lastBeat: -Infinity };
    const sets = keys.map((key) => {
      let set = this.listeners.get(key);
      if (!set) this.listeners.set(key, (set = new Set()));
      set.add(l);
      return [key, set] as const;
    });
    return () => {
      this.due.delete(l);
      for (const [key, set] of sets) {
        set.delete(l);
        if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
      }
    };
  }

  subscribeHealth(fn: () => void): () => void {
    this.healthListeners.add(fn);
    return () => this.healthListeners.delete(fn);
  }

  /** Forgets a topic the tab no longer watches (its kline buffers are freed). */
  drop(key: string): void {
    if (key === POSITIONS_TOPIC_KEY) this.positions = undefined;
    this.snaps.delete(key);
    this.series.delete(key);
  }

  /** Forgets every kline series' base, e.g. after the worker was replaced (the next patches are full). */
  resetSeries(): void {
    this.series.clear();
  }

  keys(): string[] {
    return [...this.snaps.keys()];
  }
}

interface Listener {
  fn: () => void;
  everyMs: number;
  /** The beat in which it was last told (-Infinity: never). */
  lastBeat: number;
}

/** The beat of a cadence that `now` falls in: beats are the multiples of the cadence on the tab's clock. */
function beatOf(now: number, everyMs: number): number {
  return Math.floor(now / everyMs);
}

function always(): boolean {
  return true;
}

function call(fn: () => void): void {
  fn();
}

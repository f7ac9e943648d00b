/**
 * The REST data layer's core, framework-free (like TanStack Query's query-core, much smaller): one entry per
 * key holding the latest data or error; subscribers of a key share one fetch; a key fetched while someone
 * listens is fetched again `refreshMs` after each answer; `invalidate(prefix)` fetches again every matching key
 * that is listened to and forgets the others. The last subscriber leaving aborts the fetch in flight.
 * Keys are strings; `queryKey(['rules', 'ABOUT', 'en'])` joins parts so that a prefix names a family.
 * PERF-62: a subscriber joining a key that others listen to and that answered less than FRESH_MS ago takes that
 * answer instead of fetching it again (a screen that shows its lower part once a first call answered).
 */
import type { Clock, TimerHandle, Timers } from '../../engine/index';

/** How long an answer that someone still listens to serves a new subscriber of its key without a new fetch. */
export const FRESH_MS = 1000;

export type QueryState<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'ok'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: string };

export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

interface Entry {
  state: QueryState<unknown>;
  fetcher: Fetcher<unknown>;
  listeners: Set<() => void>;
  /** refreshMs of each subscriber (0: none); the smallest positive one applies. */
  refresh: Map<() => void, number>;
  ctrl?: AbortController;
  timer?: TimerHandle;
  /** Bumped by every fetch: an answer to an older one is dropped. */
  gen: number;
  /** When the last answer (data or error) arrived, on the cache's clock. */
  answeredAt?: number;
  /** A reload asked for while a fetch was in flight: fetch again once it answers (LIVE-6). */
  again?: boolean;
}

const SEP = '\u0000';

/** A cache key from its parts: `invalidate(queryKey(['rules']))` reaches every `['rules', ...]` key. */
export function queryKey(parts: readonly (string | number | boolean)[]): string {
  return parts.map(String).join(SEP) + SEP;
}

const LOADING: QueryState<never> = { status: 'loading' };

export class QueryCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly timers: Timers & Clock) {}

  /** The current state of `key` (loading, without data, when never fetched). */
  get<T>(key: string): QueryState<T> {
    return (this.entries.get(key)?.state ?? LOADING) as QueryState<T>;
  }

  /**
   * Listens to `key`, fetching it with `fetcher` if no fetch is in flight for it. Returns the unsubscribe.
   * The newest subscriber's fetcher is the one used from then on.
   */
  subscribe<T>(key: string, fetcher: Fetcher<T>, listener: () => void, refreshMs = 0): () => void {
    let e = this.entries.get(key);
    if (!e) {
      e = { state: LOADING, fetcher, listeners: new Set(), refresh: new Map(), gen: 0 };
      this.entries.set(key, e);
    }
    e.fetcher = fetcher as Fetcher<unknown>;
    // A subscriber that asks for a shorter refresh than the one scheduled fetches now, which schedules its own.
    const age = e.answeredAt === undefined ? -1 : this.timers.now() - e.answeredAt;
    const fresh =
      e.listeners.size > 0 &&
      e.state.status === 'ok' &&
      age >= 0 &&
      age < FRESH_MS &&
      (refreshMs === 0 || (e.timer !== undefined && refreshMs >= refreshOf(e)));
    e.listeners.add(listener);
    e.refresh.set(listener, refreshMs);
    if (!e.ctrl && !fresh) this.fetch(key, e, true);
    const entry = e;
    return () => {
      entry.listeners.delete(listener);
      entry.refresh.delete(listener);
      if (entry.listeners.size > 0) return;
      this.stop(entry);
      entry.gen++;
    };
  }

  /**
   * Fetches `key` again if it is listened to (a retry button, news that it changed): now, or, while a fetch is in
   * flight, once that one answers (LIVE-6: its answer is shown, not thrown away, and the next fetch follows it).
   */
  reload(key: string): void {
    const e = this.entries.get(key);
    if (!e || e.listeners.size === 0) return;
    if (e.ctrl) e.again = true;
    else this.fetch(key, e, true);
  }

  /** Fetches every listened key starting with `prefix` again (showing loading, keeping data); forgets the rest. */
  invalidate(prefix: string): void {
    for (const [key, e] of [...this.entries]) {
      if (!key.startsWith(prefix)) continue;
      if (e.listeners.size === 0) this.entries.delete(key);
      else this.fetch(key, e, true);
    }
  }

  private stop(e: Entry): void {
    e.again = false;
    e.ctrl?.abort();
    e.ctrl = undefined;
    if (e.timer !== undefined) this.timers.clearTimeout(e.timer);
    e.timer = undefined;
  }

  private fetch(key: string, e: Entry, showLoading: boolean): void {
    this.stop(e);
    const gen = ++e.gen;
    const ctrl = new AbortController();
    e.ctrl = ctrl;
    if (showLoading && e.state.status !== 'loading') this.set(e, { status: 'loading', data: e.state.data });
    const settle = (next: QueryState<unknown>) => {
      if (gen !== e.gen) return;
      e.ctrl = undefined;
      e.answeredAt = this.timers.now();
      const again = e.again === true;
      this.set(e, next);
      if (again && e.listeners.size > 0) {
        this.fetch(key, e, false);
        return;
      }
      const ms = refreshOf(e);
      if (ms > 0 && e.listeners.size > 0) e.timer = this.timers.setTimeout(() => this.fetch(key, e, false), ms);
    };
    let p: Promise<unknown>;
    try {
      p = e.fetcher(ctrl.signal);
    } catch (err) {
      p = Promise.reject(err);
    }
    p.then(
      (data) => settle({ status: 'ok', data }),
      (err: unknown) =>
        settle({ status: 'error', data: e.state.data, error: err instanceof Error ? err.message : String(err) }),
    );
  }

  private set(e: Entry, state: QueryState<unknown>): void {
    e.state = state;
    for (const fn of [...e.listeners]) fn();
  }
}

function refreshOf(e: Entry): number {
  let ms = 0;
  for (const r of e.refresh.values()) if (r > 0 && (ms === 0 || r < ms)) ms = r;
  return ms;
}

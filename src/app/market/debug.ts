/**
 * `window.__openex`: the market client's handle for tests and benchmarks. Tests subscribe without screens
 * (`watch(topic)` returns a numeric handle for `unwatch`), read diagnostics, per-tab counters and snapshots.
 */
import type { Topic } from '../../engine';
import type { Diagnostics } from '../../engine';
import type { TabStats } from '../../workers/wire';
import type { ClientStats, MarketClient } from './client';

export interface OpenexDebug {
  diagnostics(): Promise<Diagnostics>;
  tabStats(): Promise<TabStats | undefined>;
  stats(): ClientStats;
  watch(topic: Topic): number;
  unwatch(handle: number): void;
  watching(): string[];
  health(): string;
  /** A plain copy of a snapshot (typed arrays as number arrays) by topic key, e.g. "ticker:btcusdt". */
  snapshot(key: string): unknown;
}

declare global {
  interface Window {
    __openex?: OpenexDebug;
  }
}

export function createDebugHandle(client: MarketClient): OpenexDebug {
  const handles = new Map<number, () => void>();
  let next = 0;
  return {
    diagnostics: () => client.diagnostics(),
    tabStats: () => client.tabStats(),
    stats: () => client.stats(),
    watch(topic) {
      const id = ++next;
      handles.set(id, client.watch(topic));
      return id;
    },
    unwatch(id) {
      handles.get(id)?.();
      handles.delete(id);
    },
    watching: () => client.watching(),
    health: () => client.store.health,
    snapshot(key) {
      const s = client.store.get(key);
      if (!s) return undefined;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s)) out[k] = ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v;
      return out;
    },
  };
}

/** Reads the server's Prometheus counters, and CDP performance metrics of a page. */
import type { CDPSession, Page } from 'playwright-core';

export async function scrape(baseUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const i = line.lastIndexOf(' ');
    out.set(line.slice(0, i), Number(line.slice(i + 1)));
  }
  return out;
}

/** Sum of every series of a metric (all label sets). */
export function total(m: Map<string, number>, name: string): number {
  let s = 0;
  for (const [k, v] of m) if (k === name || k.startsWith(name + '{')) s += v;
  return s;
}

export interface CpuSample {
  /** Wall time of the main thread's tasks (busy: the thread was not free, whether it ran or waited for a core). */
  taskMs: number;
  /** CPU time of the main thread (CDP ThreadTime). */
  threadMs: number;
  scriptMs: number;
  frames: number;
  commits: number;
  longTasks: number;
  t2pCount: number;
}

export async function cdpFor(page: Page): Promise<CDPSession> {
  const s = await page.context().newCDPSession(page);
  await s.send('Performance.enable');
  return s;
}

/** What the instrumented pages expose to the benchmark (bench/browser/lib/instrument.ts, the naive hooks, the tab). */
export interface BenchWindow {
  __bench: { frames: number; commits: number; longTasks: number; t2p: number[]; pendingTs: number };
  __naive?: { messages: number; depth?: number };
  __openex?: {
    tabStats(): Promise<{ batchesSent: number } | undefined>;
    diagnostics(): Promise<{ depthFramesApplied?: number }>;
  };
}

export async function sample(page: Page, cdp: CDPSession): Promise<CpuSample> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (n: string) => metrics.find((m) => m.name === n)?.value ?? 0;
  const b = await page.evaluate(() => {
    const S = (window as unknown as BenchWindow).__bench;
    return { frames: S.frames, commits: S.commits, longTasks: S.longTasks, t2pCount: S.t2p.length };
  });
  return {
    taskMs: get('TaskDuration') * 1000,
    threadMs: get('ThreadTime') * 1000,
    scriptMs: get('ScriptDuration') * 1000,
    ...b,
  };
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

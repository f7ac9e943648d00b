/**
 * Where does a screen's main-thread time go, by Blink phase? Opens a path of our client (or the naive one)
 * in flood mode, records a DevTools timeline trace for a few seconds, prints the renderer main thread's
 * self time per event name (ms per second).
 *   node --import tsx bench/browser/tools/trace.ts /trade?symbol=btcusdt [seconds] [ours|naive] [staticDir]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient } from '../lib/build';
import { sleep } from '../lib/metrics';
import { openSession, waitLive, type Kind } from '../lib/session';

/** The fields of a Chrome trace event this tool reads. */
interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur: number;
  args?: {
    name?: string;
    endData?: { root?: number[] };
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

const path = process.argv[2] ?? '/';
const seconds = Number(process.argv[3] ?? 4);
const kind = (process.argv[4] ?? 'ours') as Kind;
let dir = process.argv[5];
if (!dir) {
  dir = join(mkdtempSync(join(tmpdir(), 'bench-trace-')), kind);
  await buildClient(kind, dir);
}
// MARKET_COINS=200 in the environment gives the benchmark's 200-row spot list.
const s = await openSession(kind, dir, process.env.MARKET_COINS ? { MARKET_COINS: process.env.MARKET_COINS } : {});
try {
  const page = await s.open(path);
  await waitLive(page, kind);
  // TRACE_CSS: a stylesheet to try on the page (experiments without a rebuild).
  if (process.env.TRACE_CSS) await page.addStyleTag({ content: process.env.TRACE_CSS });
  await sleep(3000);
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8'],
    },
  } as Parameters<typeof cdp.send<'Tracing.start'>>[1]);
  await sleep(seconds * 1000);
  await cdp.send('Tracing.end');
  await done;
  // The renderer main thread: the thread named CrRendererMain with the most events.
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = new Map<string, number>();
  for (const e of events) if (e.ph === 'X') count.set(`${e.pid}:${e.tid}`, (count.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = names.map((n) => `${n.pid}:${n.tid}`).sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0))[0];
  const xs = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Self time: an event's duration minus its direct children's.
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const e of xs) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur);
    stack.push(e);
  }
  const top = xs.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  const busy = top.reduce((a, e) => a + e.dur, 0);
  console.log(`main thread busy ${(busy / 1000 / seconds).toFixed(0)} ms/s over ${seconds} s`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${(v / 1000 / seconds).toFixed(1).padStart(7)} ms/s  ${k}`);
  // Which layouts: by layout root (its box on screen) and how many objects were dirty / in the tree.
  const roots = new Map<string, { n: number; ms: number; dirty: number; total: number }>();
  for (const e of xs) {
    if (e.name !== 'Layout') continue;
    const q = e.args?.endData?.root as number[] | undefined;
    const key = q
      ? `root x${Math.round(q[0])} y${Math.round(q[1])} w${Math.round(q[2] - q[0])} h${Math.round(q[5] - q[1])}`
      : 'root ?';
    const r = roots.get(key) ?? { n: 0, ms: 0, dirty: 0, total: 0 };
    r.n++;
    r.ms += e.dur / 1000;
    r.dirty += e.args?.beginData?.dirtyObjects ?? 0;
    r.total += e.args?.beginData?.totalObjects ?? 0;
    roots.set(key, r);
  }
  if (process.env.TRACE_DUMP) console.log(JSON.stringify(xs.find((e) => e.name === 'Layout')));
  console.log('-- layouts by root');
  for (const [k, r] of [...roots].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8))
    console.log(
      `${(r.ms / seconds).toFixed(1).padStart(7)} ms/s  ${(r.n / seconds).toFixed(0).padStart(3)}/s  dirty ${(r.dirty / r.n).toFixed(0)} of ${(r.total / r.n).toFixed(0)}  ${k}`,
    );
} finally {
  await s.close();
}

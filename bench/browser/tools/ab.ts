/**
 * A paired comparison of builds of our client on one screen in flood mode: for each round, each build (in
 * turn, interleaved) gets its own server and Chromium, and the CDP time split of the page over a window is
 * printed (main-thread task wall, CPU, script ms/s, layouts and style recalcs per second, frames and React commits
 * per second), then the medians per build. For A/B checks of a change on a shared machine.
 *   node --import tsx bench/browser/tools/ab.ts <path> <seconds> <rounds> <staticDir> [staticDir ...]
 * AB_POSITIONS=1 opens the futures bench's five positions first (PERF-B8) and waits until the page lists them.
 */
import { openFivePositions, waitForFivePositions } from '../lib/futures';
import { sleep } from '../lib/metrics';
import { openSession, waitLive } from '../lib/session';

const [path = '/', secondsArg = '8', roundsArg = '3', ...dirs] = process.argv.slice(2);
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);
const NAMES = ['TaskDuration', 'ThreadTime', 'ScriptDuration', 'LayoutCount', 'RecalcStyleCount', 'LayoutDuration'];

type Row = Record<string, number>;
const results = new Map<string, Row[]>();

async function once(dir: string): Promise<Row> {
  const s = await openSession('ours', dir, { MARKET_COINS: process.env.MARKET_COINS ?? '200' });
  // A loaded machine: the page may take longer than Playwright's 30 s to load.
  s.context.setDefaultNavigationTimeout(180_000);
  try {
    const positions = process.env.AB_POSITIONS === '1';
    if (positions) await openFivePositions(s);
    const page = await s.open(path);
    await waitLive(page, 'ours');
    if (positions) await waitForFivePositions(page);
    await sleep(3000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const read = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const b = (await page.evaluate('({ f: window.__bench.frames, c: window.__bench.commits })')) as {
        f: number;
        c: number;
      };
      const m: Row = { frames: b.f, commits: b.c };
      for (const n of NAMES) m[n] = metrics.find((x) => x.name === n)?.value ?? 0;
      return m;
    };
    const a = await read();
    await sleep(seconds * 1000);
    const b = await read();
    const per = (k: string, scale = 1) => ((b[k] - a[k]) * scale) / seconds;
    return {
      task: per('TaskDuration', 1000),
      cpu: per('ThreadTime', 1000),
      script: per('ScriptDuration', 1000),
      layoutMs: per('LayoutDuration', 1000),
      layouts: per('LayoutCount'),
      styles: per('RecalcStyleCount'),
      frames: per('frames'),
      commits: per('commits'),
    };
  } finally {
    await s.close();
  }
}

const fmt = (r: Row) =>
  Object.entries(r)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');
const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];
for (let i = 0; i < rounds; i++) {
  for (const d of i % 2 ? [...dirs].reverse() : dirs) {
    // A loaded machine may miss the harness's 30 s wait for the first live data: that round runs again, once.
    const r = await once(d).catch((e: unknown) => {
      console.log(`round ${i + 1} ${d}: again (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
      return once(d);
    });
    results.set(d, [...(results.get(d) ?? []), r]);
    console.log(`round ${i + 1} ${d}: ${fmt(r)}`);
  }
}
for (const [d, rs] of results) {
  const m: Row = {};
  for (const k of Object.keys(rs[0])) m[k] = med(rs.map((r) => r[k]));
  console.log(`median ${d}: ${fmt(m)}`);
}

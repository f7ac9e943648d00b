/**
 * `npm run bench:browser` (PERF-B1 to PERF-B10, PERF-7): the live market in a real Chromium against the real server in
 * flood mode (10,000 trades/s over 50 symbols), ours beside a naive client built from the same
 * screens, in the same run. Every figure comes from a counter or a clock of this run. Each figure printed is the
 * median over the runs (ours and naive alternate), beside the previous release's (the committed results); then
 * Lighthouse on home (mobile, simulated throttling), the median of as many runs.
 *
 *   --quick            one tab, a few seconds, ours only, one run, no Lighthouse (the harness check `npm test` runs)
 *   --runs=N           runs of ours and of naive, and of Lighthouse (default 3)
 *   --window=S         seconds per measured window (default 8)
 *   --no-lighthouse    skip Lighthouse
 *   --lighthouse-only  only Lighthouse (writes no results file unless --out)
 *   --out=FILE         write the results JSON there (nothing in bench/results; without it a full run writes browser-latest.json and .md)
 *   --help             print these options and exit
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { buildClient } from './lib/build';
import {
  FUTURES_KEYS,
  figuresOfResult,
  fmt,
  median,
  medianOf,
  tableOf,
  withTableFigures,
  type Figures,
  type Row,
} from './lib/figures';
import type { LighthouseFigures } from './lib/lighthouse';
import { cdpFor, percentile, sample, scrape, sleep, total, type BenchWindow } from './lib/metrics';
import { depthApplied, openSession, tabMessages, waitLive, type Kind } from './lib/session';
import { hideTab } from './lib/visibility';
import { openFivePositions, openFuturesTab } from './lib/futures';

const argv = process.argv.slice(2);
const OPTIONS = ['--quick', '--runs=', '--window=', '--no-lighthouse', '--lighthouse-only', '--out=', '--help'];
// An option it does not know (a typo, `-h`) must not start an eight-minute run that overwrites bench/results.
const unknown = argv.filter((a) => !OPTIONS.some((o) => (o.endsWith('=') ? a.startsWith(o) : a === o)));
if (argv.includes('--help') || unknown.length > 0) {
  if (unknown.length > 0) console.error(`unknown option(s): ${unknown.join(' ')}`);
  const head = readFileSync(import.meta.filename, 'utf8').split('*/')[0];
  console.log(head.replace(/^\/\*\*|^ \* ?/gm, ''));
  process.exit(unknown.length > 0 ? 2 : 0);
}
const quick = argv.includes('--quick');
const windowS = Number(argv.find((a) => a.startsWith('--window='))?.split('=')[1] ?? (quick ? 3 : 8));
const warmMs = quick ? 1500 : 3000;
const outArg = argv.find((a) => a.startsWith('--out='))?.split('=')[1];
const runCount = quick ? 1 : Math.max(1, Number(argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3));
const noLighthouse = argv.includes('--no-lighthouse');
const lighthouseOnly = argv.includes('--lighthouse-only');
const root = resolve(import.meta.dirname, '../..');

interface ClientFigures {
  bytesPerS1: number;
  bytesPerS5: number;
  connections5: number;
  msgsPerSPerTab: number;
  hiddenTabMsgs: number;
  commitsPerSHome: number;
  /** Mean over the four visible tabs while five are open, each in its own window (PERF-B10; two cores for five renderers). */
  commitsPerSHome5?: number;
  commitsPerSTrade: number;
  t2pHome: number[];
  /** While five tabs are open, each in its own window (PERF-B10: five renderers and five displays on two cores). */
  t2pHome5?: number[];
  t2pTrade: number[];
  mainMsPerFrameTrade: number;
  cpuMsPerFrameTrade: number;
  /** The trade screen (with its order book, form and open orders): messages/s to the tab, DEPTH frames applied/s. */
  msgsPerSTrade: number;
  depthPerSTrade: number;
  busyMsPerSHome: number;
  busyMsPerSTrade: number;
  longTasksTrade: number;
  cpuMsPerSHome: number;
  cpuMsPerSTrade: number;
  scriptMsPerSHome: number;
  scriptMsPerSTrade: number;
  candles: number;
  visibleCandles?: number;
  marketRows?: number;
  /** PERF-B8: the futures screen with five open positions (the same per-tab figures as the trade screen). */
  futures?: TabFigures;
}

type TabFigures = Awaited<ReturnType<typeof windowOf>>['perTab'][number];

async function windowOf(pages: Page[], kind: Kind, baseUrl: string, seconds: number) {
  const cdps = await Promise.all(pages.map(cdpFor));
  const m0 = await scrape(baseUrl);
  const s0 = await Promise.all(pages.map((p, i) => sample(p, cdps[i])));
  const msg0 = await Promise.all(pages.map((p) => tabMessages(p, kind)));
  const depth0 = await Promise.all(pages.map((p) => depthApplied(p, kind)));
  const t2p0 = await Promise.all(
    pages.map((p) => p.evaluate(() => (window as unknown as BenchWindow).__bench.t2p.length)),
  );
  const t0 = Date.now();
  await sleep(seconds * 1000);
  const dt = (Date.now() - t0) / 1000;
  const m1 = await scrape(baseUrl);
  const s1 = await Promise.all(pages.map((p, i) => sample(p, cdps[i])));
  const msg1 = await Promise.all(pages.map((p) => tabMessages(p, kind)));
  const depth1 = await Promise.all(pages.map((p) => depthApplied(p, kind)));
  const t2p = (
    await Promise.all(
      pages.map((p, i) => p.evaluate((from) => (window as unknown as BenchWindow).__bench.t2p.slice(from), t2p0[i])),
    )
  ).flat();
  await Promise.all(cdps.map((c) => c.detach().catch(() => {})));
  return {
    dt,
    bytesPerS: (total(m1, 'exchange_ws_bytes_sent_total') - total(m0, 'exchange_ws_bytes_sent_total')) / dt,
    tradesPerS: (total(m1, 'exchange_market_trades_total') - total(m0, 'exchange_market_trades_total')) / dt,
    connections: total(m1, 'exchange_ws_connections'),
    perTab: pages.map((_, i) => ({
      msgsPerS: (msg1[i] - msg0[i]) / dt,
      commitsPerS: (s1[i].commits - s0[i].commits) / dt,
      cpuMsPerS: (s1[i].threadMs - s0[i].threadMs) / dt,
      busyMsPerS: (s1[i].taskMs - s0[i].taskMs) / dt,
      cpuMsPerFrame: (s1[i].threadMs - s0[i].threadMs) / Math.max(1, s1[i].frames - s0[i].frames),
      scriptMsPerS: (s1[i].scriptMs - s0[i].scriptMs) / dt,
      msPerFrame: (s1[i].taskMs - s0[i].taskMs) / Math.max(1, s1[i].frames - s0[i].frames),
      longTasks: s1[i].longTasks - s0[i].longTasks,
      messages: msg1[i] - msg0[i],
      depthPerS: (depth1[i] - depth0[i]) / dt,
    })),
    t2p,
  };
}

/** B5: the spot list has this many coins (server MARKET_COINS), the chart shows at least this many candles. */
const MARKET_ROWS = 200;
const CHART_CANDLES = 5_000;

async function chartFigures(page: Page): Promise<{ candles: number; visible: number }> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-candles]');
    return {
      candles: Number(el?.getAttribute('data-candles') ?? NaN),
      visible: Number(el?.getAttribute('data-visible') ?? NaN),
    };
  });
}

/**
 * Puts the chart in B5's state the way a user would: 1m candles, then zooms out with the wheel (the chart
 * pages older history in as its left edge nears the first candle) until CHART_CANDLES are on screen.
 */
async function chartOf5000(page: Page): Promise<{ candles: number; visible: number }> {
  await page.click('button[data-interval="1m"]');
  await page.waitForFunction(
    () => Number(document.querySelector('[data-candles]')?.getAttribute('data-candles') ?? 0) > 100,
    undefined,
    { timeout: 30_000 },
  );
  const box = (await (await page.$('.kc .u-over'))!.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const deadline = Date.now() + 60_000;
  let f = await chartFigures(page);
  while (f.visible < CHART_CANDLES && Date.now() < deadline) {
    await page.mouse.wheel(0, 400);
    await sleep(150);
    f = await chartFigures(page);
  }
  console.log(`  chart: ${f.candles} candles loaded, ${f.visible} on screen`);
  return f;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function measure(kind: Kind, staticDir: string): Promise<ClientFigures> {
  const s = await openSession(kind, staticDir, { MARKET_COINS: String(MARKET_ROWS) });
  try {
    const home = '/';
    // B1/B2/B3/B4 on home, one tab.
    const first = await s.open(home);
    await waitLive(first, kind);
    await sleep(warmMs);
    const one = await windowOf([first], kind, s.server.url, windowS);
    if (quick) {
      return {
        bytesPerS1: one.bytesPerS,
        bytesPerS5: NaN,
        connections5: one.connections,
        msgsPerSPerTab: one.perTab[0].msgsPerS,
        hiddenTabMsgs: NaN,
        commitsPerSHome: one.perTab[0].commitsPerS,
        commitsPerSTrade: NaN,
        t2pHome: one.t2p,
        t2pTrade: [],
        mainMsPerFrameTrade: one.perTab[0].msPerFrame,
        msgsPerSTrade: NaN,
        depthPerSTrade: NaN,
        cpuMsPerFrameTrade: one.perTab[0].cpuMsPerFrame,
        busyMsPerSHome: one.perTab[0].busyMsPerS,
        busyMsPerSTrade: NaN,
        longTasksTrade: one.perTab[0].longTasks,
        cpuMsPerSHome: one.perTab[0].cpuMsPerS,
        cpuMsPerSTrade: NaN,
        scriptMsPerSHome: one.perTab[0].scriptMsPerS,
        scriptMsPerSTrade: NaN,
        candles: NaN,
      };
    }
    // B1/B2 with five tabs; the fifth is hidden for B2's hidden-tab figure. Each in a window of its own (PERF-B10).
    const more = [];
    for (let i = 0; i < 4; i++) more.push(await s.openWindow(home));
    await Promise.all(more.map((p) => waitLive(p, kind)));
    await sleep(warmMs);
    const tabs = [first, ...more];
    const five = await windowOf(tabs, kind, s.server.url, windowS);
    await hideTab(more[3]);
    await sleep(1000);
    const hidden = await windowOf([more[3]], kind, s.server.url, windowS);
    for (const p of more) await p.close();
    await first.close();

    // B3/B4/B5 on the trade screen (desktop: the 200-row spot list, the chart of 5,000 candles, trades).
    const trade = await s.open('/trade?symbol=btcusdt');
    await waitLive(trade, kind);
    const chart = await chartOf5000(trade);
    await sleep(warmMs);
    // The pair panel's list: rows in the list (aria-rowcount when it renders only those near the view).
    const marketRows = await trade.evaluate(() => {
      const t = document.querySelector('.trade-pairs table');
      const n = Number(t?.getAttribute('aria-rowcount') ?? NaN);
      return Number.isFinite(n) ? n - 1 : (t?.querySelectorAll('tbody tr').length ?? 0);
    });
    const tw = await windowOf([trade], kind, s.server.url, windowS);
    const { candles, visible } = await chartFigures(trade);
    await trade.close();

    // B8 on the futures screen: five open positions valued at every mark, the book, the chart, the form.
    await openFivePositions(s);
    const fut = await openFuturesTab(s);
    await waitLive(fut, kind);
    await sleep(warmMs);
    const fw = await windowOf([fut], kind, s.server.url, windowS);
    if (visible < chart.visible)
      console.warn(`chart view moved during the window: ${chart.visible} -> ${visible} candles`);
    return {
      bytesPerS1: one.bytesPerS / Math.max(1, one.tradesPerS),
      bytesPerS5: five.bytesPerS / Math.max(1, five.tradesPerS),
      connections5: five.connections,
      msgsPerSPerTab: Math.max(...five.perTab.map((t) => t.msgsPerS)),
      hiddenTabMsgs: hidden.perTab[0].messages,
      commitsPerSHome: one.perTab[0].commitsPerS,
      commitsPerSHome5: mean(five.perTab.slice(0, 4).map((t) => t.commitsPerS)),
      commitsPerSTrade: tw.perTab[0].commitsPerS,
      t2pHome: one.t2p,
      t2pHome5: five.t2p,
      t2pTrade: tw.t2p,
      mainMsPerFrameTrade: tw.perTab[0].msPerFrame,
      msgsPerSTrade: tw.perTab[0].msgsPerS,
      depthPerSTrade: tw.perTab[0].depthPerS,
      cpuMsPerFrameTrade: tw.perTab[0].cpuMsPerFrame,
      busyMsPerSHome: one.perTab[0].busyMsPerS,
      busyMsPerSTrade: tw.perTab[0].busyMsPerS,
      longTasksTrade: tw.perTab[0].longTasks,
      cpuMsPerSHome: one.perTab[0].cpuMsPerS,
      cpuMsPerSTrade: tw.perTab[0].cpuMsPerS,
      scriptMsPerSHome: one.perTab[0].scriptMsPerS,
      scriptMsPerSTrade: tw.perTab[0].scriptMsPerS,
      candles,
      visibleCandles: visible,
      marketRows,
      futures: fw.perTab[0],
    };
  } finally {
    await s.close();
  }
}

/** One client's figures of one run, by their JSON names (the same names for ours and the naive client). */
function flatClient(c: ClientFigures): Figures {
  const t2p = [...c.t2pHome, ...c.t2pTrade];
  const f: Figures = {
    ws_connections_5_tabs: c.connections5,
    bytes_ratio_5_to_1: c.bytesPerS5 / c.bytesPerS1,
    msgs_per_s_per_tab: c.msgsPerSPerTab,
    hidden_tab_msgs: c.hiddenTabMsgs,
    commits_per_s: Math.max(c.commitsPerSHome, Number.isFinite(c.commitsPerSTrade) ? c.commitsPerSTrade : 0),
    commits_per_s_home: c.commitsPerSHome,
    commits_per_s_home_5_tabs: c.commitsPerSHome5 ?? NaN,
    commits_per_s_trade: c.commitsPerSTrade,
    tick_to_paint_p50_ms: percentile(t2p, 50),
    tick_to_paint_p99_ms: percentile(t2p, 99),
    tick_to_paint_samples: t2p.length,
    tick_to_paint_home_p50_ms: percentile(c.t2pHome, 50),
    tick_to_paint_home_p99_ms: percentile(c.t2pHome, 99),
    tick_to_paint_trade_p50_ms: percentile(c.t2pTrade, 50),
    tick_to_paint_trade_p99_ms: percentile(c.t2pTrade, 99),
    tick_to_paint_5_tabs_p50_ms: percentile(c.t2pHome5 ?? [], 50),
    tick_to_paint_5_tabs_p99_ms: percentile(c.t2pHome5 ?? [], 99),
    main_thread_ms_per_frame: c.mainMsPerFrameTrade,
    main_thread_cpu_ms_per_frame: c.cpuMsPerFrameTrade,
    msgs_per_s_trade: c.msgsPerSTrade,
    depth_updates_per_s_trade: c.depthPerSTrade,
    long_tasks: c.longTasksTrade,
    chart_candles: c.candles,
    chart_candles_visible: c.visibleCandles ?? NaN,
    market_list_rows: c.marketRows ?? NaN,
    cpu_ms_per_s_trade: c.cpuMsPerSTrade,
    busy_ms_per_s_trade: c.busyMsPerSTrade,
    script_ms_per_s_trade: c.scriptMsPerSTrade,
    cpu_ms_per_s_home: c.cpuMsPerSHome,
    busy_ms_per_s_home: c.busyMsPerSHome,
    script_ms_per_s_home: c.scriptMsPerSHome,
  };
  for (const [flat, nested] of FUTURES_KEYS) f[flat] = c.futures ? c.futures[nested as keyof TabFigures] : NaN;
  return f;
}

/** One run, flat: ours, ours against the naive client (ratios of this run), the naive client's as `naive.<name>`. */
function flatRun(ours: ClientFigures, naive: ClientFigures | undefined): Figures {
  const o = flatClient(ours);
  const n = naive ? flatClient(naive) : undefined;
  const ratio = (k: string) => (n ? o[k] / n[k] : NaN);
  return {
    ...o,
    cpu_ratio_vs_naive: ratio('cpu_ms_per_s_trade'),
    cpu_ratio_vs_naive_home: ratio('cpu_ms_per_s_home'),
    busy_ratio_vs_naive: ratio('busy_ms_per_s_trade'),
    busy_ratio_vs_naive_home: ratio('busy_ms_per_s_home'),
    script_ratio_vs_naive: ratio('script_ms_per_s_trade'),
    script_ratio_vs_naive_home: ratio('script_ms_per_s_home'),
    futures_cpu_ratio_vs_naive: ratio('futures_cpu_ms_per_s'),
    futures_busy_ratio_vs_naive: ratio('futures_busy_ms_per_s'),
    ...(n ? Object.fromEntries(Object.entries(n).map(([k, v]) => [`naive.${k}`, v])) : {}),
  };
}

const LIGHTHOUSE_KEYS: (keyof LighthouseFigures)[] = [
  'performance',
  'accessibility',
  'best_practices',
  'first_contentful_paint_ms',
  'largest_contentful_paint_ms',
  'total_blocking_time_ms',
  'cumulative_layout_shift',
  'speed_index_ms',
  'total_byte_weight_kb',
];

const row = (
  id: string,
  label: string,
  keys: string | string[],
  digits: number,
  target = '',
  oursOnly = false,
): Row => ({
  id,
  label,
  keys: typeof keys === 'string' ? [keys] : keys,
  digits,
  target,
  oursOnly,
});

const BROWSER_ROWS: Row[] = [
  row('B1', 'server sockets, 5 tabs', 'ws_connections_5_tabs', 0, 'exactly 1'),
  row('B1', 'bytes ratio 5 tabs : 1 tab (per trade)', 'bytes_ratio_5_to_1', 3, '<= 1.02'),
  row('B7', 'DEPTH updates applied/s, trade (worker | naive tab)', 'depth_updates_per_s_trade', 1, '(the feed)'),
  row('B7', 'messages/s to the trade tab (book on screen)', 'msgs_per_s_trade', 1, '<= 60'),
  row('B2', 'messages/s to a visible tab (max)', 'msgs_per_s_per_tab', 1, '<= 60'),
  row('B2', `messages to a hidden tab in ${windowS} s`, 'hidden_tab_msgs', 0, '0'),
  row('B3', 'React commits/s, home', 'commits_per_s_home', 1, '50..60'),
  row('B3', 'React commits/s, home, each of 5 tabs', 'commits_per_s_home_5_tabs', 1),
  row('B3', 'React commits/s, trade', 'commits_per_s_trade', 1, '50..60'),
  row('B4', 'tick-to-paint p50 ms (home one tab + trade)', 'tick_to_paint_p50_ms', 1, '<= 17'),
  row('B4', 'tick-to-paint p50 / p99 ms, home, one tab', ['tick_to_paint_home_p50_ms', 'tick_to_paint_home_p99_ms'], 1),
  row('B4', 'tick-to-paint p50 / p99 ms, trade', ['tick_to_paint_trade_p50_ms', 'tick_to_paint_trade_p99_ms'], 1),
  row(
    'B4',
    'tick-to-paint p50 / p99 ms, home, 5 tabs open',
    ['tick_to_paint_5_tabs_p50_ms', 'tick_to_paint_5_tabs_p99_ms'],
    1,
    'p99 <= 100',
  ),
  row('B4', 'tick-to-paint p99 ms (home one tab + trade)', 'tick_to_paint_p99_ms', 1, '<= 34'),
  row('B5', 'main thread busy ms/frame, trade (task wall time)', 'main_thread_ms_per_frame', 2, '<= 4'),
  row('B5', 'main thread CPU ms/frame, trade (thread time)', 'main_thread_cpu_ms_per_frame', 2),
  row('B5', 'long tasks (>= 50 ms), trade', 'long_tasks', 0, '0'),
  row('CPU', 'main-thread CPU ms/s, trade (thread time)', 'cpu_ms_per_s_trade', 1, 'ratio <= 0.2'),
  row('CPU', 'main-thread busy ms/s, trade (task wall time)', 'busy_ms_per_s_trade', 1),
  row('CPU', 'main-thread JavaScript ms/s, trade', 'script_ms_per_s_trade', 1),
  row('CPU', 'main-thread JavaScript ms/s, home', 'script_ms_per_s_home', 1),
  row('CPU', 'main-thread CPU ms/s, home (thread time)', 'cpu_ms_per_s_home', 1),
  row('CPU', 'main-thread busy ms/s, home (task wall time)', 'busy_ms_per_s_home', 1),
  // PERF-B8: the futures tab, the same figures as the trade tab's.
  row('B8', 'messages/s to the futures tab (5 positions, book on screen)', 'futures_msgs_per_s', 1, '<= 60'),
  row('B8', 'React commits/s, futures', 'futures_commits_per_s', 1, '50..60'),
  row('B8', 'main thread busy ms/frame, futures (task wall time)', 'futures_main_thread_ms_per_frame', 2, '<= 4'),
  row('B8', 'main thread CPU ms/frame, futures (thread time)', 'futures_main_thread_cpu_ms_per_frame', 2),
  row('B8', 'main-thread CPU ms/s, futures (thread time)', 'futures_cpu_ms_per_s', 1),
  row('B8', 'long tasks (>= 50 ms), futures', 'futures_long_tasks', 0, '0'),
  // PERF-7: ours against the naive client, each run's ratio, then the median.
  row('CPU', 'CPU ratio vs naive (thread time), trade', 'cpu_ratio_vs_naive', 3, '<= 0.2', true),
  row('CPU', 'CPU ratio vs naive (thread time), home', 'cpu_ratio_vs_naive_home', 3, '', true),
  row('CPU', 'CPU ratio vs naive (thread time), futures', 'futures_cpu_ratio_vs_naive', 3, '<= 0.2', true),
];

const LIGHTHOUSE_ROWS: Row[] = [
  row('LH', 'Lighthouse home (mobile): performance score', 'lighthouse_performance', 0, '>= 90', true),
  row('LH', 'Lighthouse: accessibility score', 'lighthouse_accessibility', 0, '>= 95', true),
  row('LH', 'Lighthouse: best-practices score', 'lighthouse_best_practices', 0, '', true),
  row('LH', 'Lighthouse: first contentful paint ms', 'lighthouse_first_contentful_paint_ms', 0, '', true),
  row('LH', 'Lighthouse: largest contentful paint ms', 'lighthouse_largest_contentful_paint_ms', 0, '', true),
  row('LH', 'Lighthouse: total blocking time ms', 'lighthouse_total_blocking_time_ms', 0, '', true),
  row('LH', 'Lighthouse: cumulative layout shift', 'lighthouse_cumulative_layout_shift', 3, '', true),
  row('LH', 'Lighthouse: speed index ms', 'lighthouse_speed_index_ms', 0, '', true),
  row('LH', 'Lighthouse: transferred KB (total-byte-weight)', 'lighthouse_total_byte_weight_kb', 0, '<= 350', true),
];

/**
 * The committed results (the previous release's), read before this run overwrites them: the JSON's figures, and
 * those only its table printed; undefined if there are none.
 */
function previousFigures(): Figures | undefined {
  const read = (name: string) => {
    try {
      return execFileSync('git', ['show', `HEAD:bench/results/${name}`], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      const file = join(root, 'bench/results', name);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    }
  };
  const json = read('browser-latest.json');
  if (!json) return undefined;
  try {
    return withTableFigures(figuresOfResult(JSON.parse(json)), read('browser-latest.md') ?? '', BROWSER_ROWS);
  } catch {
    return undefined;
  }
}

/** The closing JSON from the median figures: the names earlier releases wrote, then the new flat ones. */
function resultOf(med: Figures, runs: number, lighthouseRunCount: number) {
  const ours = Object.fromEntries(
    Object.entries(med).filter(([k]) => !k.startsWith('naive.') && !k.startsWith('lighthouse_')),
  );
  const naive = Object.fromEntries(
    Object.entries(med)
      .filter(([k]) => k.startsWith('naive.'))
      .map(([k, v]) => [k.slice('naive.'.length), v]),
  );
  const nested = (f: Figures) => Object.fromEntries(FUTURES_KEYS.map(([flat, name]) => [name, f[flat]]));
  return {
    ...ours,
    futures_tab: runs ? nested(ours) : undefined,
    naive: Object.keys(naive).length ? { ...naive, futures_tab: nested(naive) } : undefined,
    lighthouse: lighthouseRunCount
      ? {
          ...Object.fromEntries(LIGHTHOUSE_KEYS.map((k) => [k, med[`lighthouse_${k}`]])),
          mode: 'mobile, simulated throttling',
          url: '/',
          runs: lighthouseRunCount,
        }
      : undefined,
    runs,
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    window_s: windowS,
    date: new Date().toISOString(),
  };
}

/** A Lighthouse JSON report is kept beside the results only if it is this small (they usually are not). */
const SMALL_REPORT = 200_000;

async function main() {
  const previous = previousFigures();
  const tmp = mkdtempSync(join(tmpdir(), 'bench-browser-'));
  // The two builds (about 28 MB) go with the process, however it ends short of a kill.
  process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
  const dirs = { ours: join(tmp, 'ours'), naive: join(tmp, 'naive') };
  const withNaive = !quick && !lighthouseOnly;
  console.log(withNaive ? 'building both clients ...' : 'building the client ...');
  await buildClient('ours', dirs.ours, { lean: quick });
  if (withNaive) await buildClient('naive', dirs.naive);

  const runs: Figures[] = [];
  if (!lighthouseOnly)
    for (let i = 0; i < runCount; i++) {
      console.log(`run ${i + 1}/${runCount}: measuring ours ...`);
      const ours = await measure('ours', dirs.ours);
      if (withNaive) console.log(`run ${i + 1}/${runCount}: measuring naive ...`);
      const naive = withNaive ? await measure('naive', dirs.naive) : undefined;
      runs.push(flatRun(ours, naive));
    }
  const med = medianOf(runs);

  const withLighthouse = lighthouseOnly || (!quick && !noLighthouse);
  let lastReport = '';
  if (withLighthouse) {
    console.log(`lighthouse on home, ${runCount} run(s) ...`);
    // Imported only when it runs: loading lighthouse took about 3.6 s of each quick run (the harness check).
    const { lighthouseRuns } = await import('./lib/lighthouse');
    const lh = await lighthouseRuns(dirs.ours, runCount);
    for (const k of LIGHTHOUSE_KEYS) med[`lighthouse_${k}`] = median(lh.runs.map((r) => r[k]));
    lastReport = lh.lastReport;
  }

  const result = resultOf(med, runs.length, withLighthouse ? runCount : 0);
  const rows = [...(lighthouseOnly ? [] : BROWSER_ROWS), ...(withLighthouse ? LIGHTHOUSE_ROWS : [])];
  const table = [
    `median of ${runCount} run(s)${lighthouseOnly ? ' (Lighthouse only)' : ''}; previous: the committed bench/results/browser-latest.json`,
    '',
    tableOf(rows, med, previous, withNaive),
    ...(lighthouseOnly
      ? []
      : [
          '',
          `cpu_ratio_vs_naive (thread time) trade = ${fmt(med.cpu_ratio_vs_naive, 3)}, home = ${fmt(med.cpu_ratio_vs_naive_home, 3)}, futures = ${fmt(med.futures_cpu_ratio_vs_naive, 3)}; busy (wall) ratio trade = ${fmt(med.busy_ratio_vs_naive, 3)}, home = ${fmt(med.busy_ratio_vs_naive_home, 3)}; tick-to-paint samples: ${fmt(med.tick_to_paint_samples, 0)}; trade screen: ${fmt(med.market_list_rows, 0)} market rows, chart of ${fmt(med.chart_candles, 0)} candles (${fmt(med.chart_candles_visible, 0)} on screen)`,
        ]),
  ].join('\n');
  console.log('\n' + table + '\n');
  if (outArg || (!quick && !lighthouseOnly)) {
    const out = outArg ?? join(root, 'bench/results/browser-latest.json');
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
    if (!outArg) {
      writeFileSync(join(root, 'bench/results/browser-latest.md'), table + '\n');
      if (lastReport && lastReport.length <= SMALL_REPORT)
        writeFileSync(join(root, 'bench/results/lighthouse-home.json'), lastReport + '\n');
    }
  }
  if (lastReport && lastReport.length > SMALL_REPORT)
    console.log(`(the last Lighthouse report, ${Math.round(lastReport.length / 1000)} KB, is not kept: figures only)`);
  console.log(JSON.stringify(result));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

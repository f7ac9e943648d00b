/**
 * `npm run bench:browser` (PERF-B1 to PERF-B5, PERF-7): the live market in a real Chromium against the real server in
 * flood mode (10,000 trades/s over 50 symbols), ours beside a naive client built from the same
 * screens, in the same run. Every figure comes from a counter or a clock of this run.
 *
 *   --quick      one tab, a few seconds, ours only (the harness check `npm test` runs)
 *   --window=S   seconds per measured window (default 8)
 *   --out=FILE   also write the results JSON there (default bench/results/browser-latest.json unless --quick)
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { buildClient } from './lib/build';
import { cdpFor, percentile, sample, scrape, sleep, total, type BenchWindow } from './lib/metrics';
import { depthApplied, openSession, tabMessages, waitLive, type Kind } from './lib/session';
import { hideTab } from './lib/visibility';
import { openFivePositions, openFuturesTab } from './lib/futures';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const windowS = Number(argv.find((a) => a.startsWith('--window='))?.split('=')[1] ?? (quick ? 3 : 8));
const warmMs = quick ? 1500 : 3000;
const outArg = argv.find((a) => a.startsWith('--out='))?.split('=')[1];
const root = resolve(import.meta.dirname, '../..');

interface ClientFigures {
  bytesPerS1: number;
  bytesPerS5: number;
  connections5: number;
  msgsPerSPerTab: number;
  hiddenTabMsgs: number;
  commitsPerSHome: number;
  /** Mean over the four visible tabs while five are open (the machine has two cores for five renderers). */
  commitsPerSHome5?: number;
  commitsPerSTrade: number;
  t2pHome: number[];
  /** While five tabs are open (five renderers on this machine's two cores). */
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
    // B1/B2 with five tabs; the fifth is hidden for B2's hidden-tab figure.
    const more = [];
    for (let i = 0; i < 4; i++) more.push(await s.open(home));
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

const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-browser-'));
  const dirs = { ours: join(tmp, 'ours'), naive: join(tmp, 'naive') };
  console.log('building both clients ...');
  await buildClient('ours', dirs.ours);
  if (!quick) await buildClient('naive', dirs.naive);
  console.log('measuring ours ...');
  const ours = await measure('ours', dirs.ours);
  const naive = quick ? undefined : (console.log('measuring naive ...'), await measure('naive', dirs.naive));

  const t2p = [...ours.t2pHome, ...ours.t2pTrade];
  const result = {
    ws_connections_5_tabs: ours.connections5,
    bytes_ratio_5_to_1: ours.bytesPerS5 / ours.bytesPerS1,
    msgs_per_s_per_tab: ours.msgsPerSPerTab,
    hidden_tab_msgs: ours.hiddenTabMsgs,
    commits_per_s: Math.max(ours.commitsPerSHome, Number.isFinite(ours.commitsPerSTrade) ? ours.commitsPerSTrade : 0),
    commits_per_s_home: ours.commitsPerSHome,
    commits_per_s_trade: ours.commitsPerSTrade,
    tick_to_paint_p50_ms: percentile(t2p, 50),
    tick_to_paint_p99_ms: percentile(t2p, 99),
    tick_to_paint_samples: t2p.length,
    main_thread_ms_per_frame: ours.mainMsPerFrameTrade,
    main_thread_cpu_ms_per_frame: ours.cpuMsPerFrameTrade,
    msgs_per_s_trade: ours.msgsPerSTrade,
    depth_updates_per_s_trade: ours.depthPerSTrade,
    long_tasks: ours.longTasksTrade,
    chart_candles: ours.candles,
    chart_candles_visible: ours.visibleCandles,
    market_list_rows: ours.marketRows,
    futures_tab: ours.futures,
    cpu_ratio_vs_naive: naive ? ours.cpuMsPerSTrade / naive.cpuMsPerSTrade : NaN,
    cpu_ratio_vs_naive_home: naive ? ours.cpuMsPerSHome / naive.cpuMsPerSHome : NaN,
    busy_ratio_vs_naive: naive ? ours.busyMsPerSTrade / naive.busyMsPerSTrade : NaN,
    busy_ratio_vs_naive_home: naive ? ours.busyMsPerSHome / naive.busyMsPerSHome : NaN,
    script_ratio_vs_naive: naive ? ours.scriptMsPerSTrade / naive.scriptMsPerSTrade : NaN,
    script_ratio_vs_naive_home: naive ? ours.scriptMsPerSHome / naive.scriptMsPerSHome : NaN,
    naive: naive && {
      ws_connections_5_tabs: naive.connections5,
      bytes_ratio_5_to_1: naive.bytesPerS5 / naive.bytesPerS1,
      msgs_per_s_per_tab: naive.msgsPerSPerTab,
      hidden_tab_msgs: naive.hiddenTabMsgs,
      commits_per_s_home: naive.commitsPerSHome,
      commits_per_s_trade: naive.commitsPerSTrade,
      tick_to_paint_p50_ms: percentile([...naive.t2pHome, ...naive.t2pTrade], 50),
      tick_to_paint_p99_ms: percentile([...naive.t2pHome, ...naive.t2pTrade], 99),
      main_thread_ms_per_frame: naive.mainMsPerFrameTrade,
      msgs_per_s_trade: naive.msgsPerSTrade,
      depth_updates_per_s_trade: naive.depthPerSTrade,
      main_thread_cpu_ms_per_frame: naive.cpuMsPerFrameTrade,
      long_tasks: naive.longTasksTrade,
      futures_tab: naive.futures,
    },
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    window_s: windowS,
    date: new Date().toISOString(),
  };

  const rows: [string, string, string, string, string][] = [
    ['B1', 'server sockets, 5 tabs', fmt(ours.connections5, 0), naive ? fmt(naive.connections5, 0) : '', 'exactly 1'],
    [
      'B1',
      'bytes ratio 5 tabs : 1 tab (per trade)',
      fmt(result.bytes_ratio_5_to_1, 3),
      naive ? fmt(result.naive!.bytes_ratio_5_to_1, 3) : '',
      '<= 1.02',
    ],
    [
      'B7',
      'DEPTH updates applied/s, trade (worker | naive tab)',
      fmt(ours.depthPerSTrade, 1),
      naive ? fmt(naive.depthPerSTrade, 1) : '',
      '(the feed)',
    ],
    [
      'B7',
      'messages/s to the trade tab (book on screen)',
      fmt(ours.msgsPerSTrade, 1),
      naive ? fmt(naive.msgsPerSTrade, 1) : '',
      '<= 60',
    ],
    [
      'B2',
      'messages/s to a visible tab (max)',
      fmt(ours.msgsPerSPerTab, 1),
      naive ? fmt(naive.msgsPerSPerTab, 1) : '',
      '<= 60',
    ],
    [
      'B2',
      `messages to a hidden tab in ${windowS} s`,
      fmt(ours.hiddenTabMsgs, 0),
      naive ? fmt(naive.hiddenTabMsgs, 0) : '',
      '0',
    ],
    ['B3', 'React commits/s, home', fmt(ours.commitsPerSHome, 1), naive ? fmt(naive.commitsPerSHome, 1) : '', '50..60'],
    [
      'B3',
      'React commits/s, home, each of 5 tabs',
      fmt(ours.commitsPerSHome5 ?? NaN, 1),
      naive ? fmt(naive.commitsPerSHome5 ?? NaN, 1) : '',
      '',
    ],
    [
      'B3',
      'React commits/s, trade',
      fmt(ours.commitsPerSTrade, 1),
      naive ? fmt(naive.commitsPerSTrade, 1) : '',
      '50..60',
    ],
    [
      'B4',
      'tick-to-paint p50 ms (home one tab + trade)',
      fmt(result.tick_to_paint_p50_ms, 1),
      naive ? fmt(result.naive!.tick_to_paint_p50_ms, 1) : '',
      '<= 17',
    ],
    [
      'B4',
      'tick-to-paint p50 / p99 ms, home, one tab',
      `${fmt(percentile(ours.t2pHome, 50), 1)} / ${fmt(percentile(ours.t2pHome, 99), 1)}`,
      naive ? `${fmt(percentile(naive.t2pHome, 50), 1)} / ${fmt(percentile(naive.t2pHome, 99), 1)}` : '',
      '',
    ],
    [
      'B4',
      'tick-to-paint p50 / p99 ms, trade',
      `${fmt(percentile(ours.t2pTrade, 50), 1)} / ${fmt(percentile(ours.t2pTrade, 99), 1)}`,
      naive ? `${fmt(percentile(naive.t2pTrade, 50), 1)} / ${fmt(percentile(naive.t2pTrade, 99), 1)}` : '',
      '',
    ],
    [
      'B4',
      'tick-to-paint p50 / p99 ms, home, 5 tabs open',
      `${fmt(percentile(ours.t2pHome5 ?? [], 50), 1)} / ${fmt(percentile(ours.t2pHome5 ?? [], 99), 1)}`,
      naive ? `${fmt(percentile(naive.t2pHome5 ?? [], 50), 1)} / ${fmt(percentile(naive.t2pHome5 ?? [], 99), 1)}` : '',
      '',
    ],
    [
      'B4',
      'tick-to-paint p99 ms (home one tab + trade)',
      fmt(result.tick_to_paint_p99_ms, 1),
      naive ? fmt(result.naive!.tick_to_paint_p99_ms, 1) : '',
      '<= 34',
    ],
    [
      'B5',
      'main thread busy ms/frame, trade (task wall time)',
      fmt(ours.mainMsPerFrameTrade, 2),
      naive ? fmt(naive.mainMsPerFrameTrade, 2) : '',
      '<= 4',
    ],
    [
      'B5',
      'main thread CPU ms/frame, trade (thread time)',
      fmt(ours.cpuMsPerFrameTrade, 2),
      naive ? fmt(naive.cpuMsPerFrameTrade, 2) : '',
      '',
    ],
    ['B5', 'long tasks (>= 50 ms), trade', fmt(ours.longTasksTrade, 0), naive ? fmt(naive.longTasksTrade, 0) : '', '0'],
    [
      'CPU',
      'main-thread CPU ms/s, trade (thread time)',
      fmt(ours.cpuMsPerSTrade, 1),
      naive ? fmt(naive.cpuMsPerSTrade, 1) : '',
      'ratio <= 0.2',
    ],
    [
      'CPU',
      'main-thread busy ms/s, trade (task wall time)',
      fmt(ours.busyMsPerSTrade, 1),
      naive ? fmt(naive.busyMsPerSTrade, 1) : '',
      '',
    ],
    [
      'CPU',
      'main-thread JavaScript ms/s, trade',
      fmt(ours.scriptMsPerSTrade, 1),
      naive ? fmt(naive.scriptMsPerSTrade, 1) : '',
      '',
    ],
    [
      'CPU',
      'main-thread JavaScript ms/s, home',
      fmt(ours.scriptMsPerSHome, 1),
      naive ? fmt(naive.scriptMsPerSHome, 1) : '',
      '',
    ],
    [
      'CPU',
      'main-thread CPU ms/s, home (thread time)',
      fmt(ours.cpuMsPerSHome, 1),
      naive ? fmt(naive.cpuMsPerSHome, 1) : '',
      '',
    ],
    [
      'CPU',
      'main-thread busy ms/s, home (task wall time)',
      fmt(ours.busyMsPerSHome, 1),
      naive ? fmt(naive.busyMsPerSHome, 1) : '',
      '',
    ],
  ];
  // PERF-B8: the futures tab, the same figures as the trade tab's.
  const b8: [string, (t: TabFigures) => number, number, string][] = [
    ['messages/s to the futures tab (5 positions, book on screen)', (t) => t.msgsPerS, 1, '<= 60'],
    ['React commits/s, futures', (t) => t.commitsPerS, 1, '50..60'],
    ['main thread busy ms/frame, futures (task wall time)', (t) => t.msPerFrame, 2, '<= 4'],
    ['main thread CPU ms/frame, futures (thread time)', (t) => t.cpuMsPerFrame, 2, ''],
    ['main-thread CPU ms/s, futures (thread time)', (t) => t.cpuMsPerS, 1, ''],
    ['long tasks (>= 50 ms), futures', (t) => t.longTasks, 0, '0'],
  ];
  for (const [label, get, d, target] of b8)
    rows.push([
      'B8',
      label,
      fmt(ours.futures ? get(ours.futures) : NaN, d),
      naive?.futures ? fmt(get(naive.futures), d) : '',
      target,
    ]);
  const table = [
    '| id | figure | ours | naive | target |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `cpu_ratio_vs_naive (thread time) trade = ${fmt(result.cpu_ratio_vs_naive, 3)}, home = ${fmt(result.cpu_ratio_vs_naive_home, 3)}; busy (wall) ratio trade = ${fmt(result.busy_ratio_vs_naive, 3)}, home = ${fmt(result.busy_ratio_vs_naive_home, 3)}; tick-to-paint samples: ${t2p.length}; trade screen: ${fmt(ours.marketRows ?? NaN, 0)} market rows, chart of ${fmt(ours.candles, 0)} candles (${fmt(ours.visibleCandles ?? NaN, 0)} on screen)`,
  ].join('\n');
  console.log('\n' + table + '\n');
  if (!quick || outArg) {
    const out = outArg ?? join(root, 'bench/results/browser-latest.json');
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
    if (!outArg) writeFileSync(join(root, 'bench/results/browser-latest.md'), table + '\n');
  }
  console.log(JSON.stringify(result));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * PERF-B10's check: five home tabs of our client in flood mode, each tab's tick-to-paint samples and its
 * requestAnimationFrame gaps over a window, per tab.
 *   node --import tsx bench/browser/tools/five.ts <staticDir> [tabs|windows]
 * `tabs` opens the five pages as Playwright does by default, as tabs of one window: headless Chromium draws only
 * the front one, and the others, visible to their pages, get one frame a second (gaps of about 1,017 ms).
 * `windows` (what `bench:browser` does) opens each page in a window of its own. The build is made if absent.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { buildClient } from '../lib/build';
import { sleep } from '../lib/metrics';
import { openSession, waitLive } from '../lib/session';

const [dir = '/tmp/bench-five/ours', how = 'windows'] = process.argv.slice(2);

/** Page-side: from now on, log every tick-to-paint sample with its time, and every frame gap over 100 ms. */
const START = `(() => {
  const S = window.__bench;
  S.t2p.length = 0; S.log = []; S.gaps = [];
  let last = performance.now();
  const f = (t) => { if (t - last > 100) S.gaps.push([Math.round(last), Math.round(t - last)]); last = t; requestAnimationFrame(f); };
  requestAnimationFrame(f);
  const push = S.t2p.push.bind(S.t2p);
  S.t2p.push = (v) => { S.log.push(v); return push(v); };
})()`;

async function main() {
  if (!existsSync(dir + '/index.html')) await buildClient('ours', dir);
  const s = await openSession('ours', dir, { MARKET_COINS: '200' });
  const extra = Number(process.env.CREDIT_EXTRA_MS ?? 0);
  if (extra)
    await s.context.addInitScript(
      `(() => { const pm = MessagePort.prototype.postMessage; MessagePort.prototype.postMessage = function (m, t) { if (m && m.t === 'credit' && typeof m.at === 'number') m = { ...m, at: m.at + ${extra} }; return pm.call(this, m, t); }; })()`,
    );
  try {
    const pages: Page[] = [await s.open('/')];
    for (let i = 0; i < 4; i++) pages.push(how === 'tabs' ? await s.open('/') : await s.openWindow('/'));
    await Promise.all(pages.map((p) => waitLive(p, 'ours')));
    await sleep(3000);
    await Promise.all(pages.map((p) => p.evaluate(START)));
    await sleep(8000);
    for (const [i, p] of pages.entries()) {
      const { log, gaps } = (await p.evaluate('({ log: window.__bench.log, gaps: window.__bench.gaps })')) as {
        log: number[];
        gaps: number[][];
      };
      const sorted = [...log].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]?.toFixed(1);
      console.log(
        `tab ${i}: ${log.length} samples, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; frame gaps over 100 ms: ${JSON.stringify(gaps)}`,
      );
    }
  } finally {
    await s.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);

/**
 * `npm run bench:soak` (PERF-B6): heap growth of the page and of the market worker between
 * minute 1 and minute 10 of the live home and trade screens in flood mode, garbage collection forced
 * before each reading.   --minutes=N (default 10) --first=M (default 1)
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { buildClient } from './lib/build';
import { sleep } from './lib/metrics';
import { openSession, waitLive } from './lib/session';
import { attachMarketWorker, type WorkerCdp } from './lib/workerCdp';

const argv = process.argv.slice(2);
const minutes = Number(argv.find((a) => a.startsWith('--minutes='))?.split('=')[1] ?? 10);
const first = Number(argv.find((a) => a.startsWith('--first='))?.split('=')[1] ?? 1);
const root = resolve(import.meta.dirname, '../..');

async function pageHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize;
}

async function workerHeap(w: WorkerCdp): Promise<number> {
  await w.send('HeapProfiler.enable');
  await w.send('HeapProfiler.collectGarbage');
  await w.send('HeapProfiler.collectGarbage');
  const { usedSize } = await w.send<{ usedSize: number }>('Runtime.getHeapUsage');
  return usedSize;
}

async function main() {
  const dir = join(mkdtempSync(join(tmpdir(), 'bench-soak-')), 'ours');
  await buildClient('ours', dir);
  const s = await openSession('ours', dir);
  try {
    const home = await s.open('/');
    const trade = await s.open('/trade?symbol=btcusdt');
    await Promise.all([waitLive(home, 'ours'), waitLive(trade, 'ours')]);
    const worker = await attachMarketWorker(s.browser);
    if (!worker) throw new Error('market worker not found');
    const t0 = Date.now();
    await sleep(first * 60_000 - (Date.now() - t0));
    const a = { home: await pageHeap(home), trade: await pageHeap(trade), worker: await workerHeap(worker) };
    console.log(
      `minute ${first}: page(home) ${(a.home / 2 ** 20).toFixed(2)} MB, page(trade) ${(a.trade / 2 ** 20).toFixed(2)} MB, worker ${(a.worker / 2 ** 20).toFixed(2)} MB`,
    );
    await sleep(minutes * 60_000 - (Date.now() - t0));
    const b = { home: await pageHeap(home), trade: await pageHeap(trade), worker: await workerHeap(worker) };
    console.log(
      `minute ${minutes}: page(home) ${(b.home / 2 ** 20).toFixed(2)} MB, page(trade) ${(b.trade / 2 ** 20).toFixed(2)} MB, worker ${(b.worker / 2 ** 20).toFixed(2)} MB`,
    );
    const result = {
      heap_growth_mb_page: Math.max(b.home - a.home, b.trade - a.trade) / 2 ** 20,
      heap_growth_mb_page_home: (b.home - a.home) / 2 ** 20,
      heap_growth_mb_page_trade: (b.trade - a.trade) / 2 ** 20,
      heap_growth_mb_worker: (b.worker - a.worker) / 2 ** 20,
      from_minute: first,
      to_minute: minutes,
      date: new Date().toISOString(),
    };
    console.log('\n| figure | MB | target |\n| --- | ---: | --- |');
    console.log(`| heap growth, page (home) | ${result.heap_growth_mb_page_home.toFixed(2)} | <= 5 |`);
    console.log(`| heap growth, page (trade) | ${result.heap_growth_mb_page_trade.toFixed(2)} | <= 5 |`);
    console.log(`| heap growth, worker | ${result.heap_growth_mb_worker.toFixed(2)} | <= 2 |\n`);
    if (minutes >= 10) {
      mkdirSync(join(root, 'bench/results'), { recursive: true });
      writeFileSync(join(root, 'bench/results/soak-latest.json'), JSON.stringify(result, null, 2) + '\n');
    }
    await worker.detach();
    console.log(JSON.stringify(result));
  } finally {
    await s.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

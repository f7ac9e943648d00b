/**
 * The trade records screen end to end (RECS-*): /records against the real server in a real Chromium, phone and
 * desktop. The demo user makes spot fills and second contracts through the API; the screen lists them, each tab
 * asks its own call, and the pair and time filters go into the query. Screenshots go to SHOTS_DIR when it is set.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { appWithDemoUser, atSize, DESKTOP, newContext, PHONE, visit } from './app-support';
import { keptPageParkedOnFailure } from './kept-support';

const SHOTS = process.env.SHOTS_DIR;
const env = appWithDemoUser();
/**
 * PERF-69, PERF-70: the demo user's one context and kept page, the desktop's test then the phone's at its size
 * (`atSize`: loaded again); the record calls' listener goes with its test; a failed test parks the page.
 */
const kept = keptPageParkedOnFailure(() => newContext(env.app.browser, { viewport: DESKTOP, token: env.token }));
const pageAt = async (size: { width: number; height: number }) => atSize(await kept(), size);

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function post(path: string, body: unknown, key: string): Promise<{ id: number }> {
  const r = await fetch(`${env.app.server.url}${path}`, {
    method: 'POST',
    headers: { satoken: env.token, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  const j = (await r.json()) as { code: number; data: { id: number }; msg: string };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
}

/** The record calls a page makes, as path + query, until `stop` takes the listener off. */
function recordCalls(page: Page): { seen: URL[]; stop(): void } {
  const seen: URL[] = [];
  const onRequest = (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/record/')) seen.push(u);
  };
  page.on('request', onRequest);
  return { seen, stop: () => page.off('request', onRequest) };
}

async function until(cond: () => boolean): Promise<void> {
  await expect.poll(cond, { timeout: 10_000, interval: 50 }).toBe(true);
}

describe('[RECS-7] the records screen against the real server', () => {
  it('[RECS-10] lists the spot fills and second contracts made; each tab asks its own call; filters go into the query', async () => {
    for (let i = 0; i < 3; i++)
      await post(
        '/api/currency/order/submit',
        { symbol: i === 1 ? 'ethusdt' : 'btcusdt', side: 'buy', type: 'market', amount: i === 1 ? '0.01' : '0.001' },
        `rec-spot-${i}`,
      );
    await post(
      '/api/secondContractOrder/createSecondContractOrder',
      { symbol: 'btcusdt', direction: 'up', amount: '20', periodId: 1 },
      'rec-second-1',
    );

    const page = await pageAt(DESKTOP);
    const recorder = recordCalls(page);
    const calls = recorder.seen;
    try {
      await visit(page, env.app.server.url, '/records?tab=spot');
      await page.getByTestId('records-panel-spot').getByTestId('record-row').first().waitFor();
      expect(await page.getByTestId('record-row').count()).toBeGreaterThanOrEqual(3);
      expect(calls.map((u) => u.pathname)).toEqual(expect.arrayContaining(['/api/record/currency']));
      expect(calls.some((u) => u.pathname !== '/api/record/currency')).toBe(false);
      await shot(page, 'records-spot-desktop');

      // The pair filter: the next call carries it; only that pair's fills are listed.
      const before = calls.length;
      await page.getByTestId('filter-pair').selectOption('ethusdt');
      await until(() => calls.slice(before).some((u) => u.searchParams.get('symbol') === 'ethusdt'));
      // The request goes out before its answer renders: wait for the filtered rows, not for any rows.
      const pairs = () => page.locator('[data-testid="record-row"] td:nth-child(2)').allTextContents();
      await expect
        .poll(async () => {
          const cells = await pairs();
          return cells.length > 0 && cells.every((c) => c === 'ETH/USDT');
        })
        .toBe(true);

      // A time preset: the call carries a window start about a day back.
      const mark = calls.length;
      await page.getByTestId('filter-range-24h').click();
      await until(() => calls.slice(mark).some((u) => u.searchParams.has('from')));
      const from = Number(
        calls
          .slice(mark)
          .find((u) => u.searchParams.has('from'))!
          .searchParams.get('from'),
      );
      expect(Math.abs(Date.now() - 86_400_000 - from)).toBeLessThan(60_000);

      // Each tab asks its own call; the tab is in the URL.
      const tabs: [string, string, string][] = [
        ['Second contracts', 'second', '/api/record/second'],
        ['Futures', 'futures', '/api/record/trading'],
        ['Options', 'option', '/api/record/option'],
        ['Copy trading', 'broker', '/api/record/broker'],
      ];
      for (const [name, tab, path] of tabs) {
        const n = calls.length;
        await page.getByRole('tab', { name }).click();
        await page.getByTestId(`records-panel-${tab}`).waitFor();
        await until(() => calls.slice(n).some((u) => u.pathname === path));
        // From this tab's first call on, no other tab's call (the tab left behind may refetch once on private news
        // that came as it was being left: a USER_STATUS batch of two, e.g. a settlement and its inbox message).
        const since = calls.slice(n);
        expect(since.slice(since.findIndex((u) => u.pathname === path)).every((u) => u.pathname === path)).toBe(true);
        expect(new URL(page.url()).searchParams.get('tab')).toBe(tab);
      }
      await page.getByText('Copy-trading records appear here once you follow a trader.').waitFor();
    } finally {
      recorder.stop();
    }
  });

  it('[RECS-8] phone: cards with the settled contract’s entry and exit evidence; reached from My', async () => {
    // The 30 s contract of the first test settles on the server's clock: move it past the close (OPS-6), then wait
    // for its record.
    await fetch(`${env.app.server.url}/api/_test/clock/advance?ms=31000`, { method: 'POST' });
    const settled = async () => {
      const r = await fetch(`${env.app.server.url}/api/record/second`, { headers: { satoken: env.token } });
      return ((await r.json()) as { data: { total: number } }).data.total;
    };
    await expect.poll(settled, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    const page = await pageAt(PHONE);
    await visit(page, env.app.server.url, '/wallet');
    await page.getByRole('link', { name: 'Trade records' }).click();
    await page.getByTestId('records-screen').waitFor();
    expect(new URL(page.url()).pathname).toBe('/records');
    await page.getByRole('tab', { name: 'Second contracts' }).click();
    await page.getByTestId('records-panel-second').getByTestId('record-row').first().waitFor();
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.getByTestId('evidence').count()).toBe(2);
    await shot(page, 'records-second-phone');
  });
});

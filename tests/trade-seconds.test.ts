/**
 * Second contracts end to end (SEC-*, SECUI-*): /flash against the real server in a real Chromium, phone and
 * desktop. Each places a contract of the shortest period; both count down on server time, settle from the
 * published trades, and show their entry and exit trades. Screenshots go to SHOTS_DIR when it is set.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, appWithDemoUser, gotoApp, newContext, shot } from './app-support';

const env = appWithDemoUser();

async function placeUp(page: Page, stake: string): Promise<void> {
  await gotoApp(page, `${env.app.server.url}/flash?symbol=btcusdt`);
  const panel = page.getByTestId('seconds-panel');
  await panel.waitFor();
  await page.getByTestId('seconds-period-30').click();
  // SIDE-1: the two sides are the buttons themselves, named and coloured (up and down), phone and desktop.
  expect(await page.getByTestId('seconds-up').locator('.sec-dir__name').innerText()).toBe('Up');
  expect(await page.getByTestId('seconds-down').locator('.sec-dir__name').innerText()).toBe('Down');
  await page.getByTestId('seconds-stake').fill(stake);
  await expect.poll(() => page.getByTestId('seconds-up').isEnabled()).toBe(true);
  await page.getByTestId('seconds-up').click();
  await page.getByTestId('seconds-confirm').waitFor();
  await page.getByTestId('seconds-confirm-ok').click();
  await page.getByTestId('seconds-open-row').first().waitFor();
}

describe('[SEC-4] [SECUI-5] [SIDE-1] a 30 s contract counts down, settles and shows its evidence, phone and desktop', () => {
  it('places on both, counts down, settles, and the audit names the entry and exit trades', async () => {
    // PERF-70: the phone and the desktop are two tabs of one context (one user), each at its size.
    const ctx = await newContext(env.app.browser, { viewport: PHONE, token: env.token });
    const phone = await ctx.newPage();
    const desktop = await ctx.newPage();
    await desktop.setViewportSize(DESKTOP);
    try {
      await placeUp(phone, '10');
      await placeUp(desktop, '20');
      const row = phone.getByTestId('seconds-open-row').first();
      const countdown = async () => (await row.textContent()) ?? '';
      const first = await countdown();
      await expect.poll(countdown, { timeout: 10_000 }).not.toBe(first);
      await shot(phone, 'seconds-open-phone');
      await shot(desktop, 'seconds-open-desktop');
      // OPS-6: the server's clock moves on past both closes instead of the test waiting the period out; the market
      // makes the skipped time's trades, and the settlement reads them as it reads any.
      const advanced = await fetch(`${env.app.server.url}/api/_test/clock/advance?ms=31000`, { method: 'POST' });
      expect(advanced.status).toBe(200);
      for (const page of [phone, desktop]) {
        await page.getByTestId('seconds-tab-settled').click();
        await page.getByTestId('seconds-settled-row').first().waitFor({ timeout: 60_000 });
      }
      const settledRows = async () => {
        const r = await fetch(`${env.app.server.url}/api/secondContractOrder/selectOrderList`, {
          method: 'POST',
          headers: { satoken: env.token, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'settled', pageNum: 1, pageSize: 10 }),
        });
        return ((await r.json()) as { data: { rows: { entry: { id: number }; exit: { id: number } }[] } }).data.rows;
      };
      // The two contracts were placed seconds apart: both settle within a few seconds of their close.
      await expect.poll(async () => (await settledRows()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const settled = await settledRows();
      for (const page of [phone, desktop])
        await expect.poll(() => page.getByTestId('seconds-settled-row').count(), { timeout: 15_000 }).toBe(2);
      expect(settled.length).toBeGreaterThanOrEqual(2);
      for (const page of [phone, desktop])
        await page.getByTestId('seconds-settled-row').first().locator('summary').click();
      await phone.getByTestId('seconds-audit').first().waitFor();
      const text = (await phone.getByTestId('seconds-settled').textContent()) ?? '';
      expect(text).toContain(String(settled[0].exit.id));
      expect(text).toContain(String(settled[0].entry.id));
      await shot(phone, 'seconds-settled-phone');
      await shot(desktop, 'seconds-settled-desktop');
    } finally {
      await ctx.close();
    }
  }, 120_000);
});

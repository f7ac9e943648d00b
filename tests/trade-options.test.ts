/**
 * Options end to end (OPT-*, OUI-*): /flashOption against the real server in a real Chromium, desktop and phone.
 * A 5-minute call is bought at a firm quote; the test moves the server's clock past its expiry (OPS-6), and the
 * screen shows it settled with its audit: the exit trade, the settlement price and the payout formula.
 * Screenshots go to SHOTS_DIR when it is set.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, apiData, appWithDemoUser, atSize, newContext, shot, visit } from './app-support';
import { keptPageParkedOnFailure, reach } from './kept-support';

const env = appWithDemoUser({ TEST_SWITCHES: '1' });
/**
 * PERF-69, PERF-70: the demo user's one context and kept page, the desktop's test then the phone's at its size
 * (`atSize`); each opens /flashOption with the screen mounted anew; a failed test parks the page.
 */
const kept = keptPageParkedOnFailure(() => newContext(env.app.browser, { viewport: DESKTOP, token: env.token }));
const pageAt = async (size: { width: number; height: number }) => atSize(await kept(), size);
const api = <T>(path: string, method = 'GET') => apiData<T>(env, path, method);

interface OptionRow {
  id: number;
  kind: string;
  tenor: string;
  expiry: number;
  strike: string;
  quantity: string;
  status: string;
  settlePrice: string | null;
  payout: string | null;
  exit: { id: number; time: number; price: string } | null;
}
const options = (status: 'open' | 'settled') =>
  api<{ total: number; rows: OptionRow[] }>(`/api/option/order/list?status=${status}`);

/** Moves the server's clock to `ms` after `time` (OPS-6). */
async function passTime(time: number, ms: number): Promise<void> {
  const { now } = await api<{ now: number }>('/api/_test/clock/advance?ms=1', 'POST');
  if (time + ms > now) await api(`/api/_test/clock/advance?ms=${time + ms - now}`, 'POST');
}

/** Picks the 5-minute call nearest the spot, gets a firm quote for 0.1 BTC and buys it. */
async function buyFiveMinuteCall(page: Page): Promise<void> {
  await reach(page, env.app.server.url, '/flashOption?symbol=btcusdt');
  await page.getByTestId('options-tenor-5m').click();
  await page.locator('[data-testid="options-strike-row"][data-atm="true"] [data-testid^="options-call-"]').click();
  await page.getByTestId('options-ticket').waitFor();
  const submit = page.getByTestId('options-submit');
  // SIDE-1, SIDE-2: Call and Put are named; the button names the side before the rule it waits for.
  expect(await page.getByTestId('options-kind-call').innerText()).toBe('Call');
  expect(await page.getByTestId('options-kind-put').innerText()).toBe('Put');
  await page.getByTestId('options-kind-put').click();
  await expect.poll(() => submit.textContent()).toBe('Buy Put · Enter a quantity');
  await page.getByTestId('options-kind-call').click();
  await expect.poll(() => submit.textContent()).toBe('Buy Call · Enter a quantity');
  await page.getByTestId('options-quantity').fill('0.1');
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  await page.getByTestId('options-quote').waitFor();
  await expect.poll(() => submit.getAttribute('data-rule')).toBe('ok');
  await shot(page, `trade-options-quote-${page.viewportSize()!.width > 800 ? 'desktop' : 'phone'}`);
  await submit.click();
  await page.getByTestId('options-open-row').first().waitFor({ timeout: 30_000 });
}

async function seeItSettle(page: Page, before: number, name: string): Promise<void> {
  const open = (await options('open')).rows;
  expect(open).toHaveLength(1);
  const bought = open[0];
  expect([bought.kind, bought.tenor, bought.quantity]).toEqual(['call', '5m', '0.1']);
  await shot(page, `trade-options-open-${name}`);
  await passTime(bought.expiry, 2_000);
  await expect.poll(async () => (await options('settled')).total, { timeout: 45_000 }).toBe(before + 1);
  const settled = (await options('settled')).rows.find((r) => r.id === bought.id)!;
  expect(settled.exit!.time).toBeLessThanOrEqual(bought.expiry);
  await page.getByTestId('options-tab-settled').click();
  const row = page.locator(`[data-testid="options-settled-row"][data-id="${bought.id}"]`);
  await row.waitFor({ timeout: 30_000 });
  await expect.poll(() => row.getByTestId('options-exit-trade').innerText()).toContain(String(settled.exit!.id));
  expect(await row.getByTestId('options-formula').innerText()).toContain('max');
  await row.scrollIntoViewIfNeeded();
  await shot(page, `trade-options-settled-${name}`);
}

describe('[OPT-6] [OUI-6] [SIDE-1] [SIDE-2] a 5-minute call bought at a quote settles at expiry with its audit', () => {
  it('desktop', async () => {
    const page = await pageAt(DESKTOP);
    await buyFiveMinuteCall(page);
    await seeItSettle(page, 0, 'desktop');
    // The records screen's option tab lists it (RECS).
    await visit(page, env.app.server.url, '/records?tab=option');
    await expect
      .poll(() => page.getByTestId('records-panel-option').getByTestId('record-row').count(), { timeout: 15_000 })
      .toBe(1);
    await shot(page, 'records-option-desktop');
  });

  it('phone', async () => {
    const page = await pageAt(PHONE);
    await buyFiveMinuteCall(page);
    await seeItSettle(page, 1, 'phone');
  });
});

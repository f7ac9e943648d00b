/**
 * Spot trading end to end (SPOT-*, TRADE-*, WATCH-1): /trade against the real server and its simulated market in a
 * real Chromium, phone and desktop. One server for the file (TEST_SWITCHES on for the delayed reply).
 * Screenshots go to SHOTS_DIR when it is set.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, apiData, appWithDemoUser, gotoApp, newContext, shot } from './app-support';

const SUBMIT_PATH = '/api/currency/order/submit';
const env = appWithDemoUser({ TEST_SWITCHES: '1' });
const api = <T>(path: string, method = 'GET') => apiData<T>(env, path, method);

const openOrders = () => api<{ total: number; rows: { id: number }[] }>('/api/currency/order/orderList?status=open');
async function platform(coin: string): Promise<string> {
  const rows = await api<{ account: string; coin: string; available: string }[]>('/api/asset/assetBalance');
  return rows.find((r) => r.account === 'platform' && r.coin === coin)?.available ?? '0';
}
async function bestBid(): Promise<number> {
  return Number((await api<{ bids: [string, string][] }>('/api/market/depth?symbol=btcusdt&limit=1')).bids[0][0]);
}

/** Opens the spot screen: the desktop shows the form, the phone its Buy and Sell bar. */
async function openTrade(page: Page, phone = false): Promise<void> {
  await gotoApp(page, `${env.app.server.url}/trade?symbol=btcusdt`);
  await page.getByTestId(phone ? 'spot-bar' : 'spot-order-form').waitFor();
}

/** Counts the order submissions a page sends. */
function countSubmits(page: Page): { n: number } {
  const c = { n: 0 };
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === SUBMIT_PATH) c.n += 1;
  });
  return c;
}

async function limitBuy(page: Page, price: string, amount: string): Promise<void> {
  await page.getByTestId('price-buy').fill(price);
  await page.getByTestId('amount-buy').fill(amount);
  await expect.poll(() => page.getByTestId('submit-buy').isEnabled()).toBe(true);
  await page.getByTestId('submit-buy').click();
}

const rowsIn = (page: Page) => page.getByTestId('spot-orders').locator('[data-order-id]');

describe('[SPOT-12] [TRADE-10] a limit buy below the market shows in two tabs and cancels (desktop)', () => {
  it('places, appears in both tabs with the book on screen, cancels from the other tab', async () => {
    const ctx = await newContext(env.app.browser, { viewport: DESKTOP, token: env.token });
    const a = await ctx.newPage();
    const b = await ctx.newPage();
    await openTrade(a);
    await openTrade(b);
    await a.getByTestId('book-table-bid').locator('button').first().waitFor({ state: 'attached' });
    const price = (Math.floor((await bestBid()) * 0.9 * 100) / 100).toFixed(2);
    await limitBuy(a, price, '0.001');
    for (const p of [a, b]) await expect.poll(() => rowsIn(p).count(), { timeout: 10_000 }).toBe(1);
    expect((await openOrders()).total).toBe(1);
    await shot(a, 'trade-spot-open-desktop');
    await rowsIn(b).first().getByTestId('cancel-order').click();
    for (const p of [a, b]) await expect.poll(() => rowsIn(p).count(), { timeout: 10_000 }).toBe(0);
    expect((await openOrders()).total).toBe(0);
    await ctx.close();
  }, 90_000);
});

describe('[SPOT-6] [TRADE-11] a market buy fills and both balances change at once (desktop)', () => {
  it('fills; the USDT and BTC available balances on the form change without a reload', async () => {
    const ctx = await newContext(env.app.browser, { viewport: DESKTOP, token: env.token });
    const page = await ctx.newPage();
    await openTrade(page);
    const usdt0 = await page.getByTestId('available-buy').textContent();
    const btc0 = await page.getByTestId('available-sell').textContent();
    const btcApi0 = Number(await platform('BTC'));
    await page
      .getByTestId('spot-order-form')
      .getByRole('button', { name: /^market$/i })
      .click();
    await page.getByTestId('protection-buy').waitFor();
    await page.getByTestId('amount-buy').fill('0.002');
    await expect.poll(() => page.getByTestId('submit-buy').isEnabled()).toBe(true);
    await page.getByTestId('submit-buy').click();
    await expect.poll(() => page.getByTestId('available-sell').textContent(), { timeout: 10_000 }).not.toBe(btc0);
    await expect.poll(() => page.getByTestId('available-buy').textContent(), { timeout: 10_000 }).not.toBe(usdt0);
    expect(Number(await platform('BTC')) - btcApi0).toBeCloseTo(0.002, 8);
    await shot(page, 'trade-spot-market-desktop');
    await ctx.close();
  }, 90_000);
});

describe('[SPOT-9] [TRADE-13] a delayed reply leaves exactly one order (phone)', () => {
  it('the reply is held past the client timeout: one submission, a lookup, one order', async () => {
    const ctx = await newContext(env.app.browser, { viewport: PHONE, token: env.token });
    const page = await ctx.newPage();
    await openTrade(page, true);
    const submits = countSubmits(page);
    const before = (await openOrders()).total;
    await fetch(`${env.app.server.url}/api/_test/delaySpotReply?ms=13000`, { method: 'POST' });
    await page.getByTestId('spot-bar').getByRole('button').first().click();
    const price = (Math.floor((await bestBid()) * 0.85 * 100) / 100).toFixed(2);
    await limitBuy(page, price, '0.001');
    // The lookup finds the order: the sheet closes and the order shows in the list (the phone's outcome).
    await expect.poll(() => rowsIn(page).count(), { timeout: 45_000 }).toBe(before + 1);
    await page.getByTestId('spot-order-form').waitFor({ state: 'detached' });
    await page.waitForTimeout(2_000);
    expect(submits.n).toBe(1);
    expect((await openOrders()).total).toBe(before + 1);
    await shot(page, 'trade-spot-lost-reply-phone');
    const id = (await openOrders()).rows[0].id;
    await api(`/api/currency/order/cancelOrder?id=${id}`, 'POST');
    await ctx.close();
  }, 120_000);
});

describe('[WATCH-1] [TRADE-15] a favourite added in one tab appears in the other (phone)', () => {
  it('stars a pair in one tab; the other tab shows it starred', async () => {
    const ctx = await newContext(env.app.browser, { viewport: PHONE, token: env.token });
    const a = await ctx.newPage();
    const b = await ctx.newPage();
    for (const p of [a, b]) {
      await gotoApp(p, `${env.app.server.url}/trade?symbol=ethusdt`);
      await p.locator('.ph-star').waitFor();
    }
    const star = (p: Page) => p.locator('.ph-star');
    const was = await star(a).getAttribute('aria-pressed');
    await star(a).click();
    const want = was === 'true' ? 'false' : 'true';
    await expect.poll(() => star(a).getAttribute('aria-pressed')).toBe(want);
    await expect.poll(() => star(b).getAttribute('aria-pressed'), { timeout: 10_000 }).toBe(want);
    const list = await api<{ symbol: string }[]>('/api/userCoin/getUserCoin');
    expect(list.some((c) => c.symbol === 'ethusdt')).toBe(want === 'true');
    await ctx.close();
  }, 60_000);
});

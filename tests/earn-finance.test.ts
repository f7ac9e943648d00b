/**
 * Finance products end to end (FIN-*, FINUI-*): /finance against the real server in a real Chromium, desktop and
 * phone. A flexible product is subscribed from the product page (every term shown first); the test moves the
 * server's clock past the next UTC day (OPS-6) and the holding shows the interest paid for it. Screenshots go to
 * SHOTS_DIR when it is set.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, apiData, appWithDemoUser, atSize, keptPage, newContext, shot, visit } from './app-support';

const env = appWithDemoUser({ TEST_SWITCHES: '1' });
const api = <T>(path: string, method = 'GET') => apiData<T>(env, path, method);
const DAY = 86_400_000;

/**
 * PERF-74: the demo user's page, kept for both tests: each sets its size (a change reloads the app in the warm
 * context) and reaches its screens inside the app; the tabs of /finance are chosen by their tabs, as a user does.
 */
const kept = keptPage(() => newContext(env.app.browser, { viewport: DESKTOP, token: env.token }));
const pageAt = async (size: { width: number; height: number }) => atSize(await kept(), size);

interface Product {
  id: number;
  name: string;
  kind: string;
  coin: string;
}
interface Holding {
  id: number;
  productId: number;
  principal: string;
  paid: string;
  accrued: string;
}

async function product(kind: 'flexible' | 'fixed', coin = 'USDT'): Promise<Product> {
  const list = await api<Product[]>(`/api/finance/products?kind=${kind}&coin=${coin}`);
  expect(list.length).toBeGreaterThan(0);
  return list[0];
}

/**
 * Subscribes `amount` of product `p` from its page, reached from the products list the page shows (/finance): the
 * terms are on screen before the form is sent.
 */
async function subscribe(page: Page, p: Product, amount: string, name: string): Promise<void> {
  expect(new URL(page.url()).pathname).toBe('/finance');
  await page.getByTestId(`finance-product-${p.id}`).getByTestId('finance-subscribe-link').click();
  await page.getByTestId('finance-subscribe-screen').waitFor();
  for (const id of ['finance-early-rule', 'finance-interest-from', 'finance-terms'])
    await page.getByTestId(id).first().waitFor();
  await page.getByTestId('finance-amount').fill(amount);
  await page.getByTestId('finance-agree').check();
  const submit = page.getByTestId('finance-submit');
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  await page.getByTestId('finance-expected').waitFor();
  await shot(page, `finance-subscribe-${name}`);
  await submit.click();
  await page.getByTestId('finance-receipt').waitFor({ timeout: 15_000 });
}

/** Moves the server's clock into the second UTC day after now, then waits for the daily run to pay (FIN-3). */
async function passADay(holdingId: number): Promise<Holding> {
  const { now } = await api<{ now: number }>('/api/_test/clock/advance?ms=1', 'POST');
  const target = Math.floor(now / DAY) * DAY + 2 * DAY + 60_000;
  await api(`/api/_test/clock/advance?ms=${target - now}`, 'POST');
  let h: Holding | undefined;
  await expect
    .poll(
      async () => {
        const page = await api<{ rows: Holding[] }>('/api/finance/holdings?status=active');
        h = page.rows.find((r) => r.id === holdingId);
        return Number(h?.paid ?? 0) + Number(h?.accrued ?? 0) > 0;
      },
      { timeout: 40_000, interval: 1_000 },
    )
    .toBe(true);
  return h!;
}

describe('[FIN-3] [FINUI-5] subscribe to a flexible product and see interest after a day', () => {
  it('desktop', async () => {
    const page = await pageAt(DESKTOP);
    await visit(page, env.app.server.url, '/finance');
    await page.getByTestId('finance-products').waitFor();
    await shot(page, 'finance-products-desktop');
    const flexible = await product('flexible');
    await subscribe(page, flexible, '1000', 'desktop');
    const held = (await api<{ rows: Holding[] }>('/api/finance/holdings?status=active')).rows;
    expect(held).toHaveLength(1);
    expect([held[0].productId, Number(held[0].principal)]).toEqual([flexible.id, 1000]);

    const paid = await passADay(held[0].id);
    // The holdings, reached inside the app from the receipt, as a user goes (the list fetched as it opens).
    await page.getByTestId('finance-to-holdings').click();
    await page.getByTestId('finance-holdings').waitFor();
    const row = page.getByTestId(`finance-holding-${held[0].id}`);
    await row.waitFor();
    // One day at the product's rate on 1,000 USDT, as the server paid it, is on the row.
    const figure = Number(paid.paid) > 0 ? paid.paid : paid.accrued;
    await expect.poll(() => row.innerText()).toContain(String(Number(figure)));
    await shot(page, 'finance-holdings-desktop');
    await page.getByTestId('finance-tab-history').click();
    await page.getByTestId('finance-history').waitFor();
    await shot(page, 'finance-history-desktop');
  });

  it("[NAV-2] phone: the tab bar shows on /finance; a fixed product is subscribed; the day's interest shows", async () => {
    const page = await pageAt(PHONE);
    await visit(page, env.app.server.url, '/finance');
    await page.getByTestId('finance-products').waitFor();
    await page.getByRole('navigation').last().waitFor();
    await shot(page, 'finance-products-phone');
    const fixed = await product('fixed');
    await subscribe(page, fixed, '100', 'phone');
    await page.getByTestId('finance-to-holdings').click();
    await page.getByTestId('finance-holdings').waitFor();
    const held = (await api<{ rows: Holding[] }>('/api/finance/holdings?status=active')).rows;
    const mine = held.find((h) => h.productId === fixed.id)!;
    await page.getByTestId(`finance-holding-${mine.id}`).waitFor();
    // The flexible holding of the desktop test shows the interest the day paid, here too.
    const earning = held.find((h) => Number(h.paid) + Number(h.accrued) > 0)!;
    const figure = Number(earning.paid) > 0 ? earning.paid : earning.accrued;
    await expect
      .poll(() => page.getByTestId(`finance-holding-${earning.id}`).innerText())
      .toContain(String(Number(figure)));
    await shot(page, 'finance-holdings-phone');
  });
});

/**
 * Flow (P2P) orders end to end (FLOW-*, FLOWUI-*): the screens against the real server in a real Chromium, two
 * users in two browser contexts. A merchant, funded through the simulated chain, applies from /floworder/apply and
 * posts a sell offer from /floworder/mine; a customer takes it from /floworder (the take sheet shows the conversion
 * live), lands on the order's page and marks it paid; the merchant's open order page turns to "Paid" by itself
 * (USER_STATUS, no reload) and releases; the customer's page turns to "Completed" and their USDT balance rises.
 * Desktop, then phone. Screenshots go to SHOTS_DIR when it is set.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { registerAccountByApi } from './accounts-support';
import {
  DESKTOP,
  LANGUAGE_KEY,
  PHONE,
  TOKEN_KEY,
  appWithDemoUser,
  atSize,
  gotoApp,
  navigateInApp,
  newContext,
  seedStorage,
  shot,
} from './app-support';

const OPS_TOKEN = 'e2e-operator-token-flow-0123456789ab';
const env = appWithDemoUser({ TEST_SWITCHES: '1', CHAIN_BLOCK_MS: '300', OPS_TOKEN });

async function call<T>(path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const r = await fetch(`${env.app.server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', satoken: token, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = (await r.json()) as { code: number; data: T; msg: string };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
}

async function platformUsdt(token: string): Promise<number> {
  const rows = await call<{ account: string; coin: string; available: string }[]>('/api/asset/assetBalance', token);
  return Number(rows.find((r) => r.account === 'platform' && r.coin === 'USDT')?.available ?? 0);
}

/** A new account with `amount` USDT deposited on the simulated chain and credited. */
async function funded(amount: string): Promise<string> {
  const { token } = await registerAccountByApi(env.app.server);
  const addr = await call<{ address: string }>('/api/recharge/getAdress?coin=USDT&symbol=USDT-TRC20', token, {});
  await call(
    '/api/_ops/chain/deposit',
    token,
    { address: addr.address, amount, confirmations: 30 },
    { 'x-ops-token': OPS_TOKEN },
  );
  await expect
    .poll(() => platformUsdt(token), { timeout: 30_000, interval: 300 })
    .toBeGreaterThanOrEqual(Number(amount));
  return token;
}

/**
 * PERF-69: two contexts for the file, the merchant's and the customer's (two users at once on purpose), kept across
 * its tests: the merchant's page changes size, the customer's page takes each new customer's token (and the Arabic
 * view its language) with its storage cleared first, as a fresh context would start.
 */
const contexts: Record<'merchant' | 'customer', { ctx?: BrowserContext; page?: Page }> = { merchant: {}, customer: {} };
afterAll(async () => {
  for (const c of Object.values(contexts)) await c.ctx?.close();
});
async function pageOf(
  who: 'merchant' | 'customer',
  size: { width: number; height: number },
  token: string,
  language = 'en',
): Promise<Page> {
  const c = contexts[who];
  c.ctx ??= await newContext(env.app.browser, { viewport: size });
  c.page ??= await c.ctx.newPage();
  await atSize(c.page, size);
  await seedStorage(c.page, env.app.server.url, { [TOKEN_KEY]: token, [LANGUAGE_KEY]: language });
  return c.page;
}

const state = (page: Page) => page.getByTestId('flow-order').getByTestId('flow-state');

/** The customer takes Ana's offer for `fiat` USD, marks paid; the merchant (already on the order) releases. */
async function trade(customer: Page, merchant: Page, fiat: string, coin: string, tag: string): Promise<void> {
  const url = env.app.server.url;
  await gotoApp(customer, `${url}/floworder`);
  // The merchant's offer (the demo merchant's may be listed too).
  const offer = customer.getByTestId('flow-offer').filter({ hasText: 'Ana OTC' });
  await offer.waitFor({ timeout: 15_000 });
  await shot(customer, `flow-market-${tag}`);
  await offer.getByTestId('flow-offer-take').click();
  await customer.getByTestId('flow-take').waitFor();
  await customer.getByTestId('flow-take-amount').fill(fiat);
  // WORD-4: from the customer's side: what they pay, what they receive.
  await expect.poll(() => customer.getByTestId('flow-take-coin').innerText()).toBe(`You receive ${coin} USDT`);
  expect(await customer.getByTestId('flow-take-fiat').innerText()).toMatch(/^You pay [\d.]+ USD$/);
  await expect.poll(() => customer.getByTestId('flow-take-submit').innerText()).toBe('Buy USDT');
  expect(await customer.getByTestId('flow-take-note').innerText()).toContain('outside the exchange');
  await shot(customer, `flow-take-${tag}`);
  await customer.getByTestId('flow-take-submit').click();
  await customer.waitForURL(/\/floworder\/confirm\/\d+$/, { timeout: 15_000 });
  await state(customer).waitFor({ timeout: 15_000 });
  expect(await state(customer).innerText()).toBe('Awaiting payment');
  expect(await customer.getByTestId('flow-paydetails').innerText()).toContain('IBAN DE89 3704');
  expect(await customer.getByTestId('flow-countdown').innerText()).toMatch(/^1[45]:\d\d$/);
  await shot(customer, `flow-order-unpaid-${tag}`);

  // The merchant sees the new order in My orders (a flow USER_STATUS refreshed it) and opens it.
  await gotoApp(merchant, `${url}/floworder/mine`);
  await merchant.getByTestId('flow-order-row').first().waitFor({ timeout: 15_000 });
  await merchant.getByTestId('flow-order-row').first().click();
  await state(merchant).waitFor({ timeout: 15_000 });
  expect(await state(merchant).innerText()).toBe('Awaiting payment');
  expect(await merchant.getByTestId('flow-action-release').count()).toBe(0);

  await customer.getByTestId('flow-action-paid').click();
  await customer.getByTestId('flow-confirm').waitFor();
  await shot(customer, `flow-confirm-paid-${tag}`);
  await customer.getByTestId('flow-confirm-yes').click();
  await expect.poll(() => state(customer).innerText(), { timeout: 15_000 }).toBe('Paid');

  // Live on the merchant's open page: no reload.
  await expect.poll(() => state(merchant).innerText(), { timeout: 15_000 }).toBe('Paid');
  await shot(merchant, `flow-order-paid-seller-${tag}`);
  await merchant.getByTestId('flow-action-release').click();
  await merchant.getByTestId('flow-confirm').waitFor();
  expect(await merchant.getByTestId('flow-confirm').innerText()).toContain('cannot be taken back');
  await merchant.getByTestId('flow-confirm-yes').click();
  await expect.poll(() => state(merchant).innerText(), { timeout: 15_000 }).toBe('Completed');
  await expect.poll(() => state(customer).innerText(), { timeout: 15_000 }).toBe('Completed');
  await shot(customer, `flow-order-completed-${tag}`);
}

describe('[FLOWUI-1] [FLOWUI-2] [FLOWUI-3] [FLOWUI-4] a flow order between two users, in the browser', () => {
  it('[WORD-4] desktop: a merchant applies and posts a sell offer; a customer buys ("You pay / You receive"), pays; the merchant releases', async () => {
    const url = env.app.server.url;
    const merchantToken = await funded('1000');
    const merchant = await pageOf('merchant', DESKTOP, merchantToken);

    // Apply: the requirement first, then the form.
    await gotoApp(merchant, `${url}/floworder/apply`);
    await merchant.getByTestId('flow-apply-terms').waitFor();
    await merchant.getByTestId('flow-apply-form').waitFor({ timeout: 15_000 });
    expect(await merchant.getByTestId('flow-apply-terms').innerText()).toContain('100 USDT');
    await merchant.getByTestId('flow-apply-name').fill('Ana OTC');
    await merchant.getByTestId('flow-apply-details').fill('IBAN DE89 3704 0044 0532 0130 00, Ana Example');
    await shot(merchant, 'flow-apply-desktop');
    await merchant.getByTestId('flow-apply-submit').click();
    await merchant.getByTestId('flow-merchant').waitFor({ timeout: 15_000 });
    expect(await merchant.getByTestId('flow-merchant-deposit').innerText()).toContain('100');
    await shot(merchant, 'flow-merchant-desktop');

    // Post a sell offer: the button names the first missing thing until the form is complete.
    await gotoApp(merchant, `${url}/floworder/mine?tab=offers`);
    await merchant.getByTestId('flow-offer-form').waitFor({ timeout: 15_000 });
    expect(await merchant.getByTestId('flow-offer-submit').innerText()).toBe('Enter a price');
    await merchant.getByTestId('flow-offer-price').fill('1.02');
    await merchant.getByTestId('flow-offer-amount').fill('500');
    await merchant.getByTestId('flow-offer-minFiat').fill('10');
    await merchant.getByTestId('flow-offer-maxFiat').fill('600');
    await expect
      .poll(() => merchant.getByTestId('flow-offer-submit').innerText())
      .toBe('The maximum per order must not be above the whole offer');
    await merchant.getByTestId('flow-offer-maxFiat').fill('300');
    await expect.poll(() => merchant.getByTestId('flow-offer-submit').innerText()).toBe('Post offer');
    await merchant.getByTestId('flow-offer-submit').click();
    await merchant.getByTestId('flow-my-offer').first().waitFor({ timeout: 15_000 });
    await shot(merchant, 'flow-mine-offers-desktop');
    // 100 held as the deposit, 500 held by the sell offer.
    await expect.poll(() => platformUsdt(merchantToken), { timeout: 10_000 }).toBe(400);

    const customerToken = (await registerAccountByApi(env.app.server)).token;
    const customer = await pageOf('customer', DESKTOP, customerToken);
    await trade(customer, merchant, '51', '50', 'desktop');
    await expect.poll(() => platformUsdt(customerToken), { timeout: 15_000 }).toBe(50);

    await gotoApp(customer, `${url}/floworder/mine?tab=ended`);
    await customer.getByTestId('flow-order-row').first().waitFor({ timeout: 15_000 });
    await shot(customer, 'flow-mine-desktop');
    (globalThis as { flowMerchant?: string }).flowMerchant = merchantToken;
  });

  it('[WORD-4] phone: another customer buys from the same offer, then sells to the demo merchant ("You sell / You receive") and releases; the sell wording at the desktop size too', async () => {
    const merchantToken = (globalThis as { flowMerchant?: string }).flowMerchant!;
    const merchant = await pageOf('merchant', PHONE, merchantToken);
    const customerToken = (await registerAccountByApi(env.app.server)).token;
    const customer = await pageOf('customer', PHONE, customerToken);
    await trade(customer, merchant, '20.4', '20', 'phone');
    await expect.poll(() => platformUsdt(customerToken), { timeout: 15_000 }).toBe(20);

    // The customer sells 15 of those USDT to the demo merchant's buy offer: their USDT goes into escrow; the demo
    // merchant marks paid (DEMO_ACT_MS after the take, on the server's test clock); the customer releases.
    await gotoApp(customer, `${env.app.server.url}/floworder?side=sell`);
    const demoOffer = customer.getByTestId('flow-offer').filter({ hasText: 'OpenEx OTC' });
    await demoOffer.waitFor({ timeout: 15_000 });
    await demoOffer.getByTestId('flow-offer-take').click();
    await customer.getByTestId('flow-take-by-coin').click();
    await customer.getByTestId('flow-take-amount').fill('15');
    // WORD-4: selling, the USDT given away is "sold" and the fiat "received".
    await expect.poll(() => customer.getByTestId('flow-take-coin').innerText()).toBe('You sell 15 USDT');
    expect(await customer.getByTestId('flow-take-fiat').innerText()).toBe('You receive 14.85 USD');
    await expect
      .poll(() => customer.getByTestId('flow-take-submit').innerText())
      .toBe('Enter how the merchant pays you');
    await customer.getByTestId('flow-take-paydetails').fill('Wallet 0099 1234, Customer Two');
    await expect.poll(() => customer.getByTestId('flow-take-submit').innerText()).toBe('Sell USDT');
    await shot(customer, 'flow-take-sell-phone');
    await customer.getByTestId('flow-take-submit').click();
    await customer.waitForURL(/\/floworder\/confirm\/\d+$/, { timeout: 15_000 });
    await expect.poll(() => state(customer).innerText(), { timeout: 15_000 }).toBe('Awaiting payment');
    await expect.poll(() => platformUsdt(customerToken), { timeout: 15_000 }).toBe(5);
    await call('/api/_test/clock/advance?ms=25000', customerToken, {});
    await expect.poll(() => state(customer).innerText(), { timeout: 30_000 }).toBe('Paid');
    await shot(customer, 'flow-order-sell-paid-phone');
    await customer.getByTestId('flow-action-release').click();
    await customer.getByTestId('flow-confirm-yes').click();
    await expect.poll(() => state(customer).innerText(), { timeout: 15_000 }).toBe('Completed');
    await expect.poll(() => platformUsdt(customerToken), { timeout: 15_000 }).toBe(5);

    await gotoApp(merchant, `${env.app.server.url}/floworder/mine?tab=offers`);
    await merchant.getByTestId('flow-my-offer').first().waitFor({ timeout: 15_000 });
    await shot(merchant, 'flow-mine-offers-phone');
    await gotoApp(merchant, `${env.app.server.url}/floworder/apply`);
    await merchant.getByTestId('flow-merchant').waitFor({ timeout: 15_000 });
    await shot(merchant, 'flow-merchant-phone');
    await gotoApp(customer, `${env.app.server.url}/floworder/mine?tab=ended`);
    await customer.getByTestId('flow-order-row').first().waitFor({ timeout: 15_000 });
    await shot(customer, 'flow-mine-phone');
    // WORD-4 at the desktop size too: the same page resized, the sell sheet's wording (nothing sent).
    await customer.setViewportSize(DESKTOP);
    await navigateInApp(customer, '/floworder?side=sell');
    await customer.getByTestId('flow-offer').filter({ hasText: 'OpenEx OTC' }).getByTestId('flow-offer-take').click();
    await customer.getByTestId('flow-take-by-coin').click();
    await customer.getByTestId('flow-take-amount').fill('5');
    await expect.poll(() => customer.getByTestId('flow-take-coin').innerText()).toBe('You sell 5 USDT');
    expect(await customer.getByTestId('flow-take-fiat').innerText()).toBe('You receive 4.95 USD');
    await shot(customer, 'flow-take-sell-desktop');

    // Right to left: the market and the completed order in Arabic.
    const ar = await pageOf('customer', PHONE, customerToken, 'ar');
    await gotoApp(ar, `${env.app.server.url}/floworder`);
    await ar.getByTestId('flow-offer').first().waitFor({ timeout: 15_000 });
    expect(await ar.getByTestId('flow-offer-take').first().innerText()).toBe('شراء USDT');
    await shot(ar, 'flow-market-ar-phone');
    await gotoApp(ar, `${env.app.server.url}/floworder/mine?tab=ended`);
    await ar.getByTestId('flow-order-row').first().click();
    await expect.poll(() => state(ar).innerText(), { timeout: 15_000 }).toBe('مكتمل');
    await shot(ar, 'flow-order-ar-phone');
  });
});

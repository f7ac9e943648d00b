/**
 * Proxy investing end to end (PROXY-*): an agent's screens against the real server in a real Chromium. A new
 * account becomes an agent from /proxy (the terms shown first); the demo user links its code from /proxy (a
 * confirmation says it cannot be changed) and subscribes to a flexible product; the test clock passes a UTC day
 * (OPS-6), the interest is paid, and the agent's records and earnings show the customer and the commission,
 * desktop and phone. Screenshots go to SHOTS_DIR when it is set.
 */
import { describe, expect, it } from 'vitest';
import { registerAccountByApi } from './accounts-support';
import {
  DESKTOP,
  PHONE,
  apiData,
  appWithDemoUser,
  atSize,
  gotoApp,
  keptPage,
  navigateInApp,
  newContext,
  shot,
  visit,
} from './app-support';

const env = appWithDemoUser({ TEST_SWITCHES: '1' });
const DAY = 86_400_000;

async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const r = await fetch(`${env.app.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', satoken: token },
    body: JSON.stringify(body),
  });
  const j = (await r.json()) as { code: number; data: T; msg: string };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
}

/**
 * PERF-74: the agent (a new account, registered at the first call) and its page, kept for both tests: the phone's
 * test sets the size and reaches its screens in the same context (the size change a reload in it, not a new
 * context). The demo user links the code from a context of its own: a second user signed in at the same time.
 */
let agentAccount: Promise<{ token: string }> | undefined;
const agent = () => (agentAccount ??= registerAccountByApi(env.app.server));
const agentPage = keptPage(async () =>
  newContext(env.app.browser, { viewport: DESKTOP, token: (await agent()).token }),
);

describe("[PROXY-3] an agent sees a linked customer and the commission on the customer's interest", () => {
  it('desktop: become an agent, the demo user links and invests, a day passes, records and earnings', async () => {
    const { token: agentToken } = await agent();
    const page = await atSize(await agentPage(), DESKTOP);
    await visit(page, env.app.server.url, '/proxy');
    await page.getByTestId('proxy-terms').waitFor();
    await shot(page, 'proxy-terms-desktop');
    await page.getByTestId('proxy-apply').click();
    const codeEl = page.getByTestId('proxy-code');
    await codeEl.waitFor({ timeout: 15_000 });
    const code = (await codeEl.innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);

    // The demo user links the code from its own /proxy, through the confirmation.
    const demo = await newContext(env.app.browser, { viewport: DESKTOP, token: env.token });
    const dp = await demo.newPage();
    await gotoApp(dp, `${env.app.server.url}/proxy`);
    await dp.getByTestId('proxy-link-input').fill(code);
    await dp.getByTestId('proxy-link-submit').click();
    await dp.getByTestId('proxy-confirm-text').waitFor();
    await shot(dp, 'proxy-link-confirm-desktop');
    await dp.getByTestId('proxy-confirm').click();
    await dp.getByTestId('proxy-linked').waitFor({ timeout: 15_000 });
    await demo.close();

    const products = await apiData<{ id: number }[]>(env, '/api/finance/products?kind=flexible&coin=USDT');
    await post('/api/finance/subscribe', env.token, { productId: products[0].id, amount: '2000', autoRenew: false });
    const { now } = await post<{ now: number }>('/api/_test/clock/advance?ms=1', env.token, {});
    const target = Math.floor(now / DAY) * DAY + 2 * DAY + 60_000;
    await post(`/api/_test/clock/advance?ms=${target - now}`, env.token, {});
    const earned = async () => {
      const r = await fetch(`${env.app.server.url}/api/proxy/earnings`, { headers: { satoken: agentToken } });
      return ((await r.json()) as { data: { total: number } }).data.total;
    };
    await expect.poll(earned, { timeout: 40_000, interval: 200 }).toBeGreaterThan(0);

    // Records and earnings through the app's navigation (each screen fetches its data as it opens; no page load).
    await navigateInApp(page, '/proxy/records');
    await page.getByTestId('proxy-customers-table').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('proxy-customers-table').innerText()).toContain('2,000');
    await shot(page, 'proxy-records-desktop');
    await navigateInApp(page, '/proxy/earnings');
    await page.getByTestId('proxy-earnings-list').waitFor({ timeout: 15_000 });
    // 2,000 USDT at 3 % a year for a day is 0.16438356 USDT of interest; the agent's 10 % of it, rounded down.
    expect(await page.getByTestId('proxy-earnings-total').innerText()).toContain('0.016438');
    await shot(page, 'proxy-earnings-desktop');
  });

  it("phone: the agent's programme, records and earnings", async () => {
    const page = await atSize(await agentPage(), PHONE);
    await visit(page, env.app.server.url, '/proxy');
    await page.getByTestId('proxy-agent').waitFor();
    await shot(page, 'proxy-phone');
    await navigateInApp(page, '/proxy/records');
    await page.getByTestId('proxy-customers-cards').waitFor();
    await shot(page, 'proxy-records-phone');
    await navigateInApp(page, '/proxy/earnings');
    await page.getByTestId('proxy-chart').waitFor();
    await shot(page, 'proxy-earnings-phone');
  });
});

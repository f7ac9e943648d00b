/**
 * The inbox end to end (MSG-6, MSGUI-*): the demo user in two tabs of one browser against the real server. A spot
 * market buy through the API fills at once; the fill's message raises the unread count on the bell in both tabs
 * (the server's USER_STATUS `inbox`, no polling); reading the message in one tab clears the count in both. Desktop
 * (the header's bell) and phone (the home bar's bell, the My tab's badge and the My screen's Messages row).
 * Screenshots (message-*.png) go to SHOTS_DIR when it is set.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  LANGUAGE_KEY,
  PHONE,
  TOKEN_KEY,
  appWithDemoUser,
  gotoApp,
  keptPage,
  newContext,
  seedStorage,
  shot,
  visit,
} from './app-support';

const OPS_TOKEN = 'inbox-e2e-operator-token';
const env = appWithDemoUser({ TEST_SWITCHES: '1', OPS_TOKEN });

async function post<T>(path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const r = await fetch(`${env.app.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const j = (await r.json()) as { code: number; data: T; msg: string };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
}

/** A spot market buy as the demo user (an Idempotency-Key per intent); it fills against the book at once. */
async function marketBuy(amount = '0.001'): Promise<{ id: number; status: string }> {
  return post(
    '/api/currency/order/submit',
    { symbol: 'btcusdt', side: 'buy', type: 'market', amount },
    { satoken: env.token, 'idempotency-key': randomUUID() },
  );
}

async function unreadNow(): Promise<number> {
  const r = await fetch(`${env.app.server.url}/api/message/unread`, { headers: { satoken: env.token } });
  return ((await r.json()) as { data: { unread: number } }).data.unread;
}

/** The count the bell shows in a tab ('' when there is no badge). */
const bellText = async (page: Page) => {
  const badge = page.getByTestId('inbox-bell').first().getByTestId('inbox-badge');
  return (await badge.count()) ? (await badge.innerText()).trim() : '';
};

/**
 * The demo user's context, kept for both tests (each sets its page's size, then loads the app in it; the second
 * tab of each test is opened in the same context and closed after). PERF-74: each test first writes the storage it
 * starts from (English, the demo user's token: `seedStorage`), so the Arabic list, loaded in the same page with
 * Arabic stored, decides nothing for a test after it.
 */
const demoPage = keptPage(() => newContext(env.app.browser, { viewport: DESKTOP, token: env.token }));
/** The kept page, its storage written as a fresh context of the demo user's starts (English). */
async function demoPageSeeded(): Promise<Page> {
  const a = await demoPage();
  await seedStorage(a, env.app.server.url, { [TOKEN_KEY]: env.token });
  return a;
}

describe('[MSG-6][MSGUI-1][OPC-11] an order fill raises the unread count in two tabs; reading it in one clears both', () => {
  it('desktop: the header bell in both tabs, then the list and the message', async () => {
    const a = await demoPageSeeded();
    await a.setViewportSize(DESKTOP);
    // The second tab of the same context: closed at the end.
    const b = await a.context().newPage();
    await b.setViewportSize(DESKTOP);
    await gotoApp(a, `${env.app.server.url}/markets`);
    await gotoApp(b, `${env.app.server.url}/wallet`);
    await a.getByTestId('inbox-bell').waitFor();
    await b.getByTestId('inbox-bell').first().waitFor();
    expect(await bellText(a)).toBe('');
    expect(await unreadNow()).toBe(0);

    const order = await marketBuy();
    expect(order.status).toBe('filled');
    await expect.poll(unreadNow, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => bellText(a), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => bellText(b), { timeout: 15_000 }).toBe('1');

    // an announcement too, so the list shows two kinds (the operator's text, and its Arabic text: OPC-11)
    await post(
      '/api/_ops/announce',
      {
        title: 'Scheduled maintenance',
        body: 'Deposits pause on Sunday from 02:00 to 02:30 UTC.',
        texts: { ar: { title: 'صيانة مجدولة', body: 'تتوقف الإيداعات يوم الأحد من 02:00 إلى 02:30 UTC.' } },
      },
      { 'x-ops-token': OPS_TOKEN },
    );
    await expect.poll(() => bellText(a), { timeout: 15_000 }).toBe('2');
    await expect.poll(() => bellText(b), { timeout: 15_000 }).toBe('2');
    // and a test-chain deposit credited at once (the operator's chain route)
    const addr = await post<{ address: string }>(
      '/api/recharge/getAdress?coin=USDT&symbol=USDT-TRC20',
      {},
      {
        satoken: env.token,
      },
    );
    await post(
      '/api/_ops/chain/deposit',
      { address: addr.address, amount: '250', confirmations: 20 },
      { 'x-ops-token': OPS_TOKEN },
    );
    await expect.poll(() => bellText(a), { timeout: 15_000 }).toBe('3');

    await a.getByTestId('inbox-bell').click();
    await a.getByTestId('message-list').waitFor();
    const rows = a.getByTestId('message-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual([
      'depositCredited',
      'announcement',
      'orderFilled',
    ]);
    expect(await rows.nth(2).innerText()).toContain('BTC/USDT');
    await shot(a, 'message-list-desktop');

    await rows.nth(2).click();
    await a.getByTestId('message-article').waitFor();
    expect(await a.getByTestId('message-body').innerText()).toMatch(/buy order on BTC\/USDT: 0\.001 of 0\.001 filled/);
    expect(await a.getByTestId('message-facts').innerText()).toContain('Average price');
    await expect.poll(() => bellText(a), { timeout: 15_000 }).toBe('2');
    await expect.poll(() => bellText(b), { timeout: 15_000 }).toBe('2');
    await shot(a, 'message-detail-desktop');

    // mark all as read from the list: both tabs' bells clear
    await a.goBack();
    await a.getByTestId('message-read-all').click();
    await expect.poll(() => bellText(a), { timeout: 15_000 }).toBe('');
    await expect.poll(() => bellText(b), { timeout: 15_000 }).toBe('');
    expect(await unreadNow()).toBe(0);
    await a.getByTestId('message-filter-unread').click();
    await a.getByText('You have read everything').waitFor();
    await b.close();
  });

  it('phone: the home bell and the My badges in two tabs, read on the message page', async () => {
    // whatever the desktop test left unread, read now: this test starts from 0
    await post('/api/message/read', { all: true }, { satoken: env.token });
    // The desktop's context, its pages set to the phone's size before they load the app.
    const a = await demoPageSeeded();
    await a.setViewportSize(PHONE);
    const b = await a.context().newPage();
    await b.setViewportSize(PHONE);
    await gotoApp(a, `${env.app.server.url}/wallet`);
    await gotoApp(b, `${env.app.server.url}/`);
    await a.getByTestId('my-screen').waitFor();
    await b.getByTestId('inbox-bell').waitFor();

    const order = await marketBuy('0.002');
    expect(order.status).toBe('filled');
    await expect.poll(() => bellText(b), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => bellText(a), { timeout: 15_000 }).toBe('1');
    // the My tab and the My screen's Messages row carry the count too
    await expect.poll(() => a.getByTestId('tabbar').getByTestId('inbox-badge').innerText()).toBe('1');
    await expect.poll(() => a.getByTestId('my-screen').getByTestId('inbox-badge').innerText()).toBe('1');
    await shot(a, 'message-my-phone');
    await shot(b, 'message-home-phone');

    // The list, reached inside the app (as the Messages row does): no page load.
    await visit(a, env.app.server.url, '/message');
    await a.getByTestId('message-list').waitFor();
    const unreadRow = a.locator('[data-testid="message-row"][data-unread="true"]');
    await expect.poll(() => unreadRow.count()).toBe(1);
    await shot(a, 'message-list-phone');
    await unreadRow.click();
    await a.getByTestId('message-article').waitFor();
    expect(await a.getByTestId('message-body').innerText()).toContain('0.002 of 0.002 filled');
    await shot(a, 'message-detail-phone');
    await expect.poll(() => bellText(b), { timeout: 15_000 }).toBe('');
    expect(await unreadNow()).toBe(0);
    await b.close();

    // the same inbox in Arabic (right to left), worded from the same facts: the page loaded again with Arabic stored
    const p = a;
    await seedStorage(p, env.app.server.url, { [TOKEN_KEY]: env.token, [LANGUAGE_KEY]: 'ar' });
    await gotoApp(p, `${env.app.server.url}/message`);
    await p.getByTestId('message-list').waitFor();
    expect(await p.getByTestId('message-list').innerText()).toContain('تم تنفيذ الأمر');
    // [OPC-11] the operator's announcement in its Arabic text
    expect(await p.getByTestId('message-list').innerText()).toContain('صيانة مجدولة');
    expect(await p.locator('[data-kind=announcement] .msg-row__title').getAttribute('dir')).toBe('rtl');
    await shot(p, 'message-list-phone-ar');
  });
});

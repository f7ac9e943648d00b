/**
 * Copy trading end to end (COPY-*, FOLUI-*): /follow against the real server in a real Chromium. A new account is
 * funded through the simulated chain, applies to the trader programme and becomes a lead trader; the demo user
 * follows it from the leaderboard's dialog; the lead opens a futures position, and the mirrored position appears
 * in the demo user's futures positions, marked as a copy (desktop), and in My follows (phone). Screenshots go to
 * SHOTS_DIR when it is set.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerAccountByApi } from './accounts-support';
import { DESKTOP, PHONE, apiData, appWithDemoUser, atSize, keptPage, newContext, shot, visit } from './app-support';

const OPS_TOKEN = 'e2e-operator-token-follow-0123456789';
// The simulated lead traders decide every 2 s here (20 s by default), so a follower's first copy comes in seconds.
const env = appWithDemoUser({ TEST_SWITCHES: '1', CHAIN_BLOCK_MS: '300', OPS_TOKEN, FOLLOW_BOT_INTERVAL_MS: '2000' });

/**
 * PERF-74: the demo user's page, kept for the three tests (each sets its size, then reaches its screens inside the
 * app: a size change reloads it in the warm context); a tab of /follow is chosen as a user does, by its tab.
 */
const kept = keptPage(() => newContext(env.app.browser, { viewport: DESKTOP, token: env.token }));
const pageAt = async (size: { width: number; height: number }) => atSize(await kept(), size);

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

/** Opens the follow dialog from a leaderboard row and fills 20 USDT a trade, 200 at most, until it can be sent. */
async function fillFollowDialog(page: Page, row: Locator): Promise<{ dialog: Locator; submit: Locator }> {
  await row.getByTestId('follow-open').click();
  const dialog = page.getByTestId('follow-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('follow-amount').fill('20');
  await dialog.getByTestId('follow-maxTotal').fill('200');
  await dialog.getByTestId('follow-disclosure').waitFor();
  const submit = dialog.getByTestId('follow-submit');
  await expect.poll(() => submit.isEnabled()).toBe(true);
  return { dialog, submit };
}

/** A lead trader: a new account, 3,000 USDT deposited on the simulated chain, 2,000 moved to futures, applied. */
async function leadTrader(): Promise<{ id: number; token: string }> {
  const { token } = await registerAccountByApi(env.app.server);
  const addr = await call<{ address: string }>('/api/recharge/getAdress?coin=USDT&symbol=USDT-TRC20', token, {});
  await call(
    '/api/_ops/chain/deposit',
    token,
    { address: addr.address, amount: '3000', confirmations: 30 },
    {
      'x-ops-token': OPS_TOKEN,
    },
  );
  const platform = async () => {
    const rows = await call<{ account: string; coin: string; available: string }[]>('/api/asset/assetBalance', token);
    return Number(rows.find((r) => r.account === 'platform' && r.coin === 'USDT')?.available ?? 0);
  };
  await expect.poll(platform, { timeout: 30_000, interval: 300 }).toBeGreaterThanOrEqual(3000);
  await call('/api/asset/transferFunds', token, {
    fromAccount: 'platform',
    toAccount: 'contract',
    coin: 'USDT',
    amount: '2000',
  });
  const me = await call<{ traderId: number }>('/api/follow/apply', token, { nickname: 'E2E Lead', shareRate: '0.1' });
  return { id: me.traderId, token };
}

describe('[COPY-5] [FOLUI-7] follow a lead trader; the mirrored position appears in the futures positions', () => {
  it('desktop: follow from the leaderboard, the lead opens, the copy shows with its badge', async () => {
    const lead = await leadTrader();
    const page = await pageAt(DESKTOP);
    await visit(page, env.app.server.url, '/follow');
    const row = page.locator(`[data-testid="leaderboard"] [data-trader-id="${lead.id}"]`).first();
    await row.waitFor({ timeout: 20_000 });
    await shot(page, 'follow-leaderboard-desktop');
    const { dialog, submit } = await fillFollowDialog(page, row);
    await shot(page, 'follow-dialog-desktop');
    await submit.click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    const mine = await apiData<{ traderId: number; status: string }[]>(env, '/api/follow/mine');
    expect(mine.find((f) => f.traderId === lead.id)?.status).toBe('active');

    // The lead opens 10x long; the demo user's futures screen shows the copy.
    await call('/api/contract/order/submit', lead.token, {
      symbol: 'btcusdt',
      side: 'long',
      action: 'open',
      type: 'market',
      shares: '20',
      leverage: 10,
    });
    await visit(page, env.app.server.url, '/contract?symbol=btcusdt');
    const badge = page.getByTestId('copy-badge').first();
    await badge.waitFor({ timeout: 20_000 });
    expect(await badge.innerText()).toContain('E2E Lead');
    const positions = await apiData<{ rows: { copyOf: number | null }[] }>(env, '/api/contract/position/list');
    expect(positions.rows.some((p) => p.copyOf === lead.id)).toBe(true);
    await badge.scrollIntoViewIfNeeded();
    await shot(page, 'follow-copied-position-desktop');

    await visit(page, env.app.server.url, `/follow?trader=${lead.id}`);
    await page.getByTestId('trader-page').waitFor();
    await page.getByTestId('equity-chart').waitFor();
    await shot(page, 'follow-trader-desktop');
  });

  it('phone: My follows lists the follow with its copied position and events; the futures positions show the copy', async () => {
    const page = await pageAt(PHONE);
    await visit(page, env.app.server.url, '/follow');
    await page.getByTestId('leaderboard').waitFor();
    await shot(page, 'follow-leaderboard-phone');
    await page.getByTestId('follow-tab-mine').click();
    const card = page.getByTestId('follow-card').first();
    await card.waitFor();
    await card.getByTestId('follow-events').waitFor();
    await expect.poll(() => card.getByTestId('follow-events').innerText()).toMatch(/Opened long/);
    await card.getByTestId('copied-positions').waitFor({ timeout: 15_000 });
    await shot(page, 'follow-mine-phone');
    // The mirrored position is in the phone's futures positions too, marked as a copy.
    await visit(page, env.app.server.url, '/contract?symbol=btcusdt');
    const badge = page.getByTestId('copy-badge').first();
    await badge.waitFor({ timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'follow-copied-position-phone');
    await visit(page, env.app.server.url, '/follow?tab=programme');
    await page.getByTestId('programme').waitFor();
    await shot(page, 'follow-programme-phone');
  });

  it('[LEAD-3] desktop, then phone: a follower of a simulated lead receives a copied trade within two minutes of following', async () => {
    const page0 = await call<{ rows: { traderId: number; nickname: string; bot: boolean }[] }>(
      '/api/follow/traders?sort=followers&days=30&pageNum=1&pageSize=50',
      env.token,
    );
    const bot = page0.rows.find((r) => r.bot);
    expect(bot, 'the server runs simulated lead traders').toBeDefined();
    expect(bot!.nickname).toContain('sim');
    const page = await pageAt(DESKTOP);
    await visit(page, env.app.server.url, '/follow');
    const row = page.locator(`[data-testid="leaderboard"] [data-trader-id="${bot!.traderId}"]`).first();
    await row.waitFor({ timeout: 20_000 });
    const { dialog, submit } = await fillFollowDialog(page, row);
    // The server's time when the follow is sent (the test clock moves 1 ms to say it).
    const { now: followedAt } = await call<{ now: number }>('/api/_test/clock/advance?ms=1', env.token, {});
    await submit.click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    type Order = { copyOf?: number | null; createTime: number; origin: string };
    const copies = async () =>
      (
        await call<{ rows: Order[] }>('/api/contract/order/list?status=history&pageNum=1&pageSize=50', env.token)
      ).rows.filter((o) => o.copyOf === bot!.traderId);
    await expect.poll(async () => (await copies()).length, { timeout: 90_000, interval: 500 }).toBeGreaterThan(0);
    const first = (await copies()).sort((a, b) => a.createTime - b.createTime)[0];
    expect(first.origin).toBe('copy');
    expect(first.createTime - followedAt).toBeLessThanOrEqual(120_000);
    // The follower sees it: My follows lists the simulated lead with the copied trade.
    // My follows, by its tab (the screen is /follow already).
    await page.getByTestId('follow-tab-mine').click();
    await expect
      .poll(() => page.getByTestId('follow-card').allInnerTexts(), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining(bot!.nickname)]));
    // The phone size of the same page: My follows lists the simulated lead, marked as simulated.
    await page.setViewportSize(PHONE);
    await expect
      .poll(() => page.getByTestId('follow-card').allInnerTexts(), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining(bot!.nickname)]));
    await shot(page, 'follow-copied-mine-phone-resized');
  });
});

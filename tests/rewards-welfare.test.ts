/**
 * The welfare centre end to end (WEL-*, WELUI-*): /welfare against the real server in a real Chromium. A new
 * account deposits on the simulated chain (its first deposit), opens /welfare, reads the task's terms, claims the
 * reward, sees what was credited and its platform balance go up, and finds the reward in the deposit bonuses
 * (/welfare and /recharge); desktop and phone. VIP is off by default, so "My" shows no VIP card (VIP-1); the card
 * itself is shown once with a VIP table answered by the test (the VIP server is another module). Screenshots go
 * to SHOTS_DIR when it is set.
 */
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkVipTable } from '../src/shared/rewards/vipRules';
import { registerAccountByApi } from './accounts-support';
import {
  DESKTOP,
  LANGUAGE_KEY,
  PHONE,
  TOKEN_KEY,
  appWithDemoUser,
  atSize,
  gotoApp,
  newContext,
  seedStorage,
  shot,
  visit,
} from './app-support';
import { keptPageParkedOnFailure } from './kept-support';

const OPS_TOKEN = 'e2e-operator-token-welfare-0123456789';
const env = appWithDemoUser({ TEST_SWITCHES: '1', CHAIN_BLOCK_MS: '300', OPS_TOKEN });
/**
 * PERF-69, PERF-70: one context and kept page for the new customers' tests, one after another: each starts as its
 * new user (the token written by `seedStorage` before the load), at its size (`atSize`), and moves between screens
 * inside the app; the VIP answer a test routes goes with it; a failed test parks the page. The axe test keeps a
 * context of its own (its scripts pass the Content-Security-Policy there only), its two languages one after the
 * other in it.
 */
const kept = keptPageParkedOnFailure(() => newContext(env.app.browser, { viewport: DESKTOP }));
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

const platformUsdt = async (token: string) => {
  const rows = await call<{ account: string; coin: string; available: string }[]>('/api/asset/assetBalance', token);
  return Number(rows.find((r) => r.account === 'platform' && r.coin === 'USDT')?.available ?? 0);
};

/** A new account with a first deposit of `amount` USDT credited on the simulated chain. */
async function depositedUser(amount = '20'): Promise<string> {
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

const starts = [0, 101, 501, 1001, 3001, 10001, 20001, 50001, 100001, 200001, 500001, 1000001, 2000001];
const vipTable = checkVipTable(
  Object.fromEntries(
    starts.flatMap((s, i) => [
      [`vip${i}Start`, String(s)],
      [`vip${i}End`, String(i < 12 ? starts[i + 1] - 1 : 9999999)],
    ]),
  ),
);

/** The VIP module's answer when VIP is on, as the contract says (its server is another module's); returns the undo. */
async function vipOn(page: Page): Promise<() => Promise<void>> {
  if (!vipTable.ok) throw new Error(vipTable.problem);
  const levels = vipTable.levels;
  const handler = (route: Route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        code: 200,
        msg: 'success',
        data: {
          open: true,
          problem: null,
          volume30d: '2150.5',
          level: 3,
          feeDiscount: '0.075',
          next: { level: 4, needed: '850.5' },
          levels,
        },
      }),
    });
  await page.route('**/api/vip/info', handler);
  return () => page.unroute('**/api/vip/info', handler);
}

describe('[WEL-2] [WELUI-4] a new customer claims the first-deposit reward and sees it in the balance', () => {
  it('desktop: terms first, claim, credited, balance and bonus list; My shows no VIP card while VIP is off', async () => {
    const token = await depositedUser('20');
    const page = await pageAt(DESKTOP);
    await seedStorage(page, env.app.server.url, { [TOKEN_KEY]: token });
    await gotoApp(page, `${env.app.server.url}/welfare`);
    const card = page.getByTestId('welfare-task-firstDeposit');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getAttribute('data-state')).toBe('claimable');
    const terms = await card.innerText();
    expect(terms).toContain('+10');
    expect(terms).toContain('Complete it within 30 days of registering');
    expect(terms).toContain('Paid once to your platform account as a deposit bonus.');
    expect(await page.getByTestId('welfare-task-verifyIdentity').getAttribute('data-state')).toBe('todo');
    await expect.poll(async () => page.getByTestId('welfare-balance').innerText(), { timeout: 15_000 }).toContain('20');
    await page.getByTestId('welfare-bonuses').getByText('No bonuses yet').waitFor();
    await shot(page, 'welfare-desktop');

    await card.getByTestId('welfare-claim').click();
    await expect
      .poll(() => card.getByTestId('welfare-credited').innerText(), { timeout: 15_000 })
      .toContain('10 USDT credited to your platform account');
    await expect.poll(() => page.getByTestId('welfare-balance').innerText(), { timeout: 15_000 }).toContain('30');
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 15_000 }).toBe('claimed');
    await card.getByTestId('welfare-claimed-on').waitFor();
    expect(await page.getByTestId('welfare-total').innerText()).toContain('10');
    await page.getByTestId('welfare-bonus-row').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('welfare-bonus-row').count()).toBe(1);
    expect(await page.getByTestId('welfare-bonus-row').first().innerText()).toContain('+10');
    expect(await platformUsdt(token)).toBe(30);
    await page.locator('.toast').waitFor({ state: 'detached', timeout: 15_000 });
    await shot(page, 'welfare-claimed-desktop');

    // The bonus under the recent deposits; "My" without a VIP card (VIP-1: off by default).
    await visit(page, env.app.server.url, '/recharge');
    await page.getByTestId('welfare-bonus-row').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('welfare-bonuses').scrollIntoViewIfNeeded();
    await shot(page, 'welfare-recharge-bonuses-desktop');
    await visit(page, env.app.server.url, '/wallet');
    await page.getByTestId('my-screen').waitFor();
    expect(await page.getByTestId('vip-card').count()).toBe(0);
    // With VIP on (the contract's answer), the card sits under the assets summary beside the hub: the app loaded
    // again with it, as before.
    const vipOff = await vipOn(page);
    try {
      await gotoApp(page, `${env.app.server.url}/wallet`);
      await page.getByTestId('vip-card').waitFor({ timeout: 15_000 });
      await shot(page, 'welfare-vip-my-desktop');
    } finally {
      await vipOff();
      await page.goto('about:blank');
    }
  });

  it('phone: claim from the card; the VIP card on /welfare and My when VIP is on', async () => {
    const token = await depositedUser('50');
    const page = await pageAt(PHONE);
    await seedStorage(page, env.app.server.url, { [TOKEN_KEY]: token });
    const vipOff = await vipOn(page);
    try {
      await gotoApp(page, `${env.app.server.url}/welfare`);
      const card = page.getByTestId('welfare-task-firstDeposit');
      await card.waitFor({ timeout: 15_000 });
      await page.getByTestId('vip-card').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('vip-level').innerText()).toBe('VIP 3');
      expect(await page.getByTestId('vip-discount').innerText()).toContain('7.5');
      await shot(page, 'welfare-phone');
      await card.getByTestId('welfare-claim').click();
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 15_000 }).toBe('claimed');
      await expect.poll(() => page.getByTestId('welfare-balance').innerText(), { timeout: 15_000 }).toContain('60');
      await card.scrollIntoViewIfNeeded();
      await page.locator('.toast').waitFor({ state: 'detached', timeout: 15_000 });
      await shot(page, 'welfare-claimed-phone');
      await visit(page, env.app.server.url, '/wallet');
      await page.getByTestId('vip-card').waitFor({ timeout: 15_000 });
      await page.getByTestId('vip-card').scrollIntoViewIfNeeded();
      await shot(page, 'welfare-vip-my-phone');
    } finally {
      await vipOff();
      await page.goto('about:blank');
    }
    expect(await platformUsdt(token)).toBe(60);
  });

  it('[A11Y-1] no serious or critical axe violation on /welfare and My with the VIP card, phone (Arabic) and desktop', async () => {
    const token = await depositedUser('5');
    const found: string[] = [];
    // One context for both (PERF-70): each language written before its load, at its size.
    const ctx = await newContext(env.app.browser, { viewport: PHONE, token, bypassCSP: true });
    const page = await ctx.newPage();
    await vipOn(page);
    for (const [viewport, language] of [
      [PHONE, 'ar'],
      [DESKTOP, 'en'],
    ] as const) {
      await atSize(page, viewport);
      await seedStorage(page, env.app.server.url, { [TOKEN_KEY]: token, [LANGUAGE_KEY]: language });
      for (const path of ['/welfare', '/wallet']) {
        await visit(page, env.app.server.url, path);
        await page.getByTestId('vip-card').waitFor({ timeout: 15_000 });
        await page.addScriptTag({ path: join(process.cwd(), 'node_modules/axe-core/axe.min.js') });
        const violations = (await page.evaluate(async () => {
          const axe = (
            window as unknown as { axe: { run(d: unknown, o: unknown): Promise<{ violations: unknown[] }> } }
          ).axe;
          return (await axe.run(document, { resultTypes: ['violations'] })).violations;
        })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
        for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
          found.push(`${language} ${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
      }
    }
    await ctx.close();
    expect(found).toEqual([]);
  });
});

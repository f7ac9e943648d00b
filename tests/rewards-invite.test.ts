/**
 * The promotion centre end to end (REB-1, REB-3; INVUI-*): against the real server in a real Chromium. An inviter
 * opens the promotion centre, takes the invite link from it, and a new user opens that link (the register screen
 * prefills the code, INVUI-6) and registers; the invitee then appears on the inviter's screen. Phone on /invite
 * (level 1), desktop on /extend (a second invitee of the first: level 1 for them, level 2 for the first inviter).
 * With rebates on, the invitee's spot trade pays the inviter a rebate that the rebates tab shows. Screenshots go
 * to SHOTS_DIR when it is set.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tradingApi } from '../src/shared/api/trading';
import { registerAccountByApi } from './accounts-support';
import {
  DESKTOP,
  PHONE,
  TOKEN_KEY,
  appWithDemoUser,
  atSize,
  gotoApp,
  newContext,
  seedStorage,
  shot,
} from './app-support';
import { keptPageParkedOnFailure, reach } from './kept-support';
import { builtCli } from './helpers/server';

const OPS_TOKEN = 'e2e-operator-token-invite-0123456789';
const env = appWithDemoUser({ CHAIN_BLOCK_MS: '300', OPS_TOKEN });
const PASSWORD = 'InvitePass123';
let seq = 0;
/**
 * PERF-69, PERF-70: one context and kept page for every user of the file, one after another: each load starts as
 * the user it is for (their token written first by `seedStorage`, or none for the visitor who registers from the
 * link), at the test's size (`atSize`); a failed test parks the page.
 */
const kept = keptPageParkedOnFailure(() => newContext(env.app.browser, { viewport: PHONE }));
const pageAt = async (size: typeof PHONE) => atSize(await kept(), size);

function setting(key: string, change: Record<string, unknown>): void {
  execFileSync(process.execPath, [builtCli('settings-cli'), 'merge', key, JSON.stringify(change)], {
    env: { ...process.env, DATA_DIR: env.app.server.dataDir },
    encoding: 'utf8',
  });
}

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const r = await fetch(`${env.app.server.url}${path}`, {
    method,
    headers: { satoken: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const j = (await r.json()) as { code: number; data: T; msg: string };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
}

/** Loads the app at `path` on `page` as the user of `token`. */
async function loadAs(page: Page, token: string, path: string): Promise<void> {
  await seedStorage(page, env.app.server.url, { [TOKEN_KEY]: token });
  await gotoApp(page, `${env.app.server.url}${path}`);
}

/** Opens the promotion centre at `path` as `token` and returns the invite link it shows. */
async function openCentre(page: Page, token: string, path: string): Promise<string> {
  await loadAs(page, token, path);
  await page.getByTestId('invite-share').waitFor({ timeout: 15_000 });
  return page.getByTestId('invite-link').inputValue();
}

/** Registers a new account through the register screen opened from `link` by a visitor; returns its account name. */
async function registerFromLink(page: Page, link: string): Promise<string> {
  // A visitor: nothing stored.
  await seedStorage(page, env.app.server.url, { [TOKEN_KEY]: null });
  await gotoApp(page, link);
  const code = new URL(link).searchParams.get('inviteCode')!;
  expect(await page.getByLabel(/Invitation code/).inputValue()).toBe(code);
  const tab = page.getByRole('tab', { name: 'Account' });
  if (await tab.count()) await tab.click();
  const account = `inv${Date.now().toString(36)}x${++seq}`;
  await page.getByLabel('Account name').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${env.app.server.url}/`, { timeout: 15_000 });
  return account;
}

async function login(account: string): Promise<string> {
  const r = await fetch(`${env.app.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: PASSWORD }),
  });
  return ((await r.json()) as { data: { satoken: string } }).data.satoken;
}

/** Puts USDT on the simulated chain to the user's deposit address and waits until it is credited. */
async function fund(token: string, amount: string): Promise<void> {
  const a = await api<{ address: string }>('POST', '/api/recharge/getAdress?coin=USDT', token);
  execFileSync(process.execPath, [builtCli('chain-cli'), 'deposit', a.address, amount, '--url', env.app.server.url], {
    env: { ...process.env, OPS_TOKEN },
    encoding: 'utf8',
  });
  const usdt = async () => {
    const rows = await api<{ coin: string; available: string; account: string }[]>(
      'GET',
      '/api/asset/assetBalance',
      token,
    );
    return Number(rows.find((r) => r.coin === 'USDT' && r.account === 'platform')?.available ?? 0);
  };
  await expect.poll(usdt, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
}

const state: { inviter?: string; firstInvitee?: string } = {};

describe('[REB-1] register with the invite link and see the invitee on the inviter’s screen', () => {
  it('phone (/invite): the link registers a level 1 invitee, and a rebate shows once they trade', async () => {
    setting('FINANCIAL_REBATE_SETTING', { isOpen: true, oneRatio: '20', twoRatio: '10', threeRatio: '5' });
    const inviter = await registerAccountByApi(env.app.server);
    state.inviter = inviter.token;
    const page = await pageAt(PHONE);
    const link = await openCentre(page, inviter.token, '/invite');
    expect(link).toMatch(/\/register\?inviteCode=[A-Za-z0-9]+$/);
    expect(await page.getByTestId('invite-count-1').innerText()).toBe('0');
    await page.getByText('No invitees yet').waitFor();
    await page.getByTestId('invite-lists').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'invite-empty-phone');

    const account = await registerFromLink(page, link);
    await loadAs(page, inviter.token, '/invite');
    await page.getByTestId('invite-invitees').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('invite-count-1').innerText()).toBe('1');
    expect(await page.getByTestId('invite-invitees').innerText()).toContain(`${account.slice(0, 2)}***`);

    // The invitee trades with rebates on: the inviter earns 20 % of the fee.
    const invitee = await login(account);
    state.firstInvitee = invitee;
    await fund(invitee, '500');
    await api('POST', tradingApi.submitSpotOrder.path, invitee, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      amount: '0.001',
    });
    // The screen mounted anew (inside the app) asks its lists again.
    await reach(page, env.app.server.url, '/invite');
    await page.getByTestId('invite-tab-rebates').click();
    await page.getByTestId('invite-rebates').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('invite-rebates').innerText()).toContain('USDT');
    expect(await page.getByTestId('invite-rebate-state').innerText()).toBe('Rebates are paid now.');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'invite-phone');
    await page.getByTestId('invite-lists').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'invite-rebates-phone');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('invite-poster-open').click();
    await page.getByTestId('invite-poster').waitFor();
    await shot(page, 'invite-poster-phone');
  });

  it('desktop (/extend): an invitee of the invitee is level 1 for them and level 2 for the first inviter', async () => {
    const first = state.firstInvitee!;
    const page = await pageAt(DESKTOP);
    const link = await openCentre(page, first, '/extend');
    const account = await registerFromLink(page, link);
    await loadAs(page, first, '/extend');
    await page.getByTestId('invite-invitees').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('invite-count-1').innerText()).toBe('1');
    expect(await page.getByTestId('invite-invitees').innerText()).toContain(`${account.slice(0, 2)}***`);

    await openCentre(page, state.inviter!, '/extend');
    await page.getByTestId('invite-invitees').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('invite-count-2').innerText()).toBe('1');
    await page.getByTestId('invite-level-2').click();
    await expect
      .poll(async () => page.getByTestId('invite-invitees').innerText(), { timeout: 10_000 })
      .toContain(`${account.slice(0, 2)}***`);
    await page.getByTestId('invite-level-0').click();
    await page.getByTestId('invite-invitees').waitFor();
    await shot(page, 'invite-desktop');
    await page.getByTestId('invite-tab-rebates').click();
    await page.getByTestId('invite-by-day').waitFor({ timeout: 15_000 });
    await page.getByTestId('invite-lists').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'invite-rebates-desktop');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('invite-poster-open').click();
    await page.getByTestId('invite-poster').waitFor();
    await shot(page, 'invite-poster-desktop');
    // INVUI-3: the poster downloads as a PNG named by the code.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('invite-poster-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invite-[A-Za-z0-9]+\.png$/);
  });
});

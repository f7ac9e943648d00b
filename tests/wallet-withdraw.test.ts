/**
 * Withdrawals end to end (WDR-*): /withdraw and /withdrawDeposit against the real server in a real Chromium,
 * phone and desktop. One server for the file, with the withdrawal window opened through the settings tool on
 * its data dir (the server reads settings on every request) and a short auto-approval delay. Amounts above
 * WITHDRAW_AUTO_APPROVE_MAX (1000) stay pending, so only the 20 USDT withdrawal is approved on its own.
 * Screenshots go to SHOTS_DIR when it is set.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerAccountByApi } from './accounts-support';
import {
  DESKTOP,
  HELD_REPLY_MS,
  LANGUAGE_KEY,
  PHONE,
  SHORT_REQUEST_TIMEOUT_MS,
  TOKEN_KEY,
  atSize,
  gotoApp,
  keptPage,
  loginToken,
  navigateInApp,
  newContext,
  seedStorage,
  startApp,
  visit,
  withRequestTimeout,
  type AppHarness,
} from './app-support';
import { builtCli } from './helpers/server';

const SHOTS = process.env.SHOTS_DIR;
const ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const SUBMIT_PATH = '/api/withdraw/submit';
let app: AppHarness;
let token: string;

interface Row {
  id: number;
  amount: string;
  fee: string;
  total: string;
  status: string;
}

/** Changes WITHDRAWAL_SETTING with the operator's settings tool on the server's data dir (read per request). */
function withdrawalSetting(change: Record<string, unknown>): void {
  execFileSync(process.execPath, [builtCli('settings-cli'), 'merge', 'WITHDRAWAL_SETTING', JSON.stringify(change)], {
    env: { ...process.env, DATA_DIR: app.server.dataDir },
    encoding: 'utf8',
  });
}

beforeAll(async () => {
  app = await startApp({ WITHDRAW_AUTO_APPROVE_DELAY_MS: '6000' });
  token = await loginToken(app.server);
  withdrawalSetting({ limitTime: false });
});
afterAll(async () => {
  await app?.close();
});

/**
 * The demo user's page, kept with the app loaded: each test reaches its screen inside the app, at its size (PERF-74:
 * one page for both sizes, `atSize`: a size change loads the app again in the warm context, as switching between
 * two kept pages did, which parks the other); the tests about a reload reload on purpose. A test that resizes its
 * page sets it back. The phone's tests of /withdraw run together, then the desktop's.
 */
const demoPage = keptPage(() => newContext(app.browser, { viewport: PHONE, token }));
const phonePage = async () => atSize(await demoPage(), PHONE);
const desktopPage = async () => atSize(await demoPage(), DESKTOP);

/**
 * WORD-1: any raw key on screen: a snake_case word (`withdraw_done`) or a dotted i18n key (`records.kind.x`) in
 * the visible text, e-mail addresses and links left out.
 */
async function rawKeys(page: Page): Promise<string[]> {
  const text = (await page.locator('body').innerText()).replace(/\S+@\S+|https?:\/\/\S+/g, ' ');
  return [
    ...(text.match(/\b[a-z]+(_[a-z]+)+\b/g) ?? []),
    ...(text.match(/\b[a-z][a-zA-Z0-9]+(\.[a-z][a-zA-Z0-9_]+)+\b/g) ?? []),
  ];
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function api<T>(path: string, method = 'GET'): Promise<T> {
  const r = await fetch(`${app.server.url}${path}`, { method, headers: { satoken: token } });
  const j = (await r.json()) as { code: number; data: T; msg: string };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
}

async function withdrawals(): Promise<Row[]> {
  return (await api<{ rows: Row[] }>('/api/withdraw/list?pageNum=1&pageSize=50')).rows;
}

async function usdt(): Promise<{ available: number; frozen: number }> {
  const rows =
    await api<{ account: string; coin: string; available: string; frozen: string }[]>('/api/asset/assetBalance');
  const r = rows.find((x) => x.account === 'platform' && x.coin === 'USDT')!;
  return { available: Number(r.available), frozen: Number(r.frozen) };
}

/**
 * Counts the submissions a page sends (a refused form or a reply that never came must not send again); `givenUp`
 * once one of them was given up by the app (its timeout aborted it) rather than answered.
 */
function countSubmits(page: Page): { n: number; givenUp: boolean } {
  const c = { n: 0, givenUp: false };
  const isSubmit = (req: { url(): string }) => new URL(req.url()).pathname === SUBMIT_PATH;
  page.on('request', (req) => {
    if (isSubmit(req)) c.n += 1;
  });
  page.on('requestfailed', (req) => {
    if (isSubmit(req)) c.givenUp = true;
  });
  return c;
}

/**
 * A form of its own: reached inside the app (by way of the records when the page already shows the form), or with
 * `load`, by loading /withdraw.
 */
async function openForm(page: Page, load = false): Promise<void> {
  if (load) await gotoApp(page, `${app.server.url}/withdraw`);
  else {
    if (page.url().startsWith(app.server.url) && new URL(page.url()).pathname === '/withdraw')
      await navigateInApp(page, '/withdrawDeposit');
    await visit(page, app.server.url, '/withdraw');
  }
  await page.getByTestId('withdraw-form').waitFor();
  await page.getByTestId('withdraw-network-USDT-TRC20').click();
  await page.getByTestId('withdraw-address').fill(ADDRESS);
}

async function fillAndSubmit(page: Page, amount: string): Promise<void> {
  await page.getByTestId('withdraw-amount').fill(amount);
  await page.getByTestId('withdraw-pwd').fill('123456');
  await page.getByTestId('withdraw-submit').click();
}

const text = (s: string | null): string => (s ?? '').replace(/[\s,]/g, '');

describe('/withdraw', () => {
  it('[WDR-10][WDR-11][WDR-13][WDR-16] phone: a valid withdrawal shows pending with amount + fee frozen in the wallet, then done after auto-approval', async () => {
    const page = await phonePage();
    // The wallet, beside it in a second tab of the same context.
    const wallet = await page.context().newPage();
    try {
      // The wallet is open before the withdrawal is sent, so the frozen amount it shows arrives live (the private
      // socket) well before the auto-approval (6 s) settles it: loading it after the submit raced the approval.
      await gotoApp(wallet, `${app.server.url}/wallet`);
      const row = wallet.locator('[data-testid=wallet-rows-platform] [data-coin=USDT]');
      await row.waitFor();
      const before = await usdt();
      await openForm(page);
      await page.getByTestId('withdraw-amount').fill('20');
      expect(text(await page.getByTestId('withdraw-fee').textContent())).toBe('2USDT');
      expect(text(await page.getByTestId('withdraw-total').textContent())).toBe('22USDT');
      await shot(page, 'withdraw-phone');
      await fillAndSubmit(page, '20');
      const status = page.getByTestId('withdraw-outcome-status');
      await status.waitFor();
      expect(await status.textContent()).toBe('Pending');
      const after = await usdt();
      expect(after.available).toBe(before.available - 22);
      expect(after.frozen).toBe(before.frozen + 22);

      await expect.poll(async () => text(await row.textContent())).toContain(`Frozen${before.frozen + 22}`);

      // The auto-approval settles it: the open outcome turns to done without a reload (the private socket).
      await page.waitForFunction(
        () => document.querySelector('[data-testid=withdraw-outcome-status]')?.textContent === 'Completed',
        null,
        { timeout: 30_000 },
      );
      const settled = await usdt();
      expect(settled.frozen).toBe(before.frozen);
      expect(settled.available).toBe(before.available - 22);
      const rows = await withdrawals();
      expect(rows[0]).toMatchObject({ amount: '20', fee: '2', total: '22', status: 'done' });
    } finally {
      await wallet.close();
    }
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`[WDR-1][WDR-4][WDR-16] ${name}: an amount over the channel's maximum is refused on the form with the rule, nothing sent`, async () => {
      const page = await (viewport === PHONE ? phonePage() : desktopPage());
      {
        const sent = countSubmits(page);
        const before = (await withdrawals()).length;
        await openForm(page);
        await fillAndSubmit(page, '200000');
        const err = page.getByTestId('withdraw-amount-error');
        await err.waitFor();
        expect(await err.textContent()).toBe('The maximum withdrawal is 100,000 USDT');
        expect(await page.getByTestId('withdraw-rules').textContent()).toContain('100,000 USDT');
        expect(sent.n).toBe(0);
        expect(await page.getByTestId('withdraw-outcome').count()).toBe(0);
        expect((await withdrawals()).length).toBe(before);
      }
    });
  }

  it('[WDR-10][WDR-16] desktop: a reply delayed past the client timeout is answered by asking for the status, never by sending again; after a reload exactly one withdrawal exists and the screen shows it', async () => {
    const page = await desktopPage();
    {
      const sent = countSubmits(page);
      const before = (await withdrawals()).length;
      // Past the page's request timeout: DEPLOY-10's short one, read by the app this page loads now (only then).
      await api(`/api/_test/delayWithdrawReply?ms=${HELD_REPLY_MS}`, 'POST');
      const undo = await withRequestTimeout(page.context(), SHORT_REQUEST_TIMEOUT_MS);
      try {
        await openForm(page, true);
      } finally {
        await undo();
      }
      await page.getByTestId('withdraw-amount').fill('1500');
      await page.getByTestId('withdraw-pwd').fill('123456');
      await shot(page, 'withdraw-desktop');
      await page.getByTestId('withdraw-submit').click();
      const outcome = page.getByTestId('withdraw-outcome');
      await outcome.waitFor({ timeout: 30_000 });
      expect(text(await outcome.textContent())).toContain('1500USDT');
      expect(await page.getByTestId('withdraw-outcome-status').textContent()).toBe('Pending');
      expect(sent.n).toBe(1);
      // The outcome came from asking for the status: the app had given the submit up.
      await expect.poll(() => sent.givenUp).toBe(true);

      await page.reload();
      await page.getByTestId('withdraw-form').waitFor();
      const rows = await withdrawals();
      expect(rows.length).toBe(before + 1);
      expect(rows.filter((r) => r.amount === '1500')).toHaveLength(1);
      const recent = page.locator('.wd-recent__row').first();
      await recent.waitFor();
      expect(text(await recent.textContent())).toContain('1500USDTPending');
      expect(sent.n).toBe(1);
    }
  });

  it('[WDR-10][WDR-16] phone: reloaded while the reply is still held, the screen asks for the outcome of its key and shows the one withdrawal', async () => {
    const page = await phonePage();
    {
      const sent = countSubmits(page);
      const before = (await withdrawals()).length;
      await api('/api/_test/delayWithdrawReply?ms=20000', 'POST');
      await openForm(page);
      await fillAndSubmit(page, '1200');
      // The server has applied it; its reply is still held.
      await expect.poll(async () => (await withdrawals()).length, { timeout: 20_000 }).toBe(before + 1);
      await page.reload();
      await page.getByTestId('withdraw-outcome').waitFor({ timeout: 20_000 });
      expect(text(await page.getByTestId('withdraw-outcome').textContent())).toContain('1200USDT');
      expect(sent.n).toBe(1);
      const rows = await withdrawals();
      expect(rows.length).toBe(before + 1);
      expect(rows.filter((r) => r.amount === '1200')).toHaveLength(1);
      // The intent is complete: another reload shows the form, nothing is sent again.
      await page.reload();
      await page.getByTestId('withdraw-form').waitFor();
      expect(sent.n).toBe(1);
      expect((await withdrawals()).length).toBe(before + 1);
    }
  });
});

describe('/withdraw without a trade password', () => {
  /**
   * A new account (no trade password) at the first call, and its page kept: the desktop check only looks, so it
   * runs first; the phone one then sets the password.
   */
  let account: Promise<{ token: string }> | undefined;
  const newUserPage = keptPage(async () =>
    newContext(app.browser, { viewport: DESKTOP, token: (await (account ??= registerAccountByApi(app.server))).token }),
  );

  it('[WORD-3] desktop: the same offer before the form, with its link to set the trade password', async () => {
    const page = await newUserPage();
    {
      await visit(page, app.server.url, '/withdraw');
      const need = page.getByTestId('withdraw-needs-trade-password');
      await need.waitFor();
      expect(await need.innerText()).toContain('Set a trade password first');
      expect(await page.getByTestId('withdraw-pwd').count()).toBe(0);
      expect(await page.getByTestId('withdraw-form').count()).toBe(0);
      await shot(page, 'withdraw-needs-pwd-desktop');
      await page.getByTestId('withdraw-set-trade-password').click();
      await page.waitForURL('**/fund-password?back=%2Fwithdraw');
    }
  });

  it('[WORD-3] phone: the form offers to set the trade password before anything is typed; once set, it comes back to withdraw', async () => {
    const page = await newUserPage();
    await page.setViewportSize(PHONE);
    {
      await visit(page, app.server.url, '/withdraw');
      const need = page.getByTestId('withdraw-needs-trade-password');
      await need.waitFor();
      expect(await need.innerText()).toContain('Set a trade password first');
      // Nothing to type yet: no amount, no address, no password field.
      expect(await page.getByTestId('withdraw-pwd').count()).toBe(0);
      expect(await page.getByTestId('withdraw-form').count()).toBe(0);
      await shot(page, 'withdraw-needs-pwd-phone');
      await page.getByTestId('withdraw-set-trade-password').click();
      await page.waitForURL('**/fund-password?back=%2Fwithdraw');
      await page.locator('input[name="pwd"]').fill('135790');
      await page.locator('input[name="confirm"]').fill('135790');
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((u) => u.pathname === '/withdraw');
      await page.getByTestId('withdraw-form').waitFor();
      await page.getByTestId('withdraw-pwd').waitFor();
      expect(await page.getByTestId('withdraw-needs-trade-password').count()).toBe(0);
    }
  });
});

describe('/withdrawDeposit', () => {
  it('[WDR-11][WDR-17] desktop: a pending withdrawal is cancelled after a confirmation and its amount returns', async () => {
    const page = await desktopPage();
    {
      const pending = (await withdrawals()).find((r) => r.status === 'pending' && r.amount === '1500');
      expect(pending).toBeDefined();
      const before = await usdt();
      await visit(page, app.server.url, '/withdrawDeposit');
      const row = page.getByTestId(`withdraw-record-${pending!.id}`);
      await row.waitFor();
      await shot(page, 'withdraw-records-desktop');
      await row.getByTestId('withdraw-cancel').click();
      // Nothing happens until it is confirmed.
      await page.getByTestId('withdraw-cancel-confirm').waitFor();
      expect((await usdt()).frozen).toBe(before.frozen);
      await page.getByTestId('withdraw-cancel-confirm').click();
      await expect.poll(async () => row.getByTestId('withdraw-record-status').textContent()).toBe('Cancelled');
      expect(await row.getByTestId('withdraw-cancel').count()).toBe(0);
      const after = await usdt();
      expect(after.available).toBe(before.available + 1650);
      expect(after.frozen).toBe(before.frozen - 1650);
      expect((await withdrawals()).find((r) => r.id === pending!.id)?.status).toBe('cancelled');
    }
  });

  it('[WDR-17][REC-2][WORD-1][WORD-2][OPC-12] phone, then desktop: the records list every withdrawal with its status; the financial records list them too, in words', async () => {
    const page = await phonePage();
    try {
      await visit(page, app.server.url, '/withdrawDeposit');
      await page.getByTestId('withdraw-records').waitFor();
      const rows = await withdrawals();
      for (const r of rows) {
        const status = page.getByTestId(`withdraw-record-${r.id}`).getByTestId('withdraw-record-status');
        expect(await status.getAttribute('class')).toContain(`wd-badge--${r.status}`);
      }
      await shot(page, 'withdraw-records-phone');
      // REC-2: the financial records list each withdrawal's hold, and the settled and cancelled ones.
      await visit(page, app.server.url, '/cashflow');
      await page.locator('[data-testid=record-row]').first().waitFor();
      const kinds = await page
        .locator('[data-testid=record-row]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
      expect(kinds.some((k) => k?.startsWith('withdraw'))).toBe(true);
      expect(new Set(kinds).size).toBeGreaterThan(1);
      // WORD-1, WORD-2: every kind in words; a hold, its release and a payment from it each in one line.
      expect(await rawKeys(page)).toEqual([]);
      const notes = await page.getByTestId('record-note').allInnerTexts();
      expect(notes.some((n) => /Held for withdrawal #\d+/.test(n))).toBe(true);
      expect(notes.some((n) => n.includes('Released to available'))).toBe(true);
      expect(notes.some((n) => n.includes('Paid from held funds'))).toBe(true);
      const list = await page.getByTestId('records').innerText();
      expect(list).toContain('Withdrawal completed');
      expect(list).toContain('Withdrawal cancelled');
      expect(list).not.toMatch(/frozen/i);
      await shot(page, 'cashflow-holds-phone');
      // the same page at the desktop size: the table's rows in words too, the opening balance by its kind (OPC-12)
      await page.setViewportSize(DESKTOP);
      await page.locator('table [data-testid=record-row]').first().waitFor();
      expect(await rawKeys(page)).toEqual([]);
      await page.getByTestId('records-type').selectOption('genesis');
      await page.locator('table [data-testid=record-row][data-kind=genesis]').first().waitFor();
      const table = await page.getByTestId('records').innerText();
      expect(table).toContain('Opening balance');
      expect(table).not.toContain('Demo starting balances');
    } finally {
      await page.setViewportSize(PHONE);
    }
  });

  it('[WORD-1][WORD-2][OPC-12] desktop and phone, in Arabic: the cash flow and the trade records show no raw key', async () => {
    // PERF-74: the desktop page, loaded again with Arabic stored; English stored again after.
    const page = await desktopPage();
    try {
      await seedStorage(page, app.server.url, { [TOKEN_KEY]: token, [LANGUAGE_KEY]: 'ar' });
      await gotoApp(page, `${app.server.url}/cashflow`);
      await page.locator('[data-testid=record-row][data-kind=withdraw_done]').first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await rawKeys(page)).toEqual([]);
      const list = await page.getByTestId('records').innerText();
      expect(list).toContain('اكتمل السحب');
      expect(list).toContain('محجوز للسحب رقم');
      await shot(page, 'cashflow-holds-desktop-ar');
      // OPC-12: the demo's opening balances read by their kind's label in Arabic, no English memo beside them
      await page.getByTestId('records-type').selectOption('genesis');
      const genesis = page.locator('[data-testid=record-row][data-kind=genesis]').first();
      await genesis.waitFor();
      expect(await genesis.innerText()).toContain('الرصيد الافتتاحي');
      expect(await genesis.innerText()).not.toMatch(/[A-Za-z]{4,} [a-z]{4,}/);
      await page.getByTestId('records-type').selectOption('');
      await page.locator('[data-testid=record-row][data-kind=withdraw_done]').first().waitFor();
      // the phone list, in Arabic, at the same page resized
      await page.setViewportSize(PHONE);
      await page.locator('ul [data-testid=record-row]').first().waitFor();
      expect(await rawKeys(page)).toEqual([]);
      expect(await page.getByTestId('records').innerText()).toContain('اكتمل السحب');
      await page.setViewportSize(DESKTOP);
      await navigateInApp(page, '/records');
      await page.getByTestId('records-screen').waitFor();
      expect(await rawKeys(page)).toEqual([]);
    } finally {
      await page.setViewportSize(DESKTOP);
      await seedStorage(page, app.server.url, { [TOKEN_KEY]: token });
    }
  });
});

describe('/withdraw with checkCode', () => {
  it('[WDR-12][WDR-16] desktop: the code is required, sent to the bound email with the send-code button, and accepted', async () => {
    withdrawalSetting({ checkCode: true });
    const page = await desktopPage();
    try {
      const sent = countSubmits(page);
      const before = (await withdrawals()).length;
      await openForm(page);
      await fillAndSubmit(page, '30');
      // Without the code nothing is sent.
      const err = page.getByTestId('withdraw-code-error');
      await err.waitFor();
      expect(await err.textContent()).toBe('Enter the verification code');
      expect(sent.n).toBe(0);

      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByRole('button', { name: /Resend in/ }).waitFor();
      const outbox = await api<{ codeType: string; code: string }[]>('/api/_test/outbox?to=demo%40openex.local');
      const mail = outbox.find((m) => m.codeType === 'withdraw');
      expect(mail?.code).toMatch(/^\d{6}$/);
      await page.getByTestId('withdraw-code').fill(mail!.code);
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('withdraw-outcome').waitFor();
      expect(text(await page.getByTestId('withdraw-outcome').textContent())).toContain('30USDT');
      expect(sent.n).toBe(1);
      expect((await withdrawals()).length).toBe(before + 1);
    } finally {
      withdrawalSetting({ checkCode: false });
    }
  });
});

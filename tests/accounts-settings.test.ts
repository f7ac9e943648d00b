/**
 * Account screens follow the operator's LOGIN_REGIS_SETTING (spec 3.3, 4.2), changed on the running server with
 * the settings tool (README "Configuration"): registration modes and the required invite code, and the automatic
 * wallet login inside a wallet browser (an EIP-1193 provider injected into the page).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, newContext, open, startHarness, storedToken, type Harness } from './accounts-support';
import { builtCli } from './helpers/server';

let h: Harness;
let base: string;

function mergeLoginSettings(patch: Record<string, unknown>): void {
  execFileSync(process.execPath, [builtCli('settings-cli'), 'merge', 'LOGIN_REGIS_SETTING', JSON.stringify(patch)], {
    env: { ...process.env, DATA_DIR: h.server.dataDir },
    stdio: 'pipe',
  });
}

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
});
afterAll(async () => {
  await h?.close();
});

describe('[spec 3.3] registration follows LOGIN_REGIS_SETTING', () => {
  it('[spec 3.3, 5] only the open modes are offered, and inviteCodeRequired makes the invite code required', async () => {
    mergeLoginSettings({
      emailIsOpen: false,
      phoneIsOpen: true,
      ordinaryIsOpen: true,
      addressIsOpen: true,
      walletOnly: false,
      inviteCodeRequired: true,
    });
    const ctx = await newContext(h.browser, { viewport: PHONE });
    const page = await ctx.newPage();
    try {
      await open(page, `${base}/register`);
      await page.waitForFunction(() => document.querySelectorAll('[role="tab"]').length === 3);
      const modes = await page
        .locator('[role="tab"]')
        .evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-mode')));
      expect(modes).toEqual(['phone', 'account', 'address']);
      expect(await page.getByLabel('Invitation code', { exact: true }).count()).toBe(1);
      await page.getByRole('tab', { name: 'Account' }).click();
      await page.getByLabel('Account name').fill('settingsUser1');
      await page.getByLabel('Password', { exact: true }).fill('Settings123-Quartz');
      await page.getByLabel('Confirm password').fill('Settings123-Quartz');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('An invitation code is required').waitFor();
      expect(await storedToken(page)).toBeNull();
    } finally {
      await ctx.close();
      mergeLoginSettings({ emailIsOpen: true, inviteCodeRequired: false, addressIsOpen: false });
    }
  });
});

describe('[spec 4.2] automatic login in a wallet browser', () => {
  const ADDRESS = '0x' + 'ab'.repeat(20);

  async function walletContext(address: string | null) {
    const ctx = await newContext(h.browser, { viewport: PHONE });
    await ctx.addInitScript((addr) => {
      (window as unknown as { __loginSuccess: number }).__loginSuccess = 0;
      window.addEventListener(
        'login_success',
        () => (window as unknown as { __loginSuccess: number }).__loginSuccess++,
      );
      if (addr) {
        (window as unknown as { ethereum: unknown }).ethereum = {
          isTrust: true,
          request: async ({ method }: { method: string }) =>
            method === 'eth_requestAccounts' || method === 'eth_accounts' ? [addr] : null,
        };
      }
    }, address);
    return ctx;
  }

  it('[spec 4.2] with autoLogin on and a provider: signed in by the wallet address, login_success raised, sent to /', async () => {
    mergeLoginSettings({ autoLogin: true, addressIsOpen: true, inviteCodeRequired: false });
    const ctx = await walletContext(ADDRESS);
    const page = await ctx.newPage();
    try {
      await open(page, `${base}/lr`);
      await page.waitForURL(`${base}/`, { timeout: 20_000 });
      await page.waitForFunction(() => !!localStorage.getItem('openex:token'));
      expect(await page.evaluate(() => (window as unknown as { __loginSuccess: number }).__loginSuccess)).toBe(1);
      const info = await page.evaluate(() => JSON.parse(localStorage.getItem('openex:userInfo') ?? 'null'));
      expect(info?.address?.toLowerCase()).toBe(ADDRESS);
    } finally {
      await ctx.close();
    }
  });

  it('[spec 4.2] without a provider nothing happens and nothing breaks', async () => {
    mergeLoginSettings({ autoLogin: true, addressIsOpen: true });
    const ctx = await walletContext(null);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const addressCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user/addressLogin')) addressCalls.push(r.url());
    });
    try {
      await open(page, `${base}/lr`);
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/lr');
      expect(await storedToken(page)).toBeNull();
      expect(addressCalls).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('[spec 4.2] with autoLogin off a provider is left alone', async () => {
    mergeLoginSettings({ autoLogin: false });
    const ctx = await walletContext(ADDRESS);
    const page = await ctx.newPage();
    const addressCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user/addressLogin')) addressCalls.push(r.url());
    });
    try {
      await open(page, `${base}/lr`);
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      expect(addressCalls).toEqual([]);
      expect(await storedToken(page)).toBeNull();
    } finally {
      await ctx.close();
    }
  });
});

/**
 * "My", the account menu, sign-out, the development mailbox and the entry screens against the real server, in a
 * real Chromium (one server for the file): sign-out from "My" asks first and signs out two tabs; the desktop
 * account menu; registration by email with the code read from /dev/outbox through the UI; a signed-in visit to
 * /login or /register lands on home; a wrong password says so once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  TOKEN_KEY,
  demoCredentials,
  newContext,
  open,
  registerByApi,
  startHarness,
  storedToken,
  uniqueEmail,
  type Harness,
} from './accounts-support';
import { keptPage, seedStorage, visit, visitorPage } from './app-support';

let h: Harness;
let base: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
});
afterAll(async () => {
  await h?.close();
});

/**
 * The phone of one new email user, signed in, kept with the app loaded: GUARD-5 only looks (each entry screen
 * loaded, landing on home), then SESSION-9 opens "My" inside the app and signs the user out (the page's last use).
 */
let hubUser: Promise<{ email: string; token: string }> | undefined;
const hub = () =>
  (hubUser ??= (async () => {
    const email = uniqueEmail('hub');
    return { email, token: await registerByApi(h.server, email, 'HubPass1234-Quartz') };
  })());
const hubPage = keptPage(async () => newContext(h.browser, { viewport: PHONE, token: (await hub()).token }));
/**
 * PERF-69: the desktop menu's user, the mailbox registration and the wrong password share one visitor context
 * (storage cleared after each test; the menu's user stores its token first).
 */
const visitor = visitorPage(() => h.browser);

describe('[GUARD-5] signed-in visitors of the entry screens', () => {
  it('[GUARD-5] a signed-in visit to /login, /register or /lr lands on home', async () => {
    const page = await hubPage();
    for (const path of ['/login', '/register', '/lr']) {
      await open(page, `${base}${path}`);
      await page.waitForURL(`${base}/`);
      expect(await page.getByRole('button', { name: 'Log in' }).count(), path).toBe(0);
    }
  });
});

describe('[LAYOUT-4][SESSION-9] sign-out from "My"', () => {
  it('[SESSION-9][SESSION-6] asks first (Escape cancels), then signs out both open tabs', async () => {
    const { email, token } = await hub();
    const one = await hubPage();
    // The second tab of the same context: closed at the end.
    const two = await one.context().newPage();
    try {
      await visit(one, base, '/wallet');
      await open(two, `${base}/wallet`);
      // The hub shows who is signed in, masked, and no balance.
      await one
        .getByTestId('my-identity')
        .getByText(`${email.slice(0, 2)}***@`, { exact: false })
        .waitFor();

      await one.getByRole('button', { name: 'Sign out' }).click();
      const dialog = one.getByRole('dialog', { name: 'Sign out?' });
      await dialog.waitFor();
      await one.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
      await one.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(one.url()).pathname).toBe('/wallet');
      expect(await storedToken(one)).toBe(token);

      await one.getByRole('button', { name: 'Sign out' }).click();
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      // The sign-in screen, carrying the page each tab was on (PUB-2: ?redirect=...).
      await one.waitForURL((u) => u.pathname === '/lr');
      await two.waitForURL((u) => u.pathname === '/lr');
      expect(await storedToken(one)).toBeNull();
      expect(await storedToken(two)).toBeNull();
      // The token died on the server too.
      const info = await fetch(`${base}/api/user/getInfo`, { headers: { satoken: token } }).then((r) => r.json());
      expect(info.code).not.toBe(200);
    } finally {
      await two.close();
    }
  });

  it('[LAYOUT-4][SESSION-9] the desktop account menu opens, closes on Escape, and signs out after the confirmation', async () => {
    const token = await registerByApi(h.server, uniqueEmail('menu'), 'MenuPass1234');
    const page = await visitor(DESKTOP);
    await seedStorage(page, base, { [TOKEN_KEY]: token });
    {
      await open(page, `${base}/setpwd`);
      const button = page.getByRole('button', { name: 'Account menu' });
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('link', { name: 'My account' }).waitFor();
      await page.keyboard.press('Escape');
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Account menu');

      await button.click();
      await page.locator('.amenu__signout').click();
      const dialog = page.getByRole('dialog', { name: 'Sign out?' });
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${base}/lr`);
      expect(await storedToken(page)).toBeNull();
    }
  });
});

describe('[DEV-1] the development mailbox', () => {
  it('[DEV-1][AUTH-8] registration by email completes with the code read from /dev/outbox', async () => {
    const page = await visitor(PHONE);
    const ctx = page.context();
    {
      const email = uniqueEmail('mailbox');
      await open(page, `${base}/register`);
      await page.getByRole('tab', { name: 'Email' }).click();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByRole('button', { name: /Resend in/ }).waitFor();

      // The code field says where the code is; the link opens the mailbox in a new tab (nothing typed is lost).
      const [mailbox] = await Promise.all([
        ctx.waitForEvent('page'),
        page.getByRole('link', { name: 'Find the code in the development mailbox' }).click(),
      ]);
      await mailbox.waitForLoadState('load');
      await mailbox.getByRole('heading', { name: 'Development mailbox' }).waitFor();
      const message = mailbox.locator(`[data-testid="outbox-message"][data-address="${email}"]`).first();
      await message.waitFor();
      expect(await message.textContent()).toContain('Sign-up');
      const code = (await message.getByTestId('outbox-code').textContent())?.trim() ?? '';
      expect(code).toMatch(/^\d{6}$/);
      await mailbox.close();

      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
      await page.getByLabel('Email verification code').fill(code);
      await page.getByLabel('Password', { exact: true }).fill('MailboxPass123');
      await page.getByLabel('Confirm password').fill('MailboxPass123');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(`${base}/`);
      expect(await storedToken(page)).toBeTruthy();
    }
  });
});

describe('[SESSION-2] a wrong password', () => {
  it('[SESSION-2] is said once, as a toast, and what was typed stays', async () => {
    const page = await visitor(PHONE);
    {
      await open(page, `${base}/login`);
      await page.getByLabel('Account, email or phone').fill(demoCredentials(h.server).account);
      await page.getByLabel('Password', { exact: true }).fill('NotTheRight1');
      await page.getByRole('button', { name: 'Log in' }).click();
      const toast = page.locator('.toast--error');
      await toast.waitFor();
      const text = (await toast.textContent())?.trim() ?? '';
      expect(text.length).toBeGreaterThan(0);
      expect(await page.getByText(text, { exact: true }).count()).toBe(1);
      expect(await page.locator('.form__error').count()).toBe(0);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('NotTheRight1');
    }
  });
});

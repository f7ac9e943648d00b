/**
 * Deposits end to end (DEP-*): the /recharge screen against the real server in a real Chromium, phone and
 * desktop; money put on the simulated chain with the operator CLI (`npm run chain -- deposit ...`, here its
 * script with the server's URL and operator token). Screenshots go to SHOTS_DIR when it is set.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  atSize,
  gotoApp,
  keptPage,
  loginToken,
  navigateInApp,
  newContext,
  startApp,
  visit,
  type AppHarness,
} from './app-support';
import { builtCli } from './helpers/server';

const OPS_TOKEN = 'e2e-operator-token-0123456789';
const SHOTS = process.env.SHOTS_DIR;
let app: AppHarness;
let token: string;

beforeAll(async () => {
  app = await startApp({ CHAIN_BLOCK_MS: '1500', OPS_TOKEN });
  token = await loginToken(app.server);
});
afterAll(async () => {
  await app?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

function chain(...args: string[]): string {
  return execFileSync(process.execPath, [builtCli('chain-cli'), ...args, '--url', app.server.url], {
    env: { ...process.env, OPS_TOKEN },
    encoding: 'utf8',
  });
}

async function usdt(): Promise<string> {
  const r = await fetch(`${app.server.url}/api/asset/assetBalance`, { headers: { satoken: token } });
  const rows = ((await r.json()) as { data: { account: string; coin: string; available: string }[] }).data;
  return rows.find((x) => x.account === 'platform' && x.coin === 'USDT')?.available ?? '';
}

/**
 * PERF-74: the demo user's page, kept for both tests (each sets its size: a change reloads the app in the warm
 * context). The phone's second tab, the point of its test, is opened in the same context and closed after.
 */
const kept = keptPage(() => newContext(app.browser, { viewport: PHONE, token }));
const pageAt = async (size: { width: number; height: number }) => atSize(await kept(), size);

describe('[DEP-9] /recharge', () => {
  it('[DEP-2][DEP-5][DEP-9][REC-2] phone: address and QR shown; a chain deposit confirms, is credited, every tab sees the balance rise, and the records list it', async () => {
    const page = await pageAt(PHONE);
    const wallet = await page.context().newPage();
    try {
      await visit(page, app.server.url, '/recharge');
      const text = page.getByTestId('deposit-address-text');
      await text.waitFor();
      const address = (await text.textContent()) ?? '';
      expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(await page.getByTestId('deposit-qr').isVisible()).toBe(true);
      await gotoApp(wallet, `${app.server.url}/wallet`);
      await wallet.getByTestId('wallet-total').waitFor();
      await shot(page, 'recharge-phone');
      const before = await usdt();
      expect(before).toBe('10000');

      const out = chain('deposit', address, '50', '--confirmations', '17');
      expect(out).toContain('"status": "confirming"');
      await page.getByTestId('deposit-list').getByText(/\/20/).first().waitFor();
      await page.locator('[data-status=credited]').first().waitFor({ timeout: 30_000 });
      expect(await usdt()).toBe('10050');
      // The other tab shows the new balance without a reload (the live stream).
      await wallet.waitForFunction(() => document.body.innerText.replace(/[\s,]/g, '').includes('10050'));
      await shot(page, 'recharge-phone-credited');
      // REC-2: the financial records list the credited deposit, with its sign.
      await navigateInApp(wallet, '/cashflow');
      const row = wallet.locator('[data-testid=record-row][data-kind=deposit]').first();
      await row.waitFor();
      expect(await row.getByTestId('record-amount').textContent()).toContain('+50');
    } finally {
      await wallet.close();
    }
  });

  it('[DEP-4][DEP-9] desktop: a deposit below the minimum is listed and not credited', async () => {
    const page = await pageAt(DESKTOP);
    await visit(page, app.server.url, '/recharge');
    const text = page.getByTestId('deposit-address-text');
    await text.waitFor();
    const before = await usdt();
    chain('deposit', (await text.textContent()) ?? '', '0.5', '--confirmations', '25');
    await page.locator('[data-status=below_minimum]').first().waitFor();
    expect(await usdt()).toBe(before);
    await shot(page, 'recharge-desktop');
  });
});

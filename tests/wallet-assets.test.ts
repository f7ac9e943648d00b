/**
 * The wallet overview and the transfer sheet against the real server and its ledger, in a real Chromium (one
 * server for the file, the seeded demo user: platform 10000 USDT, 0.5 BTC, 3.25 ETH; finance 1000 USDT;
 * contract 500 USDT). Screenshots go to SHOTS_DIR when it is set (docs/screenshots for the review).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { DESKTOP, PHONE, appWithDemoUser, atSize, gotoApp, keptPage, newContext, visit } from './app-support';

const env = appWithDemoUser();
/**
 * PERF-69: the file's tests share one signed-in context and page, each at its size; each test loads or moves to its
 * screen and leaves the stored settings as it found them (the eye and hide-small back off, a sheet left open is
 * dropped with the page's next load).
 */
const kept = keptPage(() => newContext(env.app.browser, { viewport: PHONE, token: env.token }));
const pageAt = async (size: { width: number; height: number }) => atSize(await kept(), size);
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The number shown, without grouping ("10,512.34" → 10512.34). */
const num = (s: string | null) => Number((s ?? '').replace(/[^\d.]/g, ''));

async function balances(token: string): Promise<{ account: string; coin: string; available: string }[]> {
  const r = await fetch(`${env.app.server.url}/api/asset/assetBalance`, { headers: { satoken: token } });
  return ((await r.json()) as { data: { account: string; coin: string; available: string }[] }).data;
}
const avail = (rows: { account: string; coin: string; available: string }[], account: string, coin: string) =>
  Number(rows.find((r) => r.account === account && r.coin === coin)?.available ?? 0);

describe('[WAL-1] the assets overview', () => {
  it('[WAL-1][WAL-2][NAV-5][LAYOUT-4][NUM-7] phone /wallet: live total with its unit once, three account tabs with their coins, the hub below', async () => {
    const page = await pageAt(PHONE);
    {
      await visit(page, env.app.server.url, '/wallet');
      const total = page.getByTestId('wallet-total');
      await total.waitFor();
      // BTC and ETH are valued from their live tickers: the total is above the 11500 USDT of the accounts.
      await page.waitForFunction(() => {
        const v = Number(
          (document.querySelector('[data-testid=wallet-total]')?.textContent ?? '').replace(/[^\d.]/g, ''),
        );
        return v > 11_500;
      });
      // NUM-7: "Total assets", then the figure and its unit, which appears once.
      expect(await page.locator('.wallet-total__label').innerText()).toBe('Total assets');
      expect(await total.innerText()).toMatch(/^[\d,]+\.\d{2}\s*USDT$/);
      const rows = page.getByTestId('wallet-rows-platform');
      for (const coin of ['USDT', 'BTC', 'ETH']) await rows.locator(`[data-coin=${coin}]`).waitFor();
      // Sorted by value: USDT 10000 first on the demo prices (0.5 BTC and 3.25 ETH are worth less).
      const coins = await rows.locator('[data-coin]').evaluateAll((els) => els.map((e) => e.getAttribute('data-coin')));
      expect(coins).toHaveLength(3);
      expect(await page.getByTestId('my-identity').textContent()).toContain('de***@');
      await page.getByRole('tab', { name: 'Finance' }).click();
      await page.getByTestId('wallet-rows-finance').locator('[data-coin=USDT]').waitFor();
      expect(num(await page.getByTestId('wallet-account-value').textContent())).toBe(1000);
      await page.getByRole('tab', { name: 'Platform' }).click();
      await page.getByTestId('wallet-rows-platform').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'wallet-phone');
    }
  });

  it('[WAL-5][WAL-4] the eye hides every amount and the choice holds after a reload; so does hide small balances', async () => {
    const page = await pageAt(PHONE);
    {
      await visit(page, env.app.server.url, '/wallet');
      await page.getByTestId('wallet-total').waitFor();
      await page.getByTestId('wallet-eye').click();
      expect(await page.getByTestId('wallet-total').textContent()).toContain('******');
      await page.getByTestId('wallet-hide-small').check();
      await page.reload();
      await page.getByTestId('wallet-total').waitFor();
      expect(await page.getByTestId('wallet-total').textContent()).toContain('******');
      expect(await page.getByTestId('wallet-hide-small').isChecked()).toBe(true);
      // Every demo balance is worth more than 1 USDT: none is hidden.
      expect(await page.getByTestId('wallet-rows-platform').locator('[data-coin]').count()).toBe(3);
      await page.getByTestId('wallet-eye').click();
      await page.getByTestId('wallet-hide-small').uncheck();
      expect(await page.getByTestId('wallet-total').textContent()).not.toContain('******');
    }
  });

  it('[WAL-1][NAV-5] desktop /assets: total and actions above the account tabs and the coin table; /wallet links there', async () => {
    const page = await pageAt(DESKTOP);
    {
      await visit(page, env.app.server.url, '/wallet');
      await page.getByTestId('my-identity').waitFor();
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid=wallet-total]')?.textContent ?? ''),
      );
      await shot(page, 'wallet-desktop');
      await page.getByTestId('wallet-view-assets').click();
      await page.waitForURL(`${env.app.server.url}/assets`);
      const table = page.getByTestId('wallet-rows-platform');
      await table.locator('[data-coin=BTC]').waitFor();
      expect(await table.locator('thead th').allTextContents()).toEqual([
        'Coin',
        'Total',
        'Available',
        'Frozen',
        'Value (USDT)',
        'Actions',
      ]);
      await page.waitForFunction(
        () => !!document.querySelector('[data-coin=ETH] [data-testid=wallet-row-value]')?.textContent?.match(/\d/),
      );
      // The total and the actions on top, the tabs and the table below, the table within the page's width.
      const total = await page.getByTestId('wallet-total').boundingBox();
      const tabs = await page.getByRole('tablist').boundingBox();
      expect(total && tabs && total.y < tabs.y).toBe(true);
      const overflow = await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0));
      expect(overflow).toBeLessThanOrEqual(0);
      await page.waitForFunction(() => !document.querySelector('[data-testid=wallet-unpriced]'));
      await shot(page, 'assets-desktop');
    }
  });
});

describe('[WAL-6] transfer', () => {
  it('[WAL-6][WAL-7][WAL-8][WAL-9][WORD-6] platform to contract: Max, precision, the balance check, then the move shows at once; the next sheet remembers the destination', async () => {
    const page = await pageAt(PHONE);
    {
      const before = await balances(env.token);
      await visit(page, env.app.server.url, '/wallet');
      await page.getByTestId('wallet-rows-platform').locator('[data-coin=USDT]').waitFor();
      // Every held coin has its price (a ticker may come a moment after the others).
      await page.waitForFunction(() => !document.querySelector('[data-testid=wallet-unpriced]'));
      await page.getByTestId('wallet-action-transfer').click();
      const sheet = page.getByRole('dialog', { name: 'Transfer' });
      await sheet.waitFor();
      await sheet.getByTestId('transfer-to').selectOption('contract');
      await sheet.getByTestId('transfer-coin').selectOption('USDT');
      // Max: the whole available balance.
      await sheet.getByTestId('transfer-max').click();
      expect(Number(await sheet.getByTestId('transfer-amount').inputValue())).toBe(avail(before, 'platform', 'USDT'));
      // Typing keeps to USDT's 6 decimals.
      await sheet.getByTestId('transfer-amount').fill('1.1234567');
      expect(await sheet.getByTestId('transfer-amount').inputValue()).toBe('1.123456');
      // More than available: refused on the form, nothing sent.
      await sheet.getByTestId('transfer-amount').fill('99999999');
      await sheet.getByTestId('transfer-submit').click();
      expect(await sheet.getByTestId('transfer-amount-error').textContent()).toContain('More than the available');
      await sheet.getByTestId('transfer-amount').fill('250');
      await shot(page, 'transfer-phone');
      await sheet.getByTestId('transfer-submit').click();
      await page.getByRole('status').getByText('Transferred 250 USDT from Platform to Contract').waitFor();
      await sheet.waitFor({ state: 'detached' });
      // Refetched without a reload: the contract tab shows the new balance.
      await page.getByRole('tab', { name: 'Contract' }).click();
      const want = avail(before, 'contract', 'USDT') + 250;
      await page.waitForFunction(
        (w) =>
          Number(
            (document.querySelector('[data-testid=wallet-account-value]')?.textContent ?? '').replace(/[^\d.]/g, ''),
          ) === w,
        want,
      );
      const after = await balances(env.token);
      expect(avail(after, 'platform', 'USDT')).toBe(avail(before, 'platform', 'USDT') - 250);
      expect(avail(after, 'contract', 'USDT')).toBe(want);
      // The intent is answered: no key is left waiting.
      expect(await page.evaluate(() => localStorage.getItem('openex:pendingIntents'))).toBe('{}');
      // WORD-6: opened again, the sheet offers the last destination (Contract), not Finance and never the source.
      await page.getByTestId('wallet-action-transfer').click();
      const again = page.getByRole('dialog', { name: 'Transfer' });
      expect(await again.getByTestId('transfer-from').inputValue()).toBe('platform');
      expect(await again.getByTestId('transfer-to').inputValue()).toBe('contract');
    }
  });

  it('[WAL-9][LIVE-1] money moved elsewhere: the open sheet learns the new balance at once and refuses before sending; nothing moves', async () => {
    const page = await pageAt(DESKTOP);
    let submits = 0;
    const onRequest = (q: Request) => {
      if (q.url().includes('/api/asset/transferFunds')) submits++;
    };
    try {
      await visit(page, env.app.server.url, '/assets');
      await page.getByTestId('wallet-rows-platform').locator('[data-coin=USDT]').waitFor();
      await page.getByTestId('wallet-action-transfer').click();
      const sheet = page.getByRole('dialog', { name: 'Transfer' });
      await sheet.getByTestId('transfer-from').selectOption('finance');
      await sheet.getByTestId('transfer-to').selectOption('contract');
      await sheet.getByTestId('transfer-coin').selectOption('USDT');
      await sheet.getByTestId('transfer-max').click();
      const amount = await sheet.getByTestId('transfer-amount').inputValue();
      // Another tab (here: the API) moves the money first; the live stream tells this sheet at once.
      const r = await fetch(`${env.app.server.url}/api/asset/transferFunds`, {
        method: 'POST',
        headers: { satoken: env.token, 'content-type': 'application/json' },
        body: JSON.stringify({ fromAccount: 'finance', toAccount: 'platform', coin: 'USDT', amount }),
      });
      expect(((await r.json()) as { code: number }).code).toBe(200);
      const before = await balances(env.token);
      await page.waitForFunction(() =>
        /\b0(\.0+)?\b/.test(document.querySelector('[data-testid=transfer-available]')?.textContent ?? ''),
      );
      page.on('request', onRequest);
      await sheet.getByTestId('transfer-submit').click();
      await sheet.getByTestId('transfer-amount-error').waitFor();
      expect(submits).toBe(0);
      expect(await balances(env.token)).toEqual(before);
      await sheet.getByRole('button', { name: 'Close' }).click();
    } finally {
      page.off('request', onRequest);
    }
  });
});

describe('[LIVE-1] balances pushed by the server', () => {
  it('[LIVE-1][WORK-1] a transfer made elsewhere shows in every open tab at once, without a reload or a poll', async () => {
    // The kept page and a second tab of the same context (the same user's storage).
    const first = await pageAt(PHONE);
    const pages = [first, await first.context().newPage()];
    const assetCalls = [0, 0];
    const counters = pages.map((_, i) => (r: Request) => {
      if (r.url().includes('/api/asset/assetBalance')) assetCalls[i]++;
    });
    try {
      pages.forEach((p, i) => p.on('request', counters[i]));
      for (const p of pages) {
        await gotoApp(p, `${env.app.server.url}/wallet`);
        await p.getByTestId('wallet-rows-platform').locator('[data-coin=USDT]').waitFor();
      }
      const usdtRow = (p: Page) => p.getByTestId('wallet-rows-platform').locator('[data-coin=USDT]');
      const before = await balances(env.token);
      const platform = avail(before, 'platform', 'USDT');
      const callsBefore = [...assetCalls];
      const r = await fetch(`${env.app.server.url}/api/asset/transferFunds`, {
        method: 'POST',
        headers: {
          satoken: env.token,
          'content-type': 'application/json',
          'idempotency-key': `live-tabs-${Date.now()}`,
        },
        body: JSON.stringify({ fromAccount: 'platform', toAccount: 'contract', coin: 'USDT', amount: '123.45' }),
      });
      expect(((await r.json()) as { code: number }).code).toBe(200);
      const expected = platform - 123.45;
      for (const p of pages) {
        await p.waitForFunction(
          ([want]) => {
            const row = document.querySelector('[data-testid=wallet-rows-platform] [data-coin=USDT]');
            const nums = (row?.textContent ?? '').replace(/,/g, '').match(/\d+(\.\d+)?/g) ?? [];
            return nums.some((n) => Math.abs(Number(n) - want) < 0.005);
          },
          [expected] as const,
        );
      }
      expect(await usdtRow(pages[0]).count()).toBe(1);
      // Pushed, not fetched: no tab asked for the balances again.
      expect(assetCalls).toEqual(callsBefore);
    } finally {
      first.off('request', counters[0]);
      await pages[1].close();
    }
  });
});

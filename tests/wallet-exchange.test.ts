/**
 * The flash exchange and the financial records against the real server and its ledger, in a real Chromium (one
 * server for the file, quotes live 4 s there; the seeded demo user: platform 10000 USDT, 0.5 BTC, 3.25 ETH).
 * Screenshots go to SHOTS_DIR when it is set (docs/screenshots for the review).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { Decimal } from '../src/shared/decimal';
import { runLedgerCheck } from '../server/src/ledger/checkCli';
import {
  DESKTOP,
  PHONE,
  atSize,
  keptPage,
  loginToken,
  newContext,
  startApp,
  visit,
  type AppHarness,
} from './app-support';

const SHOTS = process.env.SHOTS_DIR;
let app: AppHarness;
let token: string;

beforeAll(async () => {
  app = await startApp({ FLASH_QUOTE_TTL_MS: '4000' });
  token = await loginToken(app.server);
});
afterAll(async () => {
  await app?.close();
});

/**
 * PERF-69: the file's tests share one signed-in context and page, each at its size, each loading its screen anew
 * (the same route as the test before is loaded again by `visit`); routes and listeners a test adds go with it.
 */
const kept = keptPage(() => newContext(app.browser, { viewport: PHONE, token }));
const pageAt = async (size: { width: number; height: number }) => atSize(await kept(), size);

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  // A success toast fades on its own; the picture is of the screen.
  await page.waitForFunction(() => !document.querySelector('.toast--success'), null, { timeout: 30_000 });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function platform(): Promise<Record<string, string>> {
  const r = await fetch(`${app.server.url}/api/asset/assetBalance`, { headers: { satoken: token } });
  const rows = ((await r.json()) as { data: { account: string; coin: string; available: string }[] }).data;
  return Object.fromEntries(rows.filter((x) => x.account === 'platform').map((x) => [x.coin, x.available]));
}

/** The quote the screen shows, read from the page (id and the rates the preview used). */
async function shownQuoteId(page: Page): Promise<string> {
  const q = page.getByTestId('exchange-quote');
  await q.waitFor();
  return (await q.getAttribute('data-quote-id')) ?? '';
}

describe('[FX-6] the exchange screen', () => {
  it('[FX-3][FX-6][WORD-5][NUM-4] phone /flashExchange: the rate at the target coin decimals; the amount received shows as the user types; converting asks a confirmation with the countdown, runs the live quote and moves the balances', async () => {
    const page = await pageAt(PHONE);
    const sent: string[] = [];
    const onRequest = (r: Request) => {
      if (r.url().includes('/api/texchange/currencyExchange')) sent.push(r.postData() ?? '');
    };
    try {
      await visit(page, app.server.url, '/flashExchange');
      await shownQuoteId(page);
      // NUM-4: "1 USDT ≈ 0.00001487 BTC", never the 16 decimals of the raw quotient.
      expect(await page.getByTestId('exchange-rate').textContent()).toMatch(/≈ \d[\d,]*(\.\d{1,8})? [A-Z]+$/);
      await page.getByTestId('exchange-amount').fill('100');
      const receive = page.getByTestId('exchange-receive');
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid=exchange-receive]')?.textContent ?? ''),
      );
      const shown = (await receive.textContent())!.replace(/,/g, '');
      const before = await platform();
      // WORD-5: the button asks first: the confirmation shows what is paid and received and the quote's countdown,
      // and nothing is sent until it is confirmed. Left open past the quote's end, it shows the next quote's figures
      // and the one executed is the quote on screen at the tap, never the ended one.
      page.on('request', onRequest);
      await page.getByTestId('exchange-submit').click();
      const confirm = page.getByTestId('exchange-confirm');
      await confirm.waitFor();
      expect(await page.getByTestId('exchange-confirm-pay').innerText()).toBe('100 USDT');
      expect((await page.getByTestId('exchange-confirm-receive').innerText()).replace(/,/g, '')).toBe(`${shown} BTC`);
      await expect.poll(() => page.getByTestId('exchange-confirm-countdown').innerText()).toMatch(/\d s$/);
      const opened = (await confirm.getAttribute('data-quote-id')) ?? '';
      await page.waitForFunction(
        (id) => {
          const c = document.querySelector('[data-testid=exchange-confirm]');
          const yes = document.querySelector<HTMLButtonElement>('[data-testid=exchange-confirm-yes]');
          return c && c.getAttribute('data-quote-id') !== id && yes && !yes.disabled;
        },
        opened,
        { timeout: 30_000 },
      );
      expect(sent).toEqual([]);
      const replyP = page.waitForResponse((r) => r.url().includes('/api/texchange/currencyExchange'));
      await page.getByTestId('exchange-confirm-yes').click();
      const reply = (await (await replyP).json()) as {
        code: number;
        data: { receive: string; price: string; amount: string; quoteId: string };
        msg: string;
      };
      expect(sent).toHaveLength(1);
      const sentQuote = (JSON.parse(sent[0]) as { quoteId: string }).quoteId;
      expect(sentQuote).not.toBe(opened);
      if (reply.code !== 200) {
        // The new quote ran out on its way (a slow machine): the screen says so and requotes.
        expect(reply.msg).toMatch(/expired/);
        await page.getByTestId('exchange-notice').waitFor();
        await page.getByTestId('exchange-submit').click();
        await page.getByTestId('exchange-confirm-yes').click();
        await page.getByTestId('exchange-row').first().waitFor();
      } else {
        expect(reply.data.amount).toBe('100');
        expect(reply.data.quoteId).toBe(sentQuote);
      }
      await page.getByTestId('exchange-row').first().waitFor();
      const after = await platform();
      expect(after.USDT).toBe(new Decimal(before.USDT).minus(100).toFixed());
      expect(new Decimal(after.BTC).gt(before.BTC)).toBe(true);
      // The available balance on the form follows (live stream).
      await page.waitForFunction(
        (v) =>
          (document.querySelector('[data-testid=exchange-available]')?.textContent ?? '').replace(/,/g, '').includes(v),
        after.USDT,
      );
      await page.getByTestId('exchange-amount').fill('250');
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid=exchange-receive]')?.textContent ?? ''),
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'exchange-phone');
    } finally {
      page.off('request', onRequest);
    }
  });

  it('[FX-4][FX-6] desktop /exchange: a quote that expires before the order arrives is refused; a new one is fetched and used', async () => {
    const page = await pageAt(DESKTOP);
    try {
      await visit(page, app.server.url, '/exchange');
      await page.getByTestId('exchange-from').selectOption('ETH');
      await page.getByTestId('exchange-to').selectOption('USDT');
      const first = await shownQuoteId(page);
      await page.getByTestId('exchange-amount').fill('0.5');
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid=exchange-receive]')?.textContent ?? ''),
      );
      const before = await platform();
      // Hold the order until the screen itself has seen the quote run out and fetched another: the order reaches
      // the server after the quote's expiry.
      let held = '';
      await page.route('**/api/texchange/currencyExchange', async (route) => {
        held = (JSON.parse(route.request().postData() ?? '{}') as { quoteId: string }).quoteId;
        await page.waitForFunction(
          (id) => {
            const q = document.querySelector('[data-testid=exchange-quote]');
            return q !== null && q.getAttribute('data-quote-id') !== id;
          },
          held,
          { timeout: 60_000 },
        );
        await route.continue();
      });
      const refused = page.waitForResponse((r) => r.url().includes('/api/texchange/currencyExchange'));
      await page.getByTestId('exchange-submit').click();
      await page.getByTestId('exchange-confirm-yes').click();
      const body = (await (await refused).json()) as { code: number; msg: string };
      expect(body.code).not.toBe(200);
      expect(body.msg).toMatch(/expired: get a new price/);
      await page.getByTestId('exchange-notice').waitFor();
      await page.unroute('**/api/texchange/currencyExchange');
      const second = await shownQuoteId(page);
      expect(second).not.toBe(first);
      expect(held).not.toBe(second);
      expect(await platform()).toEqual(before);
      await shot(page, 'exchange-expired-desktop');
      // Converting again goes through on a fresh quote.
      const ok = page.waitForResponse((r) => r.url().includes('/api/texchange/currencyExchange'));
      await page.getByTestId('exchange-submit').click();
      await page.getByTestId('exchange-confirm-yes').click();
      const done = (await (await ok).json()) as { code: number; msg: string };
      if (done.code !== 200) {
        expect(done.msg).toMatch(/expired/);
        await page.getByTestId('exchange-submit').click();
        await page.getByTestId('exchange-confirm-yes').click();
      }
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=exchange-row]').length >= 2);
      const after = await platform();
      expect(after.ETH).toBe(new Decimal(before.ETH).minus('0.5').toFixed());
      await page.getByTestId('exchange-amount').fill('0.25');
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid=exchange-receive]')?.textContent ?? ''),
      );
      await shot(page, 'exchange-desktop');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});

describe('[FX-5] a lost reply', () => {
  it('[FX-5][FX-6] phone: the reply of the exchange never arrives; the screen asks the history and never sends again', async () => {
    const page = await pageAt(PHONE);
    try {
      await visit(page, app.server.url, '/flashExchange');
      await shownQuoteId(page);
      await page.getByTestId('exchange-amount').fill('10');
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid=exchange-receive]')?.textContent ?? ''),
      );
      const before = await platform();
      const sent: string[] = [];
      // The server executes the exchange; its reply is lost on the way back.
      await page.route('**/api/texchange/currencyExchange', async (route) => {
        sent.push(route.request().postData() ?? '');
        await route.fetch();
        await route.abort('connectionreset');
      });
      await page.getByTestId('exchange-submit').click();
      await page.getByTestId('exchange-confirm-yes').click();
      await page.locator('.toast--success').waitFor();
      expect(sent).toHaveLength(1);
      const after = await platform();
      expect(after.USDT).toBe(new Decimal(before.USDT).minus(10).toFixed());
      const list = await fetch(`${app.server.url}/api/texchange/list`, { headers: { satoken: token } });
      const rows = ((await list.json()) as { data: { rows: { quoteId: string }[] } }).data.rows;
      const quoteId = (JSON.parse(sent[0]) as { quoteId: string }).quoteId;
      expect(rows.filter((r) => r.quoteId === quoteId)).toHaveLength(1);
      await page.unroute('**/api/texchange/currencyExchange');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});

describe('[REC-4] /cashflow', () => {
  it('[REC-2][REC-3] phone and desktop: lists the transfer and the exchanges with signed amounts; filters by kind', async () => {
    const t = await fetch(`${app.server.url}/api/asset/transferFunds`, {
      method: 'POST',
      headers: { satoken: token, 'content-type': 'application/json' },
      body: JSON.stringify({ fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '12.5' }),
    });
    expect(((await t.json()) as { code: number }).code).toBe(200);
    for (const [viewport, name] of [
      [PHONE, 'cashflow-phone'],
      [DESKTOP, 'cashflow-desktop'],
    ] as const) {
      const page = await pageAt(viewport);
      {
        await visit(page, app.server.url, '/cashflow');
        const list = page.getByTestId('records');
        await list.locator('[data-kind=transfer]').first().waitFor();
        await list.locator('[data-kind=exchange]').first().waitFor();
        const transfer = await list.locator('[data-kind=transfer] [data-testid=record-amount]').allTextContents();
        expect(transfer.map((s) => s.trim()).sort()).toEqual(['+12.5', '-12.5']);
        const ex = await list.locator('[data-kind=exchange] [data-testid=record-amount]').allTextContents();
        expect(ex.some((s) => s.trim() === '-100')).toBe(true);
        expect(ex.some((s) => s.trim() === '-10')).toBe(true);
        expect(ex.some((s) => s.trim() === '-0.5')).toBe(true);
        await shot(page, name);
        await page.getByTestId('records-type').selectOption('exchange');
        await page.waitForFunction(() => {
          const rows = [...document.querySelectorAll('[data-testid=record-row]')];
          return rows.length > 0 && rows.every((r) => r.getAttribute('data-kind') === 'exchange');
        });
      }
    }
    // The books still balance after every flow of this file.
    const lines: string[] = [];
    expect(await runLedgerCheck(app.server.dataDir, (s) => lines.push(s))).toBe(0);
  });

  it('[PERF-40][PERF-42] a long list (three pages loaded) keeps only the rows on screen; scrolling reaches the last', async () => {
    for (let i = 0; i < 25; i++) {
      const t = await fetch(`${app.server.url}/api/asset/transferFunds`, {
        method: 'POST',
        headers: { satoken: token, 'content-type': 'application/json' },
        body: JSON.stringify({ fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '0.1' }),
      });
      expect(((await t.json()) as { code: number }).code).toBe(200);
    }
    const page = await pageAt(PHONE);
    {
      await visit(page, app.server.url, '/cashflow');
      for (const n of [40, 60]) {
        await page.getByTestId('records-more').click();
        await page.waitForFunction(
          (n) => document.querySelector('.fx-list__row')?.getAttribute('aria-setsize') === String(n),
          n,
        );
      }
      const rendered = await page.locator('[data-testid=record-row]').count();
      expect(rendered).toBeLessThan(60);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForSelector('.fx-list__row[aria-posinset="60"]');
    }
  });
});

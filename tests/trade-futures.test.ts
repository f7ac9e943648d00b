/**
 * Futures end to end (FUT-*, FUI-*, LIVE-4, LIVE-5): /contract against the real server and its simulated market in a
 * real Chromium. A 10x long is opened from the form; its liquidation price and live PnL show in two tabs; margin is
 * added (the liquidation price moves away), a take-profit is set, half is closed, then the rest; the records screen
 * lists what was done. The positions table's PnL is the server's at the same mark. Screenshots go to SHOTS_DIR.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, apiData, appWithDemoUser, atSize, newContext, shot, visit } from './app-support';
import { keptPageParkedOnFailure } from './kept-support';

const env = appWithDemoUser({ TEST_SWITCHES: '1' });
const api = <T>(path: string, method = 'GET') => apiData<T>(env, path, method);
/**
 * PERF-69, PERF-70: the demo user's one context and kept page, the app loaded: the desktop tests (the long in two
 * tabs, then the PnL against the server's) run one after the other on one app, reaching their screens inside it;
 * the phone's test, last, loads it again at its size (`atSize`). Each test closes what it opened, so the next starts
 * without a position; a failed test parks the page.
 */
const kept = keptPageParkedOnFailure(() => newContext(env.app.browser, { viewport: DESKTOP, token: env.token }));
const desktopPage = async () => atSize(await kept(), DESKTOP);
const phonePage = async () => atSize(await kept(), PHONE);

interface PositionRow {
  id: number;
  symbol: string;
  side: string;
  leverage: number;
  shares: string;
  margin: string;
  liquidationPrice: string;
  takeProfit: string | null;
  mark?: { price: string; unrealisedPnl: string } | null;
}
const positions = async () =>
  (await api<{ total: number; rows: PositionRow[] }>('/api/contract/position/list?status=open')).rows;
const onePosition = async () => {
  const rows = await positions();
  expect(rows).toHaveLength(1);
  return rows[0];
};

const rowsIn = (page: Page) => page.locator('[data-testid="futures-account"] [data-position-id]');
const cell = (page: Page, id: string) => rowsIn(page).first().getByTestId(id);

/** Opens the futures screen: inside the app when the page shows it, else by loading it. */
async function openFutures(page: Page, phone = false): Promise<void> {
  await visit(page, env.app.server.url, '/contract?symbol=btcusdt');
  await page.getByTestId(phone ? 'futures-bar' : 'futures-order-form').waitFor();
}

/** A market long of `shares` at 10x from the form (the phone opens it from the Long bar as a sheet). */
async function openLong(page: Page, shares: string, phone = false): Promise<void> {
  if (phone) await page.getByTestId('futures-bar').getByRole('button').first().click();
  const form = page.getByTestId('futures-order-form');
  await form.waitFor();
  // SIDE-1, SIDE-2: the sides are named (the desktop's column heads, the phone sheet's switch) and so are the
  // buttons, a failing rule after the side; close mode names them as closing, phone and desktop.
  const names = (ids: string[]) => Promise.all(ids.map((id) => form.getByTestId(id).innerText()));
  const heads = phone ? ['side-tab-long', 'side-tab-short'] : ['side-head-long', 'side-head-short'];
  await form.getByTestId('action-close').click();
  await expect.poll(() => names(heads)).toEqual(['Close long', 'Close short']);
  await form.getByTestId('action-open').click();
  await expect.poll(() => names(heads)).toEqual(['Open long', 'Open short']);
  await expect.poll(() => form.getByTestId('submit-long').textContent()).toBe('Open long\u00a0· Enter a size');
  expect(await form.getByTestId('submit-short').count()).toBe(phone ? 0 : 1);
  if (!phone) {
    expect(await form.getByTestId('submit-short').textContent()).toBe('Open short\u00a0· Enter a size');
    // In the side's colour: a head and its button alike, the two sides apart.
    const colour = (id: string) => form.getByTestId(id).evaluate((el) => getComputedStyle(el).color);
    expect(await colour('side-head-long')).toBe(await colour('submit-long'));
    expect(await colour('side-head-long')).not.toBe(await colour('side-head-short'));
  }
  await form.getByTestId('type-market').click();
  await form.getByTestId('leverage').getByRole('radio', { name: '10x' }).click();
  const unit = form.getByTestId('futures-unit');
  if ((await unit.innerText()).includes('USDT')) await unit.click();
  await form.getByTestId('futures-size').fill(shares);
  const submit = form.getByTestId('submit-long');
  await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
  // Before submitting, the form shows what the order does (FUI): cost, fee, the liquidation price.
  expect(await form.getByTestId('liq-long').innerText()).toMatch(/\d/);
  await submit.click();
}

/** Waits until the row's mark price changes: the PnL is live, not a snapshot. */
async function seesLiveMark(page: Page): Promise<void> {
  const first = await rowsIn(page).first().getAttribute('data-mark');
  await expect.poll(() => rowsIn(page).first().getAttribute('data-mark'), { timeout: 20_000 }).not.toBe(first);
  expect(await cell(page, 'position-pnl').innerText()).toMatch(/\d/);
}

async function submitDialog(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).locator('button[type="submit"]').click();
}

async function addMargin(page: Page, amount: string): Promise<void> {
  await rowsIn(page).first().getByTestId('margin-position').click();
  await page.getByTestId('margin-amount').fill(amount);
  await submitDialog(page, 'margin-dialog');
}

async function setTakeProfit(page: Page, price: string): Promise<void> {
  await rowsIn(page).first().getByTestId('tpsl-position').click();
  await page.getByTestId('tpsl-tp').fill(price);
  await submitDialog(page, 'tpsl-dialog');
}

async function closePercent(page: Page, pct: string): Promise<void> {
  await rowsIn(page).first().getByTestId('close-position').click();
  await page.getByTestId('close-dialog').getByRole('button', { name: pct, exact: true }).click();
  await submitDialog(page, 'close-dialog');
}

/** The whole customer path on one page (and the second tab watching, when there is one). */
async function tradeALong(a: Page, watchers: Page[], name: string, phone = false): Promise<void> {
  const pages = [a, ...watchers];
  await openLong(a, '4', phone);
  for (const p of pages) await expect.poll(() => rowsIn(p).count(), { timeout: 15_000 }).toBe(1);
  const opened = await onePosition();
  expect([opened.side, opened.leverage, opened.shares]).toEqual(['long', 10, '4']);
  for (const p of pages) expect(await cell(p, 'position-liq').innerText()).toMatch(/\d/);
  // Each tab sees its mark move; the tabs wait side by side, not one mark tick after the other (PERF-91).
  await Promise.all(pages.map(seesLiveMark));
  await shot(a, `trade-futures-position-${name}`);

  // Add margin: the liquidation price moves away from the mark (down, for a long), on every tab.
  const liqBefore = Number(opened.liquidationPrice);
  await addMargin(a, '10');
  await expect
    .poll(async () => Number((await onePosition()).liquidationPrice), { timeout: 10_000 })
    .toBeLessThan(liqBefore);
  const added = await onePosition();
  for (const p of pages)
    await expect
      .poll(async () => (await cell(p, 'position-liq').innerText()).replace(/[^\d.]/g, ''), { timeout: 10_000 })
      .toBe(Number(added.liquidationPrice).toFixed(2));

  // A take-profit 20 % above the mark.
  const tp = (Number(added.mark!.price) * 1.2).toFixed(2);
  await setTakeProfit(a, tp);
  await expect.poll(async () => (await onePosition()).takeProfit, { timeout: 10_000 }).toBe(tp);
  await expect.poll(() => cell(a, 'position-tpsl').innerText(), { timeout: 10_000 }).toMatch(/\d/);
  await shot(a, `trade-futures-tpsl-${name}`);

  // Close half, then the rest.
  await closePercent(a, '50%');
  await expect.poll(async () => (await onePosition()).shares, { timeout: 10_000 }).toBe('2');
  await closePercent(a, '100%');
  await expect.poll(async () => (await positions()).length, { timeout: 10_000 }).toBe(0);
  for (const p of pages) await expect.poll(() => rowsIn(p).count(), { timeout: 10_000 }).toBe(0);
}

describe('[FUT-6] [FUT-8] [FUT-9] [FUT-15] [LIVE-4] [SIDE-1] [SIDE-2] a 10x long, margin added, take-profit set, closed in two halves', () => {
  it('[SIDE-5] [SIDE-6] desktop, two tabs; the book shows 15 levels a side on screen and a picked level fills the price', async () => {
    const a = await desktopPage();
    // The second tab of the same context: closed at the end.
    const b = await a.context().newPage();
    try {
      await openFutures(a);
      await openFutures(b);
      // SIDE-5: the book fills its column, 15 rows a side or more, filled, the last bid row above the fold.
      await expect
        .poll(async () => Number(await a.locator('.ob').getAttribute('data-rows')))
        .toBeGreaterThanOrEqual(15);
      const bids = a.getByTestId('book-table-bid').locator('button');
      await bids.first().waitFor({ state: 'attached' });
      const bidBox = (await a.getByTestId('book-canvas-bid').boundingBox())!;
      expect(bidBox.y + 15 * 18).toBeLessThanOrEqual(900);
      // SIDE-6: a click on the first bid row puts its exact price in the form.
      const group = await a.getByTestId('book-grouping').inputValue();
      const topBids = () =>
        a.evaluate((g) => {
          const d = window.__openex!;
          const key = d.watching().find((k) => k.startsWith('depth:btcusdt:') && k.endsWith(`:${g}`))!;
          return (d.snapshot(key) as { bids: { price: string }[] }).bids.slice(0, 2).map((r) => r.price);
        }, group);
      const before = await topBids();
      await a.getByTestId('futures-price').fill('');
      await a.mouse.click(bidBox.x + bidBox.width / 2, bidBox.y + 9);
      await expect.poll(() => a.getByTestId('futures-price').inputValue()).toMatch(/^\d+\.\d{2}$/);
      // The live book may have moved between the read and the click: the price is a best bid of either moment.
      expect([...before, ...(await topBids())]).toContain(await a.getByTestId('futures-price').inputValue());
      await tradeALong(a, [b], 'desktop');
      await shot(a, 'trade-futures-desktop');
    } finally {
      await b.close();
    }
    // Every record tab lists what was done: the futures tab has the opening and both closes.
    await visit(a, env.app.server.url, '/records?tab=futures');
    await expect
      .poll(() => a.getByTestId('records-panel-futures').getByTestId('record-row').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    await shot(a, 'records-futures-desktop');
  });
});

describe('[FUT-7] [LIVE-4] the positions table shows the server’s PnL for the same mark', () => {
  it('[NUM-3] reads both until they are at the same mark, then they are equal; the PnL shows 2 decimals', async () => {
    const r = await fetch(`${env.app.server.url}/api/contract/order/submit`, {
      method: 'POST',
      headers: { satoken: env.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        symbol: 'btcusdt',
        side: 'short',
        action: 'open',
        type: 'market',
        shares: '3',
        leverage: 20,
      }),
    });
    expect(((await r.json()) as { code: number }).code).toBe(200);
    const page = await desktopPage();
    await openFutures(page);
    await expect.poll(() => rowsIn(page).count(), { timeout: 15_000 }).toBe(1);
    // The mark moves every second: read the table and the server until both are at the same mark, reading again
    // each time the table's mark moves on.
    let compared = 0;
    for (let i = 0; i < 60 && compared < 3; i++) {
      const row = rowsIn(page).first();
      const [uiMark, uiPnl] = [await row.getAttribute('data-mark'), await row.getAttribute('data-pnl')];
      const server = (await onePosition()).mark!;
      if (uiMark !== null && uiMark === server.price) {
        expect(uiPnl).toBe(server.unrealisedPnl);
        compared++;
      }
      if (compared < 3)
        await page.waitForFunction(
          (m) =>
            document.querySelector('[data-testid="futures-account"] [data-position-id]')?.getAttribute('data-mark') !==
            m,
          uiMark,
          { timeout: 30_000 },
        );
    }
    expect(compared).toBeGreaterThan(0);
    // NUM-3: the PnL in the quote coin's 2 display decimals, like the margin beside it.
    expect(await cell(page, 'position-pnl').innerText()).toMatch(/^-?[\d,]+\.\d{2}(?!\d)/);
    const id = (await onePosition()).id;
    await api(`/api/contract/position/stopOrder?id=${id}`, 'POST');
    await expect.poll(async () => (await positions()).length, { timeout: 10_000 }).toBe(0);
  });
});

describe('[FUT-6] [FUT-8] [FUT-9] [FUT-15] [LIVE-4] [SIDE-1] [SIDE-2] a 10x long, margin added, take-profit set, closed in two halves', () => {
  it('phone', async () => {
    const page = await phonePage();
    await openFutures(page, true);
    await tradeALong(page, [], 'phone', true);
  });
});

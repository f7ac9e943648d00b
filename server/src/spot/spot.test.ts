/**
 * Spot orders over HTTP against the whole server and its simulated market (spec 7.4 currency/order/*; SPOT-*),
 * with the ledger's guarantees. One server on a manual clock; the market moves only when a test steps it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tradingApi } from '../../../src/shared/api/trading';
import { Decimal } from '../../../src/shared/decimal';
import { createRng } from '../market/rng';
import { booksOf, creditUser, fundedUser, stepClock } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';
import { countText, formCount } from '../testing/long';

let ts: TestServer;
const SYMBOL = 'btcusdt';

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', env: { RATE_LIMIT_MAX: '1000000' } });
  step(2_000);
});
afterAll(() => ts.stop());

const step = (ms: number) => stepClock(ts, ms, 10);

let users = 0;
/** A new user with the given platform balances (a deposit row from house:deposits). */
async function user(balances: Record<string, string>): Promise<{ id: number; token: string }> {
  const u = await fundedUser(ts, `spot${++users}@example.com`, '0');
  for (const [coin, amount] of Object.entries(balances)) creditUser(ts, u.id, amount, { coin, via: 'deposit' });
  return u;
}

const bal = (id: number, coin: string) => ts.ledger.balance(id, 'platform', coin);
const books = () => booksOf(ts);
const best = () => ts.ctx.market.books.best(SYMBOL);
const submit = (token: string, body: unknown, key?: string) =>
  ts.post(tradingApi.submitSpotOrder.path, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });

describe('[SPOT-3] every pair rule refuses with a message naming it', () => {
  it('precision, minimum, maximum, balance, market price, unknown pair', async () => {
    const u = await user({ USDT: '100' });
    const bid = best().bestBid!;
    const cases: [unknown, string][] = [
      [{ symbol: SYMBOL, side: 'buy', type: 'limit', price: '1.001', amount: '0.001' }, 'Price has at most 2 decimals'],
      [{ symbol: SYMBOL, side: 'buy', type: 'limit', price: bid, amount: '0.000001' }, 'Amount has at most'],
      [{ symbol: SYMBOL, side: 'buy', type: 'limit', price: bid, amount: '1' }, 'Insufficient USDT'],
      [{ symbol: SYMBOL, side: 'sell', type: 'limit', price: bid, amount: '0.01' }, 'Insufficient BTC'],
      [{ symbol: SYMBOL, side: 'buy', type: 'market', price: bid, amount: '0.001' }, 'A market order takes no price'],
      [{ symbol: SYMBOL, side: 'buy', type: 'limit', amount: '0.001' }, 'Enter a price'],
      [{ symbol: 'nosuchusdt', side: 'buy', type: 'limit', price: '1', amount: '1' }, 'NOSUCHUSDT is not a spot pair'],
    ];
    for (const [body, msg] of cases) {
      const r = await submit(u.token, body);
      expect(r.body.code, JSON.stringify(body)).not.toBe(200);
      expect(r.body.msg).toContain(msg);
    }
    expect(bal(u.id, 'USDT')).toEqual({ available: '100', frozen: '0' });
  });
});

describe('[SPOT-5] a limit order rests with its hold and a cancel gives the hold back', () => {
  it('holds price x amount + fee, lists it open, cancels and releases', async () => {
    const u = await user({ USDT: '1000' });
    const price = new Decimal(best().bestBid!).times('0.9').toDecimalPlaces(2).toFixed(2);
    const r = await ts.call(tradingApi.submitSpotOrder, {
      token: u.token,
      body: { symbol: SYMBOL, side: 'buy', type: 'limit', price, amount: '0.001' },
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ status: 'open', filled: '0', price });
    const total = new Decimal(price).times('0.001').toDecimalPlaces(6, Decimal.ROUND_UP);
    const hold = total.plus(total.times('0.001').toDecimalPlaces(6, Decimal.ROUND_UP));
    expect(bal(u.id, 'USDT').frozen).toBe(hold.toFixed());
    const open = await ts.call(tradingApi.spotOrderList, { token: u.token, query: { status: 'open' } });
    expect(open.data.rows.map((o) => o.id)).toEqual([r.data.id]);
    const c = await ts.call(tradingApi.cancelSpotOrder, { token: u.token, query: { id: r.data.id } });
    expect(c.data).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    expect(bal(u.id, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    const again = await ts.call(tradingApi.cancelSpotOrder, { token: u.token, query: { id: r.data.id } });
    expect(again.msg).toContain('already cancelled');
    expect(books().problems).toBe(0);
  });
});

describe('[SPOT-6] a market buy fills against the book: coin in, quote and fee out, journaled', () => {
  it('fills at once, both balances change, the fee goes to the house, the fills are listed', async () => {
    const u = await user({ USDT: '10000' });
    const r = await ts.call(tradingApi.submitSpotOrder, {
      token: u.token,
      body: { symbol: SYMBOL, side: 'buy', type: 'market', amount: '0.01', clientOrderId: 'mkt-1' },
    });
    expect(r.code).toBe(200);
    expect(r.data.status).toBe('filled');
    expect(r.data.filled).toBe('0.01');
    expect(bal(u.id, 'BTC')).toEqual({ available: '0.01', frozen: '0' });
    const paid = new Decimal('10000').minus(bal(u.id, 'USDT').available);
    const total = new Decimal(r.data.filledTotal).toDecimalPlaces(6, Decimal.ROUND_UP);
    expect(paid.toFixed()).toBe(total.plus(r.data.fee).toFixed());
    expect(bal(u.id, 'USDT').frozen).toBe('0');
    const fills = await ts.call(tradingApi.spotFills, { token: u.token, query: {} });
    expect(fills.data.total).toBeGreaterThan(0);
    expect(fills.data.rows.every((f) => f.role === 'taker' && f.orderId === r.data.id)).toBe(true);
    const byCid = await ts.call(tradingApi.spotOrderByClientId, { token: u.token, query: { clientOrderId: 'mkt-1' } });
    expect(byCid.data.id).toBe(r.data.id);
    expect(books().problems).toBe(0);
  });

  it('a resting sell above the market fills when the market comes up to it (maker fill)', async () => {
    const u = await user({ BTC: '0.01' });
    const ask = best().bestAsk!;
    const r = await ts.call(tradingApi.submitSpotOrder, {
      token: u.token,
      body: { symbol: SYMBOL, side: 'sell', type: 'limit', price: ask, amount: '0.001' },
    });
    expect(r.code).toBe(200);
    for (let i = 0; i < 600; i++) {
      step(100);
      const o = ts.ctx.db.prepare('SELECT status FROM spot_orders WHERE id = ?').get(r.data.id) as { status: string };
      if (o.status === 'filled') break;
    }
    const o = await ts.call(tradingApi.spotOrderList, { token: u.token, query: { status: 'history' } });
    expect(o.data.rows[0]).toMatchObject({ id: r.data.id, status: 'filled' });
    expect(bal(u.id, 'BTC')).toEqual({ available: '0.009', frozen: '0' });
    expect(new Decimal(bal(u.id, 'USDT').available).gt(0)).toBe(true);
    expect(books().problems).toBe(0);
  });
});

describe('[PERF-72] a fill’s inbox message comes from the event’s facts', () => {
  it('a market buy that fills writes its orderFilled message without reading the order again', async () => {
    const proto = Object.getPrototypeOf(ts.ctx.db.prepare('SELECT 1')) as { get: (...a: unknown[]) => unknown };
    const inner = proto.get;
    let inboxReads = 0;
    proto.get = function (this: { source: string }, ...args: unknown[]) {
      // The inbox's own read of a spot order (inbox/store.ts spotOrder).
      if (this.source.startsWith('SELECT user_id AS userId, symbol, side, type, amount, filled, filled_total'))
        inboxReads++;
      return inner.apply(this, args);
    };
    try {
      const u = await user({ USDT: '10000' });
      const r = await ts.call(tradingApi.submitSpotOrder, {
        token: u.token,
        body: { symbol: SYMBOL, side: 'buy', type: 'market', amount: '0.01' },
      });
      expect(r.data.status).toBe('filled');
      const m = ts.ctx.db
        .prepare("SELECT params FROM messages WHERE user_id = ? AND kind = 'orderFilled'")
        .get(u.id) as { params: string };
      expect(JSON.parse(m.params)).toMatchObject({
        market: 'spot',
        id: String(r.data.id),
        symbol: SYMBOL,
        side: 'buy',
        type: 'market',
        status: 'filled',
        amount: '0.01',
        filled: '0.01',
        total: new Decimal(r.data.filledTotal).toFixed(),
      });
      expect(inboxReads).toBe(0);
    } finally {
      proto.get = inner;
    }
  });
});

describe('[SPOT-9] one order per intent', () => {
  it('the same Idempotency-Key 50 times gives one order', async () => {
    const u = await user({ USDT: '1000' });
    const price = new Decimal(best().bestBid!).times('0.8').toDecimalPlaces(2).toFixed(2);
    const body = { symbol: SYMBOL, side: 'buy', type: 'limit', price, amount: '0.001' };
    const replies = await Promise.all(Array.from({ length: 50 }, () => submit(u.token, body, 'same-key-1')));
    const ids = new Set(replies.filter((r) => r.body.code === 200).map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    const n = ts.ctx.db.prepare('SELECT count(*) AS n FROM spot_orders WHERE user_id = ?').get(u.id) as { n: number };
    expect(n.n).toBe(1);
    expect(books().problems).toBe(0);
  });

  it('50 concurrent orders that together need more than the balance never take it below zero', async () => {
    const u = await user({ USDT: '100' });
    const price = new Decimal(best().bestBid!).times('0.8').toDecimalPlaces(2);
    const amount = new Decimal('10').div(price).toDecimalPlaces(4, Decimal.ROUND_UP).toFixed(); // ~10 USDT each
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        submit(
          u.token,
          { symbol: SYMBOL, side: 'buy', type: 'limit', price: price.toFixed(2), amount },
          `concurrent-${i}`,
        ),
      ),
    );
    const okN = replies.filter((r) => r.body.code === 200).length;
    if (okN === 0)
      throw new Error(
        replies
          .map((r) => r.body.msg)
          .join('; ')
          .slice(0, 500),
      );
    expect(okN).toBeGreaterThan(0);
    expect(okN).toBeLessThan(50);
    expect(replies.filter((r) => r.body.code !== 200).every((r) => /Insufficient USDT/.test(r.body.msg))).toBe(true);
    const b = bal(u.id, 'USDT');
    expect(new Decimal(b.available).isNegative()).toBe(false);
    expect(new Decimal(b.available).plus(b.frozen).toFixed()).toBe('100');
    expect(books().problems).toBe(0);
  });
});

/** PERF-50: 10,000 orders and cancels under `npm run test:long`, 1,000 (the same seed) in `npm test`. */
const RANDOM_ORDERS = formCount(10_000);

describe('[SPOT-10] the books stay whole under random trading', () => {
  it(`${countText(RANDOM_ORDERS)} random orders and cancels from 20 users against the simulated market: the ledger check passes`, async () => {
    const r0 = createRng(42, 'spot-random');
    const rng = () => r0.next();
    const us = [];
    for (let i = 0; i < 20; i++) us.push(await user({ USDT: '20000', BTC: '0.5' }));
    const open: { id: number; token: string }[] = [];
    for (let i = 0; i < RANDOM_ORDERS; i++) {
      const u = us[Math.floor(rng() * us.length)];
      const roll = rng();
      if (roll < 0.25 && open.length > 0) {
        const k = Math.floor(rng() * open.length);
        const [o] = open.splice(k, 1);
        await ts.call(tradingApi.cancelSpotOrder, { token: o.token, query: { id: o.id } });
      } else {
        const side = rng() < 0.5 ? 'buy' : 'sell';
        const market = rng() < 0.3;
        const ref = new Decimal(best().bestBid ?? '60000');
        const price = ref
          .times(0.995 + rng() * 0.01)
          .toDecimalPlaces(2)
          .toFixed(2);
        const amount = new Decimal(Math.floor(1 + rng() * 50)).div(10_000).toFixed();
        const body = market
          ? { symbol: SYMBOL, side, type: 'market', amount }
          : { symbol: SYMBOL, side, type: 'limit', price, amount };
        const r = await ts.call(tradingApi.submitSpotOrder, { token: u.token, body });
        if (r.code === 200 && r.data.status !== 'filled' && r.data.status !== 'cancelled')
          open.push({ id: r.data.id, token: u.token });
      }
      if (i % 50 === 0) step(20);
    }
    const report = books();
    expect(report.problems).toBe(0);
    for (const u of us)
      for (const coin of ['USDT', 'BTC']) {
        const b = bal(u.id, coin);
        expect(new Decimal(b.available).isNegative() || new Decimal(b.frozen).isNegative()).toBe(false);
      }
    const fills = ts.ctx.db.prepare('SELECT count(*) AS n FROM spot_fills').get() as { n: number };
    // Counts events of the run: scales with the form.
    expect(fills.n).toBeGreaterThan(RANDOM_ORDERS / 10);
  }, 300_000);
});

describe('[SAFE-28] a reused clientOrderId', () => {
  it('[SAFE-28] [SPOT-1] with any different term is refused by name; the exact same order returns the first', async () => {
    const u = await user({ USDT: '10000' });
    const price = new Decimal(best().bestBid!).times(0.9).toDecimalPlaces(2).toFixed();
    const order = { symbol: SYMBOL, side: 'buy', type: 'limit', price, amount: '0.001', clientOrderId: 'safe-28' };
    const first = await submit(u.token, order);
    expect(first.body.msg).toBe('success');
    // The same price written with a trailing zero (a whole price gains a decimal point first).
    const samePrice = price.includes('.') ? `${price}0` : `${price}.0`;
    const same = await submit(u.token, { ...order, price: samePrice, amount: '0.0010' });
    expect(same.body.data.id).toBe(first.body.data.id);
    const other = new Decimal(price).minus(1).toFixed();
    const cases: [Record<string, unknown>, string][] = [
      [{ price: other }, 'price'],
      [{ type: 'market', price: undefined }, 'type'],
      [{ amount: '0.002' }, 'amount'],
      [{ side: 'sell' }, 'side'],
      [{ symbol: 'ethusdt' }, 'symbol'],
    ];
    for (const [change, term] of cases) {
      const r = await submit(u.token, { ...order, ...change });
      expect(r.body.msg).toBe(
        `clientOrderId safe-28 is already used by an order with another ${term}: use a new clientOrderId for a new order`,
      );
    }
    expect(ts.ctx.db.prepare('SELECT count(*) FROM spot_orders WHERE user_id = ?').pluck().get(u.id)).toBe(1);
    expect(books().problems).toBe(0);
  });
});

describe('[PERF-87] the earlier order of a clientOrderId is read only when a new one cannot be written', () => {
  it('[PERF-87] a new order with a clientOrderId runs no read by clientOrderId; its repeat runs one and returns the first', async () => {
    const u = await user({ USDT: '10000' });
    const price = new Decimal(best().bestBid!).times(0.9).toDecimalPlaces(2).toFixed();
    const order = { symbol: SYMBOL, side: 'buy', type: 'limit', price, amount: '0.001', clientOrderId: 'perf-87' };
    const proto = Object.getPrototypeOf(ts.ctx.db.prepare('SELECT 1')) as { get: (...a: unknown[]) => unknown };
    const get = vi.spyOn(proto, 'get');
    const byClientReads = () =>
      get.mock.contexts.filter((c) =>
        /FROM spot_orders WHERE user_id = \? AND client_order_id = \?/.test((c as { source: string }).source),
      ).length;
    try {
      const first = await submit(u.token, order);
      expect(first.body.msg).toBe('success');
      expect(byClientReads()).toBe(0);
      const again = await submit(u.token, order);
      expect(again.body.data.id).toBe(first.body.data.id);
      expect(byClientReads()).toBe(1);
    } finally {
      get.mockRestore();
    }
    expect(ts.ctx.db.prepare('SELECT count(*) FROM spot_orders WHERE user_id = ?').pluck().get(u.id)).toBe(1);
    expect(bal(u.id, 'USDT').frozen).not.toBe('0');
    expect(books().problems).toBe(0);
  });
});

/**
 * The trading core over HTTP against the whole server (CORE-2, CORE-3, CORE-5, CORE-7): a failing ledger write
 * refuses the whole batch and leaves the books as they were; the calls of one window commit together; a restart
 * replays the journal to the same state; a user's futures order never trades with their own spot order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futuresApi } from '../../../src/shared/api/futures';
import { tradingApi } from '../../../src/shared/api/trading';
import { Decimal } from '../../../src/shared/decimal';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { startTestServer, type TestServer } from '../testing/harness';

const SYMBOL = 'btcusdt';
const dir = mkdtempSync(join(tmpdir(), 'core-'));
let ts: TestServer;

/** A 50 ms batch window, so calls sent together surely share a batch. */
const env = { RATE_LIMIT_MAX: '1000000', CORE_BATCH_WINDOW_MS: '50' };

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', dataDir: dir, env });
  step(2_000);
});
afterAll(async () => {
  await ts.stop();
  rmSync(dir, { recursive: true, force: true });
});

function step(ms: number): void {
  for (let t = 0; t < ms; t += 10) {
    ts.clock.advance(10);
    ts.ctx.scheduler.runDue(ts.clock.now());
  }
}

let users = 0;
async function user(
  balances: Record<string, string>,
  account: 'platform' | 'contract' = 'platform',
): Promise<{ id: number; token: string }> {
  const email = `core${++users}@example.com`;
  const token = await ts.signUp(email);
  const id = (ts.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  for (const [coin, amount] of Object.entries(balances))
    ts.ledger.post({
      kind: 'deposit',
      ref: `core-${id}-${account}-${coin}`,
      userId: id,
      entries: [
        { userId: id, account, coin, amount },
        { house: 'house:deposits', coin, amount: `-${amount}` },
      ],
    });
  return { id, token };
}

const spot = (token: string, body: unknown, key: string) =>
  ts.post(tradingApi.submitSpotOrder.path, body, { satoken: token, 'idempotency-key': `core-test-${key}` });
const futures = (token: string, body: unknown, key: string) =>
  ts.post(futuresApi.submitFuturesOrder.path, body, { satoken: token, 'idempotency-key': `core-test-${key}` });
const depth = () => ts.ctx.market.books.depth(SYMBOL, 50)!;
const bal = (id: number, coin: string) => ts.ledger.balance(id, 'platform', coin);
const ledgerOk = () => checkLedger(sqliteLedgerStore(ts.ctx.db)).problems;

const best = () => {
  const b = ts.ctx.market.books.best(SYMBOL);
  return { bid: b.bestBid!, ask: b.bestAsk! };
};

describe('[CORE-2] a ledger write that fails inside a batch refuses the whole batch', () => {
  it('every call of the batch gets 503, the books and balances are unchanged, and the same keys then succeed', async () => {
    const buyer = await user({ USDT: '100000' });
    const other = await user({ USDT: '100000' });
    const { ask, bid } = best();
    const before = { depth: depth(), buyer: bal(buyer.id, 'USDT'), other: bal(other.id, 'USDT') };
    const batchesBefore = ts.ctx.core.stats.batches;

    expect((await ts.post('/api/_test/core/failNextPost?kind=spot_fill')).body.code).toBe(200);
    // The buyer's order crosses the maker's best ask (its fill's ledger post fails); the other user's rests.
    const [a, b] = await Promise.all([
      spot(buyer.token, { symbol: SYMBOL, side: 'buy', type: 'limit', price: ask, amount: '0.001' }, 'k-cross'),
      spot(other.token, { symbol: SYMBOL, side: 'buy', type: 'limit', price: bid, amount: '0.001' }, 'k-other'),
    ]);
    for (const r of [a, b]) {
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('1');
      expect(r.body.msg).toMatch(/applied nothing/);
    }
    expect(ts.ctx.core.stats.refused).toBe(1);
    expect(ts.ctx.core.stats.batches).toBe(batchesBefore);
    expect(depth()).toEqual(before.depth);
    expect(bal(buyer.id, 'USDT')).toEqual(before.buyer);
    expect(bal(other.id, 'USDT')).toEqual(before.other);
    const orders = ts.ctx.db.prepare('SELECT COUNT(*) FROM spot_orders WHERE user_id IN (?, ?)').pluck();
    expect(orders.get(buyer.id, other.id)).toBe(0);
    expect(ledgerOk()).toBe(0);

    // Nothing was applied and the keys were freed: the same requests now go through, once.
    const [a2, b2] = await Promise.all([
      spot(buyer.token, { symbol: SYMBOL, side: 'buy', type: 'limit', price: ask, amount: '0.001' }, 'k-cross'),
      spot(other.token, { symbol: SYMBOL, side: 'buy', type: 'limit', price: bid, amount: '0.001' }, 'k-other'),
    ]);
    expect(a2.body.data.status).toBe('filled');
    expect(b2.body.data.status).toBe('open');
    expect(bal(buyer.id, 'BTC').available).toBe('0.001');
    expect(orders.get(buyer.id, other.id)).toBe(2);
    expect(ledgerOk()).toBe(0);
  });
});

describe('[CORE-3] group commit', () => {
  it('calls sent together commit as one batch, each answered after it', async () => {
    const u = await user({ USDT: '100000' });
    const { bid } = best();
    const before = { ...ts.ctx.core.stats };
    // The metric of OPS-2's scrape: every committed command counted, in batches by size.
    const commandsMetric = () =>
      Number(/^exchange_core_commands_total (\d+)$/m.exec(ts.ctx.metrics.render())?.[1] ?? 0);
    const metricBefore = commandsMetric();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        spot(u.token, { symbol: SYMBOL, side: 'buy', type: 'limit', price: bid, amount: '0.001' }, `g-${i}`),
      ),
    );
    expect(replies.map((r) => r.body.msg)).toEqual(Array(8).fill('success'));
    expect(ts.ctx.core.stats.commands - before.commands).toBe(8);
    expect(ts.ctx.core.stats.batches - before.batches).toBeLessThan(8);
    expect(commandsMetric() - metricBefore).toBe(8);
  });

  it('[IDEM-2][IDEM-3] one key sent three times in one batch: one order, the repeat replayed, another body refused', async () => {
    const u = await user({ USDT: '100000' });
    const { bid } = best();
    const body = { symbol: SYMBOL, side: 'buy', type: 'limit', price: bid, amount: '0.001' };
    const before = { ...ts.ctx.core.stats };
    const [first, repeat, other] = await Promise.all([
      spot(u.token, body, 'same'),
      spot(u.token, body, 'same'),
      spot(u.token, { ...body, amount: '0.002' }, 'same'),
    ]);
    expect(ts.ctx.core.stats.batches - before.batches).toBe(1);
    expect(first.body.msg).toBe('success');
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(other.body.msg).toMatch(/already used for a different request/);
    const n = ts.ctx.db.prepare('SELECT count(*) AS n FROM spot_orders WHERE user_id = ?').get(u.id) as { n: number };
    expect(n.n).toBe(1);
    expect(ledgerOk()).toBe(0);
  });
});

describe('[CORE-7] a user never trades with their own order across spot and futures', () => {
  it("a futures order that would meet the same user's resting spot order is cancelled (selfTrade)", async () => {
    const u = await user({ BTC: '1' });
    ts.ledger.post({
      kind: 'deposit',
      ref: `core-${u.id}-contract`,
      userId: u.id,
      entries: [
        { userId: u.id, account: 'contract', coin: 'USDT', amount: '100000' },
        { house: 'house:deposits', coin: 'USDT', amount: '-100000' },
      ],
    });
    // Another user takes the maker's whole best ask, so the user's sell there is alone at the top.
    const { ask } = best();
    const top = depth().asks[0];
    expect(top[0]).toBe(ask);
    const taker = await user({ USDT: '1000000' });
    const took = await spot(
      taker.token,
      { symbol: SYMBOL, side: 'buy', type: 'limit', price: ask, amount: top[1] },
      's-0',
    );
    expect(took.body.data.status).toBe('filled');
    const rest = await spot(
      u.token,
      { symbol: SYMBOL, side: 'sell', type: 'limit', price: ask, amount: '0.01' },
      's-1',
    );
    expect(rest.body.data.status).toBe('open');
    const r = await futures(
      u.token,
      { symbol: SYMBOL, side: 'long', action: 'open', type: 'limit', price: ask, shares: '5', leverage: 10 },
      'f-1',
    );
    expect(r.body.msg).toBe('success');
    expect(r.body.data.status).toBe('cancelled');
    expect(r.body.data.cancelReason).toBe('selfTrade');
    // The resting spot order is untouched (MATCH-5).
    const spotRow = ts.ctx.db.prepare('SELECT status, filled FROM spot_orders WHERE id = ?').get(rest.body.data.id);
    expect(spotRow).toEqual({ status: 'open', filled: '0' });
    expect(ledgerOk()).toBe(0);
  });
});

describe('[CORE-5] a restart replays the journal to the same state', () => {
  it('the same state hash after a restart; open orders rest where they were, with their holds', async () => {
    const u = await user({ USDT: '100000' });
    // 1 % under the best bid: it rests while the market moves.
    const bid = new Decimal(best().bid).times('0.99').toDecimalPlaces(2).toFixed(2);
    const placed = await spot(
      u.token,
      { symbol: SYMBOL, side: 'buy', type: 'limit', price: bid, amount: '0.002' },
      'r-1',
    );
    const id = placed.body.data.id as number;
    step(500);
    const hash = ts.ctx.core.stateHash();
    const bookId = ts.ctx.market.books.bookIdOf(SYMBOL, `spot:${id}`);
    expect(bookId).toBeDefined();
    const held = bal(u.id, 'USDT');
    const now = ts.clock.now();
    await ts.stop(true);
    ts = await startTestServer({ clock: 'manual', dataDir: dir, env, clockStart: now });
    expect(ts.ctx.core.replayedAtStart).toBe(true);
    expect(ts.ctx.core.stateHash()).toBe(hash);
    expect(ts.ctx.market.books.bookIdOf(SYMBOL, `spot:${id}`)).toBe(bookId);
    expect(bal(u.id, 'USDT')).toEqual(held);
    const c = await ts.post(
      tradingApi.cancelSpotOrder.path + `?id=${id}`,
      {},
      { satoken: u.token, 'idempotency-key': 'core-test-r-c' },
    );
    expect(c.body.data.status).toBe('cancelled');
    expect(ts.ctx.market.books.bookIdOf(SYMBOL, `spot:${id}`)).toBeUndefined();
    expect(bal(u.id, 'USDT').available).toBe(new Decimal('100000').toFixed());
    expect(ledgerOk()).toBe(0);
  });
});

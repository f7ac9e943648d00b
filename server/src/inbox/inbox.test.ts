/**
 * The inbox on the whole server (MSG-*): a message for every event the brief lists, each driven through its own
 * module (a test-chain deposit, a withdrawal approved and one rejected, a spot market buy, a second contract and an
 * option settled by the jobs, a futures position filled and liquidated at the mark), the welfare and flow events as
 * their modules publish them, and the operator's announcement; then reading, marking read, privacy and the unread
 * count, and the USER_STATUS 'inbox' news after each write and read. The books are checked when the server stops.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futuresApi } from '../../../src/shared/api/futures';
import { inboxApi } from '../../../src/shared/api/inbox';
import { optionsApi } from '../../../src/shared/api/options';
import { rewardsApi } from '../../../src/shared/api/rewards';
import { rechargeApi } from '../../../src/shared/api/recharge';
import { tradingApi } from '../../../src/shared/api/trading';
import { withdrawApi } from '../../../src/shared/api/withdraw';
import { userApi } from '../../../src/shared/api/user';
import { Decimal } from '../../../src/shared/decimal';
import type { Message, MessageKind } from '../../../src/shared/schemas/inbox';
import type { OptionChain, OptionOrder } from '../../../src/shared/schemas/options';
import { WELFARE_TERMS } from '../../../src/shared/rewards/welfareRules';
import type { StatusEvent } from '../events/userEvents';
import { DEMO } from '../identity/demo';
import { fundedUser, withdrawalsOf } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';

/** 70 s before a 5-minute boundary (the options' shortest series expires soon after). */
const START = Date.UTC(2026, 0, 1, 12, 3, 50);
const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

let ts: TestServer;
let opsToken: string;
const news: [number, StatusEvent][] = [];

const flush = () => new Promise<void>((r) => setImmediate(r));
async function run(ms: number, stepMs = 100): Promise<void> {
  for (let done = 0; done < ms; done += stepMs) {
    ts.clock.advance(Math.min(stepMs, ms - done));
    ts.ctx.scheduler.runDue(ts.clock.now());
  }
  await flush();
}

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', clockStart: START, env: { RATE_LIMIT_MAX: '1000000' } });
  opsToken = readFileSync(join(ts.dataDir, 'ops-token'), 'utf8').trim();
  ts.ctx.userEvents.onStatus((u, e) => void news.push([u, e]));
  await run(1_000);
  ts.ctx.marks.update(ts.clock.now());
});
afterAll(() => ts.stop());

let users = 0;
const user = (usdt = '10000', account: 'platform' | 'contract' = 'platform') =>
  fundedUser(ts, `inbox-${++users}@example.com`, usdt, { account });

const list = async (token: string, query: Record<string, unknown> = {}) => {
  const r = await ts.call(inboxApi.messageList, { token, query });
  expect(r.code, r.msg).toBe(200);
  return r.data;
};
const unread = async (token: string) => (await ts.call(inboxApi.messageUnread, { token })).data.unread;
const ofKind = async (token: string, kind: MessageKind): Promise<Message[]> =>
  (await list(token, { pageSize: 100 })).rows.filter((m) => m.kind === kind);
const inboxNews = (userId: number) => news.filter(([u, e]) => u === userId && e.kind === 'inbox').map(([, e]) => e);
const post = (token: string, path: string, body: unknown, key?: string) =>
  ts.post(path, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });

describe('[MSG-2][MSG-3][MSG-4] the exchange’s events write messages with their facts', () => {
  it('a test-chain deposit credited writes depositCredited once (the chain telling it again writes nothing)', async () => {
    const u = await user('0');
    const addr = (
      await ts.call(rechargeApi.getAdress, { token: u.token, query: { coin: 'USDT', symbol: 'USDT-TRC20' } })
    ).data;
    const r = await ts.post(
      '/api/_ops/chain/deposit',
      { address: addr.address, amount: '25.5', confirmations: 20 },
      { 'x-ops-token': opsToken },
    );
    expect(r.body.code, r.body.msg).toBe(200);
    const [m] = await ofKind(u.token, 'depositCredited');
    expect(m.params).toMatchObject({ coin: 'USDT', amount: '25.5', network: 'USDT-TRC20' });
    expect(m).toMatchObject({ title: '', body: '', readAt: null });
    // the same event heard again (a restart's announcement, a declaration matched later) writes nothing new
    ts.ctx.userEvents.statusChanged(u.id, { kind: 'deposit', id: m.params.id, status: 'credited' });
    expect(await ofKind(u.token, 'depositCredited')).toHaveLength(1);
    expect(inboxNews(u.id)).toEqual([{ kind: 'inbox', id: m.id, status: 'new' }]);
  });

  it('a withdrawal approved writes withdrawalDone; one rejected writes withdrawalRejected with the reason', async () => {
    const login = await ts.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } });
    const token = login.data.satoken;
    const submit = async (amount: string) => {
      const r = await ts.call(withdrawApi.withdrawSubmit, {
        token,
        query: { coin: 'USDT', type: 'USDT-TRC20', address: TRC, pwd: DEMO.tradePassword, amount },
      });
      expect(r.code, r.msg).toBe(200);
      return r.data.id;
    };
    const w = withdrawalsOf(ts, { statusChanged: (u, e) => ts.ctx.userEvents.statusChanged(u, e) });
    const a = await submit('20');
    const b = await submit('30');
    w.approve(a);
    w.reject(b, 'address on a sanctions list');
    await flush();
    const [done] = await ofKind(token, 'withdrawalDone');
    expect(done.params).toMatchObject({ id: String(a), coin: 'USDT', amount: '20' });
    const [rejected] = await ofKind(token, 'withdrawalRejected');
    expect(rejected.params).toMatchObject({
      id: String(b),
      coin: 'USDT',
      amount: '30',
      reason: 'address on a sanctions list',
    });
  });

  it('a spot market buy filled writes orderFilled with the pair, side, amount and average price', async () => {
    const u = await user('10000');
    const r = await ts.call(tradingApi.submitSpotOrder, {
      token: u.token,
      body: { symbol: 'btcusdt', side: 'buy', type: 'market', amount: '0.01' },
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.status).toBe('filled');
    const [m] = await ofKind(u.token, 'orderFilled');
    expect(m.params).toMatchObject({
      market: 'spot',
      id: String(r.data.id),
      symbol: 'btcusdt',
      side: 'buy',
      status: 'filled',
      filled: '0.01',
      total: new Decimal(r.data.filledTotal).toFixed(),
    });
    expect(new Decimal(m.params.price).times('0.01').minus(r.data.filledTotal).abs().lte('0.0001')).toBe(true);
  });

  it('a resting order’s partial fills write once per filled amount; the last fill writes the filled message', async () => {
    const u = await user('10000');
    const bid = new Decimal(ts.ctx.market.books.best('btcusdt').bestBid!).times('0.9').toDecimalPlaces(2).toFixed(2);
    const r = await ts.call(tradingApi.submitSpotOrder, {
      token: u.token,
      body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: bid, amount: '0.004' },
    });
    expect(r.data.status).toBe('open');
    // what the spot module stores and announces as the book fills it (the book is not moved here)
    const fill = (filled: string, status: string) => {
      ts.ctx.db
        .prepare('UPDATE spot_orders SET filled = ?, filled_total = ?, status = ? WHERE id = ?')
        .run(filled, new Decimal(filled).times(bid).toFixed(), status, r.data.id);
      ts.ctx.userEvents.statusChanged(u.id, { kind: 'spot', id: r.data.id, status });
    };
    fill('0.001', 'partiallyFilled');
    fill('0.001', 'partiallyFilled'); // told again: nothing new
    fill('0.003', 'partiallyFilled');
    const parts = await ofKind(u.token, 'orderFilled');
    expect(parts.map((m) => [m.params.status, m.params.filled, m.params.price])).toEqual([
      ['partial', '0.003', new Decimal(bid).toFixed()],
      ['partial', '0.001', new Decimal(bid).toFixed()],
    ]);
    // put the order back as the book has it before cancelling, so its hold comes back whole
    ts.ctx.db
      .prepare("UPDATE spot_orders SET filled = '0', filled_total = '0', status = 'open' WHERE id = ?")
      .run(r.data.id);
    expect((await ts.call(tradingApi.cancelSpotOrder, { token: u.token, query: { id: r.data.id } })).code).toBe(200);
    expect(await ofKind(u.token, 'orderFilled')).toHaveLength(2);
  });

  it('a second contract settled writes contractSettled with the result and the payout', async () => {
    const u = await user('1000');
    const periods = await ts.call(tradingApi.periodList, { token: u.token, body: { symbol: 'btcusdt' } });
    expect(periods.code, periods.msg).toBe(200);
    const p = [...periods.data].filter((x) => x.status).sort((x, y) => x.period - y.period)[0];
    const r = await ts.call(tradingApi.createSecondOrder, {
      token: u.token,
      body: { symbol: 'btcusdt', direction: 'up', amount: p.minAmount, periodId: p.id },
    });
    expect(r.code, r.msg).toBe(200);
    await run(p.period * 1000 + 2_000, 200);
    const [m] = await ofKind(u.token, 'contractSettled');
    expect(m.params).toMatchObject({
      product: 'second',
      id: String(r.data.id),
      symbol: 'btcusdt',
      direction: 'up',
      amount: p.minAmount,
      coin: r.data.coin,
    });
    expect(['win', 'lose', 'draw']).toContain(m.params.result);
    expect(m.params.payout).toMatch(/^\d+(\.\d+)?$/);
  });

  it('an option settled at expiry writes contractSettled (product option) with the strike and the payout', async () => {
    const u = await user('1000');
    const chain = (await ts.call(optionsApi.optionChain, { query: { symbol: 'ethusdt' } })).data as OptionChain;
    const e = chain.expiries[0];
    const q = await post(u.token, optionsApi.optionQuote.path, {
      symbol: 'ethusdt',
      kind: 'call',
      expiry: e.expiry,
      strike: e.strikes[3].strike,
      quantity: '2',
    });
    expect(q.body.code, q.body.msg).toBe(200);
    const b = await post(u.token, optionsApi.buyOption.path, { quoteId: q.body.data.quoteId });
    expect(b.body.code, b.body.msg).toBe(200);
    const o = b.body.data as OptionOrder;
    await run(Math.max(0, o.expiry - ts.clock.now()) + 2_000, 500);
    const [m] = await ofKind(u.token, 'contractSettled');
    expect(m.params).toMatchObject({
      product: 'option',
      id: String(o.id),
      symbol: 'ethusdt',
      option: 'call',
      coin: 'USDT',
    });
    expect(new Decimal(m.params.strike).eq(o.strike)).toBe(true);
    expect(m.params.payout).toMatch(/^\d+(\.\d+)?$/);
  });

  it('a futures market order filled writes orderFilled; its position liquidated at the mark writes positionLiquidated', async () => {
    const u = await user('1000', 'contract');
    const r = await post(u.token, futuresApi.submitFuturesOrder.path, {
      symbol: 'btcusdt',
      side: 'short',
      action: 'open',
      type: 'market',
      shares: '40',
      leverage: 20,
    });
    expect(r.body.code, r.body.msg).toBe(200);
    const [filled] = await ofKind(u.token, 'orderFilled');
    expect(filled.params).toMatchObject({
      market: 'futures',
      symbol: 'btcusdt',
      side: 'short',
      action: 'open',
      status: 'filled',
    });
    const p = ts.futures.openPositions(u.id)[0];
    const now = ts.clock.now();
    const price = p.liquidationPrice;
    ts.futures.risk.onMarks([
      { symbol: 'btcusdt', price, time: now, index: price, basis: '0', tradeId: 1, tradeTime: now },
    ]);
    await flush();
    expect(ts.futures.openPositions(u.id)).toHaveLength(0);
    const liq = await ofKind(u.token, 'positionLiquidated');
    expect(liq).toHaveLength(1);
    expect(liq[0].params).toMatchObject({ id: String(p.id), symbol: 'btcusdt', side: 'short', leverage: '20' });
  });

  it('a welfare reward claimed through the welfare centre writes rewardPaid with its task, coin and amount', async () => {
    const u = await user('0');
    const addr = (
      await ts.call(rechargeApi.getAdress, { token: u.token, query: { coin: 'USDT', symbol: 'USDT-TRC20' } })
    ).data;
    await ts.post(
      '/api/_ops/chain/deposit',
      { address: addr.address, amount: '100', confirmations: 20 },
      { 'x-ops-token': opsToken },
    );
    const claim = () =>
      ts.post(
        rewardsApi.welfareClaim.path,
        { task: 'firstDeposit' },
        { satoken: u.token, 'idempotency-key': 'inbox-wel-1' },
      );
    const r = await claim();
    expect(r.body.code, r.body.msg).toBe(200);
    expect((await claim()).body.code).toBe(200); // the same intent again: paid once, told once
    await flush();
    const terms = WELFARE_TERMS.firstDeposit;
    const paid = await ofKind(u.token, 'rewardPaid');
    expect(paid.map((m) => m.params)).toEqual([
      { task: 'firstDeposit', coin: terms.coin, amount: new Decimal(terms.amount).toFixed() },
    ]);
  });

  it('a welfare reward paid and a flow order’s steps write rewardPaid and flowOrder from the event’s facts', async () => {
    const u = await user('0');
    const { userEvents } = ts.ctx;
    userEvents.statusChanged(u.id, {
      kind: 'welfare',
      id: 'firstDeposit',
      status: 'paid',
      facts: { task: 'firstDeposit', coin: 'USDT', amount: '5' },
    });
    userEvents.statusChanged(u.id, {
      kind: 'welfare',
      id: 'firstDeposit',
      status: 'paid',
      facts: { task: 'firstDeposit' },
    });
    const facts = { orderId: '7', role: 'buyer', amount: '100', fiat: 'USD', fiatAmount: '101.5' };
    for (const status of ['unpaid', 'paid', 'completed'])
      userEvents.statusChanged(u.id, { kind: 'flow', id: 7, status, facts });
    userEvents.statusChanged(u.id, { kind: 'flow', id: 7, status: 'paid', facts });
    const [reward] = await ofKind(u.token, 'rewardPaid');
    expect(reward.params).toEqual({ task: 'firstDeposit', coin: 'USDT', amount: '5' });
    const flow = await ofKind(u.token, 'flowOrder');
    expect(flow.map((m) => m.params.status)).toEqual(['completed', 'paid', 'unpaid']);
    expect(flow[0].params).toEqual({ ...facts, status: 'completed' });
    // events that say nothing to the inbox write nothing
    userEvents.statusChanged(u.id, { kind: 'spot', id: 999999, status: 'open' });
    userEvents.statusChanged(u.id, { kind: 'welfare', id: 'kyc', status: 'claimable' });
    expect((await list(u.token)).total).toBe(4);
  });
});

describe('[MSG-7] the operator’s announcements', () => {
  it('goes to the users named, or to everyone; refused without the operator token or without a title', async () => {
    const a = await user('0');
    const b = await user('0');
    const announce = (body: unknown, tok = opsToken) => ts.post('/api/_ops/announce', body, { 'x-ops-token': tok });
    expect((await announce({ title: 'x', body: 'y' }, 'wrong')).body).toMatchObject({
      code: 0,
      msg: 'Operator token missing or wrong',
    });
    expect((await announce({ title: ' ', body: 'y' })).body.msg).toContain('title');
    expect((await announce({ title: 'x', body: 'y', userIds: [99999999] })).body.msg).toContain('none of these users');
    const some = await announce({ title: 'Maintenance', body: 'Sunday 02:00 UTC, 30 minutes', userIds: [a.id] });
    expect(some.body.code, some.body.msg).toBe(200);
    expect(some.body.data.recipients).toBe(1);
    const [m] = await ofKind(a.token, 'announcement');
    expect(m).toMatchObject({ title: 'Maintenance', body: 'Sunday 02:00 UTC, 30 minutes', readAt: null });
    expect(await ofKind(b.token, 'announcement')).toHaveLength(0);
    const all = await announce({ title: 'New listing', body: 'SOL/USDT perpetuals' });
    const everyone = (ts.ctx.db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
    expect(all.body.data.recipients).toBe(everyone);
    expect((await ofKind(b.token, 'announcement')).map((x) => x.title)).toEqual(['New listing']);
  });
});

describe('[MSG-1][MSG-5][MSG-6] reading: newest first, the unread count, marking read, privacy, news to every tab', () => {
  it('lists newest first with the unread filter; read and readAll change the count and announce it once', async () => {
    const u = await user('0');
    const other = await user('0');
    for (let i = 1; i <= 5; i++)
      ts.ctx.userEvents.statusChanged(u.id, {
        kind: 'flow',
        id: 100 + i,
        status: 'unpaid',
        facts: { orderId: String(100 + i), role: 'seller', amount: String(i), fiat: 'EUR', fiatAmount: String(i) },
      });
    const page = await list(u.token, { pageSize: 2 });
    expect(page).toMatchObject({ total: 5, unread: 5 });
    expect(page.rows.map((m) => m.params.orderId)).toEqual(['105', '104']);
    expect((await list(u.token, { pageSize: 2, pageNum: 3 })).rows.map((m) => m.params.orderId)).toEqual(['101']);
    expect(await unread(u.token)).toBe(5);

    // detail does not mark read (MSG-5); another user's message is not found, and marking it read changes nothing
    const first = page.rows[0];
    expect((await ts.call(inboxApi.messageDetail, { token: u.token, query: { id: first.id } })).data).toEqual(first);
    const foreign = await ts.call(inboxApi.messageDetail, { token: other.token, query: { id: first.id } });
    expect(foreign.code).toBe(0);
    expect(foreign.msg).toBe(`Message ${first.id} not found`);
    const otherRead = await ts.call(inboxApi.messageRead, { token: other.token, body: { ids: [first.id] } });
    expect(otherRead.data.unread).toBe(0);
    expect(await unread(u.token)).toBe(5);

    news.length = 0;
    const r1 = await ts.call(inboxApi.messageRead, { token: u.token, body: { ids: [first.id] } });
    expect(r1.data.unread).toBe(4);
    expect(inboxNews(u.id)).toEqual([{ kind: 'inbox', id: String(first.id), status: 'read' }]);
    // again: nothing changes, nothing announced
    expect((await ts.call(inboxApi.messageRead, { token: u.token, body: { ids: [first.id] } })).data.unread).toBe(4);
    expect(inboxNews(u.id)).toHaveLength(1);
    const read = (await ts.call(inboxApi.messageDetail, { token: u.token, query: { id: first.id } })).data;
    expect(read.readAt).toBe(ts.clock.now());
    const unreadPage = await list(u.token, { filter: 'unread' });
    expect(unreadPage).toMatchObject({ total: 4, unread: 4 });
    expect(unreadPage.rows.every((m) => m.readAt === null)).toBe(true);

    expect((await ts.call(inboxApi.messageRead, { token: u.token, body: { all: true } })).data.unread).toBe(0);
    expect(inboxNews(u.id)).toEqual([
      { kind: 'inbox', id: String(first.id), status: 'read' },
      { kind: 'inbox', id: 'all', status: 'read' },
    ]);
    expect(await list(u.token, { filter: 'unread' })).toMatchObject({ total: 0, unread: 0, rows: [] });
    expect((await list(u.token)).total).toBe(5);
    // the inbox's own news never writes a message (no loop)
    expect((await list(u.token)).rows.some((m) => m.params.kind === 'inbox')).toBe(false);
  });

  it('refuses an empty read and a bad id; needs a session', async () => {
    const u = await user('0');
    expect((await ts.post(inboxApi.messageRead.path, {}, { satoken: u.token })).body.msg).toContain(
      'Name the messages to mark read',
    );
    expect((await ts.get(`${inboxApi.messageDetail.path}?id=abc`, { satoken: u.token })).body.code).not.toBe(200);
    expect((await ts.get(inboxApi.messageUnread.path)).body.msg).toContain('Token');
  });
});

/**
 * Flow (P2P) orders on the whole server (FLOW-*): the merchant deposit, offers and their holds, the escrow on
 * take, its release to the buyer on confirm and back to the seller on cancel (either side) and on timeout, the
 * wrong party and the wrong state refused, and the events each party hears. The server checks the books when it
 * stops.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flowApi } from '../../../src/shared/api/flow';
import { Decimal } from '../../../src/shared/decimal';
import { FLOW_MERCHANT_DEPOSIT } from '../../../src/shared/rewards/flowRules';
import type { FlowOffer, FlowOrder } from '../../../src/shared/schemas/flow';
import type { StatusEvent } from '../events/userEvents';
import { creditUser } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';
import { connect } from '../ws/testClient';
import { flowService } from './index';

const START = Date.UTC(2026, 2, 1, 9, 0, 0);
const MIN = 60_000;

let ts: TestServer;
const events: { userId: number; e: StatusEvent }[] = [];

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', clockStart: START });
  ts.ctx.userEvents.onStatus((userId, e) => {
    if (e.kind === 'flow') events.push({ userId, e });
  });
});
afterAll(() => ts.stop());
/** The expiry job's step at the clock's time (the scheduler's own timing is not the test's). */
const expire = () => flowService(ts.ctx, ts.ledger).expireDue(ts.clock.now());
beforeEach(async () => {
  await ts.reset();
  events.length = 0;
});

let users = 0;
interface U {
  token: string;
  id: number;
}
const fund = (id: number, amount: string) => creditUser(ts, id, amount);
async function user(usdt = '0'): Promise<U> {
  const token = await ts.signUp(`flow-${++users}@example.com`);
  const id = ts.acc.sessions.resolve(token)!;
  if (usdt !== '0') fund(id, usdt);
  return { token, id };
}

type Env<T> = { code: number; msg: string; data: T };
const post = async <T>(u: U, path: string, body: unknown, key?: string): Promise<Env<T>> =>
  (await ts.post(path, body, { satoken: u.token, ...(key ? { 'idempotency-key': key } : {}) })).body as Env<T>;
const ok = <T>(r: Env<T>): T => {
  expect(r.msg).toBe('success');
  expect(r.code).toBe(200);
  return r.data;
};

const bal = (id: number) => ts.ledger.balance(id, 'platform', 'USDT');

async function merchant(usdt = '10000', name = `M${users + 1}`): Promise<U & { name: string }> {
  const m = await user(usdt);
  ok(await post(m, flowApi.flowApply.path, { name, payDetails: 'Bank 123-456' }));
  return { ...m, name };
}
const offerBody = (over: Record<string, unknown> = {}) => ({
  side: 'sell',
  fiat: 'USD',
  price: '1.01',
  amount: '1000',
  minFiat: '10',
  maxFiat: '500',
  methods: ['bank', 'card'],
  payWindowMin: 15,
  terms: 'Pay from an account in your name',
  ...over,
});
const postOffer = async (m: U, over: Record<string, unknown> = {}) =>
  ok(await post<FlowOffer>(m, flowApi.flowOfferPost.path, offerBody(over)));
const take = (u: U, offerId: number, amount: string, over: Record<string, unknown> = {}) =>
  post<FlowOrder>(u, flowApi.flowTake.path, { offerId, by: 'coin', amount, method: 'bank', ...over });
const act = (u: U, what: 'paid' | 'confirm' | 'cancel', id: number) =>
  post<FlowOrder>(u, { paid: flowApi.flowPaid, confirm: flowApi.flowConfirm, cancel: flowApi.flowCancel }[what].path, {
    id,
  });
const offerNow = (id: number) =>
  ts.ctx.db.prepare('SELECT available, hold_id AS holdId FROM flow_offers WHERE id = ?').get(id) as {
    available: string;
    holdId: number | null;
  };
const holdAmount = (holdId: number | null) => (holdId === null ? undefined : ts.ledger.holdById(holdId));

describe('merchants (FLOW-2)', () => {
  it('[FLOW-2] applying holds the deposit from platform USDT and makes the merchant active at once', async () => {
    const m = await user('150');
    const r = ok(await post(m, flowApi.flowApply.path, { name: 'Quick Coins', payDetails: 'IBAN DE00 1234' }));
    expect(r).toMatchObject({ state: 'active', deposit: FLOW_MERCHANT_DEPOSIT, name: 'Quick Coins', completed: 0 });
    expect(bal(m.id)).toEqual({ available: '50', frozen: FLOW_MERCHANT_DEPOSIT });
    // Applying again changes the details only.
    ok(await post(m, flowApi.flowApply.path, { name: 'Quick Coins 2', payDetails: 'IBAN DE00 9999' }));
    expect(bal(m.id)).toEqual({ available: '50', frozen: FLOW_MERCHANT_DEPOSIT });
    const got = await ts.call(flowApi.flowMerchant, { token: m.token });
    expect(got.data).toMatchObject({ state: 'active', name: 'Quick Coins 2', payDetails: 'IBAN DE00 9999' });
  });

  it('[FLOW-2] refused with a clear message when short of the deposit, and a taken name is refused', async () => {
    const poor = await user('99.5');
    const r = await post(poor, flowApi.flowApply.path, { name: 'Poor', payDetails: 'Bank 1234' });
    expect(r.code).toBe(0);
    expect(r.msg).toBe('The merchant deposit is 100 USDT and your platform account has 99.5 USDT available');
    expect(bal(poor.id)).toEqual({ available: '99.5', frozen: '0' });
    await merchant('200', 'Same Name');
    const other = await user('200');
    const r2 = await post(other, flowApi.flowApply.path, { name: 'same  name', payDetails: 'Bank 1234' });
    expect(r2.msg).toBe('This merchant name is taken');
    const none = await ts.call(flowApi.flowMerchant, { token: other.token });
    expect(none.data).toMatchObject({ state: 'none', deposit: '0', requiredDeposit: '100', name: null });
  });
});

describe('offers (FLOW-5)', () => {
  it('[FLOW-5] a sell offer holds its amount; close releases what is not in an order', async () => {
    const m = await merchant('2000');
    const o = await postOffer(m);
    expect(o).toMatchObject({ status: 'open', available: '1000', mine: true, merchant: m.name });
    expect(bal(m.id)).toEqual({ available: '900', frozen: '1100' });
    const c = await user('0');
    ok(await take(c, o.id, '100'));
    expect(bal(m.id)).toEqual({ available: '900', frozen: '1100' });
    const closed = ok(await post<FlowOffer>(m, flowApi.flowOfferClose.path, { id: o.id }));
    expect(closed).toMatchObject({ status: 'closed', available: '0' });
    expect(bal(m.id)).toEqual({ available: '1800', frozen: '200' });
    expect((await post(m, flowApi.flowOfferClose.path, { id: o.id })).msg).toBe('This offer is already closed');
    expect((await post(c, flowApi.flowOfferClose.path, { id: o.id })).msg).toBe('No such offer of yours');
  });

  it('[FLOW-5] only active merchants post; a buy offer holds nothing', async () => {
    const u = await user('5000');
    expect((await post(u, flowApi.flowOfferPost.path, offerBody())).msg).toBe(
      'Only merchants post offers: apply to become one first',
    );
    const m = await merchant('500');
    await postOffer(m, { side: 'buy', amount: '5000', maxFiat: '1000' });
    expect(bal(m.id)).toEqual({ available: '400', frozen: '100' });
  });

  it('[FLOW-1] the list is by customer side, fiat and method, best price first', async () => {
    const a = await merchant('5000');
    const b = await merchant('5000');
    const s1 = await postOffer(a, { price: '1.02' });
    const s2 = await postOffer(b, { price: '0.99', methods: ['cash'] });
    const s3 = await postOffer(b, { price: '35.5', fiat: 'TRY', maxFiat: '5000', minFiat: '100' });
    const b1 = await postOffer(a, { side: 'buy', price: '0.97' });
    const b2 = await postOffer(b, { side: 'buy', price: '0.98' });
    const ids = async (q: Record<string, string>) =>
      (await ts.call(flowApi.flowOffers, { query: q })).data.rows.map((r) => r.id);
    expect(await ids({ side: 'buy', fiat: 'USD' })).toEqual([s2.id, s1.id]);
    expect(await ids({ side: 'buy' })).toEqual([s2.id, s1.id, s3.id]);
    expect(await ids({ side: 'buy', fiat: 'USD', method: 'bank' })).toEqual([s1.id]);
    expect(await ids({ side: 'sell', fiat: 'USD' })).toEqual([b2.id, b1.id]);
    const mine = await ts.call(flowApi.flowMyOffers, { token: a.token, query: { state: 'active' } });
    expect(mine.data.rows.map((r) => r.id)).toEqual([b1.id, s1.id]);
    const page = await ts.call(flowApi.flowOffers, { query: { side: 'buy', pageSize: 1, pageNum: 2 } });
    expect(page.data).toMatchObject({ total: 3, rows: [{ id: s1.id, mine: false }] });
  });
  it('[FLOW-5] an offer left with less than its minimum per order is no longer listed', async () => {
    const m = await merchant('2000');
    const o = await postOffer(m, { price: '1.00', amount: '100', minFiat: '10', maxFiat: '100' });
    const c = await user('0');
    const a = ok(await take(c, o.id, '90.01'));
    const listed = async () => (await ts.call(flowApi.flowOffers, { query: { side: 'buy' } })).data.total;
    expect(await listed()).toBe(0);
    ok(await act(c, 'cancel', a.id));
    expect(await listed()).toBe(1);
  });
});

describe('orders (FLOW-4, FLOW-6..8)', () => {
  it('[FLOW-6] [FLOW-7] escrow held on take, released to the buyer on confirm', async () => {
    const m = await merchant('2000');
    const o = await postOffer(m);
    const c = await user('0');
    const order = ok(await take(c, o.id, '250.5'));
    expect(order).toMatchObject({
      state: 'unpaid',
      role: 'buyer',
      asMerchant: false,
      counterparty: m.name,
      amount: '250.5',
      fiatAmount: '253.01',
      payBy: START + 15 * MIN,
      payDetails: 'Bank 123-456',
      terms: 'Pay from an account in your name',
    });
    expect(offerNow(o.id).available).toBe('749.5');
    expect(holdAmount(offerNow(o.id).holdId)?.amount).toBe('749.5');
    expect(bal(m.id)).toEqual({ available: '900', frozen: '1100' });
    expect((await act(c, 'confirm', order.id)).msg).toBe('Only the seller confirms the payment');
    expect((await act(m, 'confirm', order.id)).msg).toBe('The buyer has not marked this order paid yet');
    expect((await act(m, 'paid', order.id)).msg).toBe('Only the buyer marks an order paid');
    ts.clock.advance(5 * MIN);
    const paid = ok(await act(c, 'paid', order.id));
    expect(paid).toMatchObject({ state: 'paid', paidAt: START + 5 * MIN });
    expect((await act(c, 'paid', order.id)).msg).toBe('This order is paid, not awaiting payment');
    expect((await act(c, 'cancel', order.id)).msg).toBe('This order is marked paid: it can no longer be cancelled');
    // A paid order never expires.
    ts.clock.advance(60 * MIN);
    expire();
    const done = ok(await act(m, 'confirm', order.id));
    expect(done).toMatchObject({ state: 'completed', role: 'seller', asMerchant: true, endedBy: null });
    expect(bal(c.id)).toEqual({ available: '250.5', frozen: '0' });
    expect(bal(m.id)).toEqual({ available: '900', frozen: '849.5' });
    const stats = await ts.call(flowApi.flowMerchant, { token: m.token });
    expect(stats.data).toMatchObject({ completed: 1, rate: '100' });
    await Promise.resolve();
    expect(events.map((x) => [x.userId, x.e.status, x.e.facts?.role])).toEqual([
      [c.id, 'unpaid', 'buyer'],
      [m.id, 'unpaid', 'seller'],
      [c.id, 'paid', 'buyer'],
      [m.id, 'paid', 'seller'],
      [c.id, 'completed', 'buyer'],
      [m.id, 'completed', 'seller'],
    ]);
    expect(events[0].e).toEqual({
      kind: 'flow',
      id: order.id,
      status: 'unpaid',
      facts: { orderId: String(order.id), role: 'buyer', amount: '250.5', fiat: 'USD', fiatAmount: '253.01' },
    });
  });

  it('[FLOW-8] cancel by either side sends the escrow back to the open offer', async () => {
    const m = await merchant('2000');
    const o = await postOffer(m);
    const c = await user('0');
    const a = ok(await take(c, o.id, '100'));
    const b = ok(await take(c, o.id, '200', { by: 'fiat', amount: '202' }));
    expect(b.amount).toBe('200');
    expect(offerNow(o.id).available).toBe('700');
    const other = await user('0');
    expect((await act(other, 'cancel', a.id)).msg).toBe('No such order of yours');
    expect(ok(await act(c, 'cancel', a.id))).toMatchObject({ state: 'cancelled', endedBy: 'buyer' });
    expect(ok(await act(m, 'cancel', b.id))).toMatchObject({ state: 'cancelled', endedBy: 'seller' });
    expect(offerNow(o.id).available).toBe('1000');
    expect(holdAmount(offerNow(o.id).holdId)).toMatchObject({ amount: '1000', state: 'open' });
    expect(bal(m.id)).toEqual({ available: '900', frozen: '1100' });
    expect((await act(c, 'cancel', a.id)).msg).toBe('This order is already cancelled');
  });

  it('[FLOW-8] a cancel after the offer closed sends the escrow to the seller; a taken-out offer is refilled', async () => {
    const m = await merchant('2000');
    const o = await postOffer(m, { amount: '100', maxFiat: '101' });
    const c = await user('0');
    const a = ok(await take(c, o.id, '100'));
    expect(offerNow(o.id).available).toBe('0');
    expect(holdAmount(offerNow(o.id).holdId)?.state).toBe('settled');
    expect((await ts.call(flowApi.flowOffers, { query: { side: 'buy' } })).data.total).toBe(0);
    ok(await act(c, 'cancel', a.id));
    expect(holdAmount(offerNow(o.id).holdId)).toMatchObject({ amount: '100', state: 'open' });
    const b = ok(await take(c, o.id, '100'));
    ok(await post(m, flowApi.flowOfferClose.path, { id: o.id }));
    expect(bal(m.id)).toEqual({ available: '1800', frozen: '200' });
    ok(await act(m, 'cancel', b.id));
    expect(bal(m.id)).toEqual({ available: '1900', frozen: '100' });
    expect(offerNow(o.id).available).toBe('0');
  });

  it('[FLOW-6] [FLOW-8] a buy offer: the taker sells, their USDT held, back on timeout', async () => {
    const m = await merchant('500');
    const o = await postOffer(m, { side: 'buy', amount: '3000', maxFiat: '1000', payWindowMin: 30 });
    const seller = await user('300');
    expect((await take(seller, o.id, '200')).msg).toBe('Enter how the merchant pays you');
    const order = ok(await take(seller, o.id, '200', { payDetails: 'Wallet 0xabc' }));
    expect(order).toMatchObject({
      role: 'seller',
      payDetails: 'Wallet 0xabc',
      counterparty: m.name,
      payBy: START + 30 * MIN,
    });
    expect(bal(seller.id)).toEqual({ available: '100', frozen: '200' });
    ts.clock.advance(30 * MIN - 1);
    expire();
    expect((await ts.call(flowApi.flowOrder, { token: seller.token, query: { id: order.id } })).data.state).toBe(
      'unpaid',
    );
    ts.clock.advance(1);
    expect((await act(m, 'paid', order.id)).msg).toBe('The payment window of this order has ended');
    expire();
    const ended = await ts.call(flowApi.flowOrder, { token: m.token, query: { id: order.id } });
    expect(ended.data).toMatchObject({ state: 'expired', endedBy: 'timeout', role: 'buyer', asMerchant: true });
    expect(bal(seller.id)).toEqual({ available: '300', frozen: '0' });
    expect(offerNow(o.id).available).toBe('3000');
    // The merchant failed to pay: it counts against their completion rate.
    expect((await ts.call(flowApi.flowMerchant, { token: m.token })).data).toMatchObject({ completed: 0, rate: '0' });
  });

  it('[FLOW-8] a sell offer order that times out goes back into the offer', async () => {
    const m = await merchant('2000');
    const o = await postOffer(m);
    const c = await user('0');
    const order = ok(await take(c, o.id, '10'));
    ts.clock.advance(15 * MIN);
    expire();
    expect((await ts.call(flowApi.flowOrder, { token: c.token, query: { id: order.id } })).data.state).toBe('expired');
    expect(offerNow(o.id).available).toBe('1000');
    expect(bal(m.id)).toEqual({ available: '900', frozen: '1100' });
    await Promise.resolve();
    expect(events.filter((x) => x.e.status === 'expired').map((x) => x.userId)).toEqual([c.id, m.id]);
  });

  it("[FLOW-4] one's own offer, another's order, and lists", async () => {
    const m = await merchant('2000');
    const o = await postOffer(m);
    expect((await take(m, o.id, '10')).msg).toBe('You cannot take your own offer');
    const c = await user('0');
    const a = ok(await take(c, o.id, '10'));
    const list = await ts.call(flowApi.flowOrders, { token: m.token, query: { state: 'active' } });
    expect(list.data).toMatchObject({
      total: 1,
      rows: [{ id: a.id, role: 'seller', counterparty: expect.stringContaining('***') }],
    });
    const none = await ts.call(flowApi.flowOrders, { token: c.token, query: { state: 'ended' } });
    expect(none.data.total).toBe(0);
    const stranger = await user('0');
    const r = await ts.call(flowApi.flowOrder, { token: stranger.token, query: { id: a.id } });
    expect(r.msg).toBe('No such order of yours');
  });
});

describe('idempotency', () => {
  it('[FLOW-6] the same Idempotency-Key twice gives one order', async () => {
    const m = await merchant('2000');
    const o = await postOffer(m);
    const c = await user('0');
    const body = { offerId: o.id, by: 'coin', amount: '50', method: 'bank' };
    const one = await ts.post(flowApi.flowTake.path, body, { satoken: c.token, 'idempotency-key': 'take-key-0001' });
    const two = await ts.post(flowApi.flowTake.path, body, { satoken: c.token, 'idempotency-key': 'take-key-0001' });
    expect(one.body.code).toBe(200);
    expect(two.headers.get('idempotent-replayed')).toBe('true');
    expect(two.body.data.id).toBe(one.body.data.id);
    expect((await ts.call(flowApi.flowOrders, { token: c.token })).data.total).toBe(1);
    expect(offerNow(o.id).available).toBe('950');
    expect(new Decimal(bal(m.id).frozen).toFixed()).toBe('1100');
  });
});

describe('every rule refuses over HTTP with its message', () => {
  it.each<[Record<string, unknown>, string]>([
    [{ price: 'abc' }, 'Invalid body: price: Price must be a number, e.g. 12.5'],
    [{ price: '1.001' }, 'Price has at most 2 decimals'],
    [{ amount: '0' }, 'Amount must be a number above 0'],
    [{ amount: '10.123' }, 'Amount has at most 2 decimals'],
    [{ amount: '9.99' }, 'An offer is at least 10 USDT'],
    [{ amount: '1000001', side: 'buy' }, 'An offer is at most 1000000 USDT'],
    [{ minFiat: '0' }, 'The minimum per order must be a number above 0'],
    [{ maxFiat: 'x' }, 'Invalid body: maxFiat: Maximum must be a number, e.g. 12.5'],
    [{ minFiat: '10.001' }, 'Order limits have at most 2 decimals'],
    [{ minFiat: '600' }, 'The minimum per order must not be above the maximum'],
    [{ minFiat: '1' }, 'The minimum per order must buy at least 1 USDT'],
    [{ amount: '100', maxFiat: '102' }, 'The maximum per order must not be above the whole offer'],
    [{ payWindowMin: 20 }, 'The payment window is one of 15, 30, 60 minutes'],
    [{ amount: '1900.5', maxFiat: '500' }, 'Insufficient USDT for this offer'],
  ])('[FLOW-3] an offer with %o is refused: "%s"', async (over, msg) => {
    const m = await merchant('2000');
    const r = await post(m, flowApi.flowOfferPost.path, offerBody(over));
    expect(r).toMatchObject({ code: 0, msg });
    expect(bal(m.id)).toEqual({ available: '1900', frozen: '100' });
  });

  it('[FLOW-4] every take rule refuses with its message and moves nothing', async () => {
    const m = await merchant('2000');
    const o = await postOffer(m, { price: '1.00', amount: '100', minFiat: '1', maxFiat: '60', methods: ['bank'] });
    const buy = await postOffer(m, { side: 'buy', price: '1.00', amount: '100', minFiat: '1', maxFiat: '60' });
    const closed = await postOffer(m, { price: '1.00', amount: '100', minFiat: '1', maxFiat: '60' });
    ok(await post(m, flowApi.flowOfferClose.path, { id: closed.id }));
    const c = await user('5');
    const refuse = async (id: number, amount: string, over: Record<string, unknown>, msg: string) =>
      expect(await take(c, id, amount, over)).toMatchObject({ code: 0, msg });
    await refuse(9999, '10', {}, 'No such offer');
    await refuse(closed.id, '10', {}, 'This offer is closed');
    await refuse(o.id, '0', {}, 'Amount must be a number above 0');
    await refuse(o.id, '10.001', { by: 'fiat' }, 'Amount has at most 2 decimals');
    await refuse(o.id, '1.001', {}, 'Amount has at most 2 decimals');
    await refuse(o.id, '0.5', {}, 'The minimum per order is 1.00');
    await refuse(o.id, '60.01', {}, 'The maximum per order is 60.00');
    // 'An order is at least 1 USDT' cannot be met here: an offer's minimum buys at least 1 USDT (FLOW-3) and USDT has
    // 2 decimals, so anything under 1 USDT is under the minimum first (the rule's own test covers the check).
    await refuse(o.id, '10', { method: 'cash' }, 'The merchant does not take this payment method');
    await refuse(buy.id, '2', {}, 'Enter how the merchant pays you');
    await refuse(buy.id, '6', { payDetails: 'Bank 9876' }, 'Insufficient USDT');
    const d = await user('0');
    ok(await take(d, o.id, '50'));
    expect(await take(c, o.id, '50.5')).toMatchObject({ code: 0, msg: 'The offer has not that much left' });
    for (let i = 0; i < 3; i++) ok(await take(c, o.id, '1'));
    await refuse(o.id, '1', {}, 'You have 3 unpaid orders: finish or cancel one first');
    expect(bal(c.id)).toEqual({ available: '5', frozen: '0' });
    expect(await take(m, o.id, '1')).toMatchObject({ msg: 'You cannot take your own offer' });
  });
});

describe('live news (FLOW-10)', () => {
  it("[FLOW-10] each party's sockets get USER_STATUS for the order, a stranger's none", async () => {
    const m = await merchant('2000');
    const o = await postOffer(m);
    const c = await user('0');
    const stranger = await user('0');
    const socks = await Promise.all(['m', 'c', 's'].map((n) => connect(`${ts.wsUrl}/ws/flow-${n}`)));
    [m, c, stranger].forEach((u, i) => socks[i].send({ op: 'subscribe', type: 'USER_STATUS', token: u.token }));
    for (const s of socks) await s.waitFor((f) => f.type === 'ACK');
    const order = ok(await take(c, o.id, '10'));
    ok(await act(c, 'cancel', order.id));
    for (const s of socks.slice(0, 2)) {
      await s.waitFor((f) => f.type === 'USER_STATUS' && f.data.status === 'cancelled');
      // The inbox's own news (kind 'inbox', a message written for each step) comes on the same stream.
      expect(s.frames.filter((f) => f.type === 'USER_STATUS' && f.data.kind === 'flow').map((f) => f.data)).toEqual([
        { kind: 'flow', id: order.id, status: 'unpaid' },
        { kind: 'flow', id: order.id, status: 'cancelled' },
      ]);
    }
    expect(socks[2].frames.filter((f) => f.type === 'USER_STATUS')).toEqual([]);
    for (const s of socks) await s.close();
  });
});

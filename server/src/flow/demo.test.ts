/**
 * The demo merchant (FLOW-12) on a server started with FLOW_DEMO=1: its two offers are there for a new visitor, it
 * confirms what it sells and pays for what it buys by itself, and it posts a new offer when one runs low. The
 * server checks the books when it stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowApi } from '../../../src/shared/api/flow';
import type { FlowOrder } from '../../../src/shared/schemas/flow';
import { directUser, injectPost } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';
import { DEMO_ACT_MS, DEMO_MERCHANT, ensureDemoMerchant, type DemoMerchant } from './demo';
import { flowService } from './index';

let ts: TestServer;
let demo: DemoMerchant;
beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', clockStart: Date.UTC(2026, 5, 1), env: { FLOW_DEMO: '1' } });
  // The same merchant the server made at start (idempotent), with a handle on its step.
  demo = ensureDemoMerchant(ts.ctx, ts.ledger, flowService(ts.ctx, ts.ledger));
});
afterAll(() => ts.stop());

let n = 0;
const user = (usdt: string) => directUser(ts, `demo-t${++n}`, usdt);
const post = (token: string, path: string, body: unknown) => injectPost<FlowOrder>(ts, token, path, body);
const order = async (token: string, id: number) => (await ts.call(flowApi.flowOrder, { token, query: { id } })).data;

describe('the demo merchant (FLOW-12)', () => {
  it('[FLOW-12] a fresh server lists one sell and one buy offer of the demo merchant', async () => {
    const buy = await ts.call(flowApi.flowOffers, { query: { side: 'buy' } });
    const sell = await ts.call(flowApi.flowOffers, { query: { side: 'sell' } });
    expect(buy.data.rows).toMatchObject([{ merchant: DEMO_MERCHANT.name, side: 'sell', available: '5000' }]);
    expect(sell.data.rows).toMatchObject([{ merchant: DEMO_MERCHANT.name, side: 'buy', available: '5000' }]);
    expect(ts.ledger.balance(demo.userId, 'platform', 'USDT')).toEqual({ available: '14900', frozen: '5100' });
  });

  it('[FLOW-12] it confirms an order it sells once marked paid, after a while', async () => {
    const c = user('0');
    const offerId = (await ts.call(flowApi.flowOffers, { query: { side: 'buy' } })).data.rows[0].id;
    const o = await post(c.token, flowApi.flowTake.path, { offerId, by: 'fiat', amount: '101', method: 'card' });
    expect(o.code, o.msg).toBe(200);
    expect(o.data.payDetails).toBe(DEMO_MERCHANT.payDetails);
    expect((await post(c.token, flowApi.flowPaid.path, { id: o.data.id })).code).toBe(200);
    ts.clock.advance(DEMO_ACT_MS - 1);
    demo.step(ts.clock.now());
    expect((await order(c.token, o.data.id)).state).toBe('paid');
    ts.clock.advance(1);
    demo.step(ts.clock.now());
    expect((await order(c.token, o.data.id)).state).toBe('completed');
    expect(ts.ledger.balance(c.id, 'platform', 'USDT').available).toBe('100');
  });

  it('[FLOW-12] it marks paid an order it buys; the seller confirms', async () => {
    const s = user('50');
    const offerId = (await ts.call(flowApi.flowOffers, { query: { side: 'sell' } })).data.rows[0].id;
    const o = await post(s.token, flowApi.flowTake.path, {
      offerId,
      by: 'coin',
      amount: '20',
      method: 'wallet',
      payDetails: 'Wallet 12345',
    });
    expect(o.code, o.msg).toBe(200);
    ts.clock.advance(DEMO_ACT_MS);
    demo.step(ts.clock.now());
    expect((await order(s.token, o.data.id)).state).toBe('paid');
    expect((await post(s.token, flowApi.flowConfirm.path, { id: o.data.id })).code).toBe(200);
    expect(ts.ledger.balance(s.id, 'platform', 'USDT')).toEqual({ available: '30', frozen: '0' });
  });

  it('[FLOW-12] an offer that runs low is closed and posted anew', async () => {
    const offerId = (await ts.call(flowApi.flowOffers, { query: { side: 'buy' } })).data.rows[0].id;
    // Drain the sell offer to under 100 USDT with large orders the demo merchant completes.
    for (;;) {
      const left = (await ts.call(flowApi.flowOffers, { query: { side: 'buy' } })).data.rows[0];
      if (!left || left.id !== offerId || Number(left.available) < 100) break;
      const c = user('0');
      const amount = String(Math.min(1980, Number(left.available)));
      const o = await post(c.token, flowApi.flowTake.path, { offerId, by: 'coin', amount, method: 'bank' });
      expect(o.code, o.msg).toBe(200);
      await post(c.token, flowApi.flowPaid.path, { id: o.data.id });
    }
    ts.clock.advance(DEMO_ACT_MS);
    demo.step(ts.clock.now());
    const rows = (await ts.call(flowApi.flowOffers, { query: { side: 'buy' } })).data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(offerId);
    expect(rows[0].available).toBe('5000');
  });
});

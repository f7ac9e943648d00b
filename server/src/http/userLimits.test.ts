import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../src/shared/api/endpoint';
import { assetApi } from '../../../src/shared/api/asset';
import { flowApi } from '../../../src/shared/api/flow';
import { futuresApi } from '../../../src/shared/api/futures';
import { tradingApi } from '../../../src/shared/api/trading';
import { api } from '../../../src/shared/api/registry';
import { manualClock } from '../time/clock';
import { startTestServer, type TestServer } from '../testing/harness';
import { TooManyRequests } from './failures';
import { LIMITED_ENDPOINTS, USER_LIMITS, UserLimiter, type LimitBucket } from './userLimits';

describe('[SAFE-31] the limiter (token bucket per user and bucket, injected clock)', () => {
  it('[SAFE-31] a full bucket allows its burst, then refuses with the seconds until one call is regained', () => {
    const clock = manualClock();
    const l = new UserLimiter({ clock });
    const { burst, perMinute } = USER_LIMITS.transfers;
    for (let i = 0; i < burst; i++) l.check(assetApi.transferFunds, 1);
    let refused: unknown;
    try {
      l.check(assetApi.transferFunds, 1);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(TooManyRequests);
    const secs = Math.ceil(60 / perMinute);
    expect((refused as TooManyRequests).retryAfterSeconds).toBe(secs);
    expect((refused as TooManyRequests).message).toBe(`Too many transfers, try again in ${secs} s`);
    // Another user, and another bucket of the same user, are not affected.
    l.check(assetApi.transferFunds, 2);
    l.check(tradingApi.submitSpotOrder, 1);
    clock.advance(secs * 1000 - 1);
    expect(() => l.check(assetApi.transferFunds, 1)).toThrow(TooManyRequests);
    clock.advance(1);
    l.check(assetApi.transferFunds, 1);
    expect(() => l.check(assetApi.transferFunds, 1)).toThrow(TooManyRequests);
  });

  it('[SAFE-31] [SPOT-13] orders: 100 at once, then 50 a second, spot and futures in one bucket', () => {
    const clock = manualClock();
    const l = new UserLimiter({ clock });
    for (let i = 0; i < 50; i++) l.check(tradingApi.submitSpotOrder, 1);
    for (let i = 0; i < 50; i++) l.check(futuresApi.submitFuturesOrder, 1);
    expect(() => l.check(tradingApi.cancelSpotOrder, 1)).toThrow('Too many orders, try again in 1 s');
    // A steady 50 a second passes for ever: one call every 20 ms.
    for (let i = 0; i < 500; i++) {
      clock.advance(20);
      l.check(i % 2 ? futuresApi.submitFuturesOrder : tradingApi.submitSpotOrder, 1);
    }
    expect(() => l.check(tradingApi.submitSpotOrder, 1)).toThrow(TooManyRequests);
  });

  it('[SAFE-31] an endpoint outside the table is never limited; the scale multiplies burst and rate', () => {
    const clock = manualClock();
    const l = new UserLimiter({ clock, scale: 3 });
    for (let i = 0; i < 1000; i++) l.check(tradingApi.spotOrderList, 1);
    for (let i = 0; i < 3 * USER_LIMITS.flow.burst; i++) l.check(flowApi.flowTake, 1);
    expect(() => l.check(flowApi.flowCancel, 1)).toThrow('Too many flow orders, try again in 2 s');
  });

  it('[SAFE-31] the table names endpoints of the registry that need a session, and covers every bucket', () => {
    const all = new Set<Endpoint>(Object.values(api) as Endpoint[]);
    for (const [e, bucket] of LIMITED_ENDPOINTS) {
      expect(all.has(e), e.path).toBe(true);
      expect(e.auth, e.path).toBe(true);
      expect(Object.keys(USER_LIMITS)).toContain(bucket);
    }
    expect(new Set(LIMITED_ENDPOINTS.values())).toEqual(new Set(Object.keys(USER_LIMITS)));
  });
});

// Over HTTP, on the real limits (scale 1) and a manual clock. No reset() between tests: the limiter's state is
// the server's, so each test signs up its own users and the clock only moves forward.
let h: TestServer;
beforeAll(async () => {
  h = await startTestServer({ clock: 'manual', env: { USER_LIMIT_SCALE: '1' }, login: { emailCode: true } });
});
afterAll(() => h.close());

const BODIES: Record<LimitBucket, { endpoint: Endpoint; body: unknown }> = {
  orders: {
    endpoint: tradingApi.submitSpotOrder,
    body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '1', amount: '0.001' },
  },
  transfers: {
    endpoint: assetApi.transferFunds,
    body: { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '1' },
  },
  flow: {
    endpoint: flowApi.flowTake,
    body: { offerId: 999_999, by: 'coin', amount: '10', method: 'bank' },
  },
};

async function post(endpoint: Endpoint, body: unknown, token: string, key?: string) {
  return h.app.inject({
    method: endpoint.method,
    url: endpoint.path,
    headers: { 'content-type': 'application/json', satoken: token, ...(key ? { 'idempotency-key': key } : {}) },
    payload: JSON.stringify(body),
  });
}

describe('[SAFE-31] per-user limits over HTTP', () => {
  for (const bucket of Object.keys(BODIES) as LimitBucket[]) {
    it(`[SAFE-31] ${bucket}: beyond the burst 429 with Retry-After and a message naming the limit; another user is unaffected; after the wait the call passes`, async () => {
      const { endpoint, body } = BODIES[bucket];
      const limit = USER_LIMITS[bucket];
      const a = await h.signUp(`${bucket}-a@example.com`);
      const b = await h.signUp(`${bucket}-b@example.com`);
      for (let i = 0; i < limit.burst; i++) {
        const r = await post(endpoint, body, a);
        expect(r.statusCode, r.body).toBe(200); // answered by the handler (a business refusal is fine)
      }
      const refused = await post(endpoint, body, a);
      const secs = Math.max(1, Math.ceil(60 / limit.perMinute));
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(secs));
      expect(refused.json()).toEqual({ code: 0, msg: `Too many ${limit.what}, try again in ${secs} s`, data: null });
      expect((await post(endpoint, body, b)).statusCode).toBe(200);
      h.clock.advance(60_000 / limit.perMinute); // one call regained (Retry-After is this, rounded up to a second)
      expect((await post(endpoint, body, a)).statusCode).toBe(200);
      expect((await post(endpoint, body, a)).statusCode).toBe(429);
    });
  }

  it('[SAFE-31] a refused idempotent call stores no key: the same key is honoured once the wait is over', async () => {
    const { endpoint, body } = BODIES.transfers;
    const t = await h.signUp('idem@example.com');
    for (let i = 0; i < USER_LIMITS.transfers.burst; i++) await post(endpoint, body, t);
    const key = 'limit-key-0001';
    const refused = await post(endpoint, body, t, key);
    expect(refused.statusCode).toBe(429);
    const keys = () =>
      (h.ctx.db.prepare('SELECT COUNT(*) AS n FROM idempotency_keys WHERE key = ?').get(key) as { n: number }).n;
    expect(keys()).toBe(0);
    h.clock.advance(60_000);
    const first = await post(endpoint, body, t, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(keys()).toBe(1);
  });
});

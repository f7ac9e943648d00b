import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { financeApi } from '../../../shared/api/finance';
import type { FinanceHolding } from '../../../shared/schemas/finance';
import { ApiError } from '../../api/client';
import { findSubscription, outcomeUnknown, pendingSubscriptions, sendSubscribe, subscribeIntent } from './data';
import { memoryStorage } from '../../state/testing/memoryStorage';

/** The one client, replaced: subscribing never answers (a lost reply); the holdings list answers `rows`. */
const server = vi.hoisted(() => ({ keys: [] as string[], rows: [] as unknown[], holdingsAsked: 0 }));
vi.mock('../../api/client', async (orig) => {
  const real = await orig<typeof import('../../api/client')>();
  return {
    ...real,
    call: vi.fn((endpoint: unknown, input: { idempotencyKey?: string } = {}) => {
      if (endpoint === financeApi.financeSubscribe) {
        server.keys.push(input.idempotencyKey ?? '');
        return Promise.reject(new real.ApiError('timeout', 'timed out'));
      }
      if (endpoint === financeApi.financeHoldings) {
        server.holdingsAsked++;
        return Promise.resolve({ total: server.rows.length, rows: server.rows });
      }
      return Promise.reject(new Error('unexpected call'));
    }),
  };
});
vi.mock('../../money/balances', () => ({ balancesChanged: () => undefined }));

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  server.keys.length = 0;
  server.rows = [];
  server.holdingsAsked = 0;
});
afterEach(() => vi.unstubAllGlobals());

const T0 = 1_800_000_000_000;
const holding = (o: Partial<FinanceHolding>): FinanceHolding => ({
  id: 5,
  productId: 2,
  productName: 'USDT 30 days',
  coin: 'USDT',
  kind: 'fixed',
  apr: '0.07',
  principal: '100.00000000',
  accrued: '0',
  paid: '0',
  subscribedAt: T0 + 1000,
  interestFrom: T0,
  maturesAt: T0,
  autoRenew: false,
  status: 'active',
  endedAt: null,
  redeemable: false,
  ...o,
});

describe('[FINUI-8] a subscription is sent once; a lost reply is asked of the holdings list', () => {
  it('a second try of the same intent, after a lost reply and a reload, carries the same key', async () => {
    const first = subscribeIntent(2, '100', false, T0);
    const err = await sendSubscribe(2, '100', false, first).catch((e: unknown) => e);
    expect(outcomeUnknown(err)).toBe(true);
    // After a "reload": the same product, amount and switch find the pending intent again.
    const again = subscribeIntent(2, '100', false, T0 + 60_000);
    expect(again).toBe(first);
    await sendSubscribe(2, '100', false, again).catch(() => undefined);
    expect(server.keys).toHaveLength(2);
    expect(server.keys[1]).toBe(server.keys[0]);
    expect(pendingSubscriptions(2)).toEqual([{ intent: first, productId: 2, amount: '100', since: T0 }]);
    // Another amount is another intent.
    expect(subscribeIntent(2, '50', false, T0)).not.toBe(first);
  });

  it('finds the holding made since the intent began (never subscribing again) and ends the intent', async () => {
    const intent = subscribeIntent(2, '100', false, T0);
    await sendSubscribe(2, '100', false, intent).catch(() => undefined);
    const [pending] = pendingSubscriptions(2);
    // Nothing yet (an older holding of the same amount does not count).
    server.rows = [holding({ id: 1, subscribedAt: T0 - 86_400_000 })];
    expect(await findSubscription(pending)).toBeUndefined();
    expect(pendingSubscriptions(2)).toHaveLength(1);
    server.rows = [holding({ id: 1, subscribedAt: T0 - 86_400_000 }), holding({ id: 9 })];
    expect((await findSubscription(pending))?.id).toBe(9);
    expect(pendingSubscriptions(2)).toEqual([]);
    expect(server.keys).toHaveLength(1);
    expect(server.holdingsAsked).toBe(2);
  });

  it('only network and timeout count as a lost reply', () => {
    expect(outcomeUnknown(new ApiError('timeout', 'x'))).toBe(true);
    expect(outcomeUnknown(new ApiError('network', 'x'))).toBe(true);
    expect(outcomeUnknown(new ApiError('business', 'x', 0, 200))).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flowApi } from '../../../shared/api/flow';
import type { FlowOrder } from '../../../shared/schemas/flow';
import { flowOrder } from './testing/fixtures';
import {
  findTake,
  outcomeUnknown,
  pendingActions,
  pendingTakes,
  sendAction,
  sendTake,
  settleActions,
  takeIntent,
} from './data';
import { memoryStorage } from '../../state/testing/memoryStorage';

/**
 * The one client, replaced: every POST times out (a lost reply) and records its Idempotency-Key; the orders list
 * and one order answer what the test put on the "server".
 */
const server = vi.hoisted(() => ({
  keys: [] as { path: string; key: string }[],
  rows: [] as unknown[],
  order: null as unknown,
  asked: 0,
}));
vi.mock('../../api/client', async (orig) => {
  const real = await orig<typeof import('../../api/client')>();
  return {
    ...real,
    call: vi.fn((endpoint: { method: string; path: string }, input: { idempotencyKey?: string } = {}) => {
      if (endpoint.method === 'POST') {
        server.keys.push({ path: endpoint.path, key: input.idempotencyKey ?? '' });
        return Promise.reject(new real.ApiError('timeout', 'timed out'));
      }
      server.asked++;
      if (endpoint === flowApi.flowOrders) return Promise.resolve({ total: server.rows.length, rows: server.rows });
      if (endpoint === flowApi.flowOrder) return Promise.resolve(server.order);
      return Promise.reject(new Error('unexpected call'));
    }),
  };
});
vi.mock('../../money/balances', () => ({ balancesChanged: () => undefined }));

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  server.keys.length = 0;
  server.rows = [];
  server.order = null;
  server.asked = 0;
});
afterEach(() => vi.unstubAllGlobals());

const T0 = 1_800_000_000_000;
const order = (o: Partial<FlowOrder> = {}): FlowOrder =>
  flowOrder({
    id: 9,
    offerId: 4,
    amount: '50',
    fiatAmount: '51.00',
    createdAt: T0 + 500,
    payBy: T0 + 900_000,
    payDetails: 'IBAN',
    ...o,
  });
const TAKE = { offerId: 4, by: 'fiat' as const, amount: '51', method: 'bank' as const, payDetails: '' };

describe('[FLOWUI-6] a take is sent once; a lost reply is asked of the orders list', () => {
  it('after a lost reply and a "reload", the same take carries the same key', async () => {
    const first = takeIntent(4, 'fiat', '51', T0);
    const err = await sendTake(TAKE, first).catch((e: unknown) => e);
    expect(outcomeUnknown(err)).toBe(true);
    expect(pendingTakes(4).map((p) => p.intent)).toEqual([first]);
    const again = takeIntent(4, 'fiat', '51', T0 + 60_000);
    expect(again).toBe(first);
    await sendTake(TAKE, again).catch(() => undefined);
    expect(server.keys.map((k) => k.path)).toEqual(['/api/flow/take', '/api/flow/take']);
    expect(server.keys[1].key).toBe(server.keys[0].key);
    // Another amount is another intent, with its own key.
    expect(takeIntent(4, 'fiat', '60', T0)).not.toBe(first);
  });

  it('the order the lost take made is found by asking, never by taking again; the intent then ends', async () => {
    const intent = takeIntent(4, 'fiat', '51', T0);
    await sendTake(TAKE, intent).catch(() => undefined);
    const [p] = pendingTakes(4);
    expect(await findTake(p)).toBeUndefined();
    expect(pendingTakes(4)).toHaveLength(1);
    server.rows = [order({ offerId: 5 }), order({ id: 10 })];
    expect((await findTake(p))?.id).toBe(10);
    expect(pendingTakes(4)).toEqual([]);
    expect(server.keys).toHaveLength(1);
    expect(server.asked).toBe(2);
  });
});

describe('[FLOWUI-6] an order action is sent once; a lost reply is asked of the order', () => {
  it('"I have paid" lost: the same key again; settled once the order shows paid', async () => {
    await sendAction('paid', 9).catch(() => undefined);
    await sendAction('paid', 9).catch(() => undefined);
    expect(server.keys[1].key).toBe(server.keys[0].key);
    expect(pendingActions(9)).toEqual(['paid']);
    server.order = order();
    await settleActions(9);
    expect(pendingActions(9)).toEqual(['paid']);
    server.order = order({ state: 'paid', paidAt: T0 + 1000 });
    await settleActions(9);
    expect(pendingActions(9)).toEqual([]);
    // A new intent after it ended has a new key.
    await sendAction('paid', 9).catch(() => undefined);
    expect(server.keys[2].key).not.toBe(server.keys[0].key);
  });

  it('an action on another order is not settled by this one', async () => {
    await sendAction('cancel', 91).catch(() => undefined);
    await settleActions(9, order({ state: 'cancelled' }));
    expect(pendingActions(91)).toEqual(['cancel']);
  });
});

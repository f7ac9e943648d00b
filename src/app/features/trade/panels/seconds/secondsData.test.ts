import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../api/client';
import { OrderUnconfirmed } from '../../components/kit/contractOrders';
import * as data from './secondsData';
import { contractServer as server, freshContractServer, testSecondOrder } from '../testing';

/** The one client, replaced: each test says what the server answers (or that the reply never comes). */
vi.mock('../../../../api/client', async (orig) => {
  const { tradingApi } = await import('../../../../../shared/api/trading');
  const real = await orig<typeof import('../../../../api/client')>();
  return (await import('../testing')).withContractCall(
    real,
    tradingApi.createSecondOrder,
    tradingApi.selectSecondOrders,
  );
});

// The market worker's hooks (reached through the wallet's balances) need a page; none here.
vi.mock('../../../../market/hooks', () => ({ useLiveAccount: () => undefined }));

const order = testSecondOrder;

const req = { symbol: 'btcusdt', direction: 'up' as const, amount: '100', periodId: 1 };
const ctx = { afterId: 41, since: 1_000_000, at: 2_000_000 };

freshContractServer();

describe('second contracts: one submission per intent (SECUI-5)', () => {
  it('[SECUI-5] a reply that times out is answered by finding the order in selectOrderList, never by sending again', async () => {
    server.reply = () => Promise.reject(new ApiError('timeout', 'Request timed out'));
    server.rows = [order({ id: 41, openTime: 900_000 }), order({ id: 42 })];
    const placed = await data.placeSecondOrder(req, ctx);
    expect(placed.id).toBe(42);
    expect(server.placed).toHaveLength(1);
    expect(server.lookups).toHaveLength(1);
    expect(data.pendingSeconds()).toEqual([]);
  });

  it('[SECUI-5] not there yet: the panel is told it is unconfirmed, the key stays, the same order again sends the same key, and after a reload the lookup finds it', async () => {
    server.reply = () => Promise.reject(new ApiError('network', 'Network anomaly'));
    await expect(data.placeSecondOrder(req, ctx)).rejects.toBeInstanceOf(OrderUnconfirmed);
    expect(data.pendingSeconds()).toHaveLength(1);
    expect(data.pendingSeconds()[0]).toMatchObject({ symbol: 'btcusdt', direction: 'up', amount: '100', afterId: 41 });

    // Confirming the same pair, direction, stake and period again: the server sees the same key.
    server.reply = () => Promise.reject(new ApiError('timeout', 'Request timed out'));
    await expect(data.placeSecondOrder({ ...req, amount: '100' }, { ...ctx, at: ctx.at + 5_000 })).rejects.toThrow();
    expect(server.placed).toHaveLength(2);
    expect(server.placed[1].key).toBe(server.placed[0].key);
    expect(server.placed[1].body).toEqual(server.placed[0].body);

    // A reload keeps only the storage (these modules hold no state of their own): the pending submission is read
    // back from it and looked for; the order has appeared on the server meanwhile.
    const [pending] = data.pendingSeconds();
    server.rows = [order({ id: 42 })];
    await expect(data.resolvePending(pending, ctx.at + 10_000)).resolves.toEqual({
      kind: 'found',
      order: order({ id: 42 }),
    });
    expect(data.pendingSeconds()).toEqual([]);
  });

  it('[SECUI-5] after two minutes without a trace the order was not placed: the key is forgotten', async () => {
    server.reply = () => Promise.reject(new ApiError('timeout', 'Request timed out'));
    await expect(data.placeSecondOrder(req, ctx)).rejects.toBeInstanceOf(OrderUnconfirmed);
    const [p] = data.pendingSeconds();
    await expect(data.resolvePending(p, ctx.at + 60_000)).resolves.toEqual({ kind: 'waiting' });
    expect(data.pendingSeconds()).toHaveLength(1);
    await expect(data.resolvePending(p, ctx.at + 120_001)).resolves.toEqual({ kind: 'gone' });
    expect(data.pendingSeconds()).toEqual([]);
  });

  it('[SECUI-5] a refusal is an answer: its message comes back, nothing is looked up, the next order gets a new key', async () => {
    server.reply = () =>
      Promise.reject(new ApiError('business', 'Stake is more than your available balance of 50 USDT', 0, 200));
    await expect(data.placeSecondOrder(req, ctx)).rejects.toThrow('available balance of 50 USDT');
    expect(server.lookups).toHaveLength(0);
    expect(data.pendingSeconds()).toEqual([]);
    server.reply = () => Promise.resolve(order({ id: 43 }));
    await expect(data.placeSecondOrder(req, ctx)).resolves.toMatchObject({ id: 43 });
    expect(server.placed[1].key).not.toBe(server.placed[0].key);
  });

  it('[SECUI-5] a different order while one is unanswered is its own intent with its own key', async () => {
    server.reply = () => Promise.reject(new ApiError('timeout', 'Request timed out'));
    await expect(data.placeSecondOrder(req, ctx)).rejects.toBeInstanceOf(OrderUnconfirmed);
    server.reply = () => Promise.resolve(order({ id: 44, direction: 'down' }));
    await data.placeSecondOrder({ ...req, direction: 'down' }, ctx);
    expect(server.placed[1].key).not.toBe(server.placed[0].key);
    expect(data.pendingSeconds().map((p) => p.direction)).toEqual(['up']);
  });
});

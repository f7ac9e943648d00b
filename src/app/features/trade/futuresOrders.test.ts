import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FuturesOrder, FuturesOrderBody } from '../../../shared/schemas/futures';
import { ApiError } from '../../api/client';
import { pendingIntents } from '../../data/mutate';
import { FUTURES_INTENT_PREFIX, placeFuturesOrder, type FuturesDeps } from './futuresOrders';
import { LOOKUP_BACKOFF_MS } from './orderIntents';
import { memoryStorage } from '../../state/testing/memoryStorage';

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

const req = {
  symbol: 'btcusdt',
  side: 'long',
  action: 'open',
  type: 'limit',
  price: '100.00',
  shares: '10',
  leverage: 10,
} as const;

const order = (clientOrderId: string): FuturesOrder => ({
  id: 41,
  clientOrderId,
  ...req,
  filledShares: '0',
  avgPrice: null,
  heldMargin: '1.01',
  fee: '0',
  realisedPnl: '0',
  takeProfit: null,
  stopLoss: null,
  origin: 'user',
  status: 'open',
  cancelReason: null,
  createTime: 1,
  updateTime: 1,
});

function world(lookups: ((cid: string) => Promise<FuturesOrder | undefined>)[]) {
  const submits: { body: FuturesOrderBody; key: string }[] = [];
  const asked: string[] = [];
  let n = 0;
  const deps: FuturesDeps = {
    submit: (body, key) => {
      submits.push({ body, key });
      return Promise.reject(new ApiError('timeout', 'Request timed out'));
    },
    lookup: (cid) => {
      asked.push(cid);
      const f = lookups[Math.min(n++, lookups.length - 1)];
      return f(cid);
    },
    sleep: () => Promise.resolve(),
    now: () => 1000,
    newId: () => 'abc',
  };
  return { deps, submits, asked };
}

describe('[FUI-8] a futures order whose reply was lost', () => {
  it('[FUI-8] is looked up by its clientOrderId, never sent again', async () => {
    const w = world([() => Promise.resolve(undefined), (cid) => Promise.resolve(order(cid))]);
    const checking = vi.fn();
    const out = await placeFuturesOrder(req, { deps: w.deps, onChecking: checking });
    expect(w.submits).toHaveLength(1);
    const key = w.submits[0].key;
    expect(w.submits[0].body.clientOrderId).toBe(key);
    expect(w.asked).toEqual([key, key]);
    expect(checking).toHaveBeenCalledOnce();
    expect(out).toEqual({ kind: 'placed', order: order(key), recovered: true });
    expect(pendingIntents(FUTURES_INTENT_PREFIX)).toEqual([]);
  });

  it('[FUI-8] the server never had it: not placed, after the whole backoff window', async () => {
    const w = world([() => Promise.resolve(undefined)]);
    const out = await placeFuturesOrder(req, { deps: w.deps });
    expect(out).toEqual({ kind: 'notPlaced' });
    expect(w.submits).toHaveLength(1);
    expect(w.asked).toHaveLength(LOOKUP_BACKOFF_MS.length);
  });

  it('[FUI-8] the server cannot be asked: unknown, the intent and its key stay for a later ask', async () => {
    const w = world([() => Promise.reject(new ApiError('network', 'Network anomaly'))]);
    const out = await placeFuturesOrder(req, { deps: w.deps });
    expect(out).toEqual({ kind: 'unknown', intent: `${FUTURES_INTENT_PREFIX}1000:abc` });
    expect(pendingIntents(FUTURES_INTENT_PREFIX)).toEqual([`${FUTURES_INTENT_PREFIX}1000:abc`]);
    expect(w.submits).toHaveLength(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpotOrder, SpotOrderBody } from '../../../shared/schemas/trading';
import { StorageKeys } from '../../../shared/storageKeys';
import { ApiError } from '../../api/client';
import { pendingIntents } from '../../data/mutate';
import { LOOKUP_BACKOFF_MS } from './orderIntents';
import { SPOT_INTENT_PREFIX, placeSpotOrder, resolveSpotIntent, staleSpotIntents, type SpotDeps } from './spotOrders';
import { memoryStorage } from '../../state/testing/memoryStorage';

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const order = (clientOrderId: string): SpotOrder => ({
  id: 7,
  clientOrderId,
  symbol: 'btcusdt',
  side: 'buy',
  type: 'limit',
  price: '100',
  amount: '1',
  filled: '0',
  filledTotal: '0',
  avgPrice: null,
  fee: '0',
  feeCoin: 'USDT',
  status: 'open',
  cancelReason: null,
  createTime: 1,
  updateTime: 1,
});

/** Scripted world: the submit and each lookup answer as the test says; waits are recorded, not waited. */
function world(
  submit: (body: SpotOrderBody, key: string) => Promise<SpotOrder>,
  lookups: ((cid: string) => Promise<SpotOrder>)[],
) {
  const sent: { body: SpotOrderBody; key: string }[] = [];
  const asked: string[] = [];
  const waits: number[] = [];
  let now = 1_000_000;
  const deps: SpotDeps = {
    submit: (body, key) => {
      sent.push({ body, key });
      return submit(body, key);
    },
    lookup: (cid) => {
      asked.push(cid);
      const next = lookups.shift();
      return next ? next(cid) : Promise.reject(new ApiError('business', 'No order with this clientOrderId'));
    },
    sleep: (ms) => {
      waits.push(ms);
      now += ms;
      return Promise.resolve();
    },
    now: () => now,
    newId: () => 'abc',
  };
  return { deps, sent, asked, waits, advance: (ms: number) => (now += ms) };
}

const req = { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '100', amount: '1' } as const;
const lost = () => Promise.reject(new ApiError('timeout', 'Request timed out'));
const notFound = () => Promise.reject(new ApiError('business', 'No order with this clientOrderId'));
const offline = () => Promise.reject(new ApiError('network', 'Network anomaly'));

describe('[TRADE-13] one submission per intent', () => {
  it('[TRADE-13] the clientOrderId is the intent key; an answered order ends the intent', async () => {
    const w = world((body) => Promise.resolve(order(body.clientOrderId!)), []);
    const out = await placeSpotOrder(req, { deps: w.deps });
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0].body.clientOrderId).toBe(w.sent[0].key);
    expect(w.sent[0].key).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(out).toEqual({ kind: 'placed', order: order(w.sent[0].key), recovered: false });
    expect(pendingIntents(SPOT_INTENT_PREFIX)).toEqual([]);
  });

  it('[TRADE-13] a lost reply is answered by lookups with backoff, never by a second submission', async () => {
    let checking = 0;
    const w = world(lost, [notFound, offline, (cid) => Promise.resolve(order(cid))]);
    const out = await placeSpotOrder(req, { deps: w.deps, onChecking: () => checking++ });
    expect(w.sent).toHaveLength(1);
    expect(checking).toBe(1);
    expect(w.asked).toEqual([w.sent[0].key, w.sent[0].key, w.sent[0].key]);
    expect(w.waits).toEqual(LOOKUP_BACKOFF_MS.slice(0, 3));
    expect(out).toMatchObject({ kind: 'placed', recovered: true, order: { clientOrderId: w.sent[0].key } });
    expect(pendingIntents(SPOT_INTENT_PREFIX)).toEqual([]);
  });

  it('[TRADE-13] no such order at the end of the window: not placed, the intent ends; still one submission', async () => {
    const w = world(lost, []);
    const out = await placeSpotOrder(req, { deps: w.deps });
    expect(out).toEqual({ kind: 'notPlaced' });
    expect(w.sent).toHaveLength(1);
    expect(w.asked).toHaveLength(LOOKUP_BACKOFF_MS.length);
    expect(pendingIntents(SPOT_INTENT_PREFIX)).toEqual([]);
  });

  it('[TRADE-13] the server unreachable to the end: unknown, the intent and its key stay for a later ask', async () => {
    const w = world(
      lost,
      LOOKUP_BACKOFF_MS.map(() => offline),
    );
    const out = await placeSpotOrder(req, { deps: w.deps });
    expect(out.kind).toBe('unknown');
    const [intent] = pendingIntents(SPOT_INTENT_PREFIX);
    expect(out).toEqual({ kind: 'unknown', intent });
    // Asked again later (a "check again" or the next page): the same key, still no resubmission.
    const later = world(lost, [(cid) => Promise.resolve(order(cid))]);
    const again = await resolveSpotIntent(intent, later.deps);
    expect(again).toMatchObject({ kind: 'placed', recovered: true });
    expect(later.asked).toEqual([w.sent[0].key]);
    expect(later.sent).toHaveLength(0);
    expect(pendingIntents(SPOT_INTENT_PREFIX)).toEqual([]);
  });

  it('[TRADE-13] a refusal is the answer: it is thrown with its message and the intent ends', async () => {
    const w = world(() => Promise.reject(new ApiError('business', 'Minimum order is 0.0001 BTC', 500)), []);
    await expect(placeSpotOrder(req, { deps: w.deps })).rejects.toThrow('Minimum order is 0.0001 BTC');
    expect(w.asked).toEqual([]);
    expect(pendingIntents(SPOT_INTENT_PREFIX)).toEqual([]);
  });

  it('[TRADE-13] after a reload, only intents older than the request timeout are resolved, by lookup', async () => {
    const w = world(
      lost,
      LOOKUP_BACKOFF_MS.map(() => offline),
    );
    await placeSpotOrder(req, { deps: w.deps });
    const stored = JSON.parse(localStorage.getItem(StorageKeys.pendingIntents) ?? '{}') as Record<string, string>;
    const [intent] = Object.keys(stored);
    const made = Number(intent.slice(SPOT_INTENT_PREFIX.length).split(':')[0]);
    expect(staleSpotIntents(made + 5_000)).toEqual([]);
    expect(staleSpotIntents(made + 60_000)).toEqual([intent]);
    // A reload: the module is fresh, the storage is not.
    vi.resetModules();
    const fresh = await import('./spotOrders');
    const after = world(lost, [(cid) => Promise.resolve(order(cid))]);
    after.advance(120_000);
    const outcomes: string[] = [];
    await fresh.resumeSpotIntents((o) => outcomes.push(o.kind), after.deps);
    expect(outcomes).toEqual(['placed']);
    expect(after.asked).toEqual([stored[intent]]);
    expect(after.sent).toHaveLength(0);
    // Once per page.
    await fresh.resumeSpotIntents((o) => outcomes.push(o.kind), after.deps);
    expect(outcomes).toEqual(['placed']);
  });
});

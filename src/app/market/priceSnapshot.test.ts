import { describe, expect, it } from 'vitest';
import { topicKey, type TickerView } from '../../engine';
import { batchOf, tickerAt } from '../../workers/testing/batches';
import {
  installPriceSnapshot,
  SNAPSHOT_EVERY_MS,
  SNAPSHOT_MAX,
  snapshotOf,
  tickersOfSnapshot,
  type PriceSnapshot,
} from './priceSnapshot';
import { MarketStore } from './store';

const ticker = (symbol: string, price: string, changePct = '+1.23%') =>
  tickerAt(symbol, price, {
    changePct,
    change: '+0.10',
    dir: 1,
    tickDir: -1,
    vol24: '1.2K',
    amount24: '3.4M',
    ts: 123,
  });

/** A fake clock and interval, and a storage slot holding what was written (as JSON text, like localStorage). */
function harness(stored?: unknown) {
  let slot: string | undefined = stored === undefined ? undefined : JSON.stringify(stored);
  let tick: (() => void) | undefined;
  let now = 1_000;
  const writes: PriceSnapshot[] = [];
  const deps = {
    tickerKey: (symbol: string) => topicKey({ kind: 'ticker', symbol }),
    read: () => (slot === undefined ? undefined : JSON.parse(slot)),
    write: (s: PriceSnapshot) => {
      writes.push(s);
      slot = JSON.stringify(s);
    },
    now: () => now,
    setInterval: (fn: () => void, ms: number) => {
      expect(ms).toBe(SNAPSHOT_EVERY_MS);
      tick = fn;
      return 1;
    },
    clearInterval: () => (tick = undefined),
  };
  return {
    deps,
    writes,
    slot: () => slot,
    fire: () => {
      now += SNAPSHOT_EVERY_MS;
      tick?.();
    },
  };
}

describe('[PERF-24] the last prices a tab showed', () => {
  it('[PERF-24] saves the live tickers at a calm cadence, only while live, and restores their strings as they were', () => {
    const h = harness();
    const live = new MarketStore();
    installPriceSnapshot(live, h.deps);
    live.apply(batchOf({ tickers: [ticker('ethusdt', '3120.55', '-0.40%'), ticker('btcusdt', '64123.50')] }));
    h.fire();
    expect(h.writes).toEqual([]); // not live yet: a tab that never connected keeps what it found
    live.setHealth('live');
    h.fire();
    h.fire(); // unchanged prices: nothing more is written
    expect(h.writes).toHaveLength(1);
    expect(h.writes[0].tickers.map((t) => [t.symbol, t.price, t.changePct])).toEqual([
      ['btcusdt', '64123.50', '+1.23%'],
      ['ethusdt', '3120.55', '-0.40%'],
    ]);

    // The next start, before any connection: the saved strings are in the store, with no flash.
    const next = new MarketStore();
    installPriceSnapshot(next, harness(JSON.parse(h.slot()!)).deps);
    expect(next.get('ticker:btcusdt')).toMatchObject({
      symbol: 'btcusdt',
      price: '64123.50',
      changePct: '+1.23%',
      dir: 1,
      tickDir: 0,
    });
  });

  it('[PERF-24] a live ticker replaces its saved one; the first live connection drops the saved ones left, and only live ones are saved', () => {
    const saved = snapshotOf([ticker('btcusdt', '1.00'), ticker('ethusdt', '2.00')], 5);
    const h = harness(saved);
    const s = new MarketStore();
    let notified = 0;
    s.subscribe('ticker:ethusdt', () => notified++);
    installPriceSnapshot(s, h.deps);
    expect(notified).toBe(1);
    expect((s.get('ticker:ethusdt') as TickerView).price).toBe('2.00');
    s.apply(batchOf({ tickers: [ticker('btcusdt', '1.50')] }));
    expect((s.get('ticker:btcusdt') as TickerView).price).toBe('1.50');
    s.setHealth('live');
    expect(s.get('ticker:ethusdt')).toBeUndefined();
    expect(s.get('ticker:btcusdt')).toBeDefined();
    h.fire();
    expect(h.writes.at(-1)!.tickers.map((t) => [t.symbol, t.price])).toEqual([['btcusdt', '1.50']]);
  });

  it('[PERF-24] a tab already live keeps its live tickers: nothing saved is put over them', () => {
    const s = new MarketStore();
    s.apply(batchOf({ tickers: [ticker('btcusdt', '9.00')] }));
    s.setHealth('live');
    installPriceSnapshot(s, harness(snapshotOf([ticker('btcusdt', '1.00'), ticker('ethusdt', '2.00')], 5)).deps);
    expect((s.get('ticker:btcusdt') as TickerView).price).toBe('9.00');
    expect(s.get('ticker:ethusdt')).toBeUndefined();
  });

  it('[PERF-24] a malformed or foreign snapshot restores nothing of its bad entries; at most SNAPSHOT_MAX are kept', () => {
    expect(tickersOfSnapshot(undefined)).toEqual([]);
    expect(tickersOfSnapshot('x')).toEqual([]);
    expect(tickersOfSnapshot({ v: 2, tickers: [] })).toEqual([]);
    const good = snapshotOf([ticker('btcusdt', '1.00')], 5).tickers[0];
    const restored = tickersOfSnapshot({
      v: 1,
      at: 5,
      tickers: [good, { ...good, price: 1 }, { ...good, dir: 2 }, null],
    });
    expect(restored.map((t) => t.symbol)).toEqual(['btcusdt']);
    const many = Array.from({ length: SNAPSHOT_MAX + 5 }, (_, i) => ticker(`c${String(i).padStart(3, '0')}usdt`, '1'));
    expect(snapshotOf(many, 0).tickers).toHaveLength(SNAPSHOT_MAX);
  });
});

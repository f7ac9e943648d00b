import { describe, expect, it } from 'vitest';
import { topicKey, type Topic } from '../../engine';
import type { MarketClient } from './client';
import { createDebugHandle } from './debug';
import { MarketStore } from './store';

function fakeClient() {
  const released: string[] = [];
  const store = new MarketStore();
  const client = {
    store,
    watch: (t: Topic) => () => released.push(topicKey(t)),
    watching: () => [],
  } as unknown as MarketClient;
  return { client, store, released };
}

describe('window.__openex [WORK-14]', () => {
  it('[WORK-14] watch returns a handle; unwatch releases exactly that watch, once', () => {
    const { client, released } = fakeClient();
    const d = createDebugHandle(client);
    const a = d.watch({ kind: 'ticker', symbol: 'btcusdt' });
    const b = d.watch({ kind: 'ticker', symbol: 'ethusdt' });
    expect(a).not.toBe(b);
    d.unwatch(b);
    d.unwatch(b);
    expect(released).toEqual(['ticker:ethusdt']);
  });

  it('[WORK-14] snapshots are plain copies: typed arrays become number arrays', () => {
    const { client, store } = fakeClient();
    store.apply({
      t: 'batch',
      n: 1,
      tickers: [],
      trades: [],
      klines: [
        {
          full: true,
          symbol: 'btcusdt',
          interval: '1m',
          version: 3,
          capacity: 10,
          rows: {
            length: 1,
            time: Float64Array.of(60),
            open: Float64Array.of(1),
            high: Float64Array.of(2),
            low: Float64Array.of(0.5),
            close: Float64Array.of(1.5),
            volume: Float64Array.of(9),
          },
          lastClose: '1.50',
          priceDecimals: 2,
        },
      ],
      newestTs: 0,
    });
    const snap = createDebugHandle(client).snapshot('klines:btcusdt:1m') as Record<string, unknown>;
    expect(snap.time).toEqual([60]);
    expect(snap.close).toEqual([1.5]);
    expect(snap.lastClose).toBe('1.50');
    expect(createDebugHandle(client).snapshot('klines:nope:1m')).toBeUndefined();
  });
});

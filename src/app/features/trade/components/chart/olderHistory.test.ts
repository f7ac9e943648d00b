import { describe, expect, it } from 'vitest';
import { NEAR_CANDLES, createOlderPager, nearOldest } from './olderHistory';

const span = { first: 0, last: 60 * 499, step: 60 };
const far = { min: 60 * 400, max: 60 * 500 };
const edge = { min: 60 * 10, max: 60 * 110 };

function deferred() {
  let resolve!: (n: number) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('older history on demand', () => {
  it('asks only when the left edge of the view comes near the first loaded candle', () => {
    expect(nearOldest(far, span)).toBe(false);
    expect(nearOldest(edge, span)).toBe(true);
    expect(nearOldest({ min: NEAR_CANDLES * 60, max: NEAR_CANDLES * 60 + 12 * 60 }, span)).toBe(true);
  });

  it('one request in flight at a time', async () => {
    const calls: string[] = [];
    const d = deferred();
    const pager = createOlderPager((key) => (calls.push(key), d.promise));
    pager.check('btcusdt|1m', far, span);
    expect(calls).toEqual([]);
    pager.check('btcusdt|1m', edge, span);
    pager.check('btcusdt|1m', edge, span);
    expect(calls).toEqual(['btcusdt|1m']);
    d.resolve(500);
    await flush();
    pager.check('btcusdt|1m', edge, span);
    expect(calls).toHaveLength(2);
  });

  it('an answer of 0 stops asking for that symbol and interval until it changes', async () => {
    let n = 0;
    const pager = createOlderPager(() => (n++, Promise.resolve(0)));
    pager.check('btcusdt|1m', edge, span);
    await flush();
    pager.check('btcusdt|1m', edge, span);
    await flush();
    expect(n).toBe(1);
    pager.check('btcusdt|5m', edge, span);
    await flush();
    expect(n).toBe(2);
    pager.check('btcusdt|1m', edge, span);
    expect(n).toBe(3);
  });

  it('a failed request may be asked again by the next pan or zoom', async () => {
    let n = 0;
    const pager = createOlderPager(() => (n++, Promise.reject(new Error('offline'))));
    pager.check('btcusdt|1m', edge, span);
    await flush();
    pager.check('btcusdt|1m', edge, span);
    expect(n).toBe(2);
  });
});

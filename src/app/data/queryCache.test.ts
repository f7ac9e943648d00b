import { describe, expect, it } from 'vitest';
import { FakeTime } from '../../engine/testing/fakeTime';
import { FRESH_MS, QueryCache, queryKey } from './queryCache';

/** A fetcher whose calls the test answers by hand. */
function manual<T>() {
  const calls: { resolve(v: T): void; reject(e: Error): void; signal: AbortSignal }[] = [];
  const fetcher = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ resolve, reject, signal });
    });
  return { calls, fetcher };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('QueryCache', () => {
  it('shares one fetch and one answer among the subscribers of a key', async () => {
    const cache = new QueryCache(new FakeTime());
    const f = manual<number>();
    const k = queryKey(['n']);
    let heardA = 0;
    let heardB = 0;
    cache.subscribe(k, f.fetcher, () => heardA++);
    cache.subscribe(k, f.fetcher, () => heardB++);
    expect(f.calls).toHaveLength(1);
    expect(cache.get(k)).toEqual({ status: 'loading' });
    f.calls[0].resolve(7);
    await flush();
    expect(cache.get(k)).toEqual({ status: 'ok', data: 7 });
    expect([heardA, heardB]).toEqual([1, 1]);
  });

  it('invalidate fetches again the listened keys under a prefix, keeping the data while loading', async () => {
    const cache = new QueryCache(new FakeTime());
    const f = manual<string>();
    const other = manual<string>();
    cache.subscribe(queryKey(['rules', 'ABOUT']), f.fetcher, () => undefined);
    cache.subscribe(queryKey(['notices']), other.fetcher, () => undefined);
    f.calls[0].resolve('v1');
    other.calls[0].resolve('n1');
    await flush();
    cache.invalidate(queryKey(['rules']));
    expect(f.calls).toHaveLength(2);
    expect(other.calls).toHaveLength(1);
    expect(cache.get(queryKey(['rules', 'ABOUT']))).toEqual({ status: 'loading', data: 'v1' });
    f.calls[1].resolve('v2');
    await flush();
    expect(cache.get(queryKey(['rules', 'ABOUT']))).toEqual({ status: 'ok', data: 'v2' });
  });

  it('an error keeps the last data and says what failed; a reload fetches again', async () => {
    const cache = new QueryCache(new FakeTime());
    const f = manual<number>();
    const k = queryKey(['x']);
    cache.subscribe(k, f.fetcher, () => undefined);
    f.calls[0].resolve(1);
    await flush();
    cache.reload(k);
    f.calls[1].reject(new Error('boom'));
    await flush();
    expect(cache.get(k)).toEqual({ status: 'error', data: 1, error: 'boom' });
    cache.reload(k);
    expect(f.calls).toHaveLength(3);
  });

  it('[LIVE-6] a reload while a fetch is in flight does not abort it: its answer is shown, then the key is fetched again', async () => {
    const cache = new QueryCache(new FakeTime());
    const f = manual<number>();
    const k = queryKey(['unread']);
    const seen: unknown[] = [];
    cache.subscribe(k, f.fetcher, () => seen.push(cache.get(k)));
    cache.reload(k);
    cache.reload(k);
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0].signal.aborted).toBe(false);
    f.calls[0].resolve(1);
    await flush();
    expect(seen).toContainEqual({ status: 'ok', data: 1 });
    expect(f.calls).toHaveLength(2);
    // The follow-up keeps showing the answer it has (no loading state in between).
    expect(cache.get(k)).toEqual({ status: 'ok', data: 1 });
    f.calls[1].resolve(2);
    await flush();
    expect(cache.get(k)).toEqual({ status: 'ok', data: 2 });
    expect(f.calls).toHaveLength(2);
  });

  it('the last unsubscribe aborts the fetch in flight and its late answer is dropped', async () => {
    const cache = new QueryCache(new FakeTime());
    const f = manual<number>();
    const k = queryKey(['y']);
    let heard = 0;
    const off = cache.subscribe(k, f.fetcher, () => heard++);
    off();
    expect(f.calls[0].signal.aborted).toBe(true);
    f.calls[0].resolve(5);
    await flush();
    expect(heard).toBe(0);
    expect(cache.get(k).data).toBeUndefined();
    // Back on screen: fetched again.
    cache.subscribe(k, f.fetcher, () => undefined);
    expect(f.calls).toHaveLength(2);
  });

  it('refreshes every refreshMs after an answer while listened to, on the fake clock', async () => {
    const time = new FakeTime();
    const cache = new QueryCache(time);
    const f = manual<number>();
    const k = queryKey(['t']);
    const off = cache.subscribe(k, f.fetcher, () => undefined, 10_000);
    f.calls[0].resolve(1);
    await flush();
    time.advance(9_999);
    expect(f.calls).toHaveLength(1);
    time.advance(1);
    expect(f.calls).toHaveLength(2);
    expect(cache.get(k)).toEqual({ status: 'ok', data: 1 }); // a refresh does not show loading
    f.calls[1].resolve(2);
    await flush();
    off();
    expect(time.timerCount).toBe(0);
  });

  it('[PERF-62] a subscriber joining a listened key that has just answered takes that answer; later ones fetch', async () => {
    const time = new FakeTime();
    const cache = new QueryCache(time);
    const f = manual<number>();
    const k = queryKey(['notices', 'home']);
    cache.subscribe(k, f.fetcher, () => undefined);
    f.calls[0].resolve(1);
    await flush();
    // The screen's lower part mounts once the first call answered: no second call, no loading flash.
    cache.subscribe(k, f.fetcher, () => undefined);
    expect(f.calls).toHaveLength(1);
    expect(cache.get(k)).toEqual({ status: 'ok', data: 1 });
    // A subscriber that comes later still fetches again, as does one of a key nobody listens to.
    time.advance(FRESH_MS);
    cache.subscribe(k, f.fetcher, () => undefined);
    expect(f.calls).toHaveLength(2);
    const lone = queryKey(['lone']);
    const off = cache.subscribe(lone, f.fetcher, () => undefined);
    f.calls[2].resolve(3);
    await flush();
    off();
    cache.subscribe(lone, f.fetcher, () => undefined);
    expect(f.calls).toHaveLength(4);
  });

  it('[PERF-62] an error is fetched again for a new subscriber, and a shorter refresh than the scheduled one fetches', async () => {
    const time = new FakeTime();
    const cache = new QueryCache(time);
    const f = manual<number>();
    const k = queryKey(['e']);
    cache.subscribe(k, f.fetcher, () => undefined);
    f.calls[0].reject(new Error('down'));
    await flush();
    cache.subscribe(k, f.fetcher, () => undefined);
    expect(f.calls).toHaveLength(2);
    f.calls[1].resolve(1);
    await flush();
    cache.subscribe(k, f.fetcher, () => undefined, 5_000);
    expect(f.calls).toHaveLength(3);
    f.calls[2].resolve(2);
    await flush();
    time.advance(5_000);
    expect(f.calls).toHaveLength(4);
  });
});

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TxCache } from './txCache';

function setup() {
  const db = new Database(':memory:');
  const cache = new TxCache<{ v: string }>(db);
  return { db, cache };
}

describe('[CORE-8] rows kept for one transaction', () => {
  it('answers inside the transaction only, and drops everything when it ends', () => {
    const { db, cache } = setup();
    cache.set(1, { v: 'outside' });
    expect(cache.get(1)).toBeUndefined();
    db.transaction(() => {
      cache.set(1, { v: 'a' });
      expect(cache.get(1)).toEqual({ v: 'a' });
      // A copy: the caller's changes do not reach the kept row.
      cache.get(1)!.v = 'changed';
      expect(cache.get(1)).toEqual({ v: 'a' });
    })();
    expect(cache.get(1)).toBeUndefined();
    db.transaction(() => expect(cache.get(1)).toBeUndefined())();
  });

  it('a savepoint that rolls back takes its rows back; a released one keeps them until its parent rolls back', () => {
    const { db, cache } = setup();
    db.transaction(() => {
      cache.set(1, { v: 'a' });
      expect(() =>
        db.transaction(() => {
          cache.set(1, { v: 'b' });
          cache.set(2, { v: 'c' });
          throw new Error('refused');
        })(),
      ).toThrow('refused');
      expect(cache.get(1)).toEqual({ v: 'a' });
      expect(cache.get(2)).toBeUndefined();
      db.transaction(() => cache.set(2, { v: 'd' }))();
      expect(cache.get(2)).toEqual({ v: 'd' });
      expect(() =>
        db.transaction(() => {
          db.transaction(() => cache.set(3, { v: 'e' }))();
          throw new Error('parent refused');
        })(),
      ).toThrow('parent refused');
      expect(cache.get(3)).toBeUndefined();
      expect(cache.get(2)).toEqual({ v: 'd' });
    })();
  });

  it('an outer transaction that rolls back leaves nothing for the next one', () => {
    const { db, cache } = setup();
    expect(() =>
      db.transaction(() => {
        cache.set(1, { v: 'a' });
        throw new Error('no');
      })(),
    ).toThrow('no');
    db.transaction(() => expect(cache.read(1, () => undefined)).toBeUndefined())();
  });
});

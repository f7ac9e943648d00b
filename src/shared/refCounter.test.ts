import { describe, expect, it } from 'vitest';
import { RefCounter } from './refCounter';

describe('RefCounter', () => {
  it('says first on the first add and last on the last remove only', () => {
    const c = new RefCounter();
    expect(c.add('a')).toBe(true);
    expect(c.add('a')).toBe(false);
    expect(c.count('a')).toBe(2);
    expect(c.remove('a')).toBe(false);
    expect(c.remove('a')).toBe(true);
    expect(c.has('a')).toBe(false);
    expect(c.size).toBe(0);
  });

  it('ignores a remove of a key without holders', () => {
    const c = new RefCounter<number>();
    expect(c.remove(1)).toBe(false);
    expect(c.add(1)).toBe(true);
    expect([...c.keys()]).toEqual([1]);
    c.clear();
    expect(c.count(1)).toBe(0);
  });
});

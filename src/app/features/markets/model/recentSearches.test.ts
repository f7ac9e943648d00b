import { describe, expect, it } from 'vitest';
import { RECENT_KEY, RECENT_MAX, clearRecent, pushRecent, readRecent } from './recentSearches';

function memStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

describe('recent searches (session storage, spec 3.1 prefix)', () => {
  it('[spec 3.1] stored under the fixed prefix, newest first, de-duplicated, bounded', () => {
    const s = memStorage();
    pushRecent('btc', s);
    pushRecent('eth', s);
    pushRecent('BTC', s);
    expect(readRecent(s)).toEqual(['BTC', 'eth']);
    expect(RECENT_KEY.startsWith('openex:')).toBe(true);
    for (let i = 0; i < 20; i++) pushRecent(`c${i}`, s);
    expect(readRecent(s)).toHaveLength(RECENT_MAX);
    clearRecent(s);
    expect(readRecent(s)).toEqual([]);
  });
  it('ignores blank terms and corrupt stored values', () => {
    const s = memStorage();
    expect(pushRecent('  ', s)).toEqual([]);
    s.setItem(RECENT_KEY, '{not json');
    expect(readRecent(s)).toEqual([]);
  });
});

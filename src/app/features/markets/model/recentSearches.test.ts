import { describe, expect, it } from 'vitest';
import { RECENT_KEY, RECENT_MAX, clearRecent, pushRecent, readRecent } from './recentSearches';
import { memoryStorage } from '../../../state/testing/memoryStorage';

describe('recent searches (session storage, spec 3.1 prefix)', () => {
  it('[spec 3.1] stored under the fixed prefix, newest first, de-duplicated, bounded', () => {
    const s = memoryStorage();
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
    const s = memoryStorage();
    expect(pushRecent('  ', s)).toEqual([]);
    s.setItem(RECENT_KEY, '{not json');
    expect(readRecent(s)).toEqual([]);
  });
});

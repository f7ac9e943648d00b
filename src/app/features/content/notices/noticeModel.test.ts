import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../../shared/schemas/content';
import { SEEN_LIMIT, markSeen, nextIndex, nextPopup, parseSeen, stripNotices } from './noticeModel';

const n = (id: number, key: string, modelKey: string, createTime: number, sort = 0): Notice => ({
  id,
  key,
  modelKey,
  title: `t${id}`,
  content: `c${id}`,
  sort,
  createTime,
});

describe('notices on home', () => {
  it('[NOTE-1] the strip rolls NOTICE notices for home or every screen, newest first', () => {
    const all = [
      n(1, 'NOTICE', 'HOME', 10),
      n(2, 'NOTICE', 'TRADE', 30),
      n(3, 'NOTICE', '', 20),
      n(4, 'POPUP', 'HOME', 40),
    ];
    expect(stripNotices(all).map((x) => x.id)).toEqual([3, 1]);
    expect(stripNotices([])).toEqual([]);
  });

  it('[NOTE-1] the strip index wraps around', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(5, 0)).toBe(0);
  });

  it('[NOTE-2] each POPUP notice is shown once, the first by sort then age', () => {
    const all = [
      n(5, 'POPUP', 'HOME', 50, 2),
      n(6, 'POPUP', '', 60, 1),
      n(7, 'NOTICE', 'HOME', 1),
      n(8, 'POPUP', 'TRADE', 1),
    ];
    expect(nextPopup(all, [])?.id).toBe(6);
    expect(nextPopup(all, [6])?.id).toBe(5);
    expect(nextPopup(all, [6, 5])).toBeUndefined();
  });

  it('[NOTE-2] the seen list keeps the newest ids and reads defensively', () => {
    let seen: number[] = [];
    for (let i = 0; i < SEEN_LIMIT + 10; i++) seen = markSeen(seen, i);
    expect(seen).toHaveLength(SEEN_LIMIT);
    expect(seen[seen.length - 1]).toBe(SEEN_LIMIT + 9);
    expect(markSeen([1, 2], 1)).toEqual([2, 1]);
    expect(parseSeen('x')).toEqual([]);
    expect(parseSeen([1, 'a', 2.5, 3])).toEqual([1, 3]);
  });
});

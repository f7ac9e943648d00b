import { describe, expect, it } from 'vitest';
import { nextSort } from './sortState';

describe('market table sorting', () => {
  it('numbers start high→low, then low→high, then list order', () => {
    let s = nextSort({ key: null, dir: 'desc' }, 'price');
    expect(s).toEqual({ key: 'price', dir: 'desc' });
    s = nextSort(s, 'price');
    expect(s).toEqual({ key: 'price', dir: 'asc' });
    expect(nextSort(s, 'price')).toEqual({ key: null, dir: 'desc' });
  });
  it('names start A→Z; another column starts fresh', () => {
    const s = nextSort({ key: null, dir: 'desc' }, 'name');
    expect(s).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort(s, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort(s, 'volume')).toEqual({ key: 'volume', dir: 'desc' });
  });
});

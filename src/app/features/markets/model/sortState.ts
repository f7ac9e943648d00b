/** Sort state of the market tables: which column, which way. Pure; tested. */
import type { SortDir, SortKey } from '../../../market/coins';

export interface SortState {
  key: SortKey | null;
  dir: SortDir;
}

/**
 * Next state when a column header is pressed: a new column starts in its natural direction (names A→Z,
 * numbers high→low), a second press reverses it, a third returns to the operator's list order.
 */
export function nextSort(cur: SortState, key: SortKey): SortState {
  const first: SortDir = key === 'name' ? 'asc' : 'desc';
  if (cur.key !== key) return { key, dir: first };
  if (cur.dir === first) return { key, dir: first === 'asc' ? 'desc' : 'asc' };
  return { key: null, dir: 'desc' };
}

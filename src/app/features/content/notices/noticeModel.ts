/**
 * Notices on the home screen as pure functions (NOTE-1..4 in docs/spec/notices.md): which notices roll in the
 * strip, which POPUP notice to show next (each once), and the new-user notice waiting after registration.
 */
import type { Notice } from '../../../../shared/schemas/content';

/** NOTE-1: the strip rolls the NOTICE notices for the home screen (modelKey HOME or empty), newest first. */
export function stripNotices(all: readonly Notice[]): Notice[] {
  return all
    .filter((n) => n.key === 'NOTICE' && (n.modelKey === 'HOME' || n.modelKey === ''))
    .sort((a, b) => b.createTime - a.createTime || a.sort - b.sort || a.id - b.id);
}

/** NOTE-2: the oldest POPUP notice for home not seen yet, or undefined. */
export function nextPopup(all: readonly Notice[], seen: readonly number[]): Notice | undefined {
  return all
    .filter((n) => n.key === 'POPUP' && (n.modelKey === 'HOME' || n.modelKey === '') && !seen.includes(n.id))
    .sort((a, b) => a.sort - b.sort || a.createTime - b.createTime || a.id - b.id)[0];
}

/** Remembers at most this many seen POPUP ids (the newest). */
export const SEEN_LIMIT = 100;

export function markSeen(seen: readonly number[], id: number): number[] {
  return [...seen.filter((x) => x !== id), id].slice(-SEEN_LIMIT);
}

/** Reads the stored seen list defensively (anything else is "none seen"). */
export function parseSeen(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)).slice(-SEEN_LIMIT) : [];
}

/**
 * A11Y-20: whether the strip moves on by itself: with two notices or more, not held (hovered or focused) and not
 * stopped by its button (which starts stopped under reduced motion).
 */
export function stripRolls(count: number, held: boolean, stopped: boolean): boolean {
  return count >= 2 && !held && !stopped;
}

/** The strip's next index after `i` among `n` notices. */
export function nextIndex(i: number, n: number): number {
  return n <= 0 ? 0 : (i + 1) % n;
}

/** USER_STATUS news as a pure function (useStatusRefetch.ts), testable without the worker. */

/** Whether a move of the status count from `before` to `after`, ending on `lastKind`, may concern `kinds`. */
export function statusConcerns(
  before: number,
  after: number,
  lastKind: string | undefined,
  kinds: readonly string[],
): boolean {
  const jumped = after - before;
  if (jumped <= 0) return false;
  return jumped > 1 || (lastKind !== undefined && kinds.includes(lastKind));
}

/**
 * Whether a screen that shows `kinds` should fetch again: a USER_STATUS that may concern them arrived
 * (`statusConcerns`), or the stream became live again since (LIVE-6: a new acknowledgement, not a session's end).
 */
export function statusNews(
  before: { count: number; liveCount: number },
  after: { count: number; liveCount: number },
  lastKind: string | undefined,
  kinds: readonly string[],
): boolean {
  if (after.liveCount > 0 && after.liveCount !== before.liveCount) return true;
  return statusConcerns(before.count, after.count, lastKind, kinds);
}

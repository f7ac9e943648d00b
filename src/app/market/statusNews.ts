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

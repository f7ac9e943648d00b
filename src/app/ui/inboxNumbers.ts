/** Small pure helpers of the inbox (MSGUI-1, MSGUI-3): the unread badge's text (bell, "My" tab) and the id of `?id=`. */

/** "3", or "99+" above 99; nothing at 0 (MSGUI-1). */
export function badgeText(n: number): string {
  return n <= 0 ? '' : n > 99 ? '99+' : String(n);
}

/** The id of `?id=`, or undefined when it is not a positive whole number. */
export function idOf(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,12}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}

/**
 * The one reader of settings flags ("is this on"). Settings arrive as booleans, numbers or strings depending
 * on the table: true / 1 / '1' / 'true' / 'Y' mean on; false / 0 / '0' / 'false' / 'N' and anything else
 * mean off. A missing value (undefined or null) is neither: the caller says what it means.
 */
export function readFlag(v: unknown, whenMissing: boolean): boolean {
  if (v === undefined || v === null) return whenMissing;
  return v === true || v === 1 || v === '1' || v === 'true' || v === 'Y';
}

/** Rows read as the wire or a pure function wants them. */

/** The named fields of `row`, as they are, in that order (a view or an input that copies them). */
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = row[k];
  return out;
}

import { describe, expect, it } from 'vitest';
import { readFlag } from './flags';

describe('readFlag', () => {
  it('reads every "on" spelling as on, whatever the default', () => {
    for (const v of [true, 1, '1', 'true', 'Y'])
      for (const d of [true, false]) expect(readFlag(v, d), `${String(v)} / ${d}`).toBe(true);
  });

  it('reads every "off" spelling and anything unknown as off, whatever the default', () => {
    for (const v of [false, 0, '0', 'false', 'N', '', 'yes', 2, {}])
      for (const d of [true, false]) expect(readFlag(v, d), `${String(v)} / ${d}`).toBe(false);
  });

  it("gives the caller's default for a missing value (undefined or null)", () => {
    expect(readFlag(undefined, true)).toBe(true);
    expect(readFlag(null, true)).toBe(true);
    expect(readFlag(undefined, false)).toBe(false);
    expect(readFlag(null, false)).toBe(false);
  });
});

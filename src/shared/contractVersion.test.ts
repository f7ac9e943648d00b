import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONTRACT_VERSION, PROTOCOL_MINOR, backendIsNewerMajor, parseContractVersion } from './contractVersion';
import { PROTOCOL_VERSION } from './protocol';

describe('the contract version', () => {
  it('[CONF-12] is "major.minor", the major being PROTOCOL_VERSION', () => {
    expect(CONTRACT_VERSION).toBe(`${PROTOCOL_VERSION}.${PROTOCOL_MINOR}`);
    expect(parseContractVersion(CONTRACT_VERSION)).toEqual({ major: PROTOCOL_VERSION, minor: PROTOCOL_MINOR });
    expect(parseContractVersion('2')).toEqual({ major: 2, minor: 0 });
    for (const bad of [null, undefined, '', 'v2', '2.x', '-1', '1.2.3', '2.0-beta', 'NaN']) {
      expect(parseContractVersion(bad), String(bad)).toBeUndefined();
    }
  });

  it('[CONF-13] warns exactly when the announced major is above the known one', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), fc.nat(1000), (known, major, minor) => {
        expect(backendIsNewerMajor(`${major}.${minor}`, known)).toBe(major > known);
        expect(backendIsNewerMajor(`${major}`, known)).toBe(major > known);
      }),
    );
    expect(backendIsNewerMajor(`${PROTOCOL_VERSION + 1}.0`)).toBe(true);
    expect(backendIsNewerMajor(`${PROTOCOL_VERSION}.9`)).toBe(false);
  });

  it('[CONF-13] an absent or unreadable header is no reason to warn', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (parseContractVersion(s) === undefined) expect(backendIsNewerMajor(s, 0)).toBe(false);
      }),
    );
    expect(backendIsNewerMajor(null)).toBe(false);
    expect(backendIsNewerMajor(undefined)).toBe(false);
  });
});

/**
 * The scrypt cost of new password hashes (`passwords.ts`), in a module of its own so that the unit tests' setup
 * (`server/src/testing/setup.ts`) can lower it without loading anything else.
 */

/** N = 2^15, r = 8, p = 1: about 32 MB and tens of ms per hash (OWASP's scrypt minimum is N = 2^17 with r=8 at p=1 for high-value, 2^15 is the common interactive choice). */
export const SCRYPT_N = 1 << 15;

/**
 * The N of new hashes: SCRYPT_N. The unit tests lower it for their thousands of sign-ups, sign-ins and trade
 * passwords; a check reads N from the stored hash, so nothing else changes.
 */
let hashN = SCRYPT_N;
export const newHashN = (): number => hashN;

/** Tests only: the N of new hashes from now on (`SCRYPT_N` puts the server's back); returns the one before. */
export function setHashCostForTests(n: number): number {
  const before = hashN;
  hashN = n;
  return before;
}

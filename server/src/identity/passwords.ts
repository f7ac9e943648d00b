/**
 * Password hashing with Node's scrypt. The stored form carries its parameters and salt:
 * `scrypt$N$r$p$saltB64$hashB64`, so the cost can rise later without breaking old hashes.
 * Comparison is constant-time.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pwd: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pwd, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** N = 2^15, r = 8, p = 1: about 32 MB and tens of ms per hash (OWASP's scrypt minimum is N = 2^17 with r=8 at p=1 for high-value, 2^15 is the common interactive choice). */
export const SCRYPT_N = 1 << 15;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
const KEY_LEN = 32;
const MAXMEM = 128 * SCRYPT_N * SCRYPT_R * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, { N: SCRYPT_N, r: SCRYPT_R, p: SCRYPT_P, maxmem: MAXMEM });
  return ['scrypt', SCRYPT_N, SCRYPT_R, SCRYPT_P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A fixed hash verified against when the account does not exist, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(12).toString('base64')));
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const effective = stored ?? (await dummyPasswordHash());
  const parts = effective.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: 128 * N * r * 2 });
  return timingSafeEqual(key, expected) && stored != null;
}

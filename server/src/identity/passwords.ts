/**
 * Password hashing with Node's scrypt. The stored form carries its parameters and salt:
 * `scrypt$N$r$p$saltB64$hashB64`, so the cost can rise later without breaking old hashes.
 * Comparison is constant-time.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { TooManyRequests } from '../http/failures';
import { newHashN } from './hashCost';

const scrypt = (pwd: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pwd, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

export { SCRYPT_N, setHashCostForTests } from './hashCost';
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
const KEY_LEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = newHashN();
  const key = await scrypt(password, salt, KEY_LEN, { N, r: SCRYPT_R, p: SCRYPT_P, maxmem: 128 * N * SCRYPT_R * 2 });
  return ['scrypt', N, SCRYPT_R, SCRYPT_P, salt.toString('base64'), key.toString('base64')].join('$');
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

/**
 * SAFE-8: how many hashes run at once and how many wait. scrypt runs on libuv's pool of 4 threads; new
 * passwords (register, reset, change) get 1 of them and sign-in checks 2 others, so a flood of sign-ups never
 * holds a thread (nor more than one core) a sign-in needs. Beyond a lane's queue the call is answered at once
 * with 429 and Retry-After.
 */
export const HASH_LIMITS: {
  hashRunning: number;
  hashQueue: number;
  verifyRunning: number;
  verifyQueue: number;
  retryAfterSeconds: number;
} = {
  /** New password hashes (register, backPwd, password changes, trade passwords) running at once. */
  hashRunning: 1,
  /** New password hashes waiting; beyond, 429. */
  hashQueue: 4,
  /** Password checks (sign-in, old password, trade password) running at once. */
  verifyRunning: 2,
  /** Password checks waiting; beyond, 429. */
  verifyQueue: 32,
  /** Retry-After of the "busy" answer, in seconds. */
  retryAfterSeconds: 1,
};

export const BUSY_MESSAGE = 'The server is busy, please try again in a moment';

/** A lane: at most `running` tasks at once, `queue` more waiting in order; beyond, `busy()` is thrown at once. */
export class Lane {
  private active = 0;
  private waiting: (() => void)[] = [];
  constructor(
    private running: number,
    private queue: number,
    private busy: () => Error,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.waiting.length >= this.queue) throw this.busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter (active unchanged), or frees.
      if (next) next();
      else this.active--;
    }
  }

  /** Running and waiting tasks (tests, metrics). */
  load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}

/** The bounded password hasher one server shares (SAFE-8): `hash` and `verify` each in their own lane. */
export class PasswordHasher {
  readonly hashLane: Lane;
  readonly verifyLane: Lane;
  constructor(limits: typeof HASH_LIMITS = HASH_LIMITS) {
    const busy = () => new TooManyRequests(BUSY_MESSAGE, limits.retryAfterSeconds);
    this.hashLane = new Lane(limits.hashRunning, limits.hashQueue, busy);
    this.verifyLane = new Lane(limits.verifyRunning, limits.verifyQueue, busy);
  }

  /**
   * Hashes a new password in the hash lane. `before` runs once the call holds its slot (the password rule, the
   * cheap checks): a call turned away by a full queue costs nothing but the refusal.
   */
  hash(password: string, before?: () => unknown): Promise<string> {
    return this.hashLane.run(async () => {
      await before?.();
      return hashPassword(password);
    });
  }

  verify(password: string, stored: string | null | undefined): Promise<boolean> {
    return this.verifyLane.run(() => verifyPassword(password, stored));
  }
}

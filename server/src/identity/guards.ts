/** Small checks shared by the account routes. */
import { ApiFail } from '../http/failures';
import { tooManyMessage } from './attempts';
import { verifyPassword } from './passwords';
import type { Identity } from './service';

/** Login/account name key of the failure limiter. */
export const accountKey = (login: string) => 'acct:' + login.trim().toLowerCase();

/**
 * Checks a password under the failure limit of `key` (per account) and the client address.
 * Throws the limit message while limited and `wrongMessage` on a wrong password.
 */
export async function checkPasswordLimited(
  acc: Identity,
  key: string,
  ip: string,
  password: string,
  stored: string | null | undefined,
  wrongMessage: string,
): Promise<void> {
  const wait = acc.limiter.check(key, ip);
  if (wait > 0) throw new ApiFail(tooManyMessage(wait));
  const attempt = acc.limiter.begin(key, ip);
  const good = await verifyPassword(password, stored);
  if (!good) throw new ApiFail(wrongMessage);
  acc.limiter.succeed(key, attempt);
}

/** Turns a UNIQUE violation into a clear message. */
export function uniqueViolation(err: unknown, message: string): never {
  if ((err as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE') throw new ApiFail(message);
  throw err;
}

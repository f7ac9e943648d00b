/** Small checks shared by the account routes. */
import type { FastifyRequest } from 'fastify';
import { PASSWORD_REASON_TEXT } from '../../../src/shared/password';
import { ApiFail } from '../http/failures';
import { tooManyMessage } from './attempts';
import type { Identity } from './service';

/** Login/account name key of the failure limiter. */
export const accountKey = (login: string) => 'acct:' + login.trim().toLowerCase();

/** False once the client is gone (it disconnected, or the server is closing its connection). */
export function clientConnected(req: FastifyRequest): boolean {
  // Not `req.raw.destroyed`: a request is destroyed as soon as its body has been read.
  return !req.raw.socket?.destroyed;
}

/**
 * Checks a password under the failure limits (SAFE-9) of the pair (`key`, client address) and of the address.
 * Throws the limit message while limited and `wrongMessage` on a wrong password. A wrong compare counts as a
 * failure only when the compare finished and `connected()` still holds: an attempt cut off by a disconnect or by
 * shutdown is not counted.
 */
export async function checkPasswordLimited(
  acc: Identity,
  key: string,
  ip: string,
  password: string,
  stored: string | null | undefined,
  wrongMessage: string,
  connected: () => boolean = () => true,
): Promise<void> {
  const wait = acc.limiter.check(key, ip);
  if (wait > 0) throw new ApiFail(tooManyMessage(wait));
  const attempt = acc.limiter.begin(key, ip);
  try {
    const good = await acc.hasher.verify(password, stored);
    if (good) {
      acc.limiter.succeed(attempt);
      return;
    }
    if (connected()) acc.limiter.fail(attempt);
    throw new ApiFail(wrongMessage);
  } finally {
    acc.limiter.end(attempt);
  }
}

/**
 * SAFE-11: refuses a new login password that breaks the shared rule (format, or too easy to guess) with the
 * rule's reason. `userInputs` (account, email, phone) count as guessable words.
 */
export async function checkNewPassword(
  acc: Identity,
  password: string,
  userInputs: (string | undefined | null)[] = [],
) {
  const rule = await acc.passwordRule();
  const v = rule(
    password,
    userInputs.filter((s): s is string => !!s),
  );
  if (!v.ok) throw new ApiFail(PASSWORD_REASON_TEXT[v.reason ?? 'guessable']);
}

/** Turns a UNIQUE violation into a clear message. */
export function uniqueViolation(err: unknown, message: string): never {
  if ((err as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE') throw new ApiFail(message);
  throw err;
}

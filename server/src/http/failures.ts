/**
 * Errors a handler throws to answer with the envelope instead of data (spec 5, 8):
 * - `ApiFail(msg, code = 0)`: a business error, HTTP 200 with a code not above 0 and a readable msg;
 * - `TokenFail(msg?)`: an invalid or expired session, code 500 with a msg containing "Token".
 * These are the server's only two failure types. Thrown inside a DB transaction they also roll it back,
 * so nothing is half-applied.
 */
import { CODE_FAIL, CODE_TOKEN, type Envelope } from '../../../src/shared/api/envelope';
import type { z } from 'zod';

export const TOKEN_MSG = 'Token is invalid or expired, please sign in again';

export class ApiFail extends Error {
  constructor(
    message: string,
    readonly code: number = CODE_FAIL,
  ) {
    super(message);
    this.name = 'ApiFail';
  }
}

export class TokenFail extends ApiFail {
  constructor(message = TOKEN_MSG) {
    super(message, CODE_TOKEN);
    this.name = 'TokenFail';
  }
}

/**
 * A limit was reached (API-6, SAFE-7, SAFE-8, SAFE-31): the app's error handler answers HTTP 429 with
 * `Retry-After: retryAfterSeconds` and the envelope carrying this message. Not a business refusal: an
 * idempotency key is freed for a retry.
 */
export class TooManyRequests extends Error {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'TooManyRequests';
  }
}

/** The envelope for a thrown business error, or undefined when `err` is not one. */
export function envelopeOfFailure(err: unknown): Envelope<null> | undefined {
  if (err instanceof ApiFail) return { code: err.code, msg: err.message, data: null };
  return undefined;
}

/** "Invalid query: limit: Too big: expected number to be <=2000; symbol: Required" */
export function describeZodError(where: string, err: z.ZodError): string {
  const parts = err.issues.slice(0, 5).map((i) => {
    const field = i.path.map(String).join('.');
    return field ? `${field}: ${i.message}` : i.message;
  });
  return `Invalid ${where}: ${parts.join('; ')}`;
}

/** First problem of a failed parse as "field: message". */
export function issueMessage(error: z.ZodError): string {
  const i = error.issues[0];
  const where = i.path.length ? `${i.path.join('.')}: ` : '';
  return `${where}${i.message}`;
}

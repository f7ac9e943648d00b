/**
 * The reply envelope of every REST call (spec 5 and 8): `{ code, msg, data }`.
 * - success: HTTP 200 and code 200 (any code above 0 counts as success for the client, spec 5);
 * - business error: HTTP 200, code not above 0 (we use 0 unless a more specific code fits), a readable msg;
 * - invalid or expired session: code 500 and a msg containing "Token".
 */
import { z } from 'zod';

export const CODE_OK = 200;
export const CODE_FAIL = 0;
export const CODE_TOKEN = 500;

export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.optional().nullable() });
}
export const AnyEnvelope = envelope(z.unknown());
export type Envelope<T> = { code: number; msg: string; data?: T | null };

export const ok = <T>(data: T): Envelope<T> => ({ code: CODE_OK, msg: 'success', data });
export const fail = (msg: string, code = CODE_FAIL): Envelope<null> => ({ code, msg, data: null });

/** Spec 5: a reply is a success only if the HTTP status is 200 and the numeric code is above 0. */
export function isSuccess(httpStatus: number, body: unknown): boolean {
  if (httpStatus !== 200 || typeof body !== 'object' || body === null) return false;
  const code = Number((body as { code?: unknown }).code);
  return Number.isFinite(code) && code > 0;
}

/**
 * The one HTTP client (spec 5, 7, 8). Every call of section 7 goes through `call` (or `callRaw` when the caller
 * wants the whole envelope), typed by its endpoint in src/shared/api and validated by that endpoint's zod schema.
 *
 * Order of the rules, per request:
 *  1. Han characters in query or body (spec 5) → cancelled before anything leaves the page: 'cannotInputChinese'.
 *  2. A path still under a 429 Retry-After → fails fast with the same "try again in N s" message.
 *  3. Sent with a relative base (or the 7.5 test-platform override), JSON, headers language/lang/satoken, 10 s timeout
 *     (config.json may shorten it, DEPLOY-10).
 *  4. HTTP 429 → remember Retry-After for the path; other non-200 → 'Network anomaly' (spec 8).
 *  5. Code 500 with 'Token' in msg → show msg, sign out, reload after TOKEN_RELOAD_DELAY_MS (spec 8); when no token
 *     was sent (signed out) it is an ordinary failure.
 *  6. Success (HTTP 200, code > 0, spec 5) → `data` validated by the endpoint schema, else a 'schema' error.
 *  7. Otherwise `callRaw` returns the envelope untouched (settings load ignores it, spec 8); `call` shows msg or
 *     'System error' and fails (spec 8, first row; a failed login shows its msg this way).
 * Every failure is an ApiError; nothing is applied by the client itself, so a failed call never half-applies.
 * `silent: true` suppresses the toasts (the screen shows the error inline); the token rule always shows its msg.
 */
import type { z } from 'zod';
import { AnyEnvelope, CODE_TOKEN, isSuccess, type Envelope } from '../../shared/api/envelope';
import type { Endpoint } from '../../shared/api/endpoint';
import type { QueryInput } from '../../shared/schemas/strict';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { apiBase, buildUrl } from './base';
import { containsChinese } from './chinese';
import { clientEnv as env } from './env';
import { parseRetryAfter, RetryAfterBook } from './retryAfter';
import { PROTOCOL_VERSION_HEADER } from '../../shared/contractVersion';

/**
 * Spec 7 and 9.1: the request timeout, and the longest one config.json may set (DEPLOY-10): no request of the
 * app is in flight longer than this.
 */
export const TIMEOUT_MS = REQUEST_TIMEOUT_MS;
/** Spec 8 "reloads the page after a short delay": long enough to read the message. */
export const TOKEN_RELOAD_DELAY_MS = 1500;

export type ApiErrorKind =
  'business' | 'token' | 'network' | 'schema' | 'chinese' | 'timeout' | 'rate-limited' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: number,
    /** HTTP status when one was received. */
    readonly status?: number,
    /** For 'rate-limited': whole seconds to wait. */
    readonly retryAfterSec?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type AnyEndpoint = Endpoint;
/** Query of an endpoint, typed by its schema's input, integers also as numbers (nothing when it takes none). */
export type QueryOf<E> =
  E extends Endpoint<infer Q, z.ZodTypeAny | undefined, z.ZodTypeAny>
    ? Q extends z.ZodTypeAny
      ? QueryInput<Q>
      : undefined
    : never;
/** Body of an endpoint, typed by its schema's input; multipart endpoints take FormData. */
export type BodyOf<E> =
  E extends Endpoint<z.ZodTypeAny | undefined, infer B, z.ZodTypeAny>
    ? B extends z.ZodTypeAny
      ? z.input<B>
      : E extends { multipart: true }
        ? FormData
        : undefined
    : never;

export interface CallInput<E extends AnyEndpoint = AnyEndpoint> {
  query?: QueryOf<E>;
  /** JSON body, or FormData for multipart endpoints. */
  body?: BodyOf<E> | FormData;
  signal?: AbortSignal;
  /** No toasts for this call's errors (except the token rule); the caller shows them inline. */
  silent?: boolean;
  /** Sent as the `Idempotency-Key` header: one key per user intent (src/app/data/mutate.ts). */
  idempotencyKey?: string;
}

type DataOf<E extends AnyEndpoint> = z.infer<E['data']>;

const retryBook = new RetryAfterBook();

/** Forgets every remembered Retry-After (tests). */
export function clearRetryAfter(): void {
  retryBook.clear();
}

function fail(input: CallInput<AnyEndpoint>, err: ApiError): ApiError {
  if (!input.silent && err.kind !== 'aborted') env.notify(err.message, 'error');
  return err;
}

function pathOf(e: AnyEndpoint): string {
  return e.path.startsWith('/') ? e.path : `/${e.path}`;
}

interface RawReply {
  status: number;
  retryAfter: string | null;
  json: unknown;
  jsonOk: boolean;
}

async function send(e: AnyEndpoint, input: CallInput<AnyEndpoint>, token: string): Promise<RawReply> {
  const lang = env.getLang();
  const isForm = typeof FormData !== 'undefined' && input.body instanceof FormData;
  const headers: Record<string, string> = { language: lang, lang, accept: 'application/json' };
  if (!isForm) headers['content-type'] = 'application/json';
  if (token) headers.satoken = token;
  if (input.idempotencyKey) headers['Idempotency-Key'] = input.idempotencyKey;
  const hasBody = e.method !== 'GET' && input.body !== undefined;

  const ctl = new AbortController();
  let timedOut = false;
  const timer = env.setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, env.getRequestTimeoutMs());
  const onAbort = () => ctl.abort();
  input.signal?.addEventListener('abort', onAbort);
  if (input.signal?.aborted) ctl.abort();
  const aborted = () =>
    timedOut
      ? new ApiError('timeout', env.translate('requestTimeout'))
      : input.signal?.aborted
        ? new ApiError('aborted', 'Request cancelled')
        : new ApiError('network', env.translate('Network anomaly'));
  try {
    let res: Response;
    try {
      res = await env.fetch(
        buildUrl(
          apiBase(env.getTestPlatform(), env.getApiBase()),
          pathOf(e),
          input.query as Record<string, unknown> | undefined,
        ),
        {
          method: e.method,
          headers,
          body: hasBody ? (isForm ? (input.body as FormData) : JSON.stringify(input.body)) : undefined,
          signal: ctl.signal,
          credentials: 'omit',
        },
      );
    } catch {
      throw aborted();
    }
    env.contractVersion(res.headers?.get(PROTOCOL_VERSION_HEADER) ?? null);
    if (res.status !== 200)
      return { status: res.status, retryAfter: res.headers.get('retry-after'), json: undefined, jsonOk: false };
    try {
      const json: unknown = await res.json();
      return { status: 200, retryAfter: null, json, jsonOk: true };
    } catch {
      if (timedOut || input.signal?.aborted) throw aborted();
      return { status: 200, retryAfter: null, json: undefined, jsonOk: false };
    }
  } finally {
    env.clearTimeout(timer);
    input.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Sends the request and returns the whole envelope. Success replies have `data` validated by the endpoint schema;
 * business failures (code ≤ 0) are returned as they are, without a toast. Throws ApiError for everything else.
 */
export async function callRaw<E extends AnyEndpoint>(e: E, input: CallInput<E> = {}): Promise<Envelope<DataOf<E>>> {
  const path = pathOf(e);
  if (containsChinese(input.query) || containsChinese(input.body)) {
    throw fail(input, new ApiError('chinese', env.translate('cannotInputChinese')));
  }
  const wait = retryBook.secondsLeft(path, env.now());
  if (wait > 0)
    throw fail(
      input,
      new ApiError('rate-limited', env.translate('tooManyRequests', { seconds: wait }), undefined, 429, wait),
    );

  const token = env.getToken();
  let reply: RawReply;
  try {
    reply = await send(e, input, token);
  } catch (err) {
    throw fail(input, err instanceof ApiError ? err : new ApiError('network', env.translate('Network anomaly')));
  }

  if (reply.status === 429) {
    const now = env.now();
    retryBook.block(path, now, parseRetryAfter(reply.retryAfter, now));
    const seconds = retryBook.secondsLeft(path, now);
    throw fail(
      input,
      new ApiError('rate-limited', env.translate('tooManyRequests', { seconds }), undefined, 429, seconds),
    );
  }
  if (reply.status !== 200)
    throw fail(input, new ApiError('network', env.translate('Network anomaly'), undefined, reply.status));

  const parsed = reply.jsonOk ? AnyEnvelope.safeParse(reply.json) : undefined;
  if (!parsed?.success) throw fail(input, new ApiError('schema', env.translate('unexpectedReply'), undefined, 200));
  const envl = parsed.data;

  if (envl.code === CODE_TOKEN && envl.msg.includes('Token')) {
    // Without a session there is nothing to end: a signed-out visitor's call just fails (and respects `silent`).
    if (!token) throw fail(input, new ApiError('token', envl.msg, envl.code, 200));
    env.notify(envl.msg, 'error');
    env.signOut();
    env.setTimeout(() => env.reload(), TOKEN_RELOAD_DELAY_MS);
    throw new ApiError('token', envl.msg, envl.code, 200);
  }

  if (isSuccess(reply.status, envl)) {
    const data = e.data.safeParse(envl.data);
    if (!data.success) {
      console.warn(`[api] reply of ${path} does not match its schema`, data.error.issues);
      throw fail(input, new ApiError('schema', env.translate('unexpectedReply'), envl.code, 200));
    }
    return { code: envl.code, msg: envl.msg, data: data.data as DataOf<E> };
  }
  return envl as Envelope<never>;
}

/** Resolves to `data` of a successful reply; otherwise shows msg (or 'System error') and throws ApiError. */
export async function call<E extends AnyEndpoint>(e: E, input: CallInput<E> = {}): Promise<DataOf<E>> {
  const envl = await callRaw(e, input);
  if (envl.code > 0) return envl.data as DataOf<E>;
  throw fail(input, new ApiError('business', envl.msg || env.translate('System error'), envl.code, 200));
}

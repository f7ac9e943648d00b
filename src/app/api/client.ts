/**
 * The one HTTP client (spec 5, 7, 8). Every call of section 7 goes through `call`, typed by its
 * endpoint in src/shared/api and validated by that endpoint's zod schema.
 * (Initial version; issue 5 completes it: Chinese-input rule, full error catalogue, 429, session token.)
 */
import type { z } from 'zod';
import { AnyEnvelope, isSuccess, type Envelope } from '../../shared/api/envelope';
import type { Endpoint } from '../../shared/api/endpoint';

export type ApiErrorKind = 'business' | 'token' | 'network' | 'schema' | 'chinese' | 'timeout' | 'rate-limited';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallInput {
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Record<string, unknown>): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (!query) return p;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${p}?${s}` : p;
}

/** Sends the request and returns the whole envelope, validated; throws ApiError on transport or schema errors. */
export async function callRaw<E extends Endpoint<any, any, any>>(e: E, input: CallInput = {}): Promise<Envelope<z.infer<E['data']>>> {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang || 'en' : 'en';
  const res = await fetch(buildUrl(e.path, input.query), {
    method: e.method,
    headers: { 'content-type': 'application/json', language: lang, lang },
    body: e.method === 'GET' || input.body === undefined ? undefined : JSON.stringify(input.body),
    signal: input.signal ?? AbortSignal.timeout(10_000),
  }).catch((err) => {
    throw new ApiError('network', String(err?.message ?? err));
  });
  if (res.status !== 200) throw new ApiError('network', 'Network anomaly', res.status);
  const json = await res.json().catch(() => undefined);
  const env = AnyEnvelope.safeParse(json);
  if (!env.success) throw new ApiError('schema', 'Unexpected reply');
  if (isSuccess(res.status, env.data)) {
    const data = e.data.safeParse(env.data.data);
    if (!data.success) throw new ApiError('schema', `Unexpected reply from ${e.path}`);
    return { code: env.data.code, msg: env.data.msg, data: data.data };
  }
  return env.data as Envelope<never>;
}

/** Resolves to `data` of a successful reply; throws ApiError otherwise. */
export async function call<E extends Endpoint<any, any, any>>(e: E, input: CallInput = {}): Promise<z.infer<E['data']>> {
  const env = await callRaw(e, input);
  if (env.code > 0) return env.data as z.infer<E['data']>;
  throw new ApiError('business', env.msg || 'System error', env.code);
}

/**
 * One contract for every REST call: method, path, inputs and the schema of `data` in the reply.
 * The server registers handlers against these (and generates /api/openapi.json from them);
 * the app's HTTP client calls them by the same objects and validates replies with the same schemas.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

export interface Endpoint<
  Q extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  B extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  D extends z.ZodTypeAny = z.ZodTypeAny,
> {
  method: HttpMethod;
  /** Absolute path under the site root, e.g. "/api/common/getAllSetting". */
  path: string;
  summary: string;
  /** Query string parameters (the spec's "query" payloads). */
  query?: Q;
  /** JSON body (the spec's "body" payloads). */
  body?: B;
  /** Schema of `data` in a successful reply. */
  data: D;
  /** True when the call needs the `satoken` header. */
  auth?: boolean;
  /** Multipart upload instead of JSON. */
  multipart?: boolean;
  /**
   * A POST that changes nothing (a read sent as POST, as the spec names it). Every other POST may change state
   * or move money: the conformance suite's read mode calls only GETs and these (CONF-2).
   */
  readOnly?: boolean;
}

export function defineEndpoint<
  Q extends z.ZodTypeAny | undefined = undefined,
  B extends z.ZodTypeAny | undefined = undefined,
  D extends z.ZodTypeAny = z.ZodTypeAny,
>(e: Endpoint<Q, B, D>): Endpoint<Q, B, D> {
  return e;
}

/**
 * Registers a handler for an endpoint of src/shared/api (the one contract of issue 2 §8).
 *
 *   route(app, marketApi.kline, ({ query }) => ctx.market.history(...))
 *
 * - query and body are validated with the endpoint's zod schemas; a mismatch answers
 *   `{code: 0, msg: "Invalid query: limit: ..."}` naming the field, and the handler is not called;
 * - the handler returns the reply's `data`; it is wrapped as `{code: 200, msg: "success", data}`;
 * - to fail, throw `ApiFail(msg, code?)` or `TokenFail()` (./failures.ts);
 * - outside production the returned data is checked against `endpoint.data`; a mismatch is a
 *   logged HTTP 500 envelope (a server bug, never sent as if it were valid);
 * - auth: when `endpoint.auth` is true the `satoken` header is resolved by the function given to
 *   `setAuthResolver` (set by the accounts part at registration). No resolver, no header or an unknown
 *   token answers `{code: 500, msg: "Token is invalid or expired, please sign in again"}`; otherwise
 *   the handler receives `user`. On endpoints without auth, `user` is resolved when a token is sent
 *   and left undefined otherwise.
 * - every route registered here is listed in /api/openapi.json (generated from src/shared/api/registry.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../../src/shared/api/endpoint';
import { ok } from '../../../src/shared/api/envelope';
import { ApiFail, TokenFail, describeZodError, envelopeOfFailure } from './failures';

export interface AuthUser {
  id: number;
}
export type AuthResolver = (token: string) => AuthUser | null | Promise<AuthUser | null>;

let authResolver: AuthResolver | undefined;

/** Sets how the `satoken` header becomes a user (the accounts part calls this once at registration). */
export function setAuthResolver(fn: AuthResolver | undefined): void {
  authResolver = fn;
}

export interface HandlerInput<E extends Endpoint<any, any, any>> {
  query: NonNullable<E['query']> extends z.ZodTypeAny ? z.output<NonNullable<E['query']>> : undefined;
  body: NonNullable<E['body']> extends z.ZodTypeAny ? z.output<NonNullable<E['body']>> : undefined;
  /** The signed-in user (always set when endpoint.auth is true). */
  user: E['auth'] extends true ? AuthUser : AuthUser | undefined;
  /** The request's language (header `lang`, else `language`, else "en"), lower-case, e.g. "zh". */
  lang: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint<any, any, any>> = (input: HandlerInput<E>) => z.input<E['data']> | Promise<z.input<E['data']>>;

export interface RouteOptions {
  /** Check replies against endpoint.data (default: on outside production). */
  validateReplies?: boolean;
}

let defaultValidateReplies = process.env.NODE_ENV !== 'production';
export function setReplyValidation(on: boolean): void {
  defaultValidateReplies = on;
}

/** The language of a request: `lang` header, else `language`, else "en". "zh-CN" -> "zh". */
export function requestLang(req: FastifyRequest): string {
  const raw = req.headers.lang ?? req.headers.language;
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  if (!v || !/^[a-z]{2,3}([-_][a-z0-9]+)*$/.test(v)) return 'en';
  return v.split(/[-_]/)[0];
}

async function resolveUser(req: FastifyRequest): Promise<AuthUser | null> {
  const raw = req.headers.satoken;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!token || !authResolver) return null;
  return (await authResolver(token)) ?? null;
}

export function route<E extends Endpoint<any, any, any>>(app: FastifyInstance, endpoint: E, handler: Handler<E>, opts: RouteOptions = {}): void {
  const validateReplies = opts.validateReplies ?? defaultValidateReplies;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      try {
        let query: unknown = undefined;
        if (endpoint.query) {
          const r = (endpoint.query as z.ZodTypeAny).safeParse(req.query ?? {});
          if (!r.success) throw new ApiFail(describeZodError('query', r.error));
          query = r.data;
        }
        let body: unknown = undefined;
        if (endpoint.body) {
          const r = (endpoint.body as z.ZodTypeAny).safeParse(req.body ?? {});
          if (!r.success) throw new ApiFail(describeZodError('body', r.error));
          body = r.data;
        }
        const user = await resolveUser(req);
        if (endpoint.auth && !user) throw new TokenFail();
        const data = await handler({ query, body, user: user ?? undefined, lang: requestLang(req), req, reply } as HandlerInput<E>);
        if (validateReplies) {
          const r = (endpoint.data as z.ZodTypeAny).safeParse(data);
          if (!r.success) {
            req.log.error(
              { event: 'reply_invalid', route: endpoint.path, error: describeZodError('reply', r.error) },
              'reply does not match its schema',
            );
            return reply.code(500).send({ code: 0, msg: `Server error: reply of ${endpoint.path} does not match its schema`, data: null });
          }
        }
        return reply.send(ok(data));
      } catch (err) {
        const env = envelopeOfFailure(err);
        if (env) return reply.code(200).send(env);
        throw err; // the app's error handler answers a 500 envelope and logs it
      }
    },
  });
}

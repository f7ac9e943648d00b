/**
 * Registers one account endpoint: validates query and body by the endpoint's zod schemas (clear
 * per-field messages), resolves the caller from the `satoken` header only (never the URL) for auth
 * endpoints, maps AccountError to `{code:0,msg}` and TokenError to `{code:500,msg:"...Token..."}`,
 * and checks the reply against the endpoint's data schema.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fail, ok, tokenInvalid } from '../../../src/shared/api/envelope';
import type { Endpoint } from '../../../src/shared/api/endpoint';
import type { Accounts } from './deps';
import { AccountError, TokenError } from './errors';
import type { UserRow } from './users';

type QueryOut<E> = E extends Endpoint<infer Q, any, any> ? (Q extends z.ZodTypeAny ? z.output<Q> : undefined) : never;
type BodyOut<E> = E extends Endpoint<any, infer B, any> ? (B extends z.ZodTypeAny ? z.output<B> : undefined) : never;

export interface Call<E extends Endpoint<any, any, any>> {
  query: QueryOut<E>;
  body: BodyOut<E>;
  /** The caller (auth endpoints only). */
  user: UserRow;
  token: string;
  ip: string;
  req: FastifyRequest;
}

/** First problem of a failed parse as "field: message". */
export function issueMessage(error: z.ZodError): string {
  const i = error.issues[0];
  const where = i.path.length ? `${i.path.join('.')}: ` : '';
  return `${where}${i.message}`;
}

/** The satoken header (the only place a token is read from). */
export function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.satoken;
  return typeof h === 'string' && h.length > 0 ? h : undefined;
}

/** Resolves the signed-in user of a request or throws TokenError. */
export function requireUser(acc: Accounts, req: FastifyRequest): { user: UserRow; token: string } {
  const token = tokenOf(req);
  const id = acc.sessions.resolve(token);
  const user = id === undefined ? undefined : acc.users.byId(id);
  if (!user || !token) throw new TokenError();
  return { user, token };
}

export function replyError(acc: Accounts, err: unknown) {
  if (err instanceof AccountError) return fail(err.message);
  if (err instanceof TokenError) return tokenInvalid(err.message);
  acc.log.error({ event: 'accounts_error', err: String((err as Error)?.stack ?? err) });
  return fail('System error');
}

export function route<E extends Endpoint<any, any, any>>(
  app: FastifyInstance,
  acc: Accounts,
  e: E,
  handler: (c: Call<E>) => Promise<z.input<E['data']>> | z.input<E['data']>,
): void {
  app.route({
    method: e.method,
    url: e.path,
    handler: async (req) => {
      try {
        const who = e.auth ? requireUser(acc, req) : undefined;
        let query: unknown = undefined;
        let body: unknown = undefined;
        if (e.query) {
          const p = e.query.safeParse(req.query ?? {});
          if (!p.success) return fail(issueMessage(p.error));
          query = p.data;
        }
        if (e.body) {
          const p = e.body.safeParse(req.body ?? {});
          if (!p.success) return fail(issueMessage(p.error));
          body = p.data;
        }
        const data = await handler({ query, body, user: who?.user, token: who?.token, ip: req.ip, req } as Call<E>);
        const checked = e.data.safeParse(data);
        if (!checked.success) {
          acc.log.error({ event: 'reply_schema_mismatch', path: e.path, issue: issueMessage(checked.error) });
          return fail('System error');
        }
        return ok(checked.data ?? null);
      } catch (err) {
        return replyError(acc, err);
      }
    },
  });
}

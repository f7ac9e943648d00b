/**
 * Registers one account endpoint through the core's route helper (server/src/http/route.ts), which
 * validates query and body by the endpoint's zod schemas, resolves the `satoken` header (the only place
 * a token is read from, never the URL) with the resolver registerAccounts installs, wraps the reply and
 * checks it against the endpoint's data schema. This wrapper hands the handler the caller's full row,
 * the token and the client address. AccountError -> `{code:0,msg}`, TokenError -> `{code:500,msg:"...Token..."}`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fail, tokenInvalid } from '../../../src/shared/api/envelope';
import type { Endpoint } from '../../../src/shared/api/endpoint';
import { route as coreRoute, type HandlerInput } from '../http/route';
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
  const v = (Array.isArray(h) ? h[0] : h)?.trim();
  return v ? v : undefined;
}

/** Resolves the signed-in user of a request or throws TokenError. */
export function requireUser(acc: Accounts, req: FastifyRequest): { user: UserRow; token: string } {
  const token = tokenOf(req);
  const id = acc.sessions.resolve(token);
  const user = id === undefined ? undefined : acc.users.byId(id);
  if (!user || !token) throw new TokenError();
  return { user, token };
}

/** Envelope of an error thrown outside the core route helper (upload and file routes). */
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
  coreRoute(app, e, (async (input: HandlerInput<E>) => {
    // The core already refused a missing or dead token on auth endpoints; read the full row here.
    const who = e.auth ? requireUser(acc, input.req) : undefined;
    return handler({ query: input.query, body: input.body, user: who?.user, token: who?.token, ip: input.req.ip, req: input.req } as Call<E>);
  }) as never);
}

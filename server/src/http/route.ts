/**
 * The server's one route helper for an endpoint of src/shared/api (the one contract, SRV-6): a `Router` is
 * made once per server by app.ts, with how to load the signed-in user; every module registers through it:
 *
 *   router.route(marketApi.kline, ({ query }) => ctx.market.history(...))
 *
 * - query and body are validated with the endpoint's zod schemas; a mismatch answers
 *   `{code: 0, msg: "Invalid query: limit: ..."}` naming the field, and the handler is not called;
 * - the handler returns the reply's `data`; it is wrapped as `{code: 200, msg: "success", data}`;
 * - to fail, throw `ApiFail(msg, code?)` or `TokenFail()` (./failures.ts);
 * - when `validateReplies` is on (outside production) the returned data is checked against `endpoint.data`;
 *   a mismatch is a logged HTTP 500 envelope (a server bug, never sent as if it were valid);
 * - the signed-in user: the `satoken` header (the only place a token is read from, never the URL) is turned
 *   into the user by the router's `loadUser`. When `endpoint.auth` is true, no header or an unknown token
 *   answers `{code: 500, msg: "Token is invalid or expired, please sign in again"}`; otherwise the handler
 *   receives `user` and `token`. On endpoints without auth, `user` is loaded when a token is sent and left
 *   undefined otherwise.
 * - every route registered here is listed in /api/openapi.json (generated from src/shared/api/registry.ts).
 * - per-user limits (`userLimits`, SAFE-31): a signed-in user's call of a limited endpoint is counted before the
 *   handler and before an Idempotency-Key is claimed; beyond the limit TooManyRequests answers 429 + Retry-After.
 * - `{ idempotent: true }` (every money-moving POST, IDEM-1..5): the handler must be synchronous and runs in
 *   one database transaction with the storing of its reply; async checks (a password hash) go in `before`,
 *   which runs first. With an `Idempotency-Key` header from a signed-in user, a repeat of the same request
 *   gets the stored reply (header `idempotent-replayed: true`), another request under the key or a repeat
 *   while the first runs is refused (server/src/ledger/idempotency.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../../src/shared/api/endpoint';
import { ok } from '../../../src/shared/api/envelope';
import { ApiFail, TokenFail, describeZodError, envelopeOfFailure } from './failures';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_RE,
  MSG_BAD_KEY,
  MSG_IN_PROGRESS,
  MSG_KEY_REUSED,
  requestHash,
  type Claim,
} from '../ledger/idempotency';

type AnyEndpoint = Endpoint;

type Out<S> = S extends z.ZodTypeAny ? z.output<S> : undefined;

export interface HandlerInput<E extends AnyEndpoint, U> {
  query: Out<NonNullable<E['query']>>;
  body: Out<NonNullable<E['body']>>;
  /**
   * The signed-in user and its session token: always set when endpoint.auth is true (the route refuses the
   * call otherwise); on endpoints without auth, set only when a live token was sent.
   */
  user: U;
  token: string;
  /** The client's address (honours X-Forwarded-For only behind a trusted proxy). */
  ip: string;
  /** The request's language (header `lang`, else `language`, else "en"), lower-case, e.g. "zh". */
  lang: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends AnyEndpoint, U> = (
  input: HandlerInput<E, U>,
) => z.input<E['data']> | Promise<z.input<E['data']>>;

export interface RouterOptions<U> {
  /** Check replies against endpoint.data (on outside production). */
  validateReplies: boolean;
  /** The user of a session token, or undefined for an unknown or expired one. */
  loadUser?: (token: string) => U | undefined | Promise<U | undefined>;
  /** Largest body its routes accept, in bytes (default: the server's). */
  bodyLimit?: number;
  /** Idempotency keys of `idempotent` routes, and the id of a user they are kept per. */
  idempotency?: IdempotencyGate;
  userId?(user: U): number;
  /** Per-user abuse limits (./userLimits.ts, SAFE-31), checked after the user is loaded, before any key is claimed. */
  userLimits?: { check(endpoint: Endpoint, userId: number): void };
  /**
   * Runs an idempotent call's transaction (the trading core's `run`, CORE-3: batched with the calls of the same
   * turn and answered after the commit); absent, the transaction runs at once.
   */
  commit?<T>(work: () => T): Promise<T>;
}

/** The content type Fastify gives a serialised object: a reply sent as JSON text carries the same. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A key that is in use or was used for another request: the refusal is not the request's reply. */
class ClaimRefused extends ApiFail {}

/** What the router needs of the idempotency keys (server/src/ledger/idempotency.ts). */
export interface IdempotencyGate {
  claim(userId: number, key: string, hash: string): Claim;
  complete(userId: number, key: string, reply: string): void;
  /** A claim's answer without writing, and the reply written with the claim (one write, inside a batch's unit). */
  check(userId: number, key: string, hash: string): Claim;
  record(userId: number, key: string, hash: string, reply: string): void;
  abandon(userId: number, key: string): void;
  /** The database transaction the handler's effect and its stored reply share. */
  transaction<T>(fn: () => T): T;
}

export interface RouteOptions<E extends AnyEndpoint = AnyEndpoint, U = unknown> {
  /** Check replies against endpoint.data (default: the router's setting). */
  validateReplies?: boolean;
  /** Largest body this route accepts, in bytes (default: the server's). */
  bodyLimit?: number;
  /** A money-moving call: Idempotency-Key honoured, synchronous handler in one transaction with its reply. */
  idempotent?: boolean;
  /** Async checks before the handler of an idempotent route (inside the key's claim). */
  before?: (input: HandlerInput<E, U>) => Promise<void> | void;
}

/** A reply that does not match its schema (a server bug): answered with a logged HTTP 500. */
class ReplyInvalid extends Error {}

function isPromise(v: unknown): v is Promise<unknown> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

/** The language of a request: `lang` header, else `language`, else "en". "zh-CN" -> "zh". */
export function requestLang(req: FastifyRequest): string {
  const raw = req.headers.lang ?? req.headers.language;
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  if (!v || !/^[a-z]{2,3}([-_][a-z0-9]+)*$/.test(v)) return 'en';
  return v.split(/[-_]/)[0];
}

/** The satoken header (the only place a token is read from). */
export function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.satoken;
  const v = (Array.isArray(h) ? h[0] : h)?.trim();
  return v ? v : undefined;
}

export class Router<U> {
  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: RouterOptions<U>,
  ) {}

  /** The same router for an encapsulated scope (its own plugins), with options changed. */
  within(scope: FastifyInstance, over: Partial<RouterOptions<U>> = {}): Router<U> {
    return new Router(scope, { ...this.opts, ...over });
  }

  /** The signed-in user of a request, or undefined. */
  async session(req: FastifyRequest): Promise<{ user: U; token: string } | undefined> {
    const token = tokenOf(req);
    if (!token || !this.opts.loadUser) return undefined;
    const user = await this.opts.loadUser(token);
    return user === undefined ? undefined : { user, token };
  }

  /** The signed-in user of a request; throws TokenFail without one (for routes that stream, e.g. files). */
  async requireSession(req: FastifyRequest): Promise<{ user: U; token: string }> {
    const s = await this.session(req);
    if (!s) throw new TokenFail();
    return s;
  }

  route<E extends AnyEndpoint>(endpoint: E, handler: Handler<E, U>, opts: RouteOptions<E, U> = {}): void {
    const validateReplies = opts.validateReplies ?? this.opts.validateReplies;
    const bodyLimit = opts.bodyLimit ?? this.opts.bodyLimit;
    const checkReply = (req: FastifyRequest, data: unknown): void => {
      if (!validateReplies) return;
      const r = (endpoint.data as z.ZodTypeAny).safeParse(data);
      if (r.success) return;
      req.log.error(
        { event: 'reply_invalid', route: endpoint.path, error: describeZodError('reply', r.error) },
        'reply does not match its schema',
      );
      throw new ReplyInvalid();
    };
    const invalidReply = (reply: FastifyReply) =>
      reply.code(500).send({
        code: 0,
        msg: `Server error: reply of ${endpoint.path} does not match its schema`,
        data: null,
      });
    this.app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(bodyLimit ? { bodyLimit } : {}),
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
          const who = await this.session(req);
          if (endpoint.auth && !who) throw new TokenFail();
          if (who && this.opts.userId) this.opts.userLimits?.check(endpoint, this.opts.userId(who.user));
          const input = {
            query,
            body,
            user: who?.user,
            token: who?.token,
            ip: req.ip,
            lang: requestLang(req),
            req,
            reply,
          } as HandlerInput<E, U>;
          if (opts.idempotent)
            return await this.runIdempotent(endpoint, handler, opts, input, checkReply, invalidReply);
          const data = await handler(input);
          if (reply.sent) return reply;
          try {
            checkReply(req, data);
          } catch (err) {
            if (err instanceof ReplyInvalid) return invalidReply(reply);
            throw err;
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

  /**
   * CORE-3: an idempotent call without `before` inside the trading core's batch: the key's claim, the handler's
   * effect and the stored reply are one unit of the batch, so a call costs no transaction of its own. A business
   * refusal rolls the unit back (its claim too) and is then stored as the key's reply, like a success.
   */
  private async runInBatch<E extends AnyEndpoint>(
    endpoint: E,
    handler: Handler<E, U>,
    input: HandlerInput<E, U>,
    checkReply: (req: FastifyRequest, data: unknown) => void,
    invalidReply: (reply: FastifyReply) => FastifyReply,
    gate: IdempotencyGate,
    owner: number,
    key: string,
  ): Promise<FastifyReply> {
    const { req, reply } = input;
    const hash = requestHash(endpoint.method, endpoint.path, req.query ?? {}, req.body ?? {});
    let out: { replay: string } | { json: string };
    try {
      out = await this.opts.commit!(() => {
        // Claim and reply are one write: the unit is synchronous, nothing else runs between check and record.
        const claim = gate.check(owner, key, hash);
        if (claim.state === 'replay') return { replay: claim.reply };
        if (claim.state === 'running') throw new ClaimRefused(MSG_IN_PROGRESS);
        if (claim.state === 'conflict') throw new ClaimRefused(MSG_KEY_REUSED);
        const data = handler(input);
        if (isPromise(data)) throw new Error(`the handler of idempotent ${endpoint.path} must be synchronous`);
        checkReply(req, data);
        // Serialised once: the stored reply is the text sent (PERF-58).
        const json = JSON.stringify(ok(data));
        gate.record(owner, key, hash, json);
        return { json };
      });
    } catch (err) {
      const env = envelopeOfFailure(err);
      if (env && !(err instanceof TokenFail) && !(err instanceof ClaimRefused))
        gate.transaction(() => {
          if (gate.claim(owner, key, hash).state === 'new') gate.complete(owner, key, JSON.stringify(env));
        });
      if (err instanceof ReplyInvalid) return invalidReply(reply);
      throw err;
    }
    if ('replay' in out) return reply.header('idempotent-replayed', 'true').type('application/json').send(out.replay);
    return reply.type(JSON_TYPE).send(out.json);
  }

  /** An idempotent route's call (IDEM-1..5): claim the key, run `before`, then handler and reply in one transaction. */
  private async runIdempotent<E extends AnyEndpoint>(
    endpoint: E,
    handler: Handler<E, U>,
    opts: RouteOptions<E, U>,
    input: HandlerInput<E, U>,
    checkReply: (req: FastifyRequest, data: unknown) => void,
    invalidReply: (reply: FastifyReply) => FastifyReply,
  ): Promise<FastifyReply> {
    const { req, reply } = input;
    const gate = this.opts.idempotency;
    if (!gate) throw new Error(`${endpoint.path} is idempotent but the router has no idempotency keys`);
    const raw = req.headers[IDEMPOTENCY_HEADER];
    const key = Array.isArray(raw) ? raw[0] : raw;
    let owner: number | undefined;
    if (key !== undefined) {
      if (!IDEMPOTENCY_KEY_RE.test(key)) throw new ApiFail(MSG_BAD_KEY);
      if (input.user === undefined || !this.opts.userId) throw new TokenFail();
      owner = this.opts.userId(input.user);
      if (this.opts.commit && !opts.before)
        return this.runInBatch(endpoint, handler, input, checkReply, invalidReply, gate, owner, key);
      const claim = gate.claim(
        owner,
        key,
        requestHash(endpoint.method, endpoint.path, req.query ?? {}, req.body ?? {}),
      );
      if (claim.state === 'replay')
        return reply.header('idempotent-replayed', 'true').type('application/json').send(claim.reply);
      if (claim.state === 'running') throw new ApiFail(MSG_IN_PROGRESS);
      if (claim.state === 'conflict') throw new ApiFail(MSG_KEY_REUSED);
    }
    try {
      if (opts.before) await opts.before(input);
      const work = () =>
        gate.transaction(() => {
          const data = handler(input);
          if (isPromise(data)) throw new Error(`the handler of idempotent ${endpoint.path} must be synchronous`);
          checkReply(req, data);
          // Serialised once: the stored reply is the text sent (PERF-58).
          const json = JSON.stringify(ok(data));
          if (owner !== undefined) gate.complete(owner, key!, json);
          return json;
        });
      // CORE-3: through the trading core, the call joins the batch of this turn and is answered after its commit.
      const json = this.opts.commit ? await this.opts.commit(work) : work();
      return reply.type(JSON_TYPE).send(json);
    } catch (err) {
      const env = envelopeOfFailure(err);
      if (owner !== undefined) {
        // A business refusal is the request's reply (nothing was applied): kept like a success. A session
        // failure or a server error is not an answer to the request: the key is freed for a retry.
        if (env && !(err instanceof TokenFail)) gate.complete(owner, key!, JSON.stringify(env));
        else gate.abandon(owner, key!);
      }
      if (err instanceof ReplyInvalid) return invalidReply(reply);
      throw err;
    }
  }
}

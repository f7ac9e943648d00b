/**
 * Every reply through the envelope, never an HTML page (SRV-3):
 * - unknown route: HTTP 404 `{code: 0, msg: "No such API: GET /api/x"}`; a known path with another method:
 *   HTTP 405 with the methods allowed; a GET for a page of the SPA that accepts HTML: index.html;
 * - malformed or oversized bodies: HTTP 200 `{code: 0, msg}` saying what is wrong (a business error the app shows);
 * - too many requests: HTTP 429 `{code: 0, msg: "Too many requests, try again in N s"}` and Retry-After;
 * - anything unexpected: HTTP 500 `{code: 0, msg: "Internal server error"}`, logged with the stack.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_FAIL } from '../../../src/shared/api/envelope';
import { TooManyRequests, envelopeOfFailure } from './failures';
import { logPath } from './observe';

export interface NotFoundOptions {
  /** Serve index.html for SPA paths (set when the static folder has one). */
  spaFallback: boolean;
}

/** Routes by URL pattern, collected with an onRoute hook: url -> methods. */
export type RouteTable = Map<string, Set<string>>;

export function collectRoutes(app: FastifyInstance): RouteTable {
  const table: RouteTable = new Map();
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const set = table.get(r.url) ?? new Set<string>();
    for (const m of methods) set.add(String(m).toUpperCase());
    table.set(r.url, set);
  });
  return table;
}

function pathOf(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  return q >= 0 ? req.url.slice(0, q) : req.url;
}

function wantsPage(req: FastifyRequest, path: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/ws/') || path === '/ws') return false;
  if (/\.[A-Za-z0-9]{1,8}$/.test(path)) return false; // a missing file, not a page
  return String(req.headers.accept ?? '').includes('text/html');
}

export function installNotFound(app: FastifyInstance, routes: RouteTable, opts: NotFoundOptions): void {
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(req);
    if (opts.spaFallback && wantsPage(req, path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const allowed = routes.get(path);
    if (allowed && !allowed.has(req.method)) {
      const list = [...allowed].filter((m) => m !== 'HEAD').join(', ');
      return reply
        .code(405)
        .header('allow', list)
        .send({ code: CODE_FAIL, msg: `Method ${req.method} not allowed for ${path}; use ${list}`, data: null });
    }
    const what = path.startsWith('/api') ? 'No such API' : 'Not found';
    return reply.code(404).send({ code: CODE_FAIL, msg: `${what}: ${req.method} ${path}`, data: null });
  });
}

const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but the content type says JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its content length',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { retryAfterSeconds?: number }, req, reply) => {
    const env = envelopeOfFailure(err);
    if (env) return reply.code(200).send(env);
    const status = err.statusCode ?? 500;
    if (status === 429) {
      const secs = Math.max(1, Math.ceil(err.retryAfterSeconds ?? (Number(reply.getHeader('retry-after')) || 1)));
      const msg = err instanceof TooManyRequests ? err.message : `Too many requests, try again in ${secs} s`;
      return reply.code(429).header('retry-after', String(secs)).send({ code: CODE_FAIL, msg, data: null });
    }
    if (status >= 400 && status < 500) {
      const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
      const detail = known ?? err.message ?? 'Bad request';
      req.log.info({ event: 'bad_request', code: err.code, path: logPath(req.url) }, detail);
      return reply.code(200).send({ code: CODE_FAIL, msg: detail, data: null });
    }
    req.log.error({ event: 'error', err, path: logPath(req.url), method: req.method }, 'unexpected error');
    return reply.code(500).send({ code: CODE_FAIL, msg: 'Internal server error', data: null });
  });
}

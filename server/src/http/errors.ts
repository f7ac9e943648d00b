/**
 * Every reply through the envelope, never an HTML page (SRV-3):
 * - unknown route: HTTP 404 `{code: 0, msg: "No such API: GET /api/x"}`; a known path with another method:
 *   HTTP 405 with the methods allowed; a GET for a page of the SPA that accepts HTML: index.html;
 * - malformed or oversized bodies: HTTP 200 `{code: 0, msg}` saying what is wrong (a business error the app shows);
 * - too many requests: HTTP 429 `{code: 0, msg: "Too many requests, try again in N s"}` and Retry-After;
 * - anything unexpected: HTTP 500 `{code: 0, msg: "Internal server error"}`, logged with the stack;
 * - what Fastify and Node answer before any hook runs (SAFE-13), with the same security headers (./headers.ts):
 *   a malformed URL (`/api/%`, `/api/%zz`): HTTP 400 (`frameworkErrors`); a request the HTTP parser refuses
 *   (headers over Node's 16 KB: HTTP 431; a broken request line: HTTP 400; too slow: 408): written on the socket
 *   by `clientErrorHandler`, then the connection is closed.
 * Every error reply has `Cache-Control: no-store` (SAFE-15).
 */
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { CODE_FAIL } from '../../../src/shared/api/envelope';
import type { HeaderSet } from './headers';
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
    if (status === 503) {
      // CORE-2: a refused batch (nothing applied); the client may send the same request again.
      const secs = Math.max(1, Math.ceil(err.retryAfterSeconds ?? 1));
      req.log.warn({ event: 'unavailable', path: logPath(req.url) }, err.message);
      return reply
        .code(503)
        .header('retry-after', String(secs))
        .send({ code: CODE_FAIL, msg: err.message, data: null });
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

type Answer = readonly [status: number, msg: string];

/** Fastify's URL errors (SAFE-13): the status and message each code answers. */
const URL_ERRORS = new Map<string, Answer>([
  [
    'FST_ERR_BAD_URL',
    [400, 'The URL is malformed (a "%" not followed by two hex digits, or bytes that are not UTF-8)'],
  ],
  ['FST_ERR_MAX_PARAM_LENGTH', [400, 'A part of the URL is too long']],
]);

/** Node's parser errors (SAFE-13): the status and message each code answers. */
const PARSER_ERRORS = new Map<string, Answer>([
  ['HPE_HEADER_OVERFLOW', [431, 'The request headers are too large']],
  ['ERR_HTTP_REQUEST_TIMEOUT', [408, 'The request took too long to arrive']],
]);

const answerFor = (code: string | undefined, known: Map<string, Answer>, otherwise: Answer): Answer =>
  (code !== undefined ? known.get(code) : undefined) ?? otherwise;

/** Fastify's `frameworkErrors` (SAFE-13): a malformed URL is a 400 envelope with the security headers. */
export function frameworkErrors(headers: HeaderSet) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    for (const [k, v] of Object.entries(headers)) reply.raw.setHeader(k, v);
    const [status, msg] = answerFor(err.code, URL_ERRORS, [500, 'Internal server error']);
    if (status === 500) req.log.error({ event: 'error', err, path: logPath(req.raw.url ?? '') }, 'unexpected error');
    else req.log.info({ event: 'bad_request', code: err.code, path: logPath(req.raw.url ?? '') }, msg);
    void reply.code(status).header('cache-control', 'no-store').send({ code: CODE_FAIL, msg, data: null });
  };
}

/** A whole HTTP/1.1 reply with the envelope, the security headers and `Connection: close`. */
export function rawEnvelopeReply(status: number, msg: string, headers: HeaderSet): string {
  const body = JSON.stringify({ code: CODE_FAIL, msg, data: null });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * The server's `clientError` handler (Fastify's `clientErrorHandler`, SAFE-13): Node's parser refused the request
 * before Fastify saw it. Answers the envelope with the security headers, then closes the connection.
 */
export function clientErrorHandler(headers: HeaderSet) {
  // Fastify binds it to the instance: `this.log` is the server's log.
  return function (this: { log: FastifyBaseLogger }, err: Error & { code?: string }, socket: Socket): void {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, msg] = answerFor(err.code, PARSER_ERRORS, [400, 'The request is not valid HTTP']);
    this.log.info({ event: 'client_error', code: err.code, status }, msg);
    // As Node's own handler: nothing is written where a reply has already begun on this connection.
    const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(rawEnvelopeReply(status, msg, headers), () => socket.destroy());
  };
}

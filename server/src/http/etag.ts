/**
 * Revalidated public replies (PERF-13): a GET whose path is in `paths` (public data only, never a user's) answers
 * 200 with a strong `ETag` of its body and `Cache-Control: no-cache`, so the browser keeps it and asks again each
 * time; a request whose `If-None-Match` names the current tag gets `304` with no body.
 *
 * Two hooks around the compression of ./plugins.ts: `installEtags` before it (the tag is the hash of the JSON
 * text), `tagEncodings` after it, which appends the content coding to the tag of a compressed reply (`"<hash>-br"`,
 * as Apache does), so each representation has its own strong tag; the comparison reads the hash only.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';

/** The strong tag of a body: a quoted SHA-256 prefix (base64url, 128 bits). */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** The hash part of a tag as sent back by a client: weak prefix, quotes and content-coding suffix dropped. */
function hashOf(tag: string): string {
  return tag
    .trim()
    .replace(/^W\//, '')
    .replace(/^"|"$/g, '')
    .replace(/-(?:br|gzip)$/, '');
}

/**
 * The tag of `If-None-Match` (a list, or `*`) that names `etag` (weak comparison, RFC 9110 13.1.2), as the client
 * wrote it (the 304 repeats the tag of the representation the client holds), or undefined.
 */
export function noneMatchHit(ifNoneMatch: string | undefined, etag: string): string | undefined {
  if (!ifNoneMatch) return undefined;
  if (ifNoneMatch.trim() === '*') return etag;
  const want = hashOf(etag);
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim())
    .find((t) => hashOf(t) === want);
}

function revalidated(req: FastifyRequest, paths: ReadonlySet<string>): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && paths.has(req.url.split('?')[0]);
}

/** Before compression: tag, `no-cache`, and 304 on a match. Registered after installNoStore (it overrides it). */
export function installEtags(app: FastifyInstance, paths: ReadonlySet<string>): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode !== 200 || !revalidated(req, paths)) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const tag = etagOf(payload);
    reply.header('etag', tag);
    reply.header('cache-control', 'no-cache');
    const hit = noneMatchHit(req.headers['if-none-match'], tag);
    if (hit === undefined) return done(null, payload);
    reply.code(304);
    reply.header('etag', hit.replace(/^W\//, ''));
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    done(null, '');
  });
}

/**
 * After compression: the content coding joins the tag of a compressed reply. @fastify/compress adds its onSend to
 * each route as it is declared (onRoute), so this one is appended the same way, after it: register it after the
 * compression plugin and before the routes.
 */
export function tagEncodings(app: FastifyInstance, paths: ReadonlySet<string>): void {
  const hook: onSendHookHandler = (req, reply, payload, done) => {
    const tag = reply.getHeader('etag');
    const coding = reply.getHeader('content-encoding');
    if (typeof tag === 'string' && (coding === 'br' || coding === 'gzip') && revalidated(req, paths))
      reply.header('etag', `${tag.slice(0, -1)}-${coding}"`);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!paths.has(route.url)) return;
    const own = route.onSend;
    route.onSend = own === undefined ? [hook] : Array.isArray(own) ? [...own, hook] : [own, hook];
  });
}

/**
 * The security headers of every reply (SRV-5, SAFE-12, SAFE-13), produced once per server by one function,
 * `securityHeaders`, and written by every path a reply can take:
 * - replies routed by Fastify (routes, 404, 405, 429, 500, static files): an onRequest hook (`installSecurityHeaders`);
 * - a malformed URL (`/api/%`), which Fastify answers before any hook: `frameworkErrors` in ./errors.ts;
 * - a request Node's HTTP parser refuses before Fastify sees it (431 header too large, 400 bad request line):
 *   the server's `clientError` handler in ./errors.ts.
 * Because all three write the same record, they cannot drift.
 *
 * The values come from helmet (@fastify/helmet) with our options: the plugin runs once on a throwaway Fastify
 * instance that is never listened on, and the headers it set are kept (nothing in them depends on the request:
 * no CSP nonces).
 *
 * HSTS (SAFE-12): only in production, `Strict-Transport-Security: max-age=HSTS_MAX_AGE; includeSubDomains`
 * (0 = off); never outside production, so plain http on localhost keeps working. It is sent on every reply
 * whatever the scheme: a browser ignores it over plain http (RFC 6797 8.1) and honours it over https. Behind a
 * TLS proxy nothing more is needed for HSTS; TRUST_PROXY=1 only makes the client address (rate limits, logs,
 * SAFE-7/9 limits) and the scheme (`req.protocol`) come from X-Forwarded-For / X-Forwarded-Proto. Without it those
 * headers are ignored, so a client cannot forge its address.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { CONTRACT_VERSION, PROTOCOL_VERSION_HEADER } from '../../../src/shared/contractVersion';

export type HeaderSet = Readonly<Record<string, string>>;

export interface HeaderOptions {
  production: boolean;
  /** Seconds; 0 = no HSTS. */
  hstsMaxAge: number;
  /** DEPLOY-6: the other origins the app's config.json points at (API, sockets), added to connect-src. */
  connectOrigins?: readonly string[];
}

/**
 * The CSP that allows the SPA: own scripts, blob: workers, inline styles, data:/https: images, sockets (spec 7.5);
 * the service worker (`/sw.js`, worker-src 'self') and the manifest (manifest-src 'self') are the site's own (PERF-22).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  childSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
};

/** The one producer of the security header set (names lower-case). */
export async function securityHeaders(opts: HeaderOptions): Promise<HeaderSet> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...CSP_DIRECTIVES,
          connectSrc: [...new Set([...CSP_DIRECTIVES.connectSrc, ...(opts.connectOrigins ?? [])])],
        },
      },
      hsts: opts.production && opts.hstsMaxAge > 0 ? { maxAge: opts.hstsMaxAge, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    probe.get('/', async (_req, reply) => reply.raw.getHeaders());
    const res = await probe.inject({ method: 'GET', url: '/' });
    const set: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.json() as Record<string, unknown>))
      set[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
    return Object.freeze(set);
  } finally {
    await probe.close();
  }
}

/** Writes the set on every reply Fastify routes (including 404, 405, 429, 500 and static files). */
export function installSecurityHeaders(app: FastifyInstance, headers: HeaderSet): void {
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [k, v] of Object.entries(headers)) reply.raw.setHeader(k, v);
    done();
  });
}

/**
 * `Cache-Control: no-store` (SAFE-15) on every `/api` and `/ws` reply and on every error reply, set last
 * (onSend), so no route can forget it. Decision: no `/api` reply is cacheable, public market GETs included:
 * they change by the second, and one rule leaves no user-data reply out. `/healthz` and `/metrics` set it
 * themselves; static files keep their own (hashed assets immutable, pages no-cache).
 */
const API_OR_SOCKET = /^\/(api|ws)(\/|\?|$)/;
const API = /^\/api(\/|\?|$)/;

export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode >= 400 || API_OR_SOCKET.test(req.url)) reply.header('cache-control', 'no-store');
    // CONF-12: every /api reply says which contract it speaks ("major.minor"), so an app can tell a newer backend.
    if (API.test(req.url)) reply.header(PROTOCOL_VERSION_HEADER, CONTRACT_VERSION);
    done(null, payload);
  });
}

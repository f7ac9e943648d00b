/**
 * Hosting the app elsewhere (docs/spec/deploy.md):
 * - `GET /config.json` (DEPLOY-5): the app's runtime configuration from the environment (config.ts, APP_*), as a
 *   route so it wins over the build's own `config.json`; revalidated on every load (no-cache), as the pages are;
 * - CORS for `/api` (DEPLOY-7): only for the origins of CORS_ORIGINS (off when empty): the preflight answered 204
 *   and every reply to a listed origin marked for it. Never `*` and never credentials: the app sends its token in
 *   the `satoken` header. An origin not listed gets no CORS header at all, so its browser keeps the reply from it.
 */
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '../../../src/shared/runtimeConfig';
import { PROTOCOL_VERSION_HEADER } from '../../../src/shared/contractVersion';

export function registerAppConfig(app: FastifyInstance, cfg: RuntimeConfig | undefined): void {
  const body = JSON.stringify(cfg ?? {});
  app.get('/config.json', async (_req, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}

/** The request headers the app sends (src/app/api/client.ts), lower case. */
export const CORS_ALLOWED_HEADERS = [
  'accept',
  'content-type',
  'satoken',
  'language',
  'lang',
  'idempotency-key',
  'x-requested-with',
];
/** How long a browser may keep a preflight's answer (seconds). */
export const CORS_MAX_AGE_S = 600;

const API = /^\/api(\/|\?|$)/;

export function installCors(app: FastifyInstance, origins: readonly string[] | undefined): void {
  const allowed = new Set(origins ?? []);
  if (allowed.size === 0) return;
  app.addHook('onRequest', (req, reply, done) => {
    if (!API.test(req.url)) return done();
    const origin = req.headers.origin;
    reply.header('vary', 'Origin');
    if (typeof origin !== 'string' || !allowed.has(origin)) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', `Retry-After, ${PROTOCOL_VERSION_HEADER}`);
    if (req.method === 'OPTIONS' && typeof req.headers['access-control-request-method'] === 'string') {
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', CORS_ALLOWED_HEADERS.join(', '))
        .header('access-control-max-age', String(CORS_MAX_AGE_S))
        .header('cache-control', 'no-store')
        .send();
      return;
    }
    done();
  });
}

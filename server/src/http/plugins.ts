/**
 * Security headers, rate limit and the built SPA (SRV-5).
 * - helmet: a CSP that allows the SPA (own scripts, blob: workers, inline styles, data:/https: images,
 *   socket and API connections to self and to a test-platform API host over https/wss, spec 7.5);
 * - rate limit: a generous per-IP budget for /api only; over it: 429 envelope with Retry-After;
 * - static: STATIC_DIR with long cache for /assets/* (hashed names) and no-cache for the rest.
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `rateLimitMax`: requests per minute and IP on /api (config.rateLimitMax, env RATE_LIMIT_MAX). */
export async function registerSecurity(app: FastifyInstance, rateLimitMax: number): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Plain http on localhost must keep working: no upgrade, no HSTS.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: rateLimitMax,
    timeWindow: 60_000,
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, context) => {
      const secs = Math.max(1, Math.ceil(context.ttl / 1000));
      const err = new Error(`Too many requests, try again in ${secs} s`) as Error & {
        statusCode: number;
        retryAfterSeconds: number;
      };
      err.statusCode = 429;
      err.retryAfterSeconds = secs;
      return err;
    },
  });
}

/** Registers the SPA folder; returns whether it has an index.html (for the SPA fallback). */
export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const hasIndex = existsSync(join(staticDir, 'index.html'));
  if (!existsSync(staticDir)) {
    app.log.warn(
      { event: 'static_missing', staticDir },
      `static folder ${staticDir} does not exist; run "npm run build" to serve the app`,
    );
    return false;
  }
  if (!hasIndex)
    app.log.warn(
      { event: 'static_no_index', staticDir },
      `no index.html in ${staticDir}; run "npm run build" to serve the app`,
    );
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(res, path) {
      const immutable = /[\\/]assets[\\/]/.test(path);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return hasIndex;
}

/**
 * Rate limit, reply compression and the built SPA (SRV-5); the security headers are ./headers.ts.
 * - rate limit: a generous per-IP budget for /api only; over it: 429 envelope with Retry-After;
 * - static: STATIC_DIR with long cache for /assets/* (hashed names) and no-cache for the rest; never the build's
 *   own files (SAFE-16): nothing under a folder or file whose name starts with "." (`/.vite/manifest.json`) and
 *   no source map (`*.map`): those answer the 404 envelope. The build writes `.br` and `.gz` copies beside each
 *   compressible file (scripts/precompress.ts); the one the request accepts is sent (PERF-11);
 * - compression: every other reply of a compressible type from COMPRESS_MIN_BYTES, br or gzip (PERF-12).
 */
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `rateLimitMax`: requests per minute and IP on /api (config.rateLimitMax, env RATE_LIMIT_MAX). */
export async function registerSecurity(app: FastifyInstance, rateLimitMax: number): Promise<void> {
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

/** Replies smaller than this go as they are: a compressed copy would save less than a packet (PERF-12). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * PERF-12: replies of a compressible type (JSON, text, SVG) from COMPRESS_MIN_BYTES are compressed by the client's
 * Accept-Encoding, brotli first, then gzip, with `Vary: Accept-Encoding`. Brotli at quality 4 (the plugin's
 * default): quality 11 costs tens of milliseconds per reply; static files carry their quality-11 copies already
 * (their Content-Encoding is set, so nothing is compressed twice). The socket upgrade never reaches onSend.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    // Request bodies stay as they were: the app never sends them compressed, and an inflated upload would pass
    // the body limit on its compressed size.
    globalDecompression: false,
  });
}

/** Files the build may have compressed copies of (scripts/precompress.ts), and the copies themselves. */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|br|gz)$/i;

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
    preCompressed: true,
    allowedPath: (pathName) => servedToBrowser(pathName),
    setHeaders(res, path) {
      const immutable = /[\\/]assets[\\/]/.test(path);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // PERF-11: the same URL is sent as its .br, .gz or plain file by Accept-Encoding; caches must keep them apart.
      if (PRECOMPRESSED.test(path)) res.setHeader('vary', 'accept-encoding');
    },
  });
  return hasIndex;
}

/**
 * Whether a static path is meant for the browser (SAFE-16). Decision: every dot-named segment (the manifest in
 * `.vite/`, any `.env` or `.git` left in the folder) and every source map are refused, whatever the build settings.
 */
export function servedToBrowser(pathName: string): boolean {
  let p = pathName;
  try {
    p = decodeURIComponent(pathName);
  } catch {
    return false;
  }
  if (/\.map$/i.test(p)) return false;
  return !p.split(/[\\/]/).some((seg) => seg.startsWith('.'));
}

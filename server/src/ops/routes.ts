/**
 * Operations: GET /healthz, GET /metrics (Prometheus text) and GET /api/openapi.json.
 * /metrics (SAFE-14): with METRICS_TOKEN, only `Authorization: Bearer <token>` (compared in constant time; a
 * loopback client needs it too); without it, only a client connected from this machine (the socket's own
 * address: X-Forwarded-For is never read here, even with TRUST_PROXY). Otherwise 401 / 403 in the envelope.
 */
import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { fail } from '../../../src/shared/api/envelope';
import { isLoopback } from '../config';
import type { ServerContext } from '../context';
import type { RouteTable } from '../http/errors';
import { OPENAPI_PATH, buildOpenApi } from './openapi';

export function registerOpsRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  routes: RouteTable,
  startedAt: number,
): void {
  app.get('/healthz', async (_req, reply) => {
    let db = 'ok';
    try {
      ctx.db.prepare('SELECT 1').get();
    } catch {
      db = 'error';
    }
    return reply
      .code(db === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: db === 'ok' ? 'ok' : 'degraded', uptime: Math.round((ctx.clock.now() - startedAt) / 1000), db });
  });

  app.get('/metrics', async (req, reply) => {
    const refusal = metricsRefusal(ctx.config.metricsToken, req.headers.authorization, req.socket.remoteAddress);
    if (refusal) {
      if (refusal.status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.code(refusal.status).header('cache-control', 'no-store').send(fail(refusal.msg));
    }
    return reply
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(ctx.metrics.render());
  });

  let doc: object | undefined;
  app.get(OPENAPI_PATH, async () => (doc ??= buildOpenApi(routes)));
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
function loopbackPeer(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  return isLoopback(a.startsWith('::ffff:') ? a.slice(7) : a);
}

function sameSecret(given: string, expected: string): boolean {
  // Digests of equal length, so the compare takes the same time whatever the length or content of `given`.
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(given), h(expected));
}

/** Why a /metrics request is refused (SAFE-14), or undefined when it may read. */
export function metricsRefusal(
  token: string | undefined,
  authorization: string | undefined,
  remoteAddress: string | undefined,
): { status: 401 | 403; msg: string } | undefined {
  if (token !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (m && sameSecret(m[1], token)) return undefined;
    return { status: 401, msg: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' };
  }
  if (loopbackPeer(remoteAddress)) return undefined;
  return { status: 403, msg: 'Metrics are served to this machine only (set METRICS_TOKEN to read them remotely)' };
}

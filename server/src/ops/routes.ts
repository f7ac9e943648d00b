/** Operations: GET /healthz, GET /metrics (Prometheus text) and GET /api/openapi.json. */
import type { FastifyInstance } from 'fastify';
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

  app.get('/metrics', async (_req, reply) =>
    reply
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(ctx.metrics.render()),
  );

  let doc: object | undefined;
  app.get(OPENAPI_PATH, async () => (doc ??= buildOpenApi(routes)));
}

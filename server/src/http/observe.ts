/**
 * One JSON log line per request ({event: "request", method, route, status, ms}) and the request counter
 * exchange_http_requests_total{route, status}, labelled by route pattern (never the raw URL).
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics';

export function installObservers(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? '(unmatched)';
    const status = reply.statusCode;
    metrics.httpRequests.inc({ route, status: String(status) });
    req.log.info(
      { event: 'request', method: req.method, route, url: req.url.length > 200 ? req.url.slice(0, 200) : req.url, status, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });
}

/**
 * One JSON log line per request ({event: "request", method, route, path, status, ms}; never the query string) and the request counter
 * exchange_http_requests_total{route, status}, labelled by route pattern (never the raw URL). OPS-7: a request that
 * went well (status below 400, answered within SLOW_MS) is logged at debug, a failure or a slow reply at info.
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics';

/**
 * The path of a URL for logs: never the query string, which carries passwords and codes in some calls of
 * spec 7.1 (e.g. updateUserLoginPwd?oldPwd=...&newPwd=...). At most 200 characters.
 */
export function logPath(url: string): string {
  const q = url.indexOf('?');
  const p = q >= 0 ? url.slice(0, q) : url;
  return p.length > 200 ? p.slice(0, 200) : p;
}

/** A reply slower than this is logged at info even when it went well. */
const SLOW_MS = 1000;

export function installObservers(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? '(unmatched)';
    const status = reply.statusCode;
    metrics.httpRequests.inc({ route, status: String(status) });
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const quiet = status < 400 && ms < SLOW_MS;
    if (quiet && req.log.level !== 'debug' && req.log.level !== 'trace') return;
    const line = { event: 'request', method: req.method, route, path: logPath(req.url), status, ms };
    if (quiet) req.log.debug(line, 'request');
    else req.log.info(line, 'request');
  });
}

/**
 * `GET /manifest.webmanifest` (PERF-20): the web app manifest with the operator's site name (SITE_NAME,
 * SITE_SHORT_NAME), built by the same function as the build's file (src/shared/pwa/webManifest.ts), so the icons
 * it lists are the ones the build drew. Registered as its own route, it wins over the static file of the same
 * name; with no name configured it says what the built file says. Revalidated on every load (no-cache), as the
 * pages are, so a renamed site shows at the next install.
 */
import type { FastifyInstance } from 'fastify';
import { buildWebManifest, DEFAULT_SITE_NAME, type SiteNames } from '../../../src/shared/pwa/webManifest';

export function registerWebManifest(app: FastifyInstance, site: SiteNames | undefined): void {
  const body = JSON.stringify(buildWebManifest(site ?? { name: DEFAULT_SITE_NAME }));
  app.get('/manifest.webmanifest', async (_req, reply) =>
    reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(body),
  );
}

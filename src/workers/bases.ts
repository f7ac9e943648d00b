/**
 * Where the engine connects (spec 7.5, DEPLOY-3): by default `/ws/` on the page's host, `ws:` for an http page and
 * `wss:` otherwise, REST on the same origin. The deployment's config.json (sent by the tab in its hello, as
 * {@link Endpoints}) may name another API base and a list of socket URLs (the engine fails over along it,
 * DEPLOY-4). A test-platform override with a domain moves both to the `api.` subdomain of that domain (https /
 * wss, like the HTTP client's base); it wins over config.json, as it does in the HTTP client.
 */
import { apiBaseOf, socketBasesOf, type RuntimeConfig } from '../shared/runtimeConfig';
import { overrideDomain, type TestPlatform } from '../shared/testPlatform';

/** The part of config.json the worker needs. */
export type Endpoints = Pick<RuntimeConfig, 'apiBase' | 'socketUrls'>;

export interface Bases {
  /** e.g. ["ws://localhost:8080/ws/"] (the engine appends a random id), in order of preference. */
  wsBases: string[];
  /** Origin (and path) for REST, e.g. "http://localhost:8080" or "https://api.example.com". */
  httpBase: string;
}

export function resolveBases(
  location: { protocol: string; host: string },
  tp?: TestPlatform | null,
  endpoints?: Endpoints | null,
): Bases {
  const domain = overrideDomain(tp);
  if (domain) return { wsBases: [`wss://api.${domain}/ws/`], httpBase: `https://api.${domain}` };
  const cfg = endpoints ?? {};
  return {
    wsBases: socketBasesOf(cfg, location),
    httpBase: apiBaseOf(cfg) || `${location.protocol}//${location.host}`,
  };
}

export function sameBases(a: Bases | undefined, b: Bases | undefined): boolean {
  return (
    !!a &&
    !!b &&
    a.httpBase === b.httpBase &&
    a.wsBases.length === b.wsBases.length &&
    a.wsBases.every((w, i) => w === b.wsBases[i])
  );
}

/**
 * Where the engine connects (spec 7.5): `/ws/` on the page's host, `ws:` for an http page and `wss:` otherwise;
 * REST relative to the same origin. A test-platform override with a domain moves both to the `api.` subdomain
 * of that domain (https / wss, like the HTTP client's base).
 */
import { overrideDomain, type TestPlatform } from '../shared/testPlatform';

export interface Bases {
  /** e.g. "ws://localhost:8080/ws/" (the engine appends a random id). */
  wsBase: string;
  /** Origin for REST, e.g. "http://localhost:8080" or "https://api.example.com". */
  httpBase: string;
}

export function resolveBases(location: { protocol: string; host: string }, tp?: TestPlatform | null): Bases {
  const domain = overrideDomain(tp);
  if (domain) return { wsBase: `wss://api.${domain}/ws/`, httpBase: `https://api.${domain}` };
  const ws = location.protocol === 'http:' ? 'ws:' : 'wss:';
  return { wsBase: `${ws}//${location.host}/ws/`, httpBase: `${location.protocol}//${location.host}` };
}

export function sameBases(a: Bases | undefined, b: Bases | undefined): boolean {
  return !!a && !!b && a.wsBase === b.wsBase && a.httpBase === b.httpBase;
}

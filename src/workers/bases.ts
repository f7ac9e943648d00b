/**
 * Where the engine connects (spec 7.5): `/ws/` on the page's host, `ws:` for an http page and `wss:` otherwise;
 * REST relative to the same origin. A test-platform override with a domain moves both to the `api.` subdomain
 * of that domain (https / wss, like the HTTP client's base).
 */
import type { TestPlatform } from './wire';

export interface Bases {
  /** e.g. "ws://localhost:8080/ws/" (the engine appends a random id). */
  wsBase: string;
  /** Origin for REST, e.g. "http://localhost:8080" or "https://api.example.com". */
  httpBase: string;
}

const HOST_RE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/** The override's domain when it is a bare host name; anything else (scheme, path, port, spaces) is ignored. */
export function overrideDomain(tp: TestPlatform | null | undefined): string | null {
  const d = typeof tp?.domain === 'string' ? tp.domain.trim().toLowerCase() : '';
  return d && HOST_RE.test(d) ? d : null;
}

export function resolveBases(location: { protocol: string; host: string }, tp?: TestPlatform | null): Bases {
  const domain = overrideDomain(tp);
  if (domain) return { wsBase: `wss://api.${domain}/ws/`, httpBase: `https://api.${domain}` };
  const ws = location.protocol === 'http:' ? 'ws:' : 'wss:';
  return { wsBase: `${ws}//${location.host}/ws/`, httpBase: `${location.protocol}//${location.host}` };
}

/** Reads the raw storage value of the test-platform entry (JSON `{platform, domain?}`); null when absent or bad. */
export function parseTestPlatform(raw: string | null): TestPlatform | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (!v || typeof v !== 'object') return null;
    const o = v as Record<string, unknown>;
    const platform = typeof o.platform === 'string' ? o.platform : '';
    const domain = typeof o.domain === 'string' ? o.domain : undefined;
    return domain === undefined ? { platform } : { platform, domain };
  } catch {
    return null;
  }
}

export function sameBases(a: Bases | undefined, b: Bases | undefined): boolean {
  return !!a && !!b && a.wsBase === b.wsBase && a.httpBase === b.httpBase;
}

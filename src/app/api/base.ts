/**
 * The API base (spec 7, 7.5): relative by default, config.json's `apiBase` when the deployment names one
 * (DEPLOY-3); the test-platform entry of spec 3.1 (`{ platform, domain? }`) with a domain points the API at
 * `https://api.<domain>` (it wins: a tester's choice on this device).
 */
import { overrideDomain, parseTestPlatform } from '../../shared/testPlatform';

/** Returns '' (relative) or an absolute origin such as 'https://api.example.com'. */
export function apiBase(testPlatformRaw: string | null, configured = ''): string {
  const domain = overrideDomain(parseTestPlatform(testPlatformRaw));
  return domain ? `https://api.${domain}` : configured;
}

/** Joins base, path and query; values are stringified, undefined/null left out, arrays comma-joined. */
export function buildUrl(base: string, path: string, query?: Record<string, unknown>): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  const qs = new URLSearchParams();
  if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null) continue;
      qs.set(k, Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  const s = qs.toString();
  return `${base}${p}${s ? `?${s}` : ''}`;
}

/**
 * Which browser origins may open the socket (WS-2: a foreign Origin is refused).
 * No Origin header (a non-browser client) is allowed; otherwise the Origin's host must equal the request's
 * Host, or be listed in env ALLOWED_ORIGINS (comma list of origins like "https://app.example.com" or bare hosts).
 */

export function parseAllowedOrigins(raw: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (raw ?? '').split(',')) {
    const s = part.trim().toLowerCase().replace(/\/+$/, '');
    if (s) out.add(s);
  }
  return out;
}

export function originAllowed(origin: string | undefined, host: string | undefined, allowed: Set<string>): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file:) and garbage
  }
  const o = url.origin.toLowerCase();
  const h = url.host.toLowerCase();
  if (host && h === host.toLowerCase()) return true;
  return allowed.has(o) || allowed.has(h);
}

/**
 * The test-platform entry of spec 3.1 / 7.5, one parser: a stored JSON `{ platform, domain? }` whose domain,
 * when it is a bare host name, moves REST and the socket to `api.<domain>` (https / wss). Used by the HTTP
 * client (src/app/api/base.ts) and the market worker (src/workers/bases.ts).
 */
export interface TestPlatform {
  platform: string;
  domain?: string;
}

const HOST_RE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/** Reads the raw storage value of the entry; null when absent or not a JSON object. */
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

/** The override's domain when it is a bare host name; anything else (scheme, path, port, spaces) is ignored. */
export function overrideDomain(tp: TestPlatform | null | undefined): string | null {
  const d = typeof tp?.domain === 'string' ? tp.domain.trim().toLowerCase() : '';
  return d && HOST_RE.test(d) ? d : null;
}

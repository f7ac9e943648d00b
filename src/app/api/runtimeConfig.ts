/**
 * The deployment's config.json (DEPLOY-1, DEPLOY-2): fetched once at start, beside the first wave of requests
 * (index.html preloads it), and read by the HTTP client (API base), the market worker's hello (socket URLs), the
 * logo (brand name and image), the language pick, the service link and the download page. A missing, unreadable
 * or invalid file gives the built-in defaults (everything on the page's origin) and one console warning: never a
 * blank app.
 */
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig, type RuntimeConfig } from '../../shared/runtimeConfig';

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

/** The configuration in force (the defaults until {@link loadRuntimeConfig} resolved). */
export function runtimeConfig(): RuntimeConfig {
  return current;
}

/** DEPLOY-2: the exchange's name: config.json's `brandName`, else the translated default (`common:brand`). */
export function brandName(t: (key: 'brand') => string): string {
  return current.brandName ?? t('brand');
}

/** Tests: sets the configuration in force. */
export function setRuntimeConfig(cfg: RuntimeConfig): void {
  current = cfg;
}

export interface RuntimeConfigDeps {
  fetch: typeof fetch;
  warn(message: string): void;
  /** Where config.json is: beside index.html. */
  url: string;
}

function browserDeps(): RuntimeConfigDeps {
  return {
    fetch: (...args) => globalThis.fetch(...args),
    warn: (message) => console.warn(message),
    url: `${import.meta.env.BASE_URL}config.json`,
  };
}

/** DEPLOY-1: reads config.json; never rejects. Resolves with the configuration now in force. */
export async function loadRuntimeConfig(deps: RuntimeConfigDeps = browserDeps()): Promise<RuntimeConfig> {
  let problem: string | undefined;
  try {
    // The same request as index.html's preload (credentials same-origin), so the browser reuses its reply.
    const res = await deps.fetch(deps.url, { credentials: 'same-origin' });
    if (res.status === 404) problem = 'not found';
    else if (!res.ok) problem = `HTTP ${res.status}`;
    else {
      const parsed = parseRuntimeConfig(await res.json());
      current = parsed.config;
      problem = parsed.problem;
    }
  } catch (err) {
    problem = err instanceof SyntaxError ? 'not JSON' : 'not reachable';
  }
  if (problem) {
    current = DEFAULT_RUNTIME_CONFIG;
    deps.warn(`[config] ${deps.url}: ${problem}; using the built-in defaults (same origin)`);
  }
  return current;
}

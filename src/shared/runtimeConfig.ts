/**
 * The deployment's runtime configuration (DEPLOY-1..3, docs/spec/deploy.md): `config.json` beside `index.html`,
 * read by the app at start before the market worker and the settings calls, served by the reference server from
 * its environment (APP_*). One schema for both sides. Every field is optional: absent, the app uses its built-in
 * default (same origin, the drawn mark, the language rules of spec 4.3).
 */
import { z } from 'zod';
import { REQUEST_TIMEOUT_MIN_MS, REQUEST_TIMEOUT_MS } from './constants';

/** The parts of an absolute URL this file needs (plain ECMAScript: src/shared has no URL class, see tsconfig.engine). */
interface UrlParts {
  /** e.g. "https:" */
  scheme: string;
  /** host[:port], lower case */
  host: string;
  /** "" or from the first "/" on, without query or fragment */
  path: string;
  /** whether a query or fragment follows */
  rest: boolean;
}

const URL_RE = /^([a-z][a-z0-9+.-]*):\/\/([^/?#@\s]+)(\/[^?#\s]*)?([?#]\S*)?$/i;
const HOST_RE = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/;

function urlParts(s: string): UrlParts | undefined {
  const m = URL_RE.exec(s);
  if (!m) return undefined;
  const host = m[2].toLowerCase();
  if (!HOST_RE.test(host)) return undefined;
  return { scheme: `${m[1].toLowerCase()}:`, host, path: m[3] ?? '', rest: !!m[4] };
}

const isPath = (s: string) => s.startsWith('/') && !s.startsWith('//') && !/\s/.test(s);

/** A link (support, downloads): http(s), query and fragment allowed, no credentials. */
const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((s) => ['http:', 'https:'].includes(urlParts(s)?.scheme ?? ''), 'must be an http(s) URL');

/** An absolute http(s) origin with an optional path, no query or fragment (the API is `<apiBase>/api/...`). */
const apiBaseUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((s) => {
    const u = urlParts(s);
    return !!u && ['http:', 'https:'].includes(u.scheme) && !u.rest;
  }, 'must be an http(s) URL without query, fragment or credentials');

/** `wss://host[/path]`, `ws://...`, `https://...` (same host, socket scheme) or a path on the page's host (`/ws/`). */
const socketUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((s) => {
    if (isPath(s)) return !/[?#]/.test(s);
    const u = urlParts(s);
    return !!u && ['ws:', 'wss:', 'http:', 'https:'].includes(u.scheme) && !u.rest;
  }, 'must be a ws(s) or http(s) URL, or a path starting with /');

/** An image: an http(s) URL or a path on the app's host. */
const imageUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((s) => isPath(s) || httpUrl.safeParse(s).success, 'must be an http(s) URL or a path starting with /');

export const RuntimeConfigSchema = z.object({
  /** Where the REST API lives, e.g. "https://api.example.com"; absent or "": the page's origin. */
  apiBase: z.union([z.literal(''), apiBaseUrl]).optional(),
  /** Socket URL bases in order of preference (DEPLOY-4); absent: `/ws/` on the page's host. */
  socketUrls: z.array(socketUrl).min(1).max(16).optional(),
  /**
   * Whether the sockets want a signed ticket for the private streams (socket gateways, BUS-8): true: the app asks
   * the API for one; false: it never asks (one process serves the sockets itself); absent: it asks once and stops
   * when the API says tickets are not offered (DEPLOY-9).
   */
  socketTickets: z.boolean().optional(),
  /** The exchange's name where the app writes it (the logo's text, titles, the invite poster). */
  brandName: z.string().trim().min(1).max(40).optional(),
  /** The wordmark image; the platform's LOGO_SETTING, when the backend sets one, wins. */
  brandLogo: imageUrl.optional(),
  /** The language of a visitor who chose none (spec 4.3 step 3, DEPLOY-2), e.g. "de". */
  defaultLanguage: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})?$/)
    .optional(),
  /** The customer service page (the navigation's service entry when the platform names none). */
  supportUrl: httpUrl.optional(),
  /** App downloads, shown on /download when the platform lists none. */
  downloadUrls: z.object({ android: httpUrl.optional(), apple: httpUrl.optional() }).optional(),
  /**
   * How long the HTTP client waits for a reply before giving up (DEPLOY-10), whole milliseconds from
   * REQUEST_TIMEOUT_MIN_MS (1 s) to REQUEST_TIMEOUT_MS (10 s, also the default).
   */
  requestTimeoutMs: z.number().int().min(REQUEST_TIMEOUT_MIN_MS).max(REQUEST_TIMEOUT_MS).optional(),
});

export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

/** The built-in defaults: everything on the page's origin. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = Object.freeze({});

/** Validates a parsed config.json: the config, or the defaults with the first problem in words. */
export function parseRuntimeConfig(raw: unknown): { config: RuntimeConfig; problem?: string } {
  const r = RuntimeConfigSchema.safeParse(raw);
  if (r.success) return { config: r.data };
  const issue = r.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'config.json';
  return { config: DEFAULT_RUNTIME_CONFIG, problem: `${where}: ${issue?.message ?? 'invalid'}` };
}

/** DEPLOY-10: the HTTP client's request timeout: config.json's `requestTimeoutMs`, else 10 s (spec 9.1). */
export function requestTimeoutOf(cfg: RuntimeConfig): number {
  return cfg.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
}

/** `apiBase` without a trailing slash; '' for the page's origin. */
export function apiBaseOf(cfg: RuntimeConfig): string {
  return (cfg.apiBase ?? '').replace(/\/+$/, '');
}

/**
 * The socket URL bases the engine appends its id to (`.../ws/`), absolute, resolved against the page: a path
 * takes the page's host, http(s) becomes ws(s), a URL without a path means its `/ws/`. None configured: `/ws/` on
 * the page's host, ws: for an http page and wss: otherwise (spec 7.5).
 */
export function socketBasesOf(cfg: RuntimeConfig, page: { protocol: string; host: string }): string[] {
  const pageWs = page.protocol === 'http:' ? 'ws:' : 'wss:';
  const list = cfg.socketUrls ?? ['/ws/'];
  return list.map((s) => {
    if (isPath(s)) return withSlash(`${pageWs}//${page.host}${s}`);
    const u = urlParts(s)!;
    const path = u.path === '' || u.path === '/' ? '/ws/' : u.path;
    return withSlash(`${socketScheme(u.scheme)}//${u.host}${path}`);
  });
}

function socketScheme(scheme: string): string {
  return scheme === 'http:' ? 'ws:' : scheme === 'https:' ? 'wss:' : scheme;
}

function withSlash(s: string): string {
  return s.endsWith('/') ? s : `${s}/`;
}

/** The other origins the page must reach (CSP connect-src): the API's and the sockets', without duplicates. */
export function connectOriginsOf(cfg: RuntimeConfig): string[] {
  const out = new Set<string>();
  const api = cfg.apiBase ? urlParts(cfg.apiBase) : undefined;
  if (api) out.add(`${api.scheme}//${api.host}`);
  for (const s of cfg.socketUrls ?? []) {
    const u = isPath(s) ? undefined : urlParts(s);
    if (u) out.add(`${socketScheme(u.scheme)}//${u.host}`);
  }
  return [...out];
}

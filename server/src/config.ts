/**
 * Server configuration from the environment and the command line (README "Server"):
 * PORT (8080; 0 = ephemeral), HOST (127.0.0.1), DATA_DIR (./data), STATIC_DIR (./dist), NODE_ENV,
 * TEST_SWITCHES (ignored when NODE_ENV=production), REPLY_CHECKS (0 = replies not checked against their schemas outside
 * production either), MARKET_SEED, TRADE_RATE (8 trades/s per symbol),
 * FLOOD or --flood=N (total trades/s) with FLOOD_SYMBOLS (50), MARKET_COINS (50 coins in the spot list),
 * LOG_LEVEL (info), TRUST_PROXY, RATE_LIMIT_MAX (6000 requests a minute per address on /api), ALLOWED_ORIGINS,
 * FLASH_SPREAD and FLASH_FEE (0.001 each: 0.1 %), FLASH_QUOTE_TTL_MS (10000),
 * CHAIN_BLOCK_MS (3000: block time of the simulated deposit chain), OPS_TOKEN (operator token of /api/_ops/*).
 * WITHDRAW_AUTO_APPROVE_MAX (1000, in the coin's units; 0 = every withdrawal waits for the operator),
 * WITHDRAW_AUTO_APPROVE_DELAY_MS (5000).
 * FOLLOW_BOTS (3 simulated lead traders of copy trading, 0 = none), FOLLOW_BOT_INTERVAL_MS (20000).
 * FLOW_DEMO (on: a simulated merchant with a sell and a buy offer of flow orders; 0 = none).
 * SITE_NAME (OpenEx) and SITE_SHORT_NAME (the name): the web app manifest's names (PERF-20).
 * The app's config.json (DEPLOY-5): APP_API_BASE, APP_SOCKET_URLS (comma-separated), APP_BRAND_NAME, APP_BRAND_LOGO,
 * APP_DEFAULT_LANGUAGE, APP_SUPPORT_URL, APP_DOWNLOAD_ANDROID, APP_DOWNLOAD_APPLE, APP_REQUEST_TIMEOUT_MS (DEPLOY-10:
 * 1000 to 10000, unset: the app's 10 s); CORS_ORIGINS (DEPLOY-7).
 * Safety (docs/spec/security.md, README "Security"): HOST defaults to 127.0.0.1; DEV_MAILBOX, SMTP_URL, MAIL_FROM,
 * SMS_WEBHOOK_URL, SEED_DEMO with DEMO_PASSWORD, HSTS_MAX_AGE, METRICS_TOKEN, SHUTDOWN_GRACE_MS, USER_LIMIT_SCALE.
 * Bad values stop the start with a message naming the variable.
 *
 * This is the only file of the server that reads the environment: everything else gets a ServerConfig.
 */
import { resolve } from 'node:path';
import type { ServerConfig } from './context';
import { DEFAULT_MARKET_COINS, MAX_MARKET_COINS } from './seed/marketCoins';
import { RuntimeConfigSchema, type RuntimeConfig } from '../../src/shared/runtimeConfig';
import { REQUEST_TIMEOUT_MIN_MS, REQUEST_TIMEOUT_MS } from '../../src/shared/constants';

/** Requests per minute and IP on /api unless RATE_LIMIT_MAX says otherwise. */
export const RATE_LIMIT_PER_MINUTE = 6000;

export class ConfigError extends Error {}

function int(name: string, raw: string | undefined, def: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function num(name: string, raw: string | undefined, def: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return def;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function decimal(name: string, raw: string | undefined, def: string): string {
  if (raw === undefined || raw.trim() === '') return def;
  const v = raw.trim();
  if (!/^\d{1,15}(\.\d{1,8})?$/.test(v)) throw new ConfigError(`${name} must be a plain decimal amount, got "${raw}"`);
  return v;
}

/** A fraction as a plain decimal string from 0 to `max` (e.g. "0.001" = 0.1 %). */
function fraction(name: string, raw: string | undefined, def: string, max: number): string {
  if (raw === undefined || raw.trim() === '') return def;
  const s = raw.trim();
  if (!/^\d+(\.\d{1,8})?$/.test(s) || Number(s) > max)
    throw new ConfigError(`${name} must be a decimal from 0 to ${max} with at most 8 decimals, got "${raw}"`);
  return s;
}

function flag(raw: string | undefined): boolean {
  return raw !== undefined && ['1', 'true', 'yes', 'on'].includes(raw.trim().toLowerCase());
}

/** `--flood=10000` or `--flood 10000` on the command line. */
function argValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const host = env.HOST?.trim() || '127.0.0.1';
  const mailboxAsked = flag(env.DEV_MAILBOX);
  const devMailbox = !production && (isLoopback(host) || mailboxAsked);
  const floodRaw = argValue(argv, 'flood') ?? env.FLOOD;
  const floodRate = floodRaw === undefined ? 0 : int('FLOOD', floodRaw, 0, 0, 10_000_000);
  return {
    port: int('PORT', env.PORT, 8080, 0, 65535),
    host,
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    staticDir: resolve(env.STATIC_DIR?.trim() || './dist'),
    site: { name: env.SITE_NAME?.trim() || 'OpenEx', shortName: env.SITE_SHORT_NAME?.trim() || undefined },
    production,
    testSwitches: !production && flag(env.TEST_SWITCHES),
    replyChecks: !production && env.REPLY_CHECKS?.trim() !== '0',
    marketSeed: int('MARKET_SEED', env.MARKET_SEED, 20240601, 0, 2 ** 31 - 1),
    tradeRate: num('TRADE_RATE', env.TRADE_RATE, 8, 0.01, 10_000),
    marketCoins: int('MARKET_COINS', env.MARKET_COINS, DEFAULT_MARKET_COINS, 1, MAX_MARKET_COINS),
    flood:
      floodRate > 0
        ? { totalRate: floodRate, symbols: int('FLOOD_SYMBOLS', env.FLOOD_SYMBOLS, 50, 1, 10_000) }
        : undefined,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    // Off by default, so X-Forwarded-For cannot be forged to dodge the rate limit.
    trustProxy: ['1', 'true', 'yes'].includes(String(env.TRUST_PROXY ?? '').toLowerCase()),
    rateLimitMax: Number(env.RATE_LIMIT_MAX) > 0 ? Number(env.RATE_LIMIT_MAX) : RATE_LIMIT_PER_MINUTE,
    // DEPLOY-7: a page allowed to call /api from another origin may open the socket too.
    allowedOrigins: [env.ALLOWED_ORIGINS, env.CORS_ORIGINS].filter((s) => s?.trim()).join(',') || undefined,
    appConfig: appConfig(env),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    flash: {
      spread: fraction('FLASH_SPREAD', env.FLASH_SPREAD, '0.001', 0.05),
      fee: fraction('FLASH_FEE', env.FLASH_FEE, '0.001', 0.05),
      quoteTtlMs: int('FLASH_QUOTE_TTL_MS', env.FLASH_QUOTE_TTL_MS, 10_000, 1_000, 600_000),
    },
    chainBlockMs: int('CHAIN_BLOCK_MS', env.CHAIN_BLOCK_MS, 3000, 100, 3_600_000),
    markIntervalMs: int('MARK_INTERVAL_MS', env.MARK_INTERVAL_MS, 1000, 100, 60_000),
    optionQuoteTtlMs: int('OPTION_QUOTE_TTL_MS', env.OPTION_QUOTE_TTL_MS, 10_000, 1_000, 600_000),
    opsToken: opsToken(env.OPS_TOKEN),
    proxyCommissionRate: fraction('PROXY_COMMISSION_RATE', env.PROXY_COMMISSION_RATE, '0.1', 1),
    withdrawAutoApproveMax: decimal('WITHDRAW_AUTO_APPROVE_MAX', env.WITHDRAW_AUTO_APPROVE_MAX, '1000'),
    withdrawAutoApproveDelayMs: int(
      'WITHDRAW_AUTO_APPROVE_DELAY_MS',
      env.WITHDRAW_AUTO_APPROVE_DELAY_MS,
      5000,
      0,
      86_400_000,
    ),
    // At most the 6 styles of server/src/follow/bots.ts (BOT_STYLES).
    followBots: int('FOLLOW_BOTS', env.FOLLOW_BOTS, 3, 0, 6),
    followBotIntervalMs: int('FOLLOW_BOT_INTERVAL_MS', env.FOLLOW_BOT_INTERVAL_MS, 20_000, 1_000, 3_600_000),
    flowDemo: env.FLOW_DEMO === undefined || env.FLOW_DEMO.trim() === '' ? true : flag(env.FLOW_DEMO),
    devMailbox,
    devMailboxExposed: devMailbox && !isLoopback(host),
    // BUS-1: unset, everything stays in this one process; set, the core also publishes to NATS for gateways.
    // BUS-5: signs socket tickets for gateways; unset, no tickets are issued.
    gatewaySecret: longSecret('GATEWAY_SECRET', env.GATEWAY_SECRET),
    natsUrl: url('NATS_URL', env.NATS_URL, ['nats:'], 'nats://127.0.0.1:4222'),
    smtpUrl: url('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587'),
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    smsWebhookUrl: url('SMS_WEBHOOK_URL', env.SMS_WEBHOOK_URL, ['http:', 'https:'], 'https://sms.example.com/send'),
    demo: demoAccount(production, env.SEED_DEMO, env.DEMO_PASSWORD),
    hstsMaxAge: int('HSTS_MAX_AGE', env.HSTS_MAX_AGE, 15_552_000, 0, 63_072_000),
    metricsToken: secretToken('METRICS_TOKEN', env.METRICS_TOKEN),
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 10_000, 0, 600_000),
    userLimitScale: int('USER_LIMIT_SCALE', env.USER_LIMIT_SCALE, 1, 1, 10_000),
    core: {
      groupCommit:
        env.CORE_GROUP_COMMIT === undefined || env.CORE_GROUP_COMMIT.trim() === '' ? true : flag(env.CORE_GROUP_COMMIT),
      batchWindowMs: int('CORE_BATCH_WINDOW_MS', env.CORE_BATCH_WINDOW_MS, 0, 0, 50),
      snapshotEvery: int('CORE_SNAPSHOT_EVERY', env.CORE_SNAPSHOT_EVERY, 5000, 10, 10_000_000),
      // Off by default: measured slower than row by row in bench:orders (LEDGER-11's Decision); 1 = write behind.
      writeBehind:
        env.CORE_LEDGER_WRITE_BEHIND === undefined || env.CORE_LEDGER_WRITE_BEHIND.trim() === ''
          ? false
          : flag(env.CORE_LEDGER_WRITE_BEHIND),
    },
    mark: {
      basisWindowMs: int('MARK_BASIS_WINDOW_MS', env.MARK_BASIS_WINDOW_MS, 60_000, 1_000, 3_600_000),
      band: fraction('MARK_BAND', env.MARK_BAND, '0.005', 0.1),
    },
  };
}

/** The environment variable of each config.json field (DEPLOY-5). */
const APP_VARS = {
  apiBase: 'APP_API_BASE',
  socketUrls: 'APP_SOCKET_URLS',
  brandName: 'APP_BRAND_NAME',
  brandLogo: 'APP_BRAND_LOGO',
  defaultLanguage: 'APP_DEFAULT_LANGUAGE',
  supportUrl: 'APP_SUPPORT_URL',
} as const;

/** DEPLOY-5: the app's config.json from APP_*, checked with the app's own schema; unset: {} (same origin). */
function appConfig(env: NodeJS.ProcessEnv): RuntimeConfig {
  const raw: Record<string, unknown> = {};
  for (const [field, name] of Object.entries(APP_VARS)) {
    const v = env[name]?.trim();
    if (!v) continue;
    raw[field] =
      field === 'socketUrls'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v;
  }
  // DEPLOY-9: the app asks for socket tickets only where gateways take its sockets (the core signs them).
  raw.socketTickets = Boolean(env.GATEWAY_SECRET?.trim());
  // DEPLOY-10: the app's request timeout, whole milliseconds within the bounds the app's schema allows.
  const timeout = env.APP_REQUEST_TIMEOUT_MS?.trim();
  if (timeout)
    raw.requestTimeoutMs = int(
      'APP_REQUEST_TIMEOUT_MS',
      timeout,
      REQUEST_TIMEOUT_MS,
      REQUEST_TIMEOUT_MIN_MS,
      REQUEST_TIMEOUT_MS,
    );
  const android = env.APP_DOWNLOAD_ANDROID?.trim();
  const apple = env.APP_DOWNLOAD_APPLE?.trim();
  if (android || apple) raw.downloadUrls = { ...(android && { android }), ...(apple && { apple }) };
  const r = RuntimeConfigSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = String(issue.path[0] ?? '');
    const name =
      field === 'downloadUrls'
        ? `APP_DOWNLOAD_${String(issue.path[1] ?? 'ANDROID').toUpperCase()}`
        : (APP_VARS[field as keyof typeof APP_VARS] ?? 'APP_*');
    throw new ConfigError(`${name}: ${issue.message}`);
  }
  return r.data;
}

/** DEPLOY-7: `https://app.example.com,http://localhost:5173` -> normalised origins; anything else stops the start. */
function corsOrigins(raw: string | undefined): string[] {
  const out: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const s = part.trim().replace(/\/+$/, '');
    if (!s) continue;
    if (s === '*') throw new ConfigError('CORS_ORIGINS must list origins; "*" is not allowed');
    let origin: string;
    try {
      const u = new URL(s);
      if (!['http:', 'https:'].includes(u.protocol) || u.pathname !== '/' || u.search || u.username) throw new Error();
      origin = u.origin;
    } catch {
      throw new ConfigError(`CORS_ORIGINS must be comma-separated origins such as https://app.example.com, got "${s}"`);
    }
    if (!out.includes(origin)) out.push(origin);
  }
  return out;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect (SAFE-1). */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase();
  return h === 'localhost' || h === '::1' || h === '[::1]' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The published demo password (README): accepted only outside production. */
export const PUBLISHED_DEMO_PASSWORD = 'Demo12345';

function demoAccount(
  production: boolean,
  seedRaw: string | undefined,
  passwordRaw: string | undefined,
): { seed: boolean; password: string | undefined } {
  if (!production) return { seed: true, password: PUBLISHED_DEMO_PASSWORD };
  if (!flag(seedRaw)) return { seed: false, password: undefined };
  const password = passwordRaw ?? '';
  if (password.length < 12)
    throw new ConfigError('SEED_DEMO=1 in production needs DEMO_PASSWORD of at least 12 characters');
  if (password === PUBLISHED_DEMO_PASSWORD)
    throw new ConfigError('DEMO_PASSWORD must not be the published demo password');
  return { seed: true, password };
}

/** A URL with one of `protocols` (e.g. ['smtp:', 'smtps:']), or undefined when unset. */
function url(name: string, raw: string | undefined, protocols: string[], example: string): string | undefined {
  const t = raw?.trim();
  if (!t) return undefined;
  let protocol: string;
  try {
    protocol = new URL(t).protocol;
  } catch {
    protocol = '';
  }
  if (!protocols.includes(protocol)) throw new ConfigError(`${name} must be a URL such as ${example}`);
  return t;
}

function longSecret(name: string, raw: string | undefined): string | undefined {
  const t = raw?.trim();
  if (!t) return undefined;
  if (t.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
  return t;
}

function secretToken(name: string, raw: string | undefined): string | undefined {
  const t = raw?.trim();
  if (!t) return undefined;
  if (t.length < 16) throw new ConfigError(`${name} must be at least 16 characters`);
  return t;
}

function opsToken(raw: string | undefined): string | undefined {
  const t = raw?.trim();
  if (!t) return undefined;
  if (t.length < 16) throw new ConfigError('OPS_TOKEN must be at least 16 characters');
  return t;
}

/** The environment of a child process started by a command-line tool: this one's, with `over` on top. */
export function childEnv(over: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...over };
}

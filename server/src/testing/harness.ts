/**
 * The one in-process test harness: the whole exchange (startServer) on an ephemeral port with a temporary
 * DATA_DIR, configured only through config (env-style strings handed to loadConfig, never the real environment).
 *
 * - `get`/`post` fetch over HTTP and return the status and the parsed JSON body;
 * - `call(endpoint, ...)` injects a call of src/shared/api and checks the reply against the envelope and, on
 *   success, against the endpoint's data schema (so every test also checks the reply contract);
 * - `clock: 'manual'` runs the server on a clock the test moves (`clock.advance`); the scheduler's jobs
 *   (market, session purge) then run only through `ctx.scheduler.runDue(now)`;
 * - `login`/`auth` are written to LOGIN_REGIS_SETTING / AUTH_LIMIT at start and by `settings.set`.
 * A test file starts one server (beforeAll); tests that need a fresh database call `reset()` before each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { AnyEnvelope } from '../../../src/shared/api/envelope';
import type { Endpoint } from '../../../src/shared/api/endpoint';
import { userApi } from '../../../src/shared/api/user';
import type { AllSettings } from '../../../src/shared/schemas/settings';
import { loadConfig } from '../config';
import { startServer, type RunningExchange } from '../app';
import { readSetting, writeSetting } from '../db/settingsStore';
import { manualClock, systemClock, type Clock } from '../time/clock';
import type { HubTimings } from '../ws/hub';
import { seedDemo } from '../identity/demo';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';

type Login = AllSettings['LOGIN_REGIS_SETTING'];

/** Identity's and the ledger's tables, children first (what `reset` empties). */
const IDENTITY_TABLES = [
  'messages',
  'announcements',
  'rebates',
  'follow_copies',
  'follow_events',
  'follows',
  'follow_traders',
  'deposit_declarations',
  'deposits',
  'deposit_addresses',
  'chain_state',
  'withdrawals',
  'trade_pwd_failures',
  'idempotency_keys',
  'spot_fills',
  'spot_orders',
  'futures_records',
  'futures_loss',
  'futures_orders',
  'futures_positions',
  'futures_funding_rounds',
  'second_orders',
  'option_orders',
  'finance_events',
  'finance_interest',
  'finance_holdings',
  'flow_orders',
  'flow_offers',
  'flow_merchants',
  'proxy_commissions',
  'proxy_links',
  'proxy_agents',
  'welfare_claims',
  'option_quotes',
  'exchanges',
  'exchange_quotes',
  'ledger_holds',
  'ledger_entries',
  'ledger_journal',
  'uploads',
  'kyc',
  'withdraw_addresses',
  'user_coins',
  'user_assets',
  'sessions',
  'login_failures',
  'register_attempts',
  'verify_codes',
  'dev_outbox',
  'users',
];
type AuthLimit = AllSettings['AUTH_LIMIT'];

/** A login password that passes the password rule (SAFE-11): `signUp`'s default; tests reuse it. */
export const TEST_PASSWORD = 'Passw0rd1-Quartz';

export interface TestServerOptions {
  /** Environment-style configuration (PORT, DATA_DIR... are set by the harness). */
  env?: Record<string, string>;
  /** Keep data here (not removed on stop) instead of a new temporary folder. */
  dataDir?: string;
  /** 'manual': a clock the test moves by hand, jobs not run on timers. Default: the system clock. */
  clock?: 'manual' | 'system';
  /** Start time (ms) of the manual clock (a restart on the same data continues later). */
  clockStart?: number;
  login?: Partial<Login>;
  auth?: Partial<AuthLimit>;
  hubTimings?: HubTimings;
  /** Receives every log line (set env LOG_LEVEL to choose the level). */
  logLine?: (line: string) => void;
}

export interface Reply<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface HttpReply {
  status: number;
  /** The parsed JSON (tests read arbitrary replies), or the text when it is not JSON. */
  body: any;
  headers: Headers;
}

export interface TestServer extends RunningExchange {
  dataDir: string;
  wsUrl: string;
  clock: Clock & { advance(ms: number): void; reset(): void };
  /** The identity module's service (stores, sessions), for tests that look into the database. */
  acc: RunningExchange['identity'];
  get(path: string, headers?: Record<string, string>): Promise<HttpReply>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpReply>;
  call<E extends Endpoint>(
    e: E,
    opts?: { query?: Record<string, unknown>; body?: unknown; token?: string; ip?: string; url?: string },
  ): Promise<Reply<z.infer<E['data']>>>;
  /** Registers by email (reading the code from the outbox) and returns the token; from a fresh address unless `ip`. */
  signUp(email: string, password?: string, ip?: string): Promise<string>;
  outbox(to: string): Promise<{ code: string; codeType: string }[]>;
  settings: { set(login: Partial<Login>, auth?: Partial<AuthLimit>): void };
  /**
   * Back to a fresh start without a restart: identity's tables emptied, the demo user seeded again, the
   * manual clock and the test settings back to their start. Lets a file share one server (beforeAll) while
   * each test sees a fresh database.
   */
  reset(): Promise<void>;
  /** Stops the server; removes the data folder unless `keepData` or the folder was given. */
  stop(keepData?: boolean): Promise<void>;
  /** Same as stop(). */
  close(): Promise<void>;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'exchange-unit-'));
  const env = opts.env ?? {};
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      STATIC_DIR: join(dir, 'no-static'),
      NODE_ENV: 'test',
      TEST_SWITCHES: '1',
      LOG_LEVEL: 'silent',
      // No simulated lead traders unless a test asks (their trades would touch other tests' books).
      FOLLOW_BOTS: '0',
      // No demo flow merchant unless a test asks (FLOW-12).
      FLOW_DEMO: '0',
      // Per-user limits (SAFE-31) x1000: stress tests place thousands of calls for one user; the limits' own
      // tests set USER_LIMIT_SCALE=1.
      USER_LIMIT_SCALE: '1000',
      ...env,
    },
    [],
  );
  const manual = opts.clock === 'manual' ? manualClock(opts.clockStart) : undefined;
  const clock = manual ?? { now: () => systemClock.now(), advance: () => {}, reset: () => {} };
  const server = await startServer(config, {
    clock,
    runJobs: !manual,
    hubTimings: opts.hubTimings,
    logStream: opts.logLine ? { write: opts.logLine } : undefined,
  });
  const db = server.ctx.db;
  const settings: TestServer['settings'] = {
    set(login, auth = {}) {
      const now = clock.now();
      writeSetting(db, 'LOGIN_REGIS_SETTING', { ...readSetting(db, 'LOGIN_REGIS_SETTING'), ...login }, now);
      writeSetting(db, 'AUTH_LIMIT', { ...readSetting(db, 'AUTH_LIMIT'), ...auth }, now);
    },
  };
  if (opts.login || opts.auth) settings.set(opts.login ?? {}, opts.auth ?? {});

  const base = `http://127.0.0.1:${server.port}`;
  const read = async (res: Response): Promise<HttpReply> => {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };

  const call: TestServer['call'] = async (e, o = {}) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) qs.set(k, String(v));
    const url = o.url ?? (qs.size ? `${e.path}?${qs}` : e.path);
    const res = await server.app.inject({
      method: e.method,
      url,
      headers: { 'content-type': 'application/json', ...(o.token ? { satoken: o.token } : {}) },
      payload: o.body === undefined ? undefined : JSON.stringify(o.body),
      remoteAddress: o.ip ?? '127.0.0.1',
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} from ${url}: ${res.body}`);
    const env = AnyEnvelope.parse(res.json());
    const tokenError = env.code === 500 && env.msg.includes('Token');
    if (env.code > 0 && !tokenError) {
      const d = e.data.safeParse(env.data);
      if (!d.success) throw new Error(`reply of ${e.path} does not match its schema: ${d.error.message}`);
    }
    return env as Reply<never>;
  };

  const outbox: TestServer['outbox'] = async (to) => {
    const res = await server.app.inject({ method: 'GET', url: `/api/_test/outbox?to=${encodeURIComponent(to)}` });
    return res.json().data;
  };

  // Each sign-up comes from its own test address unless the test names one, so that files signing up many users
  // stay under the per-address registration and code limits (SAFE-7), which the identity tests check themselves.
  let signUps = 0;
  const signUp: TestServer['signUp'] = async (email, password = TEST_PASSWORD, ip?: string) => {
    const n = ++signUps;
    ip ??= `10.250.${(n >> 8) & 255}.${n & 255}`;
    const sent = await call(userApi.sendEmailCode, { query: { codeType: 'register', email }, ip });
    if (sent.code !== 200) throw new Error(`sendEmailCode: ${sent.msg}`);
    const [latest] = await outbox(email);
    const r = await call(userApi.register, { body: { type: 'email', email, password, emailCode: latest.code }, ip });
    if (r.code !== 200) throw new Error(`register: ${r.msg}`);
    return r.data.satoken;
  };

  const startSettings = {
    login: readSetting(db, 'LOGIN_REGIS_SETTING'),
    auth: readSetting(db, 'AUTH_LIMIT'),
  };
  const reset = async () => {
    clock.reset();
    db.transaction(() => {
      for (const t of IDENTITY_TABLES) db.prepare(`DELETE FROM ${t}`).run();
      db.prepare(`DELETE FROM sqlite_sequence WHERE name IN (${IDENTITY_TABLES.map(() => '?').join(', ')})`).run(
        ...IDENTITY_TABLES,
      );
    })();
    rmSync(join(dir, 'uploads'), { recursive: true, force: true });
    settings.set(startSettings.login, startSettings.auth);
    if (server.demo) await seedDemo(server.identity, server.demo.password);
  };

  const stop = async (keepData = false) => {
    // LEDGER-5: whatever a test file did, its server's books balance when it stops.
    const books = checkLedger(sqliteLedgerStore(db));
    await server.close();
    if (!keepData && !opts.dataDir) rmSync(dir, { recursive: true, force: true });
    if (books.problems > 0)
      throw new Error(`the ledger check failed after this test file:\n${books.mismatches.join('\n')}`);
  };
  return {
    ...server,
    dataDir: dir,
    wsUrl: `ws://127.0.0.1:${server.port}`,
    clock,
    acc: server.identity,
    get: async (path, headers) => read(await fetch(base + path, { headers })),
    post: async (path, body, headers) =>
      read(
        await fetch(base + path, {
          method: 'POST',
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    call,
    signUp,
    outbox,
    settings,
    reset,
    stop,
    close: () => stop(),
  };
}

/** The identity tests' server: a manual clock, email codes on, both verification levels open. */
export function startIdentityServer(login: Partial<Login> = {}, auth: Partial<AuthLimit> = {}): Promise<TestServer> {
  return startTestServer({
    clock: 'manual',
    login: { emailCode: true, ...login },
    auth: { isOpenPrimary: true, isOpenSenior: true, ...auth },
  });
}

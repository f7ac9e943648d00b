/**
 * In-process harness for the accounts tests: a bare Fastify instance with an in-memory SQLite DB, a temp
 * DATA_DIR, a manual clock and fixed settings. `call` checks every reply against the envelope and, on
 * success, against the endpoint's data schema (so every test also checks the reply contract).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AnyEnvelope } from '../../../src/shared/api/envelope';
import type { Endpoint } from '../../../src/shared/api/endpoint';
import { userApi } from '../../../src/shared/api/user';
import type { ServerContext } from '../context';
import { manualClock } from './clock';
import type { Accounts } from './deps';
import { installErrorHandler } from '../http/errors';
import { registerAccounts } from './register';
import { fixedSettings, type AuthLimitSettings, type LoginSettings } from './settings';

export interface Reply<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Harness {
  app: FastifyInstance;
  acc: Accounts;
  clock: ReturnType<typeof manualClock>;
  settings: ReturnType<typeof fixedSettings>;
  dataDir: string;
  call<E extends Endpoint<any, any, any>>(
    e: E,
    opts?: { query?: Record<string, unknown>; body?: unknown; token?: string; ip?: string; url?: string },
  ): Promise<Reply<z.infer<E['data']>>>;
  /** Registers by email (reading the code from the outbox) and returns the token. */
  signUp(email: string, password?: string, ip?: string): Promise<string>;
  outbox(to: string): Promise<{ code: string; codeType: string }[]>;
  close(): Promise<void>;
}

export async function startHarness(login: Partial<LoginSettings> = {}, auth: Partial<AuthLimitSettings> = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'accounts-test-'));
  const db = new Database(':memory:');
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  const clock = manualClock();
  const settings = fixedSettings({ emailCode: true, ...login }, { isOpenPrimary: true, isOpenSenior: true, ...auth });
  let acc!: Accounts;
  const ctx = {
    config: { dataDir, production: false, testSwitches: true },
    db,
    log: app.log,
  } as unknown as ServerContext;
  await registerAccounts(app, ctx, { clock, settings, onReady: (a) => (acc = a) });
  await app.ready();

  const call: Harness['call'] = async (e, opts = {}) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) qs.set(k, String(v));
    const url = opts.url ?? (qs.size ? `${e.path}?${qs}` : e.path);
    const res = await app.inject({
      method: e.method,
      url,
      headers: { 'content-type': 'application/json', ...(opts.token ? { satoken: opts.token } : {}) },
      payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      remoteAddress: opts.ip ?? '127.0.0.1',
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

  const outbox: Harness['outbox'] = async (to) => {
    const res = await app.inject({ method: 'GET', url: `/api/_test/outbox?to=${encodeURIComponent(to)}` });
    return res.json().data;
  };

  const signUp: Harness['signUp'] = async (email, password = 'Passw0rd1', ip = '127.0.0.1') => {
    const sent = await call(userApi.sendEmailCode, { query: { codeType: 'register', email }, ip });
    if (sent.code !== 200) throw new Error(`sendEmailCode: ${sent.msg}`);
    const [latest] = await outbox(email);
    const r = await call(userApi.register, { body: { type: 'email', email, password, emailCode: latest.code }, ip });
    if (r.code !== 200) throw new Error(`register: ${r.msg}`);
    return r.data.satoken;
  };

  return {
    app,
    acc,
    clock,
    settings,
    dataDir,
    call,
    signUp,
    outbox,
    async close() {
      await app.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

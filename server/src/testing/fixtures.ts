/**
 * Fixtures the server's tests share: money from the genesis account (one balanced journal row, as the demo user
 * gets it, LEDGER-1), a signed-up user with money, the manual clock run on with the scheduler, and a capture of
 * every trade the market publishes (the independent reading the settlement tests compare against).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userApi } from '../../../src/shared/api/user';
import type { Trade } from '../../../src/shared/protocol';
import { DEMO } from '../identity/demo';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import type { UserAccount } from '../ledger/types';
import { afterAll, beforeAll } from 'vitest';
import { createWithdrawals, type WithdrawalsOptions } from '../withdrawals/index';
import type { Withdrawals } from '../withdrawals/service';
import { startTestServer, type TestServer, type TestServerOptions } from './harness';
import Database from 'better-sqlite3';
import { migrate } from '../db/migrate';

let funded = 0;

/**
 * Credits `amount` of `coin` (USDT) to a user's `account` (platform) in one balanced journal row: from
 * house:genesis (kind genesis, as the demo user is funded) or, `via: 'deposit'`, from house:deposits as a deposit.
 */
export function creditUser(
  ts: Pick<TestServer, 'ledger'>,
  userId: number,
  amount: string,
  opts: { coin?: string; account?: UserAccount; via?: 'genesis' | 'deposit' } = {},
): void {
  const coin = opts.coin ?? 'USDT';
  const via = opts.via ?? 'genesis';
  ts.ledger.post({
    kind: via,
    ref: `test-${via}:${userId}:${++funded}`,
    userId,
    entries: [
      { house: via === 'genesis' ? 'house:genesis' : 'house:deposits', coin, amount: `-${amount}` },
      { userId, account: opts.account ?? 'platform', coin, amount },
    ],
  });
}

/** Signs up `email` (a fresh address) and, unless `usdt` is '0', funds its platform account with that much USDT. */
export async function fundedUser(
  ts: Pick<TestServer, 'ledger' | 'signUp' | 'acc'>,
  email: string,
  usdt: string,
  opts: { account?: UserAccount; via?: 'genesis' | 'deposit' } = {},
): Promise<{ token: string; id: number }> {
  const token = await ts.signUp(email);
  const id = ts.acc.sessions.resolve(token)!;
  if (usdt !== '0') creditUser(ts, id, usdt, opts);
  return { token, id };
}

/** Signs the seeded demo user in (a fresh session); its token and id. */
export async function signInDemo(ts: Pick<TestServer, 'call' | 'acc'>): Promise<{ token: string; id: number }> {
  const r = await ts.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } });
  return { token: r.data.satoken, id: ts.acc.users.byEmail(DEMO.account)!.id };
}

/** A fresh server state (`reset`), then the demo user signed in: what a file's beforeEach needs. */
export async function resetAndSignInDemo(
  ts: Pick<TestServer, 'call' | 'acc' | 'reset'>,
): Promise<{ token: string; id: number }> {
  await ts.reset();
  return signInDemo(ts);
}

/** The ledger's own check of the server's books (LEDGER-5). */
export const booksOf = (ts: Pick<TestServer, 'ctx'>) => checkLedger(sqliteLedgerStore(ts.ctx.db));

/** Moves a manual clock on by `ms` in steps of `stepMs`, running the jobs due at each step (no turn of the loop). */
export function stepClock(ts: Pick<TestServer, 'clock' | 'ctx'>, ms: number, stepMs = 100): void {
  for (let done = 0; done < ms; done += stepMs) {
    ts.clock.advance(Math.min(stepMs, ms - done));
    ts.ctx.scheduler.runDue(ts.clock.now());
  }
}

/** {@link stepClock}, then one turn of the event loop (what the steps scheduled runs). */
export async function runClock(ts: Pick<TestServer, 'clock' | 'ctx'>, ms: number, stepMs = 100): Promise<void> {
  stepClock(ts, ms, stepMs);
  await new Promise<void>((r) => setImmediate(r));
}

/** Records every trade the server's market publishes into `into`, per symbol, in publication order. */
export function captureTrades(ts: Pick<TestServer, 'ctx'>, into: Map<string, Trade[]>): Map<string, Trade[]> {
  ts.ctx.market.onTrades((symbol, trades) => {
    let list = into.get(symbol);
    if (!list) into.set(symbol, (list = []));
    list.push(...trades);
  });
  return into;
}

/** A user made straight in the database (no sign-up round trips), with a session and `usdt` in the platform account. */
export function directUser(
  ts: Pick<TestServer, 'ledger' | 'acc' | 'clock'>,
  account: string,
  usdt: string,
): { id: number; token: string } {
  const id = ts.acc.users.create({ registerType: 'account', account, credits: 0, now: ts.clock.now() }).id;
  if (usdt !== '0') creditUser(ts, id, usdt);
  return { id, token: ts.acc.sessions.create(id) };
}

/** A POST through the server's own router (no socket), with the caller's token; the reply's envelope. */
export async function injectPost<T = unknown>(
  ts: Pick<TestServer, 'app'>,
  token: string,
  path: string,
  body: unknown,
): Promise<{ code: number; msg: string; data: T }> {
  const r = await ts.app.inject({ method: 'POST', url: path, payload: body as object, headers: { satoken: token } });
  return r.json();
}

/**
 * One server for a whole test file: started in `beforeAll`, stopped in `afterAll`. The returned handle stands for
 * it (each property read goes to the running server), so a file writes `const srv = serverForFile(...)` in place of
 * a variable and two hooks. `start` picks the kind (`startTestServer` by default).
 */
export function serverForFile(
  opts: TestServerOptions = {},
  start: (o: TestServerOptions) => Promise<TestServer> = startTestServer,
): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await start(opts);
  });
  afterAll(() => server?.stop());
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!server) throw new Error(`the file's server is not started yet (read of ${String(key)})`);
      return server[key as keyof TestServer];
    },
  });
}

/**
 * Servers that restart on one data folder (a file's restart tests): `start(time)` opens a server on the manual clock
 * at `time` over the same folder, removed after the file; `published` gathers every trade any of them publishes.
 */
export function restartingServers(name: string): {
  published: Map<string, Trade[]>;
  start(time?: number): Promise<TestServer>;
} {
  const dir = mkdtempSync(join(tmpdir(), `exchange-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const published = new Map<string, Trade[]>();
  return {
    published,
    async start(time) {
      const ts = await startTestServer({ clock: 'manual', clockStart: time, dataDir: dir });
      captureTrades(ts, published);
      return ts;
    },
  };
}

/**
 * The trading tests' server for a whole file (serverForFile): the manual clock, no address limit in the way, and two
 * seconds of market run (in steps of `stepMs`) with the marks taken, so books, prices and marks exist at the first test.
 */
export function tradingServerForFile(stepMs = 50): TestServer {
  return serverForFile({ clock: 'manual', env: { RATE_LIMIT_MAX: '1000000' } }, async (o) => {
    const s = await startTestServer(o);
    stepClock(s, 2_000, stepMs);
    s.ctx.marks.update(s.clock.now());
    return s;
  });
}

/**
 * The withdrawals service over a test server's database and ledger, approved by hand: no automatic approval unless
 * `o` says so (the server's own job in a test file's configuration), status changes to `o.statusChanged`.
 */
export function withdrawalsOf(
  ts: Pick<TestServer, 'ctx' | 'ledger' | 'clock'>,
  o: Partial<Pick<WithdrawalsOptions, 'autoApproveMax' | 'autoApproveDelayMs' | 'statusChanged'>> = {},
): Withdrawals {
  return createWithdrawals({
    db: ts.ctx.db,
    ledger: ts.ledger,
    clock: ts.clock,
    autoApproveMax: '0',
    autoApproveDelayMs: 0,
    ...o,
  });
}

/** An in-memory database with foreign keys on and every migration applied (no seed, no server). */
export async function migratedMemoryDb(): Promise<Database.Database> {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  await migrate(db);
  return db;
}

/**
 * [CORE-5] [CORE-6] [CORE-2] The crash test of the trading core: the real server (a child process, TEST_SWITCHES=1,
 * CORE_SNAPSHOT_EVERY=50 so snapshots and pruning happen during the test) runs a load from several concurrent
 * clients (spot limit orders that rest and that cross, market orders, cancels, futures opens at 100x with
 * take-profit and stop-loss close to the entry so the marks job triggers them, partial and whole closes) and is
 * killed with SIGKILL at seeded moments while requests are in flight: 20 in the long form (`npm run test:long`, which
 * sets TEST_LONG=1), the first 5 of the same seed in the short form that `npm test` runs. After each kill:
 * 1. `runCoreVerify` on the data dir (in process, the server's configuration) passes and prints a state hash;
 * 2. the restarted server logs `core_started` with a replay and the same hash;
 * 3. the ledger check passes;
 * 4. every acknowledged order is in the database once, under its clientOrderId, and every acknowledged cancel
 *    left its order cancelled; no clientOrderId has two orders;
 * 5. the open orders in the database are the users' orders in the books: the services log no
 *    `spot_restore_*`/`futures_restore_*` at the restart.
 * Requests whose reply was lost are sent again after the restart with the same Idempotency-Key (CORE-6: applied
 * at most once). Then the load goes on. CRASH_SEED reproduces a run's kill moments and choices (not the timing).
 */
import Database from 'better-sqlite3';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/src/config';
import { runCoreVerify } from '../server/src/core/verifyCli';
import { runLedgerCheck } from '../server/src/ledger/checkCli';
import { LONG_FORM } from '../server/src/testing/long';
import { mulberry32 } from '../src/shared/random';
import { startServer, type RunningServer } from './helpers/server';
import { TEST_SERVER_ENV } from './helpers/testEnv';

const SEED = Number(process.env.CRASH_SEED ?? 23);
/** The long form (20 kills) under TEST_LONG=1 (PERF-50); the short form (the same seed's first 5 moments) otherwise. */
const KILLS = Number(process.env.CRASH_KILLS ?? (LONG_FORM ? 20 : 5));
const USERS = 4;
const CLIENTS = 6;
const SYMBOL = 'btcusdt';
const OPS_TOKEN = 'core-crash-operator-token-0123456789';
const SERVER_ENV: Record<string, string> = {
  TEST_SWITCHES: '1',
  CORE_SNAPSHOT_EVERY: '50',
  MARKET_COINS: '1',
  USER_LIMIT_SCALE: '1000',
  RATE_LIMIT_MAX: '10000000',
  CHAIN_BLOCK_MS: '100',
  OPS_TOKEN,
  FOLLOW_BOTS: '0',
  FLOW_DEMO: '0',
  // more mark ticks (each checks liquidations, take-profits and stop-losses) in each short load phase
  MARK_INTERVAL_MS: '200',
};

const dataDir = mkdtempSync(join(tmpdir(), 'exchange-core-crash-'));
const copyDir = `${dataDir}-copy`;
let srv: RunningServer | undefined;
afterAll(async () => {
  if (srv && srv.proc.exitCode === null) srv.proc.kill('SIGKILL');
  if (process.env.CRASH_KEEP) return;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(copyDir, { recursive: true, force: true });
});

/** mulberry32 (src/shared/random): seeded, so the kill moments and the load's choices are reproducible. */
const rng = mulberry32;

interface Reply<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown; key?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const res = await fetch(srv!.url + path, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { satoken: opts.token } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return (await res.json()) as Reply<T>;
}

async function must<T>(method: 'GET' | 'POST', path: string, opts: Parameters<typeof api>[2] = {}): Promise<T> {
  const r = await api<T>(method, path, opts);
  if (r.code !== 200) throw new Error(`${path}: ${r.code} ${r.msg}`);
  return r.data;
}

interface User {
  id: number;
  token: string;
}

type Kind = 'spot' | 'futures';
interface Ack {
  kind: Kind;
  id: number;
  userId: number;
}
interface OrderReply {
  id: number;
  clientOrderId: string | null;
  status: string;
}

/** A POST that moves money: its Idempotency-Key, and what to do with a success. */
interface Post {
  path: string;
  key: string;
  user: User;
  body?: unknown;
  onOk(data: unknown): void;
}

const acked = new Map<string, Ack>(); // clientOrderId -> the order the server acknowledged
const ackedCancels: Ack[] = [];
const open: { spot: Map<number, number[]>; futures: Map<number, number[]> } = { spot: new Map(), futures: new Map() };
let posted = 0;
const refusals = new Map<string, number>();

function remember(kind: Kind, user: User, coid: string) {
  return (data: unknown) => {
    const o = data as OrderReply;
    expect(o.clientOrderId).toBe(coid);
    const prev = acked.get(coid);
    if (prev) expect(prev.id).toBe(o.id);
    acked.set(coid, { kind, id: o.id, userId: user.id });
    if (o.status === 'open' || o.status === 'partiallyFilled') {
      const list = open[kind].get(user.id) ?? [];
      list.push(o.id);
      open[kind].set(user.id, list);
    }
  };
}

async function send(p: Post, lost: Post[]): Promise<void> {
  posted++;
  let r: Reply;
  try {
    r = await api('POST', p.path, { token: p.user.token, body: p.body, key: p.key });
  } catch {
    lost.push(p); // the reply never came: the server died while it was in flight
    return;
  }
  if (r.code === 200) p.onOk(r.data);
  else refusals.set(r.msg.slice(0, 60), (refusals.get(r.msg.slice(0, 60)) ?? 0) + 1);
}

const price = (x: number) => x.toFixed(2);

/** One client's load until `stop()`: a mix of spot and futures orders, cancels and closes. */
async function client(
  c: number,
  phase: number,
  users: User[],
  market: { bid: number; ask: number },
  positions: Map<number, { id: number; shares: number }[]>,
  stopped: () => boolean,
  lost: Post[],
): Promise<void> {
  const r = rng(SEED * 1000 + phase * 50 + c);
  for (let i = 0; !stopped(); i++) {
    const user = users[Math.floor(r() * users.length)];
    const tag = `s${SEED}p${phase}c${c}i${i}`;
    const coid = `k${tag}`;
    const key = `idem-${tag}`;
    const x = r();
    const off = 0.001 + r() * 0.01;
    let p: Post;
    if (x < 0.3) {
      // spot limit that rests away from the market
      const buy = r() < 0.5;
      p = {
        path: '/api/currency/order/submit',
        key,
        user,
        body: {
          symbol: SYMBOL,
          side: buy ? 'buy' : 'sell',
          type: 'limit',
          price: price(buy ? market.bid * (1 - off) : market.ask * (1 + off)),
          amount: (0.001 + Math.floor(r() * 5) / 1000).toFixed(4),
          clientOrderId: coid,
        },
        onOk: remember('spot', user, coid),
      };
    } else if (x < 0.45) {
      // spot order that crosses: a limit through the best price, or a market order
      const buy = r() < 0.5;
      const market_ = r() < 0.3;
      p = {
        path: '/api/currency/order/submit',
        key,
        user,
        body: {
          symbol: SYMBOL,
          side: buy ? 'buy' : 'sell',
          type: market_ ? 'market' : 'limit',
          ...(market_ ? {} : { price: price(buy ? market.ask * 1.003 : market.bid * 0.997) }),
          amount: (0.001 + Math.floor(r() * 3) / 1000).toFixed(4),
          clientOrderId: coid,
        },
        onOk: remember('spot', user, coid),
      };
    } else if (x < 0.6) {
      // a cancel of one of the user's open orders, spot or futures
      const kind: Kind = r() < 0.6 ? 'spot' : 'futures';
      const list = open[kind].get(user.id) ?? [];
      if (list.length === 0) continue;
      const id = list.splice(Math.floor(r() * list.length), 1)[0];
      p = {
        path: kind === 'spot' ? `/api/currency/order/cancelOrder?id=${id}` : `/api/contract/order/canCelOrder?id=${id}`,
        key,
        user,
        onOk: () => ackedCancels.push({ kind, id, userId: user.id }),
      };
    } else if (x < 0.85) {
      // a futures open at 100x: at market with take-profit and stop-loss close to the entry (the marks job
      // triggers them), or a limit that rests
      const long = r() < 0.5;
      const atMarket = r() < 0.6;
      const ref = long ? market.ask : market.bid;
      const near = 0.0003 + r() * 0.0005;
      p = {
        path: '/api/contract/order/submit',
        key,
        user,
        body: {
          symbol: SYMBOL,
          side: long ? 'long' : 'short',
          action: 'open',
          type: atMarket ? 'market' : 'limit',
          ...(atMarket ? {} : { price: price(long ? market.bid * (1 - off) : market.ask * (1 + off)) }),
          shares: String(16 + Math.floor(r() * 10)),
          leverage: 100,
          ...(atMarket && r() < 0.7
            ? {
                takeProfit: price(long ? ref * (1 + near) : ref * (1 - near)),
                stopLoss: price(long ? ref * (1 - near) : ref * (1 + near)),
              }
            : {}),
          clientOrderId: coid,
        },
        onOk: remember('futures', user, coid),
      };
    } else {
      // a close of one of the user's positions, whole or in part
      const list = positions.get(user.id) ?? [];
      if (list.length === 0) continue;
      const pos = list[Math.floor(r() * list.length)];
      const part = r() < 0.5 && pos.shares > 2 ? `&shares=${Math.floor(pos.shares / 2)}` : '';
      p = {
        path: `/api/contract/position/stopOrder?id=${pos.id}${part}&clientOrderId=${coid}`,
        key,
        user,
        onOk: remember('futures', user, coid),
      };
    }
    await send(p, lost);
  }
}

function coreStartedHash(s: RunningServer): { replayed: number | null; stateHash: string } {
  for (const line of s.logs) {
    if (!line.includes('"core_started"')) continue;
    const j = JSON.parse(line) as { replayed: number | null; stateHash: string };
    return j;
  }
  throw new Error('the server logged no core_started');
}

function restoreProblems(s: RunningServer): string[] {
  return s.logs.filter((l) => /"(spot|futures)_restore_[a-z]+"/.test(l));
}

function checkDatabase(): { open: number; liquidated: number; triggered: number } {
  const db = new Database(join(dataDir, 'exchange.db'), { readonly: true, fileMustExist: true });
  try {
    const one = {
      spot: db.prepare('SELECT id, user_id AS userId, status FROM spot_orders WHERE client_order_id = ?'),
      futures: db.prepare('SELECT id, user_id AS userId, status FROM futures_orders WHERE client_order_id = ?'),
    };
    for (const [coid, a] of acked) {
      const rows = one[a.kind].all(coid) as { id: number; userId: number }[];
      expect(
        rows.map((r) => [r.id, r.userId]),
        `acknowledged ${a.kind} order ${coid}`,
      ).toEqual([[a.id, a.userId]]);
    }
    const status = {
      spot: db.prepare('SELECT status FROM spot_orders WHERE id = ?').pluck(),
      futures: db.prepare('SELECT status FROM futures_orders WHERE id = ?').pluck(),
    };
    for (const c of ackedCancels)
      expect(status[c.kind].get(c.id), `acknowledged cancel of ${c.kind} order ${c.id}`).toBe('cancelled');
    for (const t of ['spot_orders', 'futures_orders']) {
      const doubled = db
        .prepare(
          `SELECT user_id, client_order_id, count(*) AS n FROM ${t} WHERE client_order_id IS NOT NULL
           GROUP BY user_id, client_order_id HAVING n > 1`,
        )
        .all();
      expect(doubled, `${t}: one order per clientOrderId`).toEqual([]);
    }
    const n = (sql: string) => db.prepare(sql).pluck().get() as number;
    return {
      open: n(
        "SELECT (SELECT count(*) FROM spot_orders WHERE status IN ('open','partiallyFilled')) + (SELECT count(*) FROM futures_orders WHERE status IN ('open','partiallyFilled'))",
      ),
      liquidated: n("SELECT count(*) FROM futures_positions WHERE status = 'liquidated'"),
      triggered: n("SELECT count(*) FROM futures_orders WHERE origin <> 'user'"),
    };
  } finally {
    db.close();
  }
}

async function boot(): Promise<RunningServer> {
  return startServer(SERVER_ENV, { dataDir });
}

async function signUpAndFund(i: number): Promise<User> {
  const account = `crash${SEED}u${i}`;
  const reg = await must<{ satoken: string }>('POST', '/api/user/register', {
    body: { type: 'account', account, password: 'CrashPass123-Quartz' },
  });
  const token = reg.satoken;
  const info = await must<{ id: number }>('GET', '/api/user/getInfo', { token });
  const addr = await must<{ address: string }>('POST', '/api/recharge/getAdress?coin=USDT&symbol=USDT-TRC20', {
    token,
    body: {},
  });
  await must('POST', '/api/_ops/chain/deposit', {
    body: { address: addr.address, amount: '300000', confirmations: 30 },
    headers: { 'x-ops-token': OPS_TOKEN },
  });
  for (;;) {
    const rows = await must<{ account: string; coin: string; available: string }[]>('GET', '/api/asset/assetBalance', {
      token,
    });
    if (Number(rows.find((r) => r.account === 'platform' && r.coin === 'USDT')?.available ?? 0) >= 300000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await must('POST', '/api/asset/transferFunds', {
    token,
    key: `fund-${SEED}-${i}`,
    body: { fromAccount: 'platform', toAccount: 'contract', coin: 'USDT', amount: '150000' },
  });
  // the coin for spot sells: a buy through the book
  const d = await must<{ asks: [string, string][] }>('GET', `/api/market/depth?symbol=${SYMBOL}&limit=1`);
  await must('POST', '/api/currency/order/submit', {
    token,
    key: `coin-${SEED}-${i}`,
    body: { symbol: SYMBOL, side: 'buy', type: 'limit', price: price(Number(d.asks[0][0]) * 1.01), amount: '0.3' },
  });
  return { id: info.id, token };
}

describe(`[CORE-5] [CORE-6] [CORE-2] kill -9 at ${KILLS} random moments (${LONG_FORM ? 'long' : 'short'} form) during a load of orders, cancels and closes`, () => {
  it('[CORE-5] [CORE-6] after each restart: the replay hash equals the verify hash, the ledger balances, no acknowledged order lost or doubled', async () => {
    const started = performance.now();
    srv = await boot();
    const users: User[] = [];
    for (let i = 0; i < USERS; i++) users.push(await signUpAndFund(i));
    const kills = rng(SEED);
    let lost: Post[] = [];
    const times = { restart: 0, verify: 0, stop: 0 };
    const stats = { replayed: [] as number[], open: 0, liquidated: 0, triggered: 0, lost: 0, snapshots: 0 };
    for (let phase = 0; phase < KILLS; phase++) {
      // the market and the positions as the phase starts (what the clients aim at)
      const d = await must<{ bids: [string, string][]; asks: [string, string][] }>(
        'GET',
        `/api/market/depth?symbol=${SYMBOL}&limit=1`,
      );
      const market = { bid: Number(d.bids[0][0]), ask: Number(d.asks[0][0]) };
      const positions = new Map<number, { id: number; shares: number }[]>();
      for (const u of users) {
        const page = await must<{ rows: { id: number; shares: string }[] }>(
          'GET',
          `/api/contract/position/list?pageSize=50`,
          { token: u.token },
        );
        positions.set(
          u.id,
          page.rows.map((p) => ({ id: p.id, shares: Number(p.shares) })),
        );
      }
      // the replies lost at the last kill, sent again with their keys (at most one effect each)
      const again = lost;
      lost = [];
      await Promise.all(again.map((p) => send(p, lost)));
      expect(lost, 'a retry after the restart got no reply').toEqual([]);

      let stop = false;
      const loads = Array.from({ length: CLIENTS }, (_, c) =>
        client(c, phase, users, market, positions, () => stop, lost),
      );
      const moment = 300 + Math.floor(kills() * 1200);
      await new Promise((r) => setTimeout(r, moment));
      srv.proc.kill('SIGKILL');
      stop = true;
      await Promise.all(loads);
      stats.lost += lost.length;
      const ledger: string[] = [];
      // stop() waits for the exit and runs the ledger check (LEDGER-5), throwing with the mismatches
      const t0 = performance.now();
      await srv.stop('SIGKILL');
      times.stop += performance.now() - t0;

      // (3) the ledger check
      expect(await runLedgerCheck(dataDir, (s) => ledger.push(s)), ledger.join('\n')).toBe(0);
      // (4) every acknowledged order once, every acknowledged cancel applied, no clientOrderId twice
      const db = checkDatabase();
      Object.assign(stats, { open: db.open, liquidated: db.liquidated, triggered: db.triggered });

      // (1) the journal of the crashed image replays and its snapshots agree: run on a byte copy of the data
      // dir (database, WAL and shared memory as the kill left them) while the server restarts on the original
      rmSync(copyDir, { recursive: true, force: true });
      cpSync(dataDir, copyDir, { recursive: true });
      const out: string[] = [];
      const config = loadConfig(
        { ...process.env, ...TEST_SERVER_ENV, ...SERVER_ENV, DATA_DIR: copyDir, PORT: '0' },
        [],
      );
      const t = performance.now();
      const booting = boot();
      const verified = await runCoreVerify(config, Date.now(), (s) => out.push(s));
      times.verify += performance.now() - t;
      // (2) the restart replays to the same hash; (5) the books hold exactly the open orders
      srv = await booting;
      times.restart += performance.now() - t;
      expect(verified, out.join('\n')).toBe(0);
      const hash = /^state hash: ([0-9a-f]{64})$/m.exec(out.join('\n'))?.[1];
      expect(hash, out.join('\n')).toBeDefined();
      stats.snapshots += out.filter((l) => l.startsWith('snapshot at entry')).length;
      const startedWith = coreStartedHash(srv);
      expect(startedWith.replayed, 'the restart replayed the journal after a snapshot').not.toBeNull();
      expect(startedWith.stateHash, `phase ${phase} (seed ${SEED}, kill at ${moment} ms)`).toBe(hash);
      expect(restoreProblems(srv)).toEqual([]);
      stats.replayed.push(startedWith.replayed!);
    }
    // the replies lost at the last kill, sent again: each applied at most once
    await Promise.all(lost.map((p) => send(p, [])));
    await srv.stop('SIGTERM');
    srv = undefined;
    checkDatabase();

    console.log(
      JSON.stringify({
        seed: SEED,
        dataDir,
        seconds: Math.round((performance.now() - started) / 1000),
        posted,
        acked: acked.size,
        cancels: ackedCancels.length,
        ...stats,
        times: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(v)])),
        refusals: Object.fromEntries(refusals),
      }),
    );
    expect(acked.size).toBeGreaterThan(KILLS * 10);
    expect(ackedCancels.length).toBeGreaterThan(0);
  }, 900_000);
});

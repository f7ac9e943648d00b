/**
 * The cluster for real (BUS-8..10): a nats-server, the core and three socket gateways as separate processes
 * (`startCluster`, as `npm run cluster` runs them), many raw sockets spread over the gateways, each holding the
 * tickers, one kline and one book; users with private streams on several gateways. CLUSTER_SOCKETS sets the number
 * of sockets (default 300).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../server/src/gateway/cluster';
import { runLedgerCheck } from '../server/src/ledger/checkCli';
import { connect, type Recorded } from '../server/src/ws/testClient';

const SOCKETS = Number(process.env.CLUSTER_SOCKETS ?? 300);
const USERS = 20;
const TICKERS = ['btcusdt', 'ethusdt', 'solusdt', 'xrpusdt'];
const BOOKS = ['btcusdt', 'ethusdt'];
const OPS_TOKEN = 'cluster-operator-token-0123456789abcdef';

let cluster: Cluster;
let dataDir: string;
const sockets: Recorded[] = [];

async function api<T>(method: 'GET' | 'POST', path: string, token?: string, body?: unknown, headers = {}) {
  const r = await fetch(`${cluster.core.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { satoken: token } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = (await r.json()) as { code: number; msg: string; data: T };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
}

const wsUrl = (i: number) => cluster.gateways[i % cluster.gateways.length].url.replace('http', 'ws');
const ticket = async (token: string) => (await api<{ ticket: string }>('GET', '/api/user/socketTicket', token)).ticket;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cluster-test-'));
  cluster = await startCluster({
    gateways: 3,
    port: 0,
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      TEST_SWITCHES: '1',
      USER_LIMIT_SCALE: '1000',
      FOLLOW_BOTS: '0',
      FLOW_DEMO: '0',
      CHAIN_BLOCK_MS: '200',
      OPS_TOKEN,
      TRUST_PROXY: '1',
    },
  });
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await cluster?.stop();
  if (dataDir) {
    // LEDGER-5: the books of the core balance after the run.
    const lines: string[] = [];
    const books = await runLedgerCheck(dataDir, (l) => lines.push(l));
    rmSync(dataDir, { recursive: true, force: true });
    expect(books, lines.join('\n')).not.toBe(1);
  }
}, 60_000);

/** A market socket: every ticker, one kline, one book. */
async function marketSocket(i: number): Promise<Recorded> {
  const c = await connect(`${wsUrl(i)}/ws/cluster-${i}`);
  for (const symbol of TICKERS) c.send({ op: 'subscribe', type: 'DETAIL', symbol });
  c.send({ op: 'subscribe', type: 'KLINE', symbol: TICKERS[i % TICKERS.length], interval: '1m' });
  c.send({ op: 'subscribe', type: 'DEPTH', symbol: BOOKS[i % BOOKS.length] });
  return c;
}

/**
 * Each socket's frames in order: the connection's seq without a gap; each book's seq contiguous after its
 * snapshot, or a gap the socket resyncs across by subscribing again (DEPTH-5); a kline's candles never go back.
 */
function checkOrder(c: Recorded): { depthGaps: number } {
  let depthGaps = 0;
  c.frames.forEach((f, i) => expect(f.seq, `frame ${i}`).toBe(i + 1));
  let book: number | undefined;
  let lastT = 0;
  for (const f of c.frames) {
    if (f.type === 'DEPTH') {
      if (f.data.snapshot) book = f.data.seq;
      else if (book !== undefined) {
        if (f.data.seq !== book + 1) {
          depthGaps++;
          book = undefined; // waits for the snapshot of its new subscription
        } else book = f.data.seq;
      }
    }
    if (f.type === 'KLINE') {
      expect(f.data.tick.t).toBeGreaterThanOrEqual(lastT);
      lastT = f.data.tick.t;
    }
  }
  return { depthGaps };
}

describe('[BUS-10] the core and three gateways as processes', () => {
  it(`[BUS-8][BUS-9] ${SOCKETS} sockets over three gateways see every frame of their streams in order; private events reach only their owner; a sign-out stops them on every gateway`, async () => {
    const t0 = performance.now();
    // Users: a fresh account each, with OWNCOIN on two gateways; a deposit of its own amount each.
    // (one at a time: the server hashes passwords a few at once and answers "busy" past that; each from its own
    // address behind the trusted proxy, as the limit on registrations per address wants)
    const users: { token: string; socks: Recorded[]; amount: string }[] = [];
    for (let u = 0; u < USERS; u++) {
      const { satoken: token } = await api<{ satoken: string }>(
        'POST',
        '/api/user/register',
        undefined,
        {
          type: 'account',
          account: `cl${process.pid}x${u}`,
          password: 'ClusterPass123-Quartz',
        },
        { 'x-forwarded-for': `10.9.${u}.1` },
      );
      const socks: Recorded[] = [];
      for (const g of [u, u + 1]) {
        const c = await connect(`${wsUrl(g)}/ws/cluster-user-${u}-${g}`);
        c.send({ op: 'subscribe', id: 'own', type: 'OWNCOIN', token: await ticket(token) });
        socks.push(c);
      }
      users.push({ token, socks, amount: `${100 + u}` });
    }
    await Promise.all(users.flatMap((u) => u.socks.map((c) => c.waitFor((f) => f.type === 'OWNCOIN'))));
    const registered = performance.now() - t0;
    for (let i = 0; i < SOCKETS; i += 50)
      sockets.push(
        ...(await Promise.all(Array.from({ length: Math.min(50, SOCKETS - i) }, (_, k) => marketSocket(i + k)))),
      );
    const opened = performance.now() - t0;
    // Every socket has its book's snapshot and a few ticks.
    await Promise.all(sockets.map((c) => c.waitFor((f) => f.type === 'DEPTH' && f.data.snapshot, 0, 60_000)));

    sockets.push(...users.flatMap((u) => u.socks));
    for (const u of users) {
      const addr = await api<{ address: string }>(
        'POST',
        '/api/recharge/getAdress?coin=USDT&symbol=USDT-TRC20',
        u.token,
      );
      await api(
        'POST',
        '/api/_ops/chain/deposit',
        u.token,
        { address: addr.address, amount: u.amount, confirmations: 30 },
        {
          'x-ops-token': OPS_TOKEN,
        },
      );
    }
    const platformUsdt = (f: { data: { balances: { account: string; coin: string; available: string }[] } }) =>
      f.data.balances.find((b) => b.account === 'platform' && b.coin === 'USDT')?.available;
    for (const u of users)
      for (const c of u.socks) await c.waitFor((f) => f.type === 'OWNCOIN' && platformUsdt(f) === u.amount, 0, 60_000);
    const credited = performance.now() - t0;
    // Only their own: every balance a user's socket saw is 0 or that user's amount.
    for (const u of users)
      for (const c of u.socks)
        for (const f of c.frames.filter((f) => f.type === 'OWNCOIN'))
          expect(['0', u.amount]).toContain(platformUsdt(f));

    // A sign-out stops the user's streams on both gateways holding them; the others keep theirs.
    const [out, ...stay] = users;
    await api('POST', '/api/user/loginOut', out.token, {});
    for (const c of out.socks) {
      const err = await c.waitFor((f) => f.type === 'ERROR');
      expect(err.data).toMatchObject({ reason: 'UNAUTHORIZED' });
    }
    for (const u of stay) for (const c of u.socks) expect(c.frames.some((f) => f.type === 'ERROR')).toBe(false);

    // Market order on every socket, and the same ticker frames on every gateway.
    let depthGaps = 0;
    for (const c of sockets) depthGaps += checkOrder(c).depthGaps;
    const detail = (c: Recorded) =>
      c.frames.filter((f) => f.type === 'DETAIL' && f.symbol === 'btcusdt').map((f) => JSON.stringify(f.data));
    const ref = detail(sockets[0]);
    for (const c of sockets.slice(1, SOCKETS)) {
      const mine = detail(c);
      const at = ref.indexOf(mine[1]);
      if (at < 0) continue; // this socket's window started after the reference's ended
      expect(mine.slice(1, 1 + Math.min(mine.length - 1, ref.length - at))).toEqual(
        ref.slice(at, at + mine.length - 1),
      );
    }
    const frames = sockets.reduce((n, c) => n + c.frames.length, 0);
    const health = await Promise.all(cluster.gateways.map((g) => fetch(`${g.url}/healthz`).then((r) => r.json())));
    console.log(
      JSON.stringify({
        sockets: SOCKETS,
        users: USERS,
        openMs: Math.round(opened),
        registeredMs: Math.round(registered),
        creditedMs: Math.round(credited),
        totalMs: Math.round(performance.now() - t0),
        frames,
        depthGaps,
        gateways: health.map((h) => ({ subjects: h.subjects, private: h.private, mirror: h.mirror })),
      }),
    );
    expect(depthGaps).toBe(0);
  });

  it('[BUS-10] a gateway killed with SIGKILL: its sockets reconnect to another and resync; the others notice nothing', async () => {
    const dead = cluster.gateways[2];
    const market = sockets.slice(0, SOCKETS);
    const orphans = market.filter((_, i) => i % 3 === 2);
    const others = market.filter((_, i) => i % 3 !== 2);
    const seen = others.map((c) => c.frames.length);
    const t0 = performance.now();
    dead.proc.kill('SIGKILL');
    await Promise.all(orphans.map((c) => c.closed));
    // Each reconnects to the next gateway and subscribes again: the book's snapshot and the tickers come back.
    const moved = await Promise.all(
      market
        .map((_, i) => i)
        .filter((i) => i % 3 === 2)
        .map((i) => marketSocket(i + 1)),
    );
    sockets.push(...moved);
    await Promise.all(moved.map((c) => c.waitFor((f) => f.type === 'DEPTH' && f.data.snapshot, 0, 60_000)));
    await Promise.all(moved.map((c) => c.waitFor((f) => f.type === 'DETAIL', 0, 60_000)));
    const resynced = performance.now() - t0;
    // The other gateways' sockets stayed open and kept receiving.
    await Promise.all(others.map((c, k) => c.waitFor(() => c.frames.length > seen[k] + 5, seen[k], 60_000)));
    for (const c of others) expect(c.ws.readyState).toBe(1);
    for (const c of [...others, ...moved]) expect(checkOrder(c).depthGaps).toBe(0);
    console.log(JSON.stringify({ killed: dead.name, moved: moved.length, resyncedMs: Math.round(resynced) }));
  });
});

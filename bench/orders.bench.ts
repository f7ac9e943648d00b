/**
 * `npm run bench:orders [-- --seconds 20 --runs 3 --clients 1,10,50 --ceiling]`: accepted spot orders per second and
 * their latency through the REAL server over HTTP (the targets and the latest figures are in docs/performance.md).
 * `--ceiling` adds, after each group-commit window, the same clients GETting `/healthz` (no session, one `SELECT 1`)
 * and then their watchlist (`/api/userCoin/getUserCoin`: the session, the route, one indexed read) for the same
 * time: requests per second the server's HTTP path allows on this machine with no order behind it, the roof over
 * the orders' figure.
 *
 * Per run and configuration: the server (`server/src/main.ts`) is started as a child process on an ephemeral
 * port with a temporary DATA_DIR, HOST 127.0.0.1, NODE_ENV=test with REPLY_CHECKS=0 (replies unchecked, as in
 * production); the per-user order limits (SAFE-31) and the per-address rate limit are raised (USER_LIMIT_SCALE,
 * RATE_LIMIT_MAX) so that they do not cap the bench, and TRUST_PROXY=1 lets every sign-up come from its own (forwarded) address under the registration limit (SAFE-7).
 * 50 users register (account name and password) and are funded on the simulated chain (the operator's chain
 * route with the server's ops token: USDT and BTC, credited at once; part of the USDT moved to the contract
 * account). Then, for each client count, a separate
 * process (bench/lib/ordersClient.ts) drives N concurrent users, one keep-alive connection each, placing a mix of
 * resting and crossing BTC/USDT spot limit orders and resting BTC/USDT futures opens (two in six) for `--seconds`,
 * each with its own Idempotency-Key and clientOrderId.
 *
 * Two configurations, alternating, `--runs` times each (median of each figure): group commit on (the default)
 * and the baseline CORE_GROUP_COMMIT=0 (one transaction per command). Results: bench/results/orders-latest.json
 * and .md. Not a test: no threshold is asserted. The LAST line printed is one JSON object.
 * `BENCH_SERVER_LOG=<file>` appends the servers' standard output to that file.
 * `BENCH_CPU_PROF=<dir>` starts each server with `--cpu-prof` into that folder (where the time goes).
 * `BENCH_SQL_COUNT=1` loads bench/lib/sqlCount.ts into each server and prints its SQL statements per accepted order
 * (with `BENCH_SQL_KINDS=1` too, by kind of statement).
 * Printed per run besides the client's figures: the server's CPU time per accepted order (Linux /proc: steadier
 * than throughput when other work shares the machine), the same over the server's idle CPU (measured for 3 s
 * before the window and subtracted: what an order adds), the server's CPU a second of the window (a server short of
 * one core's 1000 ms is waiting: for requests, for its fsync, or for a core the machine gives to others), the client
 * process's CPU a second and a request (it shares the cores) and the core's batches in the run by size (/metrics).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientJob, ClientResult } from './lib/ordersClient';

interface Options {
  seconds: number;
  runs: number;
  clients: number[];
  ceiling: boolean;
}

export function parseOptions(argv: readonly string[]): Options {
  const o: Options = { seconds: 20, runs: 3, clients: [1, 10, 50], ceiling: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--ceiling') {
      o.ceiling = true;
      continue;
    }
    const [flag, inline] = argv[i].split('=', 2);
    const value = inline ?? argv[++i];
    if (flag === '--seconds') o.seconds = Number(value);
    else if (flag === '--runs') o.runs = Number(value);
    else if (flag === '--clients') o.clients = String(value).split(',').map(Number);
    else throw new Error(`unknown option ${flag} (--seconds N, --runs N, --clients 1,10,50, --ceiling)`);
  }
  if (!(o.seconds > 0) || !Number.isInteger(o.runs) || o.runs < 1 || o.clients.some((c) => !(c >= 1)))
    throw new Error('--seconds > 0, --runs a whole number from 1, --clients whole numbers from 1');
  return o;
}

const SYMBOL = 'btcusdt';
/** Raised limits: the bench measures the core, not the abuse limits (printed with the results). */
const LIMITS_ENV = { USER_LIMIT_SCALE: '10000', RATE_LIMIT_MAX: '100000000' };
/**
 * `BENCH_AB_ENV="K=V,K2=V2"` (a paired A/B of a server setting, e.g. CORE_LEDGER_WRITE_BEHIND=0): the second
 * configuration is group commit with those variables instead of the baseline.
 */
const AB_ENV = process.env.BENCH_AB_ENV
  ? Object.fromEntries(process.env.BENCH_AB_ENV.split(',').map((kv) => kv.split('=', 2) as [string, string]))
  : undefined;
/**
 * `BENCH_AB_DIR=<a checkout>` (a paired A/B of two versions of the server, e.g. `git archive` of the commit before a
 * change, with node_modules linked): the second configuration is group commit with that checkout's server.
 */
const AB_DIR = process.env.BENCH_AB_DIR;
const CONFIGS: readonly { name: string; env: Record<string, string>; cwd?: string }[] = [
  { name: 'group commit', env: { CORE_GROUP_COMMIT: '1' } },
  AB_DIR
    ? { name: `group commit, the server of ${AB_DIR}`, env: { CORE_GROUP_COMMIT: '1' }, cwd: AB_DIR }
    : AB_ENV
      ? { name: `group commit with ${process.env.BENCH_AB_ENV}`, env: { CORE_GROUP_COMMIT: '1', ...AB_ENV } }
      : { name: 'baseline (CORE_GROUP_COMMIT=0)', env: { CORE_GROUP_COMMIT: '0' } },
];

interface Server {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>, cwd?: string): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const count = process.env.BENCH_SQL_COUNT === '1' ? ['--import', './bench/lib/sqlCount.ts'] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', ...count, 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // What production runs: replies are not checked against their schemas there (SRV-2).
      REPLY_CHECKS: '0',
      TRUST_PROXY: '1',
      FOLLOW_BOTS: '0',
      FLOW_DEMO: '0',
      ...LIMITS_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  });
  const logs: string[] = [];
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start in 60 s:\n${logs.join('\n')}`));
    }, 60_000);
    let buf = '';
    let up = false;
    const keep = process.env.BENCH_SERVER_LOG;
    proc.stdout!.on('data', (chunk: Buffer) => {
      // `BENCH_SERVER_LOG=<file>` keeps the server's output there (errors, refused batches).
      if (keep) appendFileSync(keep, chunk);
      // Once it listens, the server's output is drained unread: the bench shares the machine with it.
      if (up) return;
      buf += chunk.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (logs.length < 200) logs.push(line);
        try {
          const j = JSON.parse(line) as { event?: string; port?: number };
          if (j.event === 'listening' && typeof j.port === 'number') {
            clearTimeout(timer);
            up = true;
            resolve(j.port);
          }
        } catch {
          /* not JSON */
        }
      }
    });
    proc.stderr!.on('data', (c: Buffer) => logs.push(c.toString()));
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    proc,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      // A stop that hangs (connections still open past the grace) must not hang the bench.
      const hard = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(hard);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api<T>(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (res.status !== 200 || env.code !== 200) throw new Error(`${method} ${path}: HTTP ${res.status} ${env.msg}`);
  return env.data;
}

/** Registers user `n` from its own forwarded address and funds it on the simulated chain; returns its token. */
async function fundedUser(srv: Server, n: number, opsToken: string): Promise<string> {
  const ip = `10.99.${(n >> 8) & 255}.${n & 255}`;
  const account = `bench${n}x${Date.now().toString(36)}`;
  const { satoken } = await api<{ satoken: string }>(srv.url, 'POST', '/api/user/register', {
    body: { type: 'account', account, password: 'BenchPass123-Quartz' },
    headers: { 'x-forwarded-for': ip },
  });
  for (const [coin, symbol, amount] of [
    ['USDT', 'USDT-TRC20', '5000000'],
    ['BTC', 'BTC', '100'],
  ]) {
    const addr = await api<{ address: string }>(
      srv.url,
      'POST',
      `/api/recharge/getAdress?coin=${coin}&symbol=${symbol}`,
      {
        headers: { satoken },
      },
    );
    await api(srv.url, 'POST', '/api/_ops/chain/deposit', {
      body: { address: addr.address, amount, confirmations: 1000 },
      headers: { 'x-ops-token': opsToken },
    });
  }
  await api(srv.url, 'POST', '/api/asset/transferFunds', {
    body: { fromAccount: 'platform', toAccount: 'contract', coin: 'USDT', amount: '2000000' },
    headers: { satoken },
  });
  return satoken;
}

async function pairTerms(url: string): Promise<Pick<ClientJob, 'mid' | 'priceDecimals' | 'amount' | 'futures'>> {
  const pairs = await api<{ symbol: string; basePrecision: number; coinPrecision: number; orderMin: string }[]>(
    url,
    'GET',
    '/api/symbolmanage/list',
  );
  const pair = pairs.find((p) => p.symbol === SYMBOL);
  if (!pair) throw new Error(`${SYMBOL} is not listed`);
  const coins = await api<{
    contractList: { symbol: string; baseScale: number; leverage: string; minShare: string }[];
  }>(url, 'GET', '/api/common/getCoinList');
  const contract = coins.contractList.find((p) => p.symbol.toLowerCase() === SYMBOL);
  if (!contract) throw new Error(`${SYMBOL} has no contract`);
  const depth = await api<{ bids: [string, string][]; asks: [string, string][] }>(
    url,
    'GET',
    `/api/market/depth?symbol=${SYMBOL}&limit=1`,
  );
  if (!depth.bids[0] || !depth.asks[0]) throw new Error(`${SYMBOL} has no book`);
  // The best bid stands for the mid: the mix's prices are 2 % and 5 % around it, far wider than the spread.
  return {
    mid: depth.bids[0][0],
    priceDecimals: pair.basePrecision,
    amount: pair.orderMin,
    futures: {
      priceDecimals: contract.baseScale,
      shares: String(Math.max(1, Math.ceil(Number(contract.minShare)))),
      leverage: Number(contract.leverage.split(',')[0]),
    },
  };
}

/** CPU seconds the process has used (user + system, Linux /proc; undefined elsewhere). */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Idle measurement before each client window: the server's CPU with no orders (the simulator's hundred steps a
 * second, the jobs) is subtracted from the window's, so the CPU per order does not rise merely because fewer orders
 * shared that fixed cost (a loaded machine, a slower configuration).
 */
const IDLE_MS = 3000;

/** SQL statements the server has run (BENCH_SQL_COUNT=1: bench/lib/sqlCount.ts writes them every 50 ms). */
async function sqlCount(dataDir: string): Promise<number | undefined> {
  if (process.env.BENCH_SQL_COUNT !== '1') return undefined;
  await new Promise((r) => setTimeout(r, 120));
  try {
    return Number(readFileSync(join(dataDir, 'sql-count'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** SQL statements by kind (BENCH_SQL_COUNT=1, written beside the count). */
function sqlKinds(dataDir: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(join(dataDir, 'sql-kinds.json'), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** The kinds of statement per accepted order between two readings, commonest first (BENCH_SQL_KINDS=1). */
function kindsPerOrder(a: Record<string, number>, b: Record<string, number>, accepted: number): string {
  return Object.keys(b)
    .map((k) => [k, (b[k] - (a[k] ?? 0)) / accepted] as const)
    .filter(([, n]) => n >= 0.01)
    .sort((x, y) => y[1] - x[1])
    .map(([k, n]) => `    ${n.toFixed(2)}  ${k}`)
    .join('\n');
}

/** The core's committed batches by size and its commands, from the server's /metrics (loopback, no token). */
async function coreBatches(url: string): Promise<{ commands: number; batches: Record<string, number> }> {
  const text = await (await fetch(url + '/metrics')).text();
  const batches: Record<string, number> = {};
  let commands = 0;
  for (const line of text.split('\n')) {
    const b = /^exchange_core_batches_total\{commands="([^"]+)"\} (\d+)$/.exec(line);
    if (b) batches[b[1]] = Number(b[2]);
    const c = /^exchange_core_commands_total (\d+)$/.exec(line);
    if (c) commands = Number(c[1]);
  }
  return { commands, batches };
}

/** The batches committed between two readings: "N batches (1: a, 2-4: b, ...), M commands per batch". */
function batchesBetween(a: Awaited<ReturnType<typeof coreBatches>>, b: Awaited<ReturnType<typeof coreBatches>>) {
  const sizes = Object.keys(b.batches).map((k) => [k, b.batches[k] - (a.batches[k] ?? 0)] as const);
  const batches = sizes.reduce((n, [, v]) => n + v, 0);
  const commands = b.commands - a.commands;
  return {
    batches,
    commandsPerBatch: batches ? Math.round((commands / batches) * 10) / 10 : 0,
    sizes: Object.fromEntries(sizes.filter(([, v]) => v > 0)),
  };
}

function runClient(job: ClientJob): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/ordersClient.ts', JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`client exited with ${code}`);
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as ClientResult);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

/** A client's result with the server's side of the run: its CPU per accepted order and the core's batches. */
type RunResult = ClientResult & {
  serverCpuMsPerOrder: number | null;
  /** The same less the server's idle CPU (the simulator's steps) over the window: what an order adds. */
  serverCpuMsPerOrderOverIdle: number | null;
  core: ReturnType<typeof batchesBetween>;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** The ceiling's probes (`--ceiling`): what a request costs with no order behind it. */
const CEILING_PROBES = [
  { name: 'healthz', path: '/healthz' },
  { name: 'watchlist', path: '/api/userCoin/getUserCoin' },
] as const;
type ProbeName = (typeof CEILING_PROBES)[number]['name'];
/** ceiling[probe][clients] = one ClientResult per run. */
const ceiling = new Map<ProbeName, Map<number, ClientResult[]>>(CEILING_PROBES.map((p) => [p.name, new Map()]));

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const users = Math.max(...opts.clients);
  // results[config][clients] = one ClientResult per run
  const results = CONFIGS.map(() => new Map<number, RunResult[]>());
  console.log(
    `orders: ${opts.runs} run(s) x ${CONFIGS.length} configurations x clients ${opts.clients.join(', ')} x ${opts.seconds} s; ` +
      `limits raised for the bench: ${Object.entries(LIMITS_ENV)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
  );
  for (let run = 0; run < opts.runs; run++) {
    for (const [ci, config] of CONFIGS.entries()) {
      const srv = await startServer(config.env, config.cwd);
      try {
        const opsToken = readFileSync(join(srv.dataDir, 'ops-token'), 'utf8').trim();
        const tokens: string[] = [];
        for (let n = 0; n < users; n++) tokens.push(await fundedUser(srv, n + 1, opsToken));
        for (const clients of opts.clients) {
          const terms = await pairTerms(srv.url);
          const before = await coreBatches(srv.url);
          const sqlBefore = await sqlCount(srv.dataDir);
          const kindsBefore = sqlKinds(srv.dataDir);
          // The server's CPU with no orders (the simulator's steps, the jobs): over IDLE_MS before the window.
          const idleFrom = cpuSeconds(srv.proc.pid);
          const idleStart = performance.now();
          await new Promise((r) => setTimeout(r, IDLE_MS));
          const idleTo = cpuSeconds(srv.proc.pid);
          const idleCpuPerS =
            idleFrom === undefined || idleTo === undefined
              ? undefined
              : (idleTo - idleFrom) / ((performance.now() - idleStart) / 1000);
          const cpuBefore = cpuSeconds(srv.proc.pid);
          const windowStart = performance.now();
          // What the order window and the ceiling's probes share: the same clients, users and time.
          const job: ClientJob = {
            url: srv.url,
            tokens: tokens.slice(0, clients),
            clients,
            seconds: opts.seconds,
            symbol: SYMBOL,
            ...terms,
            tag: `r${run}c${ci}n${clients}`,
          };
          const r = await runClient(job);
          const cpuAfter = cpuSeconds(srv.proc.pid);
          const windowS = (performance.now() - windowStart) / 1000;
          const sqlAfter = await sqlCount(srv.dataDir);
          const batches = batchesBetween(before, await coreBatches(srv.url));
          // The server's CPU per accepted order: steadier than throughput on a machine other work loads.
          const cpuMsPerOrder =
            cpuBefore === undefined || cpuAfter === undefined || r.accepted === 0
              ? undefined
              : Math.round(((cpuAfter - cpuBefore) * 1e6) / r.accepted) / 1000;
          const overIdle =
            cpuBefore === undefined || cpuAfter === undefined || idleCpuPerS === undefined || r.accepted === 0
              ? undefined
              : Math.round(((cpuAfter - cpuBefore - idleCpuPerS * windowS) * 1e6) / r.accepted) / 1000;
          const list = results[ci].get(clients) ?? [];
          list.push({
            ...r,
            serverCpuMsPerOrder: cpuMsPerOrder ?? null,
            serverCpuMsPerOrderOverIdle: overIdle ?? null,
            core: batches,
          });
          results[ci].set(clients, list);
          console.log(
            `  run ${run + 1}, ${config.name}, ${clients} client(s): ${Math.round(r.accepted / r.seconds).toLocaleString('en')} accepted/s ` +
              `(futures ${Math.round(r.acceptedFutures / r.seconds).toLocaleString('en')}), ` +
              `p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (${r.refused} refused, ${r.limited} limited, ${r.failed} failed)` +
              (r.refusals.length ? `; refusals: ${r.refusals.join(' | ')}` : '') +
              (cpuMsPerOrder === undefined
                ? ''
                : `; server CPU ${cpuMsPerOrder} ms per accepted order, ${Math.round(((cpuAfter! - cpuBefore!) * 1000) / windowS)} ms a second`) +
              (overIdle === undefined || idleCpuPerS === undefined
                ? ''
                : ` (${overIdle} ms over its idle ${Math.round(idleCpuPerS * 1000)} ms a second)`) +
              `; client CPU ${Math.round(r.clientCpuMs / r.seconds)} ms a second (${r.accepted + r.refused + r.limited + r.failed > 0 ? Math.round((r.clientCpuMs * 1000) / (r.accepted + r.refused + r.limited + r.failed)) / 1000 : 0} ms a request)` +
              (sqlBefore === undefined || sqlAfter === undefined || r.accepted === 0
                ? ''
                : `; ${Math.round(((sqlAfter - sqlBefore) / r.accepted) * 10) / 10} SQL statements per accepted order`) +
              `; core: ${batches.batches} batches, ${batches.commandsPerBatch} commands each (by size ${JSON.stringify(batches.sizes)})`,
          );
          if (process.env.BENCH_SQL_KINDS === '1' && sqlBefore !== undefined && r.accepted > 0)
            console.log(kindsPerOrder(kindsBefore, sqlKinds(srv.dataDir), r.accepted));
          if (opts.ceiling && ci === 0) {
            for (const probe of CEILING_PROBES) {
              const c = await runClient({ ...job, tag: `r${run}p${probe.name}n${clients}`, probe: probe.path });
              const byClients = ceiling.get(probe.name)!;
              byClients.set(clients, [...(byClients.get(clients) ?? []), c]);
              console.log(
                `  run ${run + 1}, ceiling ${probe.name} (GET ${probe.path}), ${clients} client(s): ` +
                  `${Math.round(c.accepted / c.seconds).toLocaleString('en')} requests/s, p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms` +
                  ` (${c.refused} refused, ${c.limited} limited, ${c.failed} failed)`,
              );
            }
          }
        }
      } finally {
        await srv.stop();
      }
    }
  }

  const rows = opts.clients.map((clients) => {
    const fig = (ci: number) => {
      const rs = results[ci].get(clients) ?? [];
      return {
        acceptedPerS: median(rs.map((r) => Math.round(r.accepted / r.seconds))),
        p50Ms: median(rs.map((r) => r.p50Ms)),
        p99Ms: median(rs.map((r) => r.p99Ms)),
        futuresPerS: median(rs.map((r) => Math.round(r.acceptedFutures / r.seconds))),
        refused: median(rs.map((r) => r.refused)),
        limited: median(rs.map((r) => r.limited)),
        failed: median(rs.map((r) => r.failed)),
        serverCpuMsPerOrder: median(rs.map((r) => r.serverCpuMsPerOrder ?? NaN)),
        serverCpuMsPerOrderOverIdle: median(rs.map((r) => r.serverCpuMsPerOrderOverIdle ?? NaN)),
        commandsPerBatch: median(rs.map((r) => r.core.commandsPerBatch)),
        clientCpuMsPerS: median(rs.map((r) => Math.round(r.clientCpuMs / r.seconds))),
      };
    };
    const on = fig(0);
    const off = fig(1);
    const roof = (name: ProbeName) => {
      const rs = ceiling.get(name)?.get(clients) ?? [];
      return rs.length === 0
        ? null
        : {
            requestsPerS: median(rs.map((r) => Math.round(r.accepted / r.seconds))),
            p50Ms: median(rs.map((r) => r.p50Ms)),
            p99Ms: median(rs.map((r) => r.p99Ms)),
          };
    };
    return {
      clients,
      groupCommit: on,
      baseline: off,
      ratio: off.acceptedPerS ? on.acceptedPerS / off.acceptedPerS : 0,
      ceiling: opts.ceiling ? { healthz: roof('healthz'), watchlist: roof('watchlist') } : null,
    };
  });
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const at50 = rows.find((r) => r.clients === 50);
  const targets = at50
    ? {
        accepted_per_s_at_50: {
          target: 5000,
          value: at50.groupCommit.acceptedPerS,
          met: at50.groupCommit.acceptedPerS >= 5000,
        },
        p99_ms_at_50: { target: 50, value: at50.groupCommit.p99Ms, met: at50.groupCommit.p99Ms <= 50 },
        ratio_to_baseline_at_50: { target: 10, value: Math.round(at50.ratio * 100) / 100, met: at50.ratio >= 10 },
      }
    : null;

  console.log(`\nmedians of ${opts.runs} run(s), ${opts.seconds} s each:`);
  for (const r of rows)
    console.log(
      `  ${r.clients} client(s): group commit ${r.groupCommit.acceptedPerS.toLocaleString('en')} accepted/s (p50 ${r.groupCommit.p50Ms} ms, p99 ${r.groupCommit.p99Ms} ms); ` +
        `baseline ${r.baseline.acceptedPerS.toLocaleString('en')} accepted/s (p50 ${r.baseline.p50Ms} ms, p99 ${r.baseline.p99Ms} ms); ${r.ratio.toFixed(2)}x` +
        (r.ceiling
          ? `; ceiling: GET /healthz ${r.ceiling.healthz?.requestsPerS.toLocaleString('en')}/s, GET watchlist ${r.ceiling.watchlist?.requestsPerS.toLocaleString('en')}/s`
          : ''),
    );
  if (targets)
    console.log(
      `  targets at 50 clients: >= 5,000 accepted/s ${targets.accepted_per_s_at_50.met ? 'met' : 'missed'}, p99 <= 50 ms ${targets.p99_ms_at_50.met ? 'met' : 'missed'}, >= 10x baseline ${targets.ratio_to_baseline_at_50.met ? 'met' : 'missed'}`,
    );
  console.log(`  machine: ${cpus().length} x ${cpu}, Node ${process.version}`);

  const date = new Date().toISOString().slice(0, 10);
  const json = {
    bench: 'orders',
    date,
    seconds: opts.seconds,
    runs: opts.runs,
    symbol: SYMBOL,
    mix: 'limit orders cycling: spot resting buy at mid -5 %, spot crossing buy at +2 %, futures resting open long at -5 %, spot resting sell at +5 %, spot crossing sell at -2 %, futures resting open short at +5 %',
    limits_raised: LIMITS_ENV,
    rows,
    targets,
    per_run: CONFIGS.map((c, ci) => ({ config: c.name, env: c.env, results: Object.fromEntries(results[ci]) })),
    cpus: cpus().length,
    cpu,
    node: process.version,
  };
  writeFileSync('bench/results/orders-latest.json', JSON.stringify(json, null, 2) + '\n');
  const md = [
    '| clients | group commit: accepted/s | p50 | p99 | server CPU per order | commands per batch | baseline (CORE_GROUP_COMMIT=0): accepted/s | p50 | p99 | server CPU per order | ratio |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.clients} | ${r.groupCommit.acceptedPerS.toLocaleString('en')} | ${r.groupCommit.p50Ms} ms | ${r.groupCommit.p99Ms} ms | ` +
        `${r.groupCommit.serverCpuMsPerOrder} ms | ${r.groupCommit.commandsPerBatch} | ` +
        `${r.baseline.acceptedPerS.toLocaleString('en')} | ${r.baseline.p50Ms} ms | ${r.baseline.p99Ms} ms | ${r.baseline.serverCpuMsPerOrder} ms | ${r.ratio.toFixed(2)}x |`,
    ),
    ...(opts.ceiling
      ? [
          '',
          '| clients | ceiling: GET /healthz requests/s | p50 | p99 | GET watchlist (session, route, one read) requests/s | p50 | p99 |',
          '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
          ...rows.map(
            (r) =>
              `| ${r.clients} | ${r.ceiling?.healthz?.requestsPerS.toLocaleString('en')} | ${r.ceiling?.healthz?.p50Ms} ms | ${r.ceiling?.healthz?.p99Ms} ms | ` +
              `${r.ceiling?.watchlist?.requestsPerS.toLocaleString('en')} | ${r.ceiling?.watchlist?.p50Ms} ms | ${r.ceiling?.watchlist?.p99Ms} ms |`,
          ),
        ]
      : []),
    '',
    `Median of ${opts.runs} run(s) of ${opts.seconds} s per configuration and client count; the real server over HTTP ` +
      `(keep-alive, client in its own process), BTC/USDT limit orders (spot resting and crossing, futures resting opens, 2 in 6); limits raised for the bench ` +
      `(${Object.entries(LIMITS_ENV)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}); ${cpus().length} x ${cpu}, Node ${process.version}, ${date}.`,
    '',
  ].join('\n');
  writeFileSync('bench/results/orders-latest.md', md);
  console.log(JSON.stringify(json));
}

if (process.argv[1]?.endsWith('orders.bench.ts'))
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });

/**
 * `npm run bench:fanout [-- --sockets 3000 --seconds 10 --runs 3 --flood 100 --clients 2 --quick]`: socket
 * fan-out through gateways on NATS (BUS-7..10, BUS-12; the figures are in docs/performance.md and README
 * "Scale-out").
 *
 * One cluster (`startCluster`: nats-server, the core with the flood market on, three gateways, each its own
 * process), used for every run. Per run, three phases, each measured for `--seconds` once its sockets are
 * subscribed: (a) the baseline, 100 sockets on one gateway; (b) N sockets on one gateway; (c) N sockets over three
 * gateways. Every socket holds DETAIL of four symbols, KLINE 1m, TRADE and DEPTH of one. The sockets live in
 * `--clients` child processes (bench/lib/fanoutClient.ts), so they are not the bottleneck; their CPU is reported.
 * Figures per phase (medians over `--runs`): frames/s delivered; p50/p99 core-to-socket latency (a TRADE frame's
 * newest trade time, the core's clock, to its receipt) and gateway-to-socket (the frame's `ts`); the core's CPU
 * per second (from /proc/<pid>/stat); each gateway's CPU per 1,000 frames it delivered; memory (RSS) per socket
 * on the gateways; the clients' CPU per second. `--quick`: 100 sockets, 1 s, one run (the harness test).
 * Not a test: no threshold is asserted. The LAST line printed is one JSON object.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, type Cluster } from '../server/src/gateway/cluster';
import type { ClientCommand, ClientStats, OpenReport } from './lib/fanoutClient';

interface Options {
  sockets: number;
  seconds: number;
  runs: number;
  flood: number;
  clients: number;
  quick: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const o: Options = { sockets: 3000, seconds: 10, runs: 3, flood: 100, clients: 2, quick: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    if (flag === '--quick') {
      Object.assign(o, { quick: true, sockets: 100, seconds: 1, runs: 1 });
      continue;
    }
    const value = Number(inline ?? argv[++i]);
    if (flag === '--sockets') o.sockets = value;
    else if (flag === '--seconds') o.seconds = value;
    else if (flag === '--runs') o.runs = value;
    else if (flag === '--flood') o.flood = value;
    else if (flag === '--clients') o.clients = value;
    else
      throw new Error(`unknown option ${flag} (--sockets N, --seconds S, --runs R, --flood N, --clients N, --quick)`);
  }
  for (const k of ['sockets', 'runs', 'flood', 'clients'] as const)
    if (!Number.isInteger(o[k]) || o[k] < 1) throw new Error(`--${k} must be a whole number from 1`);
  if (!(o.seconds > 0)) throw new Error('--seconds must be above 0');
  return o;
}

const SYMBOLS = ['btcusdt', 'ethusdt', 'solusdt', 'xrpusdt'];
const BOOKS = ['btcusdt', 'ethusdt'];
const BASELINE_SOCKETS = 100;
const TICK_HZ = 100;

/** utime + stime of a process in ms (/proc/<pid>/stat fields 14 and 15, in clock ticks). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK_HZ;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** How long a batch of sockets (fanoutClient's BATCH) may take to subscribe, and any other answer of a client. */
const BATCH_DEADLINE_MS = 30_000;
const ANSWER_DEADLINE_MS = 30_000;
const BATCH = 100;

class Client {
  private readonly waiting = new Map<string, { resolve: (m: never) => void; reject: (e: Error) => void }>();
  private gone: string | undefined;
  constructor(
    readonly name: string,
    readonly proc: ChildProcess,
  ) {
    proc.on('message', (m: { op: string; message?: string }) => {
      if (m.op === 'error') return this.fail(`socket client ${name}: ${m.message}`);
      const w = this.waiting.get(m.op);
      this.waiting.delete(m.op);
      w?.resolve(m as never);
    });
    // A client that died answers nothing: every wait on it ends with why.
    proc.once('exit', (code, signal) => this.fail(`socket client ${name} exited (${signal ?? code})`));
  }
  private fail(message: string): void {
    this.gone ??= message;
    for (const w of this.waiting.values()) w.reject(new Error(message));
    this.waiting.clear();
  }
  /** Sends `cmd` and waits for `answer`, at most `deadlineMs` (then rejects saying what did not come). */
  ask<T>(cmd: ClientCommand, answer: string, deadlineMs = ANSWER_DEADLINE_MS): Promise<T> {
    if (this.gone) return Promise.reject(new Error(this.gone));
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(answer);
        reject(new Error(`socket client ${this.name} did not answer ${cmd.op} within ${deadlineMs / 1000} s`));
      }, deadlineMs);
      this.waiting.set(answer, {
        resolve: ((m: T) => {
          clearTimeout(timer);
          resolve(m);
        }) as (m: never) => void,
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.proc.send(cmd);
    });
  }
}

function percentile(hist: number[], p: number): number {
  const total = hist.reduce((a, b) => a + b, 0);
  if (!total) return 0;
  let seen = 0;
  for (let ms = 0; ms < hist.length; ms++) {
    seen += hist[ms];
    if (seen >= total * p) return ms;
  }
  return hist.length - 1;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

interface Phase {
  name: string;
  sockets: number;
  gateways: number;
}

interface PhaseResult {
  framesPerS: number;
  coreToSocketP50Ms: number;
  coreToSocketP99Ms: number;
  gatewayToSocketP99Ms: number;
  coreCpuMsPerS: number;
  gatewayCpuMsPer1000Frames: number[];
  gatewayCpuMsPerS: number[];
  rssKbPerSocket: number;
  clientsCpuMsPerS: number;
  closed: number;
  /** Why the phase did not run (its sockets did not all subscribe in time): the figures are then 0. */
  failed?: string;
}

/** A gateway's own counts (sockets open, frames sent), asked with a deadline. */
async function gatewayHealth(url: string): Promise<string> {
  try {
    const h = (await (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).json()) as {
      sockets: number;
      framesSent: number;
    };
    return `${h.sockets} sockets open, ${h.framesSent} frames sent`;
  } catch (err) {
    return `no /healthz answer in 5 s (${String(err)})`;
  }
}

const FAILED: Omit<PhaseResult, 'failed' | 'gatewayCpuMsPer1000Frames' | 'gatewayCpuMsPerS'> = {
  framesPerS: 0,
  coreToSocketP50Ms: 0,
  coreToSocketP99Ms: 0,
  gatewayToSocketP99Ms: 0,
  coreCpuMsPerS: 0,
  rssKbPerSocket: 0,
  clientsCpuMsPerS: 0,
  closed: 0,
};

async function runPhase(cluster: Cluster, clients: Client[], phase: Phase, seconds: number): Promise<PhaseResult> {
  const gws = cluster.gateways.slice(0, phase.gateways);
  const urls = gws.map((g) => g.url.replace('http', 'ws'));
  const allGws = cluster.gateways;
  const rssBefore = allGws.map((g) => rssMb(g.proc.pid!));
  const per = Math.ceil(phase.sockets / clients.length);
  const batches = Math.ceil(per / BATCH);
  const t0open = performance.now();
  const opened = await Promise.all(
    clients.map((c, k) =>
      c.ask<OpenReport>(
        {
          op: 'open',
          urls,
          from: k * per,
          count: Math.max(0, Math.min(per, phase.sockets - k * per)),
          symbols: SYMBOLS,
          books: BOOKS,
          deadlineMs: BATCH_DEADLINE_MS,
        },
        'opened',
        batches * BATCH_DEADLINE_MS + ANSWER_DEADLINE_MS,
      ),
    ),
  );
  const subscribed = opened.reduce((n, r) => n + r.subscribed, 0);
  if (subscribed < phase.sockets) {
    // Not every socket got through: the phase is reported as failed, with what became of its sockets.
    const sum = (k: 'closed' | 'failed' | 'unanswered' | 'untried') => opened.reduce((n, r) => n + r[k], 0);
    const codes: Record<string, number> = {};
    for (const r of opened) for (const [c, n] of Object.entries(r.closeCodes)) codes[c] = (codes[c] ?? 0) + n;
    const health = await Promise.all(gws.map((g) => gatewayHealth(g.url)));
    const failed =
      `${subscribed} of ${phase.sockets} sockets subscribed in ${Math.round((performance.now() - t0open) / 1000)} s ` +
      `(a batch of ${BATCH} may take ${BATCH_DEADLINE_MS / 1000} s): ${sum('closed')} closed by the gateway ` +
      `(codes ${JSON.stringify(codes)}), ${sum('failed')} failed to connect` +
      `${opened.find((r) => r.firstError)?.firstError ? ` (${opened.find((r) => r.firstError)!.firstError})` : ''}, ` +
      `${sum('unanswered')} without DEPTH's ACK at the deadline, ${sum('untried')} not tried; ` +
      `gateways: ${health.join('; ')}; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`;
    await Promise.all(clients.map((c) => c.ask({ op: 'close' }, 'closed')));
    return {
      ...FAILED,
      gatewayCpuMsPer1000Frames: gws.map(() => 0),
      gatewayCpuMsPerS: allGws.map(() => 0),
      failed,
    };
  }
  const rssAfter = allGws.map((g) => rssMb(g.proc.pid!));
  const pids = [cluster.core.proc.pid!, ...allGws.map((g) => g.proc.pid!), ...clients.map((c) => c.proc.pid!)];
  await Promise.all(clients.map((c) => c.ask({ op: 'start' }, 'started')));
  const cpu0 = pids.map(cpuMs);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const stats = await Promise.all(clients.map((c) => c.ask<ClientStats>({ op: 'stop' }, 'stats')));
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = pids.map((p, i) => cpuMs(p) - cpu0[i]);
  await Promise.all(clients.map((c) => c.ask({ op: 'close' }, 'closed')));

  const frames = stats.reduce((n, s) => n + s.frames, 0);
  const sum = (key: 'coreToSocket' | 'gatewayToSocket') =>
    stats[0][key].map((_, i) => stats.reduce((n, s) => n + s[key][i], 0));
  const core = sum('coreToSocket');
  const gw = sum('gatewayToSocket');
  const gwFrames = allGws.map((g) => stats.reduce((n, s) => n + (s.perUrl[g.url.replace('http', 'ws')] ?? 0), 0));
  const gwCpu = allGws.map((_, i) => cpu[1 + i]);
  return {
    framesPerS: Math.round(frames / elapsed),
    coreToSocketP50Ms: percentile(core, 0.5),
    coreToSocketP99Ms: percentile(core, 0.99),
    gatewayToSocketP99Ms: percentile(gw, 0.99),
    coreCpuMsPerS: round(cpu[0] / elapsed),
    gatewayCpuMsPer1000Frames: gwCpu
      .slice(0, phase.gateways)
      .map((c, i) => round(gwFrames[i] ? (c * 1000) / gwFrames[i] : 0, 2)),
    gatewayCpuMsPerS: gwCpu.map((c) => round(c / elapsed)),
    rssKbPerSocket: round(
      ((rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) * 1024) / phase.sockets,
    ),
    clientsCpuMsPerS: round(cpu.slice(1 + allGws.length).reduce((a, b) => a + b, 0) / elapsed),
    closed: stats.reduce((n, s) => n + s.closed, 0),
  };
}

/** Medians over the runs that ran; a phase failed in some run says so (in every run: its figures are 0). */
function medianOf(all: PhaseResult[]): PhaseResult {
  const rs = all.filter((r) => !r.failed);
  const failures = all.filter((r) => r.failed);
  if (rs.length === 0) return { ...all[0], failed: `every run: ${all[0].failed}` };
  const failed = failures.length ? { failed: `${failures.length} of ${all.length} runs: ${failures[0].failed}` } : {};
  const m = (f: (r: PhaseResult) => number) => median(rs.map(f));
  const arr = (f: (r: PhaseResult) => number[]) => rs[0] && f(rs[0]).map((_, i) => median(rs.map((r) => f(r)[i])));
  return {
    framesPerS: m((r) => r.framesPerS),
    coreToSocketP50Ms: m((r) => r.coreToSocketP50Ms),
    coreToSocketP99Ms: m((r) => r.coreToSocketP99Ms),
    gatewayToSocketP99Ms: m((r) => r.gatewayToSocketP99Ms),
    coreCpuMsPerS: m((r) => r.coreCpuMsPerS),
    gatewayCpuMsPer1000Frames: arr((r) => r.gatewayCpuMsPer1000Frames),
    gatewayCpuMsPerS: arr((r) => r.gatewayCpuMsPerS),
    rssKbPerSocket: m((r) => r.rssKbPerSocket),
    clientsCpuMsPerS: m((r) => r.clientsCpuMsPerS),
    closed: m((r) => r.closed),
    ...failed,
  };
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const load0 = loadavg();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-fanout-'));
  const cluster = await startCluster({
    gateways: 3,
    port: 0,
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      FLOOD: String(opts.flood),
      FOLLOW_BOTS: '0',
      FLOW_DEMO: '0',
    },
  });
  const clients: Client[] = [];
  const phases: Phase[] = [
    { name: `${BASELINE_SOCKETS} sockets, 1 gateway (baseline)`, sockets: BASELINE_SOCKETS, gateways: 1 },
    { name: `${opts.sockets} sockets, 1 gateway`, sockets: opts.sockets, gateways: 1 },
    { name: `${opts.sockets} sockets, 3 gateways`, sockets: opts.sockets, gateways: 3 },
  ];
  const results: PhaseResult[][] = phases.map(() => []);
  // Ctrl-C stops the cluster too (its processes would outlive the bench).
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => {
      for (const c of clients) c.proc.kill('SIGTERM');
      void cluster.stop().finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(130);
      });
    });
  try {
    for (let k = 0; k < opts.clients; k++)
      clients.push(
        new Client(
          `${k + 1}`,
          fork('bench/lib/fanoutClient.ts', [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
        ),
      );
    for (let run = 0; run < opts.runs; run++)
      for (const [i, p] of phases.entries()) {
        const r = await runPhase(cluster, clients, p, opts.seconds);
        results[i].push(r);
        console.log(`run ${run + 1}, ${p.name}: ${JSON.stringify(r)}`);
      }
  } finally {
    for (const c of clients) c.proc.kill('SIGTERM');
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const rows = phases.map((p, i) => ({ ...p, ...medianOf(results[i]) }));
  const [base, one, three] = rows;
  const load1 = loadavg();
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const date = new Date().toISOString().slice(0, 10);
  const json = {
    bench: 'fanout',
    date,
    quick: opts.quick,
    sockets: opts.sockets,
    seconds: opts.seconds,
    runs: opts.runs,
    flood_trades_per_s: opts.flood,
    client_processes: opts.clients,
    per_socket: `DETAIL ${SYMBOLS.join(', ')}; KLINE 1m, TRADE and DEPTH of one (books ${BOOKS.join(', ')})`,
    rows,
    frames_per_s_1_gateway: one.framesPerS,
    frames_per_s_3_gateways: three.framesPerS,
    frames_ratio_3_to_1: one.framesPerS ? round(three.framesPerS / one.framesPerS, 2) : 0,
    core_to_socket_p99_ms: three.coreToSocketP99Ms,
    core_cpu_ms_per_s_baseline: base.coreCpuMsPerS,
    core_cpu_ms_per_s_n_sockets: three.coreCpuMsPerS,
    core_cpu_ratio_n_to_baseline: base.coreCpuMsPerS ? round(three.coreCpuMsPerS / base.coreCpuMsPerS, 2) : 0,
    gateway_cpu_ms_per_1000_frames: three.gatewayCpuMsPer1000Frames,
    rss_kb_per_socket: three.rssKbPerSocket,
    clients_cpu_ms_per_s: three.clientsCpuMsPerS,
    loadavg_before: load0.map((x) => round(x, 2)),
    loadavg_after: load1.map((x) => round(x, 2)),
    cpus: cpus().length,
    cpu,
    node: process.version,
  };
  const md = [
    '| phase | frames/s | core to socket p50 / p99 | gateway to socket p99 | core CPU ms/s | gateway CPU ms per 1,000 frames | RSS per socket | clients CPU ms/s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.framesPerS.toLocaleString('en')} | ${r.coreToSocketP50Ms} / ${r.coreToSocketP99Ms} ms | ${r.gatewayToSocketP99Ms} ms | ` +
        `${r.coreCpuMsPerS} | ${r.gatewayCpuMsPer1000Frames.join(', ')} | ${r.rssKbPerSocket} kB | ${r.clientsCpuMsPerS} |`,
    ),
    '',
    ...rows.filter((r) => r.failed).map((r) => `**${r.name} failed** (${r.failed}).\n`),
    `Median of ${opts.runs} run(s) of ${opts.seconds} s per phase; flood market ${opts.flood} trades/s; nats-server, the core, ` +
      `3 gateways and ${opts.clients} client processes on one machine (${cpus().length} x ${cpu}, Node ${process.version}); ` +
      `load average before ${json.loadavg_before.join(' ')}, after ${json.loadavg_after.join(' ')}; ${date}.`,
    '',
  ].join('\n');
  // --quick (the harness test) keeps the results of the last real run.
  if (!opts.quick) {
    writeFileSync('bench/results/fanout-latest.json', JSON.stringify(json, null, 2) + '\n');
    writeFileSync('bench/results/fanout-latest.md', md);
  }
  console.log(md);
  console.log(JSON.stringify(json));
  // A phase that could not run ends the bench with an error after its report.
  if (rows.some((r) => r.failed)) process.exitCode = 1;
}

if (process.argv[1]?.endsWith('fanout.bench.ts'))
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });

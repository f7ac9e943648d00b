/**
 * A whole cluster on this machine (BUS-10): a nats-server (found or installed as the tests do, BUS-4), the core
 * with `NATS_URL` and `GATEWAY_SECRET`, and N socket gateways, each its own process as on separate machines.
 * `npm run cluster` (scripts/cluster.ts) and the cluster test start it. The secret is generated when not given and
 * handed to the processes in their environment only; it is never printed or logged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startNatsServer, type NatsServer } from '../testing/natsServer';

export interface ClusterOptions {
  /** Socket gateways (default 2). */
  gateways?: number;
  /** The core's port; the gateways take the next ones. 0: every process on an ephemeral port. */
  port?: number;
  /** The gateways' ports when they are not the ones after the core's (tests that must know them in advance). */
  gatewayPorts?: readonly number[];
  host?: string;
  /** A NATS server already running; otherwise one is started on a free loopback port. */
  natsUrl?: string;
  /** More environment for every process (DATA_DIR, NODE_ENV, ...). GATEWAY_SECRET here is used as given. */
  env?: Record<string, string | undefined>;
  /** Each process's output lines, with its name (default: dropped). */
  onLine?: (name: string, line: string) => void;
}

export interface ClusterProcess {
  name: string;
  url: string;
  port: number;
  proc: ChildProcess;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
}

export interface Cluster {
  natsUrl: string;
  nats?: NatsServer;
  core: ClusterProcess;
  gateways: ClusterProcess[];
  /** Stops the gateways, then the core (SIGTERM, as Ctrl-C does), then the nats-server this started. */
  stop(): Promise<void>;
}

/** How long a process may take to say it listens. */
const START_TIMEOUT_MS = 90_000;

function startProcess(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  ready: (log: { event?: string; port?: number; url?: string }) => string | undefined,
  onLine?: (name: string, line: string) => void,
): Promise<ClusterProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const tail: string[] = [];
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${tail.join('\n')}`)), START_TIMEOUT_MS);
    const onData = (stream: NodeJS.ReadableStream) => {
      let buf = '';
      stream.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          onLine?.(name, line);
          tail.push(line);
          if (tail.length > 50) tail.shift();
          if (!line.startsWith('{')) continue;
          try {
            const url = ready(JSON.parse(line) as { event?: string });
            if (url) {
              clearTimeout(timer);
              resolve({ name, url, port: Number(new URL(url).port), proc, exited });
            }
          } catch {
            /* not a log line */
          }
        }
      });
    };
    onData(proc.stdout!);
    onData(proc.stderr!);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before listening:\n${tail.join('\n')}`));
    });
  });
}

/** How long a process may take to stop after SIGTERM before it is killed (a stop never waits for ever). */
const STOP_TIMEOUT_MS = 15_000;

async function stopProcess(p: ClusterProcess): Promise<void> {
  if (p.proc.exitCode !== null || p.proc.signalCode !== null) return;
  p.proc.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS)));
  const how = await Promise.race([p.exited, late]);
  clearTimeout(timer);
  if (how === 'late') {
    process.stderr.write(`${p.name} did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM: killed\n`);
    p.proc.kill('SIGKILL');
    await p.exited;
  }
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const n = opts.gateways ?? 2;
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port ?? 8080;
  const nats = opts.natsUrl ? undefined : await startNatsServer();
  const natsUrl = opts.natsUrl ?? nats!.url;
  const secret = opts.env?.GATEWAY_SECRET || randomBytes(32).toString('base64url');
  const env = { ...process.env, ...opts.env, NATS_URL: natsUrl, GATEWAY_SECRET: secret, HOST: host };
  const started: ClusterProcess[] = [];
  const gatewayPort = (i: number) => opts.gatewayPorts?.[i] ?? (port === 0 ? 0 : port + 1 + i);
  const startGw = (i: number) =>
    startProcess(
      `gateway-${i + 1}`,
      'server/src/gateway/main.ts',
      { ...env, PORT: String(gatewayPort(i)), GATEWAY_NAME: `gateway-${i + 1}` },
      (l) => (l.event === 'gateway_listening' ? l.url : undefined),
      opts.onLine,
    );
  try {
    const core = await startProcess(
      'core',
      'server/src/main.ts',
      { ...env, PORT: String(port) },
      (l) => (l.event === 'listening' ? l.url : undefined),
      opts.onLine,
    );
    started.push(core);
    const gateways = await Promise.all(Array.from({ length: n }, (_, i) => startGw(i)));
    started.push(...gateways);
    return {
      natsUrl,
      nats,
      core,
      gateways,
      async stop() {
        await Promise.all(gateways.map(stopProcess));
        await stopProcess(core);
        await nats?.stop();
      },
    };
  } catch (err) {
    await Promise.all(started.map(stopProcess));
    await nats?.stop();
    throw err;
  }
}

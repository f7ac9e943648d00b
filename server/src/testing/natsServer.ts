/**
 * A real nats-server for the bus tests (BUS-4): found (or installed, see `findNatsServer`), started on a
 * random loopback port with JetStream on and its store in a temporary folder; `stop()` kills it and removes the
 * folder. The port is read from the server's own log line, so two tests never race for one.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * NATS_SERVER_PATH, then the PATH and Debian's /usr/bin; where none exists and we run as root on Debian, installs
 * Debian's `nats-server` package (as scripts/find-chromium.mjs does for Chromium).
 */
export function findNatsServer(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.NATS_SERVER_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`NATS_SERVER_PATH=${fromEnv} does not exist.`);
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const d of [...dirs, '/usr/bin', '/usr/sbin', '/usr/local/bin']) {
    const p = join(d, 'nats-server');
    if (existsSync(p)) return p;
  }
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nats-server', { stdio: 'inherit' });
    if (existsSync('/usr/bin/nats-server')) return '/usr/bin/nats-server';
  }
  throw new Error('No nats-server found: install it (Debian: apt-get install -y nats-server) or set NATS_SERVER_PATH');
}

export interface NatsServer {
  url: string;
  /** The running nats-server (a new one after `restart`). */
  readonly proc: ChildProcess;
  /**
   * Stops it (SIGTERM) and starts it again on the same port with the same store (BUS-11); `meanwhile` runs while
   * it is down.
   */
  restart(meanwhile?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Starts nats-server on `port` (-1: a free one) and resolves with the process and the port it listens on. */
function launch(bin: string, store: string, port: number): Promise<{ proc: ChildProcess; port: number }> {
  const proc = spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Listening for client connections on [^\s:]+:(\d+)/.exec(log);
      if (m) resolve({ proc, port: Number(m[1]) });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`nats-server exited (${code}) before listening:\n${log}`)));
  });
}

async function kill(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await gone;
}

export async function startNatsServer(): Promise<NatsServer> {
  const bin = findNatsServer();
  const store = mkdtempSync(join(tmpdir(), 'nats-js-'));
  let { proc, port } = await launch(bin, store, -1);
  return {
    url: `nats://127.0.0.1:${port}`,
    get proc() {
      return proc;
    },
    async restart(meanwhile) {
      await kill(proc);
      await meanwhile?.();
      ({ proc, port } = await launch(bin, store, port));
    },
    async stop() {
      await kill(proc);
      rmSync(store, { recursive: true, force: true });
    },
  };
}

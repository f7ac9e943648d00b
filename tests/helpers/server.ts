/**
 * Starts the real exchange server as a child process on an ephemeral port with a temporary DATA_DIR,
 * exactly as `npm start` runs it: the server's build (dist-server/main.js, scripts/build-server.mjs) with plain
 * node. `npm test` built it beside the app; a test file run on its own builds it first when it is missing or older
 * than its sources. With E2E_CLUSTER=1: the core, two socket gateways and a nats-server instead (./cluster.ts,
 * BUS-13).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLedgerCheck } from '../../server/src/ledger/checkCli';
import { startClusterServer } from './cluster';
import { launchBrowser } from './browser';
import { TEST_SERVER_ENV } from './testEnv';
import type { Browser } from 'playwright-core';

export interface RunningServer {
  url: string;
  wsUrl: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const SERVER_MAIN = 'dist-server/main.js';
let serverBuilt = false;

/** Builds the server into dist-server/ once per test process when the build is missing or stale. */
function buildServer(): string {
  if (!serverBuilt) {
    execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' });
    serverBuilt = true;
  }
  return SERVER_MAIN;
}

/**
 * An operator CLI from the server's build (scripts/build-server.mjs, built first when missing or stale), to run with
 * plain node: `execFileSync(process.execPath, [builtCli('settings-cli'), 'merge', ...])`. The same module as
 * `node --import tsx server/src/...`, without compiling its TypeScript at every spawn.
 */
export function builtCli(name: 'settings-cli' | 'chain-cli' | 'ledger-check'): string {
  buildServer();
  return `dist-server/${name}.js`;
}

export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string } = {},
): Promise<RunningServer> {
  if (process.env.E2E_CLUSTER === '1') return startClusterServer(env, opts);
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'exchange-test-'));
  const proc = spawn(process.execPath, [buildServer()], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...TEST_SERVER_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running: nothing would stop a server whose start was given up (it outlived its test run).
      proc.kill('SIGKILL');
      reject(new Error('server did not start in 60 s:\n' + logs.join('\n')));
    }, 60_000);
    let buf = '';
    const onData = (chunk: Buffer) => {
      buf += chunk.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        logs.push(line);
        if (logs.length > 2000) logs.shift();
        try {
          const j = JSON.parse(line);
          if (j.event === 'listening' && typeof j.port === 'number') {
            clearTimeout(timer);
            resolve(j.port);
          }
        } catch {
          /* not JSON */
        }
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (c: Buffer) => logs.push(c.toString()));
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    port,
    dataDir,
    proc,
    logs,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null) proc.kill(signal);
      const code = await exited;
      // LEDGER-5: the books of every server a test ran balance after it (a failure names the mismatches).
      const lines: string[] = [];
      const books = await runLedgerCheck(dataDir, (l) => lines.push(l));
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (books === 1) throw new Error(`the ledger check failed after this server stopped:\n${lines.join('\n')}`);
      return code;
    },
  };
}

/**
 * A server (as {@link startServer}) and a browser, started side by side: the server's start waits on its disk and
 * timers part of the time. Whichever fails, the other is closed again.
 */
export async function startServerAndBrowser(env: Record<string, string> = {}): Promise<[RunningServer, Browser]> {
  const [s, b] = await Promise.allSettled([startServer(env), launchBrowser()]);
  if (s.status === 'fulfilled' && b.status === 'fulfilled') return [s.value, b.value];
  if (s.status === 'fulfilled') await s.value.stop();
  if (b.status === 'fulfilled') await b.value.close().catch(() => undefined);
  throw s.status === 'rejected' ? s.reason : (b as PromiseRejectedResult).reason;
}

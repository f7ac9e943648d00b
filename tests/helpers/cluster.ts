/**
 * The browser suite against the cluster (BUS-13): with E2E_CLUSTER=1, `startServer` (./server.ts) starts a
 * nats-server, the core and two socket gateways (`startCluster`, as `npm run cluster` does) instead of one
 * process. The core serves the app and its API; the app's config.json lists the two gateways as its socket URLs
 * (APP_SOCKET_URLS, DEPLOY-4), so every socket the app opens goes through NATS and a gateway, private streams
 * included (socket tickets, BUS-8). The test files run unchanged. On stop the gateways must have served the app:
 * a run in which no frame left a gateway fails, so the mode cannot pass by quietly using the core's own socket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../../server/src/gateway/cluster';
import { runLedgerCheck } from '../../server/src/ledger/checkCli';
import type { RunningServer } from './server';
import { TEST_SERVER_ENV } from './testEnv';

const GATEWAYS = 2;

/** Ports free now on loopback (held together while they are picked, so they differ). */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const s = createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => {
    const a = s.address();
    return typeof a === 'object' && a ? a.port : 0;
  });
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

interface GatewayHealth {
  sockets: number;
  framesSent: number;
}

export async function startClusterServer(
  env: Record<string, string>,
  opts: { dataDir?: string },
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'exchange-cluster-test-'));
  const [corePort, ...gatewayPorts] = await freePorts(1 + GATEWAYS);
  const origin = `http://127.0.0.1:${corePort}`;
  const logs: string[] = [];
  const cluster = await startCluster({
    gateways: GATEWAYS,
    port: corePort,
    gatewayPorts,
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...TEST_SERVER_ENV,
      APP_SOCKET_URLS: gatewayPorts.map((p) => `ws://127.0.0.1:${p}/ws/`).join(','),
      // The page is the core's origin; the gateways take its sockets (their origin check, as the core's).
      ALLOWED_ORIGINS: origin,
      ...env,
    },
    onLine: (name, line) => {
      logs.push(`${name}: ${line}`);
      if (logs.length > 2000) logs.shift();
    },
  });
  const health = async (url: string) => (await (await fetch(`${url}/healthz`)).json()) as GatewayHealth;
  let stopped: Promise<number | null> | undefined;
  return {
    url: origin,
    wsUrl: `ws://127.0.0.1:${corePort}`,
    port: corePort,
    dataDir,
    proc: cluster.core.proc,
    logs,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      return (stopped ??= (async () => {
        const served = await Promise.all(cluster.gateways.map((g) => health(g.url).catch(() => undefined)));
        const frames = served.reduce((n, h) => n + (h?.framesSent ?? 0), 0);
        if (signal === 'SIGTERM') await cluster.stop();
        else {
          for (const p of [...cluster.gateways, cluster.core]) p.proc.kill(signal);
          await Promise.all([...cluster.gateways, cluster.core].map((p) => p.exited));
          await cluster.nats?.stop();
        }
        const code = cluster.core.proc.exitCode;
        // LEDGER-5, as for one process.
        const lines: string[] = [];
        const books = await runLedgerCheck(dataDir, (l) => lines.push(l));
        if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
        if (books === 1) throw new Error(`the ledger check failed after the cluster stopped:\n${lines.join('\n')}`);
        if (frames === 0) throw new Error('E2E_CLUSTER: no frame left a gateway; the app did not use the cluster');
        return code;
      })());
    },
  };
}

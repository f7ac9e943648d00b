/**
 * `npm run cluster [-- --gateways N]`: a demonstration of the scale-out on one machine (BUS-10, README
 * "Scale-out"): nats-server, the core with NATS_URL and GATEWAY_SECRET (generated when not set; never printed),
 * and N socket gateways (default 2) on the ports after the core's (PORT, default 8080). Prints where each listens;
 * Ctrl-C stops them all. `npm start` stays one process needing nothing else.
 */
import { startCluster } from '../server/src/gateway/cluster';

function gatewaysArg(argv: string[]): number {
  const i = argv.indexOf('--gateways');
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--gateways='))?.split('=')[1];
  if (raw === undefined) return 2;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 32) {
    console.error('--gateways takes a whole number from 1 to 32');
    process.exit(2);
  }
  return n;
}

const gateways = gatewaysArg(process.argv.slice(2));
const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port + gateways > 65535) {
  console.error('PORT must leave room for the gateways after it');
  process.exit(2);
}
const verbose = process.env.CLUSTER_LOGS === '1';
const cluster = await startCluster({
  gateways,
  port,
  host: process.env.HOST?.trim() || '127.0.0.1',
  natsUrl: process.env.NATS_URL?.trim() || undefined,
  // Every log with CLUSTER_LOGS=1; otherwise the core's lines for people (the demo user), not its JSON log.
  onLine: (name, line) => {
    if (verbose) process.stdout.write(`[${name}] ${line}\n`);
    else if (name === 'core' && line.trim() && !line.startsWith('{')) process.stdout.write(`${line}\n`);
  },
});
const lines = [
  `nats-server   ${cluster.natsUrl}${cluster.nats ? '' : ' (given)'}`,
  `core          ${cluster.core.url}   (the app, the API and its own /ws)`,
  ...cluster.gateways.map((g) => `${g.name.padEnd(13)} ${g.url.replace('http', 'ws')}/ws/{id}`),
  '',
  'The gateways share a secret with the core (GATEWAY_SECRET, generated for this run, not shown).',
  'Put a proxy in front that sends /ws/ to the gateways and the rest to the core (README "Scale-out").',
  'CLUSTER_LOGS=1 shows every process log. Ctrl-C stops them all.',
];
process.stdout.write(`\n${lines.join('\n')}\n\n`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('stopping the cluster...\n');
    void cluster.stop().then(() => process.exit(0));
  });
for (const p of [cluster.core, ...cluster.gateways])
  void p.exited.then((code) => {
    if (!stopping) process.stdout.write(`${p.name} exited (${code}); the others keep running. Ctrl-C stops them.\n`);
  });

// `npm test`: the gates first (types per layer, lint, formatting, unused exports, spec citations), failing
// fast; then finds (or installs) a Chromium, and runs the unit and then the e2e project of vitest against the
// build made beside the gates. `node scripts/test.mjs --gates-only` stops after the gates. Any other arguments
// go to one `vitest run` (e.g. `npm test -- server/src/ledger`). The time of each phase is printed at the end as a table (PERF-53),
// with the CPU seconds the machine was busy during it where the system tells (Linux).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { findChromium } from './find-chromium.mjs';
import { machineBusyMs, phaseTable } from './phaseTable.mjs';

const args = process.argv.slice(2);
const gatesOnly = args.includes('--gates-only');
const vitestArgs = args.filter((a) => a !== '--gates-only');
const started = Date.now();
const phases = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** The machine's busy CPU milliseconds so far, where the system says (Linux). */
const cpuNow = () => machineBusyMs((path) => readFileSync(path, 'utf8'));

function summary() {
  console.log('');
  for (const l of phaseTable(phases, Date.now() - started)) console.log(`[test] ${l}`);
}

/** Runs one phase; a failing one still gets its row in the table, marked, before the run stops. */
function run(cmd, cmdArgs, env = process.env, phase = undefined) {
  const t0 = Date.now();
  const cpu0 = cpuNow();
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env });
  const ms = Date.now() - t0;
  const cpu1 = cpuNow();
  const cpuMs = cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0;
  console.log(`[test] ${cmd} ${cmdArgs.join(' ')}: ${seconds(ms)}`);
  if (r.status !== 0) {
    if (phase) phases.push([`${phase} (failed)`, ms, cpuMs]);
    summary();
    process.exit(r.status ?? 1);
  }
  return [ms, cpuMs];
}

/** Runs one command with its output held back, printed whole when it ends (lanes run side by side). */
function runQuiet(cmd, cmdArgs, env) {
  return new Promise((done) => {
    const t0 = Date.now();
    const child = spawn(cmd, cmdArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code) => {
      const text = Buffer.concat(out).toString();
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : text + '\n');
      console.log(`[test] ${cmd} ${cmdArgs.join(' ')}: ${seconds(Date.now() - t0)}`);
      done({ code: code ?? 1, child });
    });
  });
}

/**
 * The gates (and the build the browser tests load) on two lanes side by side on the two cores (PERF-76): each lane
 * takes the next step of one list, longest first, when its step ends, so the lanes end together whichever steps are
 * slow on this machine (ESLint's cache: about 9 s with it, over 40 CPU-s on a clean clone without it). The first
 * failure stops both.
 */
async function gatesAndBuild(env) {
  const tsc = (layer) => ['npx', ['tsc', '-p', `tsconfig.${layer}.json`]];
  const steps = [
    ['npx', ['eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']],
    ['npx', ['prettier', '--check', '--log-level', 'warn', '.']],
    tsc('app'),
    tsc('node'),
    ...(gatesOnly ? [] : [['npx', ['vite', 'build', '--logLevel', 'warn']]]),
    tsc('engine'),
    ['npx', ['knip']],
    tsc('workers'),
    ...(gatesOnly ? [] : [['node', ['scripts/build-server.mjs']]]),
    ...(existsSync('scripts/check-citations.mjs') ? [['node', ['scripts/check-citations.mjs']]] : []),
  ];
  let failed = 0;
  let next = 0;
  const lane = async () => {
    while (!failed && next < steps.length) {
      const [cmd, cmdArgs] = steps[next++];
      const { code } = await runQuiet(cmd, cmdArgs, env);
      if (code !== 0 && !failed) failed = code;
    }
  };
  const t0 = Date.now();
  const cpu0 = cpuNow();
  await Promise.all([lane(), lane()]);
  const cpu1 = cpuNow();
  const cpuMs = cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0;
  phases.push([gatesOnly ? 'gates' : 'gates and build', Date.now() - t0, cpuMs]);
  if (failed) {
    summary();
    process.exit(failed);
  }
}

let chromium;
if (!gatesOnly) {
  try {
    chromium = findChromium();
  } catch (e) {
    console.error(String(e.message ?? e));
    process.exit(1);
  }
  console.log(`[test] Chromium: ${chromium}`);
}
// The browser tests serve the app's build made here and run the server's (dist-server/, also made here); run on their
// own, tests/app-support.ts builds the app privately and tests/helpers/server.ts the server when it is stale.
const env = {
  ...process.env,
  CHROMIUM_PATH: chromium ?? '',
  APP_STATIC_DIR: process.env.APP_STATIC_DIR ?? resolve('dist'),
};

await gatesAndBuild(env);
if (gatesOnly) {
  summary();
  process.exit(0);
}

if (vitestArgs.length > 0) phases.push(['vitest', ...run('npx', ['vitest', 'run', ...vitestArgs], env, 'vitest')]);
else {
  // PERF-55, PERF-75: the app's tests (those that stub each in a fresh module graph, the others in one graph per
  // worker) and the server's (one graph per worker) in one vitest run.
  phases.push([
    'unit',
    ...run(
      'npx',
      ['vitest', 'run', '--project', 'unit', '--project', 'unit-shared', '--project', 'server'],
      env,
      'unit',
    ),
  ]);
  phases.push(['e2e', ...run('npx', ['vitest', 'run', '--project', 'e2e'], env, 'e2e')]);
  // BUS-13: the market screens once more, with their sockets through NATS and two gateways.
  const cluster = { ...env, E2E_CLUSTER: '1' };
  const clusterArgs = ['vitest', 'run', '--project', 'e2e', 'tests/market-live.test.ts'];
  phases.push(['e2e on the cluster', ...run('npx', clusterArgs, cluster, 'e2e on the cluster')]);
}
summary();

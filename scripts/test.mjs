// `npm test`: the gates first (types per layer, lint, formatting, unused exports, spec citations), failing
// fast; then finds (or installs) a Chromium, and runs the e2e project of vitest against the build made beside the
// gates with the unit projects beside it at a lower CPU priority (PERF-77; TEST_SEQUENTIAL=1: one after the other). `node scripts/test.mjs --gates-only` stops after the gates. Any other arguments
// go to one `vitest run` (e.g. `npm test -- server/src/ledger`). The time of each phase is printed at the end as a table (PERF-53),
// with the CPU seconds the machine was busy during it where the system tells (Linux).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { resolve } from 'node:path';
import { findChromium } from './find-chromium.mjs';
import { machineBusyMs, machineNiceMs, phaseTable } from './phaseTable.mjs';

const args = process.argv.slice(2);
const gatesOnly = args.includes('--gates-only');
const vitestArgs = args.filter((a) => a !== '--gates-only');
const started = Date.now();
const phases = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** The machine's busy CPU milliseconds so far, where the system says (Linux). */
const cpuNow = () => machineBusyMs((path) => readFileSync(path, 'utf8'));
/** The part of it spent at a lowered priority (the unit files beside the browser files, PERF-77). */
const niceNow = () => machineNiceMs((path) => readFileSync(path, 'utf8'));

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

/**
 * Runs one command with its output held back, printed whole when it ends (lanes run side by side). With a lowered
 * priority it gets a process group of its own, so that `.stop()` ends every process it started.
 */
function runQuiet(cmd, cmdArgs, env, priority = 0) {
  let child;
  const ended = new Promise((done) => {
    const t0 = Date.now();
    child = spawn(cmd, cmdArgs, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: priority !== 0 });
    // A lowered priority is inherited by every process the command starts after this (vitest's workers).
    if (priority !== 0 && child.pid !== undefined) setPriority(child.pid, priority);
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code) => {
      const text = Buffer.concat(out).toString();
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : text + '\n');
      console.log(`[test] ${cmd} ${cmdArgs.join(' ')}: ${seconds(Date.now() - t0)}`);
      done({ code: code ?? 1 });
    });
  });
  const stop = () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(priority !== 0 ? -child.pid : child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  return Object.assign(ended, { stop });
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

/** Runs one command with its output shown as it comes, without blocking this process (a lane runs beside it). */
function runLive(cmd, cmdArgs, env) {
  return new Promise((done) => {
    const child = spawn(cmd, cmdArgs, { env, stdio: 'inherit' });
    child.on('close', (code) => done(code ?? 1));
  });
}

/**
 * PERF-77: the browser files keep the machine about 1.6 of its 2 cores busy (they wait on the server, the socket
 * and Chromium between bursts), the unit files about 1.9. The unit files run beside the browser files at the
 * lower CPU priority (nice 10 unless UNIT_NICE says otherwise, inherited by vitest's workers), so they take mostly
 * the CPU the browser files leave, yet never stop for long (at 19 a test spawning a server starved past its limits
 * on a loaded machine); their output is printed whole when they end, and their time limits are longer there
 * (UNIT_BESIDE, vite.config.ts).
 * The table gives each its own wall time, and CPU told apart by priority (/proc/stat's nice column).
 */
async function unitBesideE2e(unitArgs) {
  const t0 = Date.now();
  const busy0 = cpuNow();
  const nice0 = niceNow();
  let unitDone;
  const nice = Number(process.env.UNIT_NICE ?? 10);
  const unitRun = runQuiet('npx', unitArgs, { ...env, UNIT_BESIDE: '1' }, nice);
  const unit = unitRun.then((r) => {
    unitDone = { ms: Date.now() - t0, nice: niceNow() };
    return r;
  });
  const e2eCode = await runLive('npx', ['vitest', 'run', '--project', 'e2e'], env);
  const e2eMs = Date.now() - t0;
  const busy1 = cpuNow();
  const nice1 = niceNow();
  console.log(`[test] npx vitest run --project e2e: ${seconds(e2eMs)}`);
  const known = busy0 !== undefined && busy1 !== undefined && nice0 !== undefined && nice1 !== undefined;
  const e2eCpu = known ? busy1 - busy0 - (nice1 - nice0) : undefined;
  if (e2eCode !== 0) {
    unitRun.stop();
    phases.push(['e2e (failed)', e2eMs, e2eCpu]);
    summary();
    process.exit(e2eCode);
  }
  const { code } = await unit;
  const unitCpu = known && unitDone.nice !== undefined ? unitDone.nice - nice0 : undefined;
  phases.push([code === 0 ? `unit (beside e2e, nice ${nice})` : 'unit (failed)', unitDone.ms, unitCpu]);
  phases.push(['e2e', e2eMs, e2eCpu]);
  if (code !== 0) {
    summary();
    process.exit(code);
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
  const unitArgs = ['vitest', 'run', '--project', 'unit', '--project', 'unit-shared', '--project', 'server'];
  if (process.env.TEST_SEQUENTIAL === '1') {
    phases.push(['unit', ...run('npx', unitArgs, env, 'unit')]);
    phases.push(['e2e', ...run('npx', ['vitest', 'run', '--project', 'e2e'], env, 'e2e')]);
  } else await unitBesideE2e(unitArgs);
  // BUS-13: the market screens once more, with their sockets through NATS and two gateways.
  const cluster = { ...env, E2E_CLUSTER: '1' };
  const clusterArgs = ['vitest', 'run', '--project', 'e2e', 'tests/market-live.test.ts'];
  phases.push(['e2e on the cluster', ...run('npx', clusterArgs, cluster, 'e2e on the cluster')]);
}
summary();

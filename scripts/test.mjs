// `npm test`: the gates first (types per layer, lint, formatting, unused exports, spec citations), failing
// fast; then finds (or installs) a Chromium, builds the app the e2e tests load, and runs the unit and the
// e2e projects of vitest. `node scripts/test.mjs --gates-only` stops after the gates.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { findChromium } from './find-chromium.mjs';

const args = process.argv.slice(2);
const gatesOnly = args.includes('--gates-only');

function run(cmd, cmdArgs, env = process.env) {
  const started = Date.now();
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env });
  console.log(`[test] ${cmd} ${cmdArgs.join(' ')}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The gates. Each layer compiles with only its own libraries (see tsconfig.*.json).
for (const layer of ['engine', 'workers', 'app', 'node']) run('npx', ['tsc', '-p', `tsconfig.${layer}.json`]);
run('npx', ['eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']);
run('npx', ['prettier', '--check', '--log-level', 'warn', '.']);
run('npx', ['knip']);
if (existsSync('scripts/check-citations.mjs')) run('node', ['scripts/check-citations.mjs']);
if (gatesOnly) process.exit(0);

let chromium;
try {
  chromium = findChromium();
} catch (e) {
  console.error(String(e.message ?? e));
  process.exit(1);
}
console.log(`[test] Chromium: ${chromium}`);
// The browser tests serve the build made here (tests/app-support.ts builds privately only when run on their own).
const env = { ...process.env, CHROMIUM_PATH: chromium, APP_STATIC_DIR: process.env.APP_STATIC_DIR ?? resolve('dist') };

run('npx', ['vite', 'build', '--logLevel', 'warn'], env);
run('npx', ['vitest', 'run', ...args], env);

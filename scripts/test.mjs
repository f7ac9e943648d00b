// `npm test`: every test. Finds (or installs) a Chromium, builds the app the e2e tests load,
// then runs the unit and the e2e projects of vitest.
import { spawnSync } from 'node:child_process';
import { findChromium } from './find-chromium.mjs';

let chromium;
try {
  chromium = findChromium();
} catch (e) {
  console.error(String(e.message ?? e));
  process.exit(1);
}
console.log(`[test] Chromium: ${chromium}`);
const env = { ...process.env, CHROMIUM_PATH: chromium };

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);

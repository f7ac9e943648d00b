// `npm run build:server` (part of `npm run build`): the reference server bundled by esbuild into dist-server/:
// main.js and its shared chunks, and each schema migration as dist-server/migrations/NNN_name.js, where
// server/src/db/migrate.ts looks for them (a `migrations` folder beside its own module, which is main.js here).
// Packages stay in node_modules. `npm start`, `npm run serve` and the browser tests (tests/helpers/server.ts) run
// dist-server/main.js with plain node: starting it skips compiling ~300 TypeScript modules at every start.
// The operator CLIs the browser tests spawn are entries too (CLIS below: dist-server/<name>.js, run with plain node
// as `node dist-server/settings-cli.js merge ...`): a spawn costs a node start, not a tsx compile of the CLI's modules.
// `--if-stale`: builds only when a file the last build read (listed in dist-server/inputs.json), the migrations
// folder, package.json or tsconfig.json is newer than that build, or the build is missing.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const OUT = resolve('dist-server');
const MIGRATIONS = 'server/src/db/migrations';
const MIGRATION_RE = /^(\d{3,})_([A-Za-z0-9_-]+)\.ts$/;
/** Operator CLIs built beside main.js (each checks it is the main module through import.meta.url). */
const CLIS = {
  'settings-cli': 'server/src/db/settingsCli.ts',
  'chain-cli': 'server/src/deposits/chainCli.ts',
  'ledger-check': 'server/src/ledger/checkCli.ts',
};
const ALWAYS = ['package.json', 'tsconfig.json', 'tsconfig.base.json', MIGRATIONS, 'scripts/build-server.mjs'];

function isStale() {
  const stamp = join(OUT, 'inputs.json');
  if (!existsSync(stamp) || !existsSync(join(OUT, 'main.js'))) return true;
  const built = statSync(stamp).mtimeMs;
  const inputs = [...JSON.parse(readFileSync(stamp, 'utf8')), ...ALWAYS];
  return inputs.some((f) => !existsSync(f) || statSync(f).mtimeMs > built);
}

async function buildServer() {
  const migrations = readdirSync(MIGRATIONS).filter((f) => MIGRATION_RE.test(f) && !f.includes('.test.'));
  const entryPoints = { main: 'server/src/main.ts', ...CLIS };
  for (const f of migrations) entryPoints[`migrations/${f.replace(/\.ts$/, '')}`] = join(MIGRATIONS, f);
  const tmp = `${OUT}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  // Loaded only to build: `--if-stale` on a fresh build (each browser test file asks) stays a few stats.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Shared code of main.js and the migrations in chunks beside main.js (never in a subfolder: migrate.ts finds
    // the migrations relative to the file it ends up in).
    splitting: true,
    chunkNames: 'chunk-[hash]',
    keepNames: true,
    sourcemap: 'linked',
    metafile: true,
    outdir: tmp,
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const home = Object.keys(outputs).find((o) => 'server/src/db/migrate.ts' in outputs[o].inputs);
  if (!home || resolve(home, '..') !== resolve(tmp))
    throw new Error(`migrate.ts landed in ${home}, not beside main.js`);
  // A CLI's own module must stay in its entry file: in a shared chunk its import.meta.url (its "am I the main
  // module" check) would name the chunk, and the CLI would exit without doing anything.
  for (const [name, src] of Object.entries(CLIS)) {
    const out = Object.keys(outputs).find((o) => outputs[o].entryPoint === src);
    if (!out || resolve(out) !== resolve(tmp, `${name}.js`) || !(src in outputs[out].inputs))
      throw new Error(`${src} is not in its own entry ${name}.js`);
  }
  const built = readdirSync(join(tmp, 'migrations')).filter((f) => f.endsWith('.js'));
  if (built.length !== migrations.length) throw new Error(`${built.length} migrations built of ${migrations.length}`);
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  writeFileSync(join(tmp, 'inputs.json'), JSON.stringify(inputs));
  rmSync(OUT, { recursive: true, force: true });
  renameSync(tmp, OUT);
  return { inputs: inputs.length, migrations: migrations.length };
}

if (!process.argv.includes('--if-stale') || isStale()) {
  const t0 = Date.now();
  const r = await buildServer();
  console.log(
    `server built into dist-server/ (${r.inputs} modules, ${r.migrations} migrations) in ${Date.now() - t0} ms`,
  );
}

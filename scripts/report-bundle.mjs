// After `vite build`: reports the gzipped JavaScript the home screen loads: the entry chunk and its static
// imports, the home screen's lazy chunk and its static imports, and the English message chunks the home screen
// loads (HOME_NAMESPACES: `common` at start-up and the home route's `market`). Everything else (chart, other
// languages, other screens and their namespaces, the market worker) is lazy and not counted.
// Usage: node scripts/report-bundle.mjs [distDir] [--json]
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--')) ?? 'dist';
const asJson = args.includes('--json');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.log('[bundle] no manifest (build.manifest off): skipping the report');
  process.exit(0);
}
/** The namespaces the home screen loads: `common` at start-up, `market` for the home route (its RouteDef `ns`). */
const HOME_NAMESPACES = ['common', 'market'];
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const seen = new Set();
const sourceOf = new Map();
function walk(key) {
  const chunk = manifest[key] ?? Object.values(manifest).find((c) => c.file === key);
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  sourceOf.set(chunk.file, chunk.src ?? key);
  for (const imp of chunk.imports ?? []) walk(imp);
}
const roots = Object.keys(manifest).filter(
  (k) =>
    manifest[k].isEntry ||
    /features\/markets\/screens\/HomeScreen\.tsx$/.test(k) ||
    HOME_NAMESPACES.some((ns) => k.endsWith(`i18n/locales/en/${ns}.json`)),
);
for (const k of roots) walk(k);
let total = 0;
const files = [];
for (const f of seen) {
  if (!f.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, f))).length;
  total += size;
  files.push({ file: f, source: sourceOf.get(f), gzipBytes: size });
}
files.sort((a, b) => b.gzipBytes - a.gzipBytes);
if (asJson) console.log(JSON.stringify({ gzipBytes: total, files }));
else {
  console.log(
    `[bundle] home screen JavaScript (entry, home screen, English messages, their static imports): ${(total / 1024).toFixed(1)} KB gzipped (${files.length} chunks)`,
  );
  for (const f of files.slice(0, 6))
    console.log(`[bundle]   ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
}

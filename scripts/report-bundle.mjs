// After `vite build`: reports the gzipped JavaScript the home screen loads (entry chunk and its static imports).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.log('[bundle] no manifest (build.manifest off): skipping the report');
  process.exit(0);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entry = Object.values(manifest).find((c) => c.isEntry);
const seen = new Set();
function walk(key) {
  const chunk = manifest[key] ?? Object.values(manifest).find((c) => c.file === key);
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) walk(imp);
}
walk(Object.keys(manifest).find((k) => manifest[k] === entry));
let total = 0;
for (const f of seen) if (f.endsWith('.js')) total += gzipSync(readFileSync(join(dist, f))).length;
console.log(`[bundle] home screen JavaScript (entry + static imports): ${(total / 1024).toFixed(1)} KB gzipped (${seen.size} chunks)`);

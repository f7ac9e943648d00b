import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir, shouldPrecompress } from './precompress';

const dirs: string[] = [];
const temp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), name));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const TEXT = Array.from(
  { length: 300 },
  (_, i) => `.c${i} { color: #${(i * 7919).toString(16).padStart(6, '0')}; }`,
).join('\n');

describe('[PERF-11] the build compresses its output', () => {
  it('[PERF-11] compressible files from 1 KB get .br and .gz copies that decode to them; others are left alone', async () => {
    expect(shouldPrecompress('a.js', 2048)).toBe(true);
    expect(shouldPrecompress('manifest.webmanifest', 2048)).toBe(true);
    expect(shouldPrecompress('a.js', 1000)).toBe(false);
    expect(shouldPrecompress('a.png', 99_999)).toBe(false);
    expect(shouldPrecompress('a.js.br', 99_999)).toBe(false);
    const out = temp('precompress-out-');
    mkdirSync(join(out, 'assets'));
    writeFileSync(join(out, 'assets', 'app.css'), TEXT);
    writeFileSync(join(out, 'sw.js'), TEXT);
    writeFileSync(join(out, 'tiny.js'), 'x()');
    writeFileSync(join(out, 'logo.png'), Buffer.alloc(5000, 1));
    const cache = temp('precompress-cache-');
    const r = await precompressDir(out, 2, cache);
    expect(r.files).toBe(2);
    for (const f of ['assets/app.css', 'sw.js']) {
      expect(brotliDecompressSync(readFileSync(join(out, `${f}.br`))).toString()).toBe(TEXT);
      expect(gunzipSync(readFileSync(join(out, `${f}.gz`))).toString()).toBe(TEXT);
    }
    for (const f of ['tiny.js', 'logo.png']) expect(existsSync(join(out, `${f}.br`)), f).toBe(false);
  });

  it('[PERF-11] a cached copy that does not decode to the file is not shipped', async () => {
    const cache = temp('precompress-cache-');
    const a = temp('precompress-a-');
    writeFileSync(join(a, 'app.js'), TEXT);
    await precompressDir(a, 1, cache);
    // Damage every cached entry; the next build must compress again rather than copy them.
    for (const f of readdirSync(cache)) writeFileSync(join(cache, f), 'planted');
    const b = temp('precompress-b-');
    writeFileSync(join(b, 'app.js'), TEXT);
    await precompressDir(b, 1, cache);
    expect(brotliDecompressSync(readFileSync(join(b, 'app.js.br'))).toString()).toBe(TEXT);
    expect(gunzipSync(readFileSync(join(b, 'app.js.gz'))).toString()).toBe(TEXT);
  });
});

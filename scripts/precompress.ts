/**
 * Pre-compressed static files (PERF-11): after the build, every compressible file of the output folder (scripts,
 * styles, pages, SVG, JSON, the web manifest, text) of at least PRECOMPRESS_MIN_BYTES gets a brotli (`.br`, quality
 * 11) and a gzip (`.gz`, level 9) copy beside it, which the server sends by Accept-Encoding
 * (server/src/http/plugins.ts). A copy is written only when it is smaller than the file.
 *
 * Order-independent: it runs last (`enforce: 'post'`, in `closeBundle`, sequential) and walks the folder on disk, so
 * files other plugins write in their own `writeBundle`/`closeBundle` (a service worker, a web manifest, the coin
 * icons) are compressed too. Only node:zlib.
 *
 * Quality 11 costs about 15 s of CPU for the whole output (most of it the coin icons, the same at every build),
 * and every browser test file builds the app once: the copies are kept by the SHA-256 of the file in a cache in
 * the temporary folder (`PRECOMPRESS_CACHE`), so a file already compressed once costs a hash and a copy.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Below this a copy saves too little to be worth a file (and a response is one packet anyway). */
export const PRECOMPRESS_MIN_BYTES = 1024;
/** Extensions worth compressing; images other than SVG, fonts in woff2 and archives are compressed already. */
export const PRECOMPRESS_EXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;

/** Where compressed copies are kept by content (the version names the settings below). */
export const PRECOMPRESS_CACHE = join(tmpdir(), 'openex-precompress-v1');

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Whether a file of this name and size gets compressed copies. */
export function shouldPrecompress(name: string, size: number): boolean {
  return PRECOMPRESS_EXT.test(name) && size >= PRECOMPRESS_MIN_BYTES;
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

export interface PrecompressReport {
  files: number;
  bytes: number;
  br: number;
  gz: number;
}

/**
 * Brotli and gzip of `raw`, from the cache when it holds them (written there by rename: builds may race). A cached
 * pair is used only when it decodes to `raw` (decoding is cheap), so a damaged or planted entry is never shipped.
 */
async function compressedCopies(raw: Buffer, cacheDir: string): Promise<[Buffer, Buffer]> {
  const key = join(cacheDir, createHash('sha256').update(raw).digest('hex'));
  try {
    const [b, g] = await Promise.all([readFile(`${key}.br`), readFile(`${key}.gz`)]);
    if (brotliDecompressSync(b).equals(raw) && gunzipSync(g).equals(raw)) return [b, g];
  } catch {
    // Not cached yet (or not readable): compress.
  }
  const [b, g] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gz(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const tmp = `${key}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(`${tmp}.gz`, g);
  await rename(`${tmp}.gz`, `${key}.gz`);
  await writeFile(`${tmp}.br`, b);
  await rename(`${tmp}.br`, `${key}.br`);
  return [b, g];
}

/** Writes `.br` and `.gz` beside every compressible file under `dir`; returns what it did. */
export async function precompressDir(
  dir: string,
  concurrency = 4,
  cacheDir = PRECOMPRESS_CACHE,
): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, br: 0, gz: 0 };
  const todo: string[] = [];
  for await (const p of files(dir)) if (shouldPrecompress(p, (await stat(p)).size)) todo.push(p);
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const one = async (p: string) => {
    const raw = await readFile(p);
    const [b, g] = await compressedCopies(raw, cacheDir);
    report.files++;
    report.bytes += raw.length;
    if (b.length < raw.length) {
      await writeFile(`${p}.br`, b);
      report.br += b.length;
    }
    if (g.length < raw.length) {
      await writeFile(`${p}.gz`, g);
      report.gz += g.length;
    }
  };
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < todo.length) await one(todo[next++]);
  });
  await Promise.all(workers);
  return report;
}

/** The Vite plugin: compresses the output folder once the whole build (every plugin's output) is written. */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'openex:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      config = c;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config || config.build.ssr || config.build.write === false) return;
        const out = resolve(config.root, config.build.outDir);
        const r = await precompressDir(out);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
        config.logger.info(
          `precompress: ${r.files} files, ${kb(r.bytes)} -> br ${kb(r.br)}, gzip ${kb(r.gz)} (PERF-11)`,
        );
      },
    },
  };
}

/**
 * Pre-compressed static files (PERF-11): after the build, every compressible file of the output folder (scripts,
 * styles, pages, SVG, JSON, the web manifest, text) of at least PRECOMPRESS_MIN_BYTES gets a brotli (`.br`, quality
 * 11) and a gzip (`.gz`, level 9) copy beside it, which the server sends by Accept-Encoding
 * (server/src/http/plugins.ts). A copy is written only when it is smaller than the file.
 *
 * Order-independent: it runs last (`enforce: 'post'`, in `closeBundle`, sequential) and walks the folder on disk, so
 * files other plugins write in their own `writeBundle`/`closeBundle` (a service worker, a web manifest, the coin
 * icons) are compressed too. Only node:zlib.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Below this a copy saves too little to be worth a file (and a response is one packet anyway). */
export const PRECOMPRESS_MIN_BYTES = 1024;
/** Extensions worth compressing; images other than SVG, fonts in woff2 and archives are compressed already. */
export const PRECOMPRESS_EXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;

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

/** Writes `.br` and `.gz` beside every compressible file under `dir`; returns what it did. */
export async function precompressDir(dir: string, concurrency = 4): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, br: 0, gz: 0 };
  const todo: string[] = [];
  for await (const p of files(dir)) if (shouldPrecompress(p, (await stat(p)).size)) todo.push(p);
  const one = async (p: string) => {
    const raw = await readFile(p);
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

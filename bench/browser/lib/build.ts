/**
 * Builds the two clients the browser benchmark compares, from the same sources:
 * - ours: the product build, with react-dom/profiling so the React Profiler API counts commits;
 * - naive: the same app with src/app/market/hooks.ts swapped for bench/naive/hooks.ts
 *   (one socket per tab on the main thread, a React state update per message).
 *
 * `lean` (the harness check's quick mode, PERF-90): the same config's chunks and React, without the plugins that only
 * write files around the app (the service worker, which the benchmark's contexts block; the install icons; the
 * compressed copies; the 3,782 coin logos), whose files were most of the build's time. The logos are linked from
 * the app's build `npm test` made (APP_STATIC_DIR) when there is one, so the screens paint as in the full run.
 */
import { build, loadConfigFromFile, type InlineConfig, type Plugin, type PluginOption } from 'vite';
import { existsSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const realHooks = resolve(root, 'src/app/market/hooks.ts');
const naiveHooks = resolve(root, 'bench/naive/hooks.ts');
/** The plugins a lean build keeps: React's (the app's JSX and its production transform). */
const LEAN_KEEPS = /^vite:react/;

function swapHooks(): Plugin {
  return {
    name: 'bench-swap-hooks',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === naiveHooks) return null;
      const r = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (r && r.id === realHooks) return naiveHooks;
      return null;
    },
  };
}

function flat(plugins: PluginOption[]): Plugin[] {
  return plugins.flat(Infinity as 1).filter((p): p is Plugin => typeof p === 'object' && p !== null && 'name' in p);
}

export async function buildClient(
  kind: 'ours' | 'naive',
  outDir: string,
  opts: { lean?: boolean } = {},
): Promise<void> {
  const configFile = resolve(root, 'vite.config.ts');
  const loaded = opts.lean ? await loadConfigFromFile({ command: 'build', mode: 'production' }, configFile) : null;
  const base: InlineConfig = loaded ? { ...loaded.config, configFile: false } : { configFile };
  const plugins = loaded ? flat(loaded.config.plugins ?? []).filter((p) => LEAN_KEEPS.test(p.name)) : [];
  await build({
    ...base,
    root,
    logLevel: 'warn',
    plugins: [...plugins, ...(kind === 'naive' ? [swapHooks()] : [])],
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
    // BENCH_NO_MINIFY=1 keeps names readable for bench/browser/tools/profile.ts.
    build: {
      ...loaded?.config.build,
      outDir,
      emptyOutDir: true,
      minify: process.env.BENCH_NO_MINIFY ? false : undefined,
    },
  });
  const logos = process.env.APP_STATIC_DIR && join(process.env.APP_STATIC_DIR, 'coin-icons');
  if (opts.lean && logos && existsSync(logos)) symlinkSync(logos, join(outDir, 'coin-icons'), 'dir');
}

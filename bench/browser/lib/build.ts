/**
 * Builds the two clients the browser benchmark compares, from the same sources:
 * - ours: the product build, with react-dom/profiling so the React Profiler API counts commits;
 * - naive: the same app with src/app/market/hooks.ts swapped for bench/naive/hooks.ts
 *   (one socket per tab on the main thread, a React state update per message).
 */
import { build, type Plugin } from 'vite';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const realHooks = resolve(root, 'src/app/market/hooks.ts');
const naiveHooks = resolve(root, 'bench/naive/hooks.ts');

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

export async function buildClient(kind: 'ours' | 'naive', outDir: string): Promise<void> {
  await build({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: kind === 'naive' ? [swapHooks()] : [],
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
    // BENCH_NO_MINIFY=1 keeps names readable for bench/browser/tools/profile.ts.
    build: { outDir, emptyOutDir: true, minify: process.env.BENCH_NO_MINIFY ? false : undefined },
  });
}

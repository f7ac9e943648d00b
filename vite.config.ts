import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { coinIconsPlugin } from './scripts/coinIcons.ts';
import { precompressPlugin } from './scripts/precompress.ts';
import { pwaIconsPlugin } from './scripts/pwaIcons.ts';
import { buildWebManifest, DEFAULT_SITE_NAME } from './src/shared/pwa/webManifest.ts';

/**
 * The service worker (PERF-21, PERF-22): Workbox generateSW, registered from src/app/state/serviceWorker.ts (through the lazy src/app/state/offline.tsx).
 * Precaches index.html and the build's hashed assets (not the coin logos: those and their list are cached as they are shown),
 * answers app routes with index.html, and never sees /api, the socket, /metrics or /healthz: they are denied to
 * the navigation fallback and no runtime route matches them, so the browser fetches them as if there were no
 * worker. A new version waits until every tab of the old one is closed (no skipWaiting): a running tab keeps
 * the assets it started with, and nothing reloads under someone typing an order.
 */
/**
 * The modules the build may leave out of a chunk that does not use them (see treeshake below): the engine and the
 * shared modules (zodSetup aside), decimal.js, and a feature's door (its index.ts, ROOM-1, which only re-exports).
 */
const sideEffectFree = (id: string): boolean =>
  /\/node_modules\/decimal\.js\//.test(id) ||
  (/\/src\/(engine|shared)\//.test(id) && !/zodSetup/.test(id)) ||
  /\/src\/app\/features\/[^/]+\/index\.ts$/.test(id);

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * PERF-61: a chunk of the app's own modules that `screen` imports and other screens share, in place of one small
 * chunk per set of screens that shares them. The walk follows static imports from the screen and stops at a
 * package and at a module the build may leave out where unused (sideEffectFree): past those an import names more
 * than the screen uses (the engine's index, a feature's door, decimal.js behind a money helper), and following it
 * would pull code the screen never runs into its load. So the group holds only modules the screen loads anyway.
 */
function screenGroup(name: string, screen: string) {
  const root = fileURLToPath(new URL(screen, import.meta.url));
  let reach: Set<string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!reach) {
      reach = new Set();
      const todo = [root];
      for (let m = todo.pop(); m !== undefined; m = todo.pop()) {
        if (reach.has(m) || m.includes('/node_modules/') || sideEffectFree(m)) continue;
        reach.add(m);
        todo.push(...(graph.getModuleInfo(m)?.importedIds ?? []));
      }
    }
    return reach.has(id) ? name : null;
  };
}

const NOT_THE_APP = /^\/(api|ws|metrics|healthz)(\/|\?|$)/;
const pwa = VitePWA({
  strategies: 'generateSW',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  manifest: buildWebManifest({ name: DEFAULT_SITE_NAME }),
  includeManifestIcons: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: ['coin-icons/**', '.vite/**', 'stats*.html'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    dontCacheBustURLsMatching: /^assets\//,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [NOT_THE_APP],
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // The list of logos that exist (BRAND-3): from the network, from the cache only when that fails.
        urlPattern: /\/coin-icons\/manifest\.json$/,
        handler: 'NetworkFirst',
        options: { cacheName: 'coin-icons-list', expiration: { maxEntries: 1 } },
      },
      {
        urlPattern: /\/coin-icons\/[A-Z0-9]{1,16}\.svg$/,
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'coin-icons', expiration: { maxEntries: 400 } },
      },
    ],
  },
});

// One config for the app build and for the test projects.
// - unit: pure TypeScript and server tests beside the code (src/**, server/**)
// - e2e: cross-process tests in tests/ that start the real server and drive Chromium.
/**
 * Server test files that keep a module graph of their own (PERF-55). seconds.test.ts: its 300-contract replay ran
 * out of time twice in a shared graph on a loaded machine and passed there later (2026-11-28): isolated until a
 * quiet run says whether the graph or the load was the cause.
 */
const ISOLATED_SERVER_TESTS = ['server/src/seconds/seconds.test.ts'];
/**
 * PERF-75: the app's tests that stub nothing share one module graph per worker (project `unit-shared`), as the
 * server's do (PERF-55); a test file that mocks or resets modules, stubs a global or the environment, fakes the
 * timers, spies on a module's function or assigns to a global keeps a graph of its own (project `unit`). Which is
 * which is read from the file's text when the config loads, so a new file that mocks is isolated without a list.
 */
const STUBS =
  /\bvi\.(mock|doMock|unmock|doUnmock|stubGlobal|stubEnv|resetModules|useFakeTimers|spyOn|importActual|importMock)\b|\b(globalThis|window|navigator|document|localStorage|sessionStorage|process\.env)\.\w+\s*=[^=]|Object\.defineProperty\(\s*(globalThis|window|navigator|document)\b/;
const SRC = fileURLToPath(new URL('src', import.meta.url));
const ISOLATED_SRC_TESTS = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f) && STUBS.test(readFileSync(join(SRC, f), 'utf8')))
  .map((f) => `src/${f.split(sep).join('/')}`);
/**
 * PERF-77: `npm test` runs the unit projects beside the browser files at a lower CPU priority (UNIT_BESIDE=1):
 * a test can then wait for the CPU while the browser files take both cores, so its time limits are four times
 * longer there. They are limits against a hung test, not measures of speed.
 */
const LIMIT_SCALE = process.env.UNIT_BESIDE === '1' ? 4 : 1;

export default defineConfig({
  // precompress last: it also compresses what the others write at the end (sw.js, the manifest; PERF-11).
  plugins: [react(), coinIconsPlugin(), pwaIconsPlugin(), pwa, precompressPlugin()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // The engine and the shared modules have no import-time effects (zodSetup aside), nor has decimal.js: what a
      // chunk does not use of them stays out of it (the main thread imports the engine's index for topicKey; the
      // worker's futures arithmetic and decimal.js must not ride along into the home screen, PERF-10).
      // A feature's door (its index.ts, ROOM-1) only re-exports: a screen takes through it only what it uses.
      treeshake: { moduleSideEffects: (id) => !sideEffectFree(id) },
      // PERF-61: few chunks at start-up. Every module the entry imports statically is one chunk (`boot`, merged into
      // the entry's): all of them run at every start anyway, and Rolldown otherwise split them into 22 chunks by the
      // lazy screens that share them. The home screen's shared modules are one chunk too (screenGroup above).
      // Fewer requests serve a phone on a real network; a cold load's CPU here measured the same (PERF-61).
      // A screen group that walks into another group's modules makes that group's screen load it: the trade
      // screen's own group did (home then loaded 57 KB of the trade kit, decimal.js in it), so there is none.
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            {
              name: screenGroup('home', 'src/app/features/markets/screens/HomeScreen.tsx'),
              debugName: 'home',
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
  test: {
    // Two workers on a 2-core machine for the unit files. The browser files run one at a time (fileParallelism off
    // below): measured, two side by side each took 2 to 2.5 times as long (a file keeps more than one core busy:
    // its server, Chromium's renderer and GPU processes, the test), so the pair finished no sooner.
    maxWorkers: 2,
    // Temporary databases on tmpfs where there is one: the server runs `synchronous = FULL` (SAFE-29), and an fsync
    // per commit on a real disk would only measure the disk. The pragma itself is tested in server/src/db.
    env: existsSync('/dev/shm') ? { TMPDIR: '/dev/shm' } : {},
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // The app's tests that stub globals or mock modules (ISOLATED_SRC_TESTS, PERF-75) and the server files in
          // ISOLATED_SERVER_TESTS: each file in a fresh module graph.
          include: [...ISOLATED_SRC_TESTS, ...ISOLATED_SERVER_TESTS],
          // New password hashes at a test cost (see the file).
          setupFiles: ['server/src/testing/setup.ts'],
          testTimeout: 30_000 * LIMIT_SCALE,
          hookTimeout: 60_000 * LIMIT_SCALE,
        },
      },
      {
        extends: true,
        test: {
          // PERF-75: the app's tests that stub nothing (the engine's, shared modules' and workers' among them), one
          // module graph per worker. New password hashes at a test cost (see the file).
          name: 'unit-shared',
          environment: 'node',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: [...ISOLATED_SRC_TESTS, '**/node_modules/**'],
          setupFiles: ['server/src/testing/setup.ts'],
          isolate: false,
          testTimeout: 30_000 * LIMIT_SCALE,
          hookTimeout: 60_000 * LIMIT_SCALE,
        },
      },
      {
        extends: true,
        test: {
          // PERF-55: the server's and the scripts' tests share one module graph per worker. Each file builds its own
          // servers, clocks and databases, so importing the server's ~300 modules again for each of 120 files only
          // cost time: measured (machine under load) 334 s of import for 40 files isolated, 35 s shared.
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...ISOLATED_SERVER_TESTS, '**/node_modules/**'],
          isolate: false,
          setupFiles: ['server/src/testing/setup.ts'],
          testTimeout: 30_000 * LIMIT_SCALE,
          hookTimeout: 60_000 * LIMIT_SCALE,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // PERF-60: the browser files share one worker and its module graph, as the server's do (PERF-55): each file
          // starts its own server and browser in its hooks and stubs nothing global, so a fresh graph per file only
          // paid the import of playwright-core and the test helpers again (about 1 to 2.5 s a file).
          isolate: false,
        },
      },
    ],
  },
});

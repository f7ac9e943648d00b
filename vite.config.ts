import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { coinIconsPlugin } from './scripts/coinIcons.ts';
import { precompressPlugin } from './scripts/precompress.ts';

// One config for the app build and for the test projects.
// - unit: pure TypeScript and server tests beside the code (src/**, server/**)
// - e2e: cross-process tests in tests/ that start the real server and drive Chromium.
export default defineConfig({
  plugins: [react(), coinIconsPlugin(), precompressPlugin()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // The engine and the shared modules have no import-time effects (zodSetup aside), nor has decimal.js: what a
      // chunk does not use of them stays out of it (the main thread imports the engine's index for topicKey; the
      // worker's futures arithmetic and decimal.js must not ride along into the home screen, PERF-10).
      treeshake: {
        moduleSideEffects: (id) =>
          !(/\/node_modules\/decimal\.js\//.test(id) || (/\/src\/(engine|shared)\//.test(id) && !/zodSetup/.test(id))),
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
    // Two workers on a 2-core machine: the browser tests still run one file at a time (fileParallelism off below),
    // and the unit files run beside them instead of after them.
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
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
        },
      },
    ],
  },
});

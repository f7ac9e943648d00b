/**
 * Starts the market worker for this tab: the SharedWorker (one for all tabs of the origin) where it exists,
 * otherwise a dedicated Worker per tab running the same host (Chrome for Android before 148, some embedded
 * browsers). Both are constructed with the literal `new URL(..., import.meta.url)` so Vite bundles them.
 */
import type { Endpoint } from 'comlink';

export interface WorkerHandle {
  endpoint: Endpoint;
  mode: 'shared' | 'dedicated';
  /** Called once if the worker fails to start or crashes. */
  onError(fn: (err: unknown) => void): void;
  /** Stops the dedicated worker; a SharedWorker port is just closed. */
  close(): void;
}

export const WORKER_NAME = 'openex-market';

export function openMarketWorker(): WorkerHandle {
  if (typeof SharedWorker === 'function') {
    try {
      return openShared();
    } catch {
      // e.g. a SecurityError in a sandboxed frame: fall back to a dedicated worker.
    }
  }
  return openDedicated();
}

function openShared(): WorkerHandle {
  const w = new SharedWorker(new URL('../../workers/market.shared.ts', import.meta.url), {
    type: 'module',
    name: WORKER_NAME,
  });
  w.port.start();
  return {
    endpoint: w.port,
    mode: 'shared',
    onError: (fn) => w.addEventListener('error', fn, { once: true }),
    close: () => w.port.close(),
  };
}

function openDedicated(): WorkerHandle {
  const w = new Worker(new URL('../../workers/market.dedicated.ts', import.meta.url), {
    type: 'module',
    name: WORKER_NAME,
  });
  return {
    endpoint: w,
    mode: 'dedicated',
    onError: (fn) => w.addEventListener('error', fn, { once: true }),
    close: () => w.terminate(),
  };
}

/**
 * The host as it runs inside a worker: the real engine over the browser environment. Shared by the
 * SharedWorker entry and the dedicated-Worker fallback, so both run exactly the same code.
 */
import { createMarketEngine } from '../engine/index';
import { createBrowserDeps } from './browserDeps';
import { createMarketHost, type MarketHost } from './host';

export function createWorkerHost(mode: 'shared' | 'dedicated'): MarketHost {
  return createMarketHost({
    createEngine: (bases) => createMarketEngine(createBrowserDeps(bases)),
    location: { protocol: self.location.protocol, host: self.location.host },
    // Same clock domain as the tabs' credit times (epoch ms, sub-ms precision).
    clock: { now: () => performance.timeOrigin + performance.now() },
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
    schedule: (fn) => queueMicrotask(fn),
    mode,
  });
}

/** navigator.locks where the worker has it. */
export function workerLocks(): LockManager | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
}

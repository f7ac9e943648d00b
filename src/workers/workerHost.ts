/**
 * The host as it runs inside a worker: the real engine over the browser environment. Shared by the
 * SharedWorker entry and the dedicated-Worker fallback, so both run exactly the same code.
 */
import type { EngineDeps, MarketEngine } from '../engine/types';
import { createBrowserDeps } from './browserDeps';
import { createMarketHost, type MarketHost } from './host';

// TEMPORARY until src/engine/index.ts lands (built in parallel): an eager glob does not fail the build
// when the file is missing. Replace with `import { createMarketEngine } from '../engine/index'`.
const engineModules = import.meta.glob<{ createMarketEngine: (deps: EngineDeps) => MarketEngine }>('../engine/index.ts', { eager: true });
function createMarketEngine(deps: EngineDeps): MarketEngine {
  const mod = Object.values(engineModules)[0];
  if (!mod) throw new Error('the market engine (src/engine/index.ts) is not built yet');
  return mod.createMarketEngine(deps);
}

export function createWorkerHost(mode: 'shared' | 'dedicated'): MarketHost {
  return createMarketHost({
    createEngine: (bases) => createMarketEngine(createBrowserDeps(bases)),
    location: { protocol: self.location.protocol, host: self.location.host },
    clock: { now: () => Date.now() },
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

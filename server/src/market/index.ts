/**
 * The market simulator and candle store (SIM rules): `createMarket` builds the simulator with its
 * start-up history; `start()` adds its `step(now)` to the server's scheduler, one step every TICK_MS.
 */
import type { Market, MarketSymbol, ServerConfig } from '../context';
import type { Metrics } from '../metrics';
import type { Clock } from '../time/clock';
import type { Scheduler } from '../time/scheduler';
import { createSimulator } from './simulator';

/** Simulator tick: trades due since the last tick are made, stamped and published together. */
export const TICK_MS = 10;
/** Further behind than this, the loop stops trying to catch up its schedule and restarts from now. */
const RESYNC_MS = 250;

export function createMarket(
  config: ServerConfig,
  symbols: MarketSymbol[],
  metrics: Metrics,
  time: { clock: Clock; scheduler: Scheduler },
): Market {
  const sim = createSimulator(config, symbols, metrics, { now: time.clock.now(), clock: () => time.clock.now() });
  let remove: (() => void) | undefined;
  return {
    books: sim.books,
    engine: {
      books: sim.books,
      save: sim.save,
      load: sim.load,
      step: (now) => sim.step(now),
      resume: (now) => sim.resume(now),
      fingerprint: sim.fingerprint,
    },
    symbols: sim.symbols,
    has: sim.has,
    ticker: sim.ticker,
    history: sim.history,
    recentTrades: sim.recentTrades,
    onTrades: sim.onTrades,
    indexPrice: sim.indexPrice,
    start() {
      if (remove) return;
      sim.resume(time.clock.now());
      remove = time.scheduler.add({
        name: 'market',
        everyMs: TICK_MS,
        resyncMs: RESYNC_MS,
        runAtStart: true,
        step: (now) => void sim.step(now),
      });
    },
    stop() {
      remove?.();
      remove = undefined;
    },
  };
}

/**
 * The market simulator and candle store (issue 2, part 5): `createMarket` builds the simulator with its
 * start-up history and drives it from the real clock, one step every TICK_MS, drift-corrected.
 */
import type { Market, MarketSymbol, ServerConfig } from '../context';
import type { Metrics } from '../metrics';
import { createSimulator } from './simulator';

/** Simulator tick: trades due since the last tick are made, stamped and published together. */
export const TICK_MS = 10;
/** Further behind than this, the loop stops trying to catch up its schedule and restarts from now. */
const RESYNC_MS = 250;

export function createMarket(config: ServerConfig, symbols: MarketSymbol[], metrics: Metrics): Market {
  const sim = createSimulator(config, symbols, metrics, { now: Date.now() });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next = 0;
  const loop = () => {
    try {
      sim.step(Date.now());
    } catch (e) {
      // A bug in one step must not stop the market for good: log it and keep ticking.
      console.error(JSON.stringify({ level: 50, time: Date.now(), event: 'market_step_error', error: String((e as Error)?.stack ?? e) }));
    }
    next += TICK_MS;
    const now = Date.now();
    if (now - next > RESYNC_MS) next = now + TICK_MS;
    timer = setTimeout(loop, Math.max(0, next - now));
  };
  return {
    symbols: sim.symbols,
    has: sim.has,
    ticker: sim.ticker,
    history: sim.history,
    recentTrades: sim.recentTrades,
    onTrades: sim.onTrades,
    start() {
      if (timer) return;
      next = Date.now();
      sim.resume(next);
      loop();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

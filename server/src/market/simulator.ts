/**
 * The simulator without timers: `step(now)` makes every trade due up to `now` on every symbol and hands each
 * symbol's batch to the listeners, oldest first. index.ts drives it from a real clock; tests drive it by hand.
 */
import type { KlineInterval, PriceInfo, Trade } from '../../../src/shared/protocol';
import type { Market, MarketSymbol, ServerConfig } from '../context';
import type { Metrics } from '../metrics';
import { backfill } from './backfill';
import { PriceModel } from './model';
import { createRng } from './rng';
import { SymbolMarket, TRADE_RING_SIZE } from './symbolMarket';
import { parseMinor } from './units';

export interface SimulatorOptions {
  /** Start time (ms) of the simulation: history ends here. */
  now: number;
  tradeRingSize?: number;
}

export interface Simulator extends Omit<Market, 'start' | 'stop'> {
  /** Makes the trades due up to `now` (ms) and notifies listeners. Returns how many were made. */
  step(now: number): number;
  /** Skips to `now` without trading (the time between building the market and starting it). */
  resume(now: number): void;
  /** The symbol's state, for tests. */
  state(symbol: string): SymbolMarket | undefined;
  /** Mean trades/s of a symbol. */
  rate(symbol: string): number;
}

type Listener = (symbol: string, trades: Trade[]) => void;

/** Flood mode with fewer listed symbols than asked: synthetic pairs sim01usdt, sim02usdt, ... fill up. */
export function withFloodSymbols(symbols: MarketSymbol[], config: ServerConfig): MarketSymbol[] {
  const want = config.flood?.symbols ?? 0;
  const out = symbols.slice();
  for (let i = 1; out.length < want; i++) {
    const code = `sim${String(i).padStart(2, '0')}`;
    if (out.some((s) => s.symbol === `${code}usdt`)) continue;
    out.push({
      symbol: `${code}usdt`,
      coin: code.toUpperCase(),
      baseCoin: 'USDT',
      price: '100.00',
      priceScale: 2,
      qtyScale: 4,
    });
  }
  return out;
}

/** Mean trade rate of the i-th symbol: flood mode spreads the total evenly (no bursts) over its first N symbols. */
export function rateOf(i: number, config: ServerConfig): number {
  if (config.flood && i < config.flood.symbols) return config.flood.totalRate / config.flood.symbols;
  return config.tradeRate > 0 ? config.tradeRate : 8;
}

export function createSimulator(
  config: ServerConfig,
  listed: MarketSymbol[],
  metrics: Metrics,
  opts: SimulatorOptions,
): Simulator {
  const symbols = withFloodSymbols(listed, config);
  const markets = new Map<string, SymbolMarket>();
  const models = new Map<string, PriceModel>();
  const order: string[] = [];
  symbols.forEach((spec, i) => {
    if (markets.has(spec.symbol)) return;
    const rate = rateOf(i, config);
    const sm = new SymbolMarket(spec, opts.tradeRingSize ?? TRADE_RING_SIZE);
    const priceMinor = parseMinor(spec.price, spec.priceScale) || 1;
    backfill(sm, createRng(config.marketSeed, spec.symbol + '/history'), opts.now, priceMinor, rate);
    markets.set(spec.symbol, sm);
    const bursts = !(config.flood && i < config.flood.symbols);
    models.set(
      spec.symbol,
      new PriceModel(
        createRng(config.marketSeed, spec.symbol),
        priceMinor,
        rate,
        spec.priceScale,
        spec.qtyScale,
        opts.now,
        bursts,
      ),
    );
    order.push(spec.symbol);
  });
  const listeners = new Set<Listener>();
  let lastNow = opts.now;

  return {
    symbols: () => order.slice(),
    has: (s) => markets.has(s),
    state: (s) => markets.get(s),
    rate: (s) => models.get(s)?.rate ?? 0,
    ticker(symbol): PriceInfo | undefined {
      return markets.get(symbol)?.ticker(lastNow);
    },
    history(symbol, interval: KlineInterval, limit, endTime) {
      const sm = markets.get(symbol);
      if (!sm) return [];
      return sm.byInterval[interval].history(limit, sm.spec.priceScale, sm.spec.qtyScale, endTime);
    },
    recentTrades(symbol, limit) {
      return markets.get(symbol)?.trades.latest(limit) ?? [];
    },
    onTrades(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resume(now) {
      if (now < lastNow) return;
      lastNow = now;
      for (const m of models.values()) m.resume(now);
    },
    step(now) {
      if (now < lastNow) now = lastNow; // the clock never runs backwards for the market
      lastNow = now;
      let total = 0;
      const batches: [string, Trade[]][] = [];
      for (const symbol of order) {
        const sm = markets.get(symbol)!;
        const model = models.get(symbol)!;
        let batch: Trade[] | undefined;
        for (let t = model.due(now); t; t = model.due(now)) {
          const trade = sm.trade(now, t.price, t.qty, t.side)!;
          (batch ??= []).push(trade);
        }
        if (batch) {
          total += batch.length;
          batches.push([symbol, batch]);
        }
      }
      if (total) metrics.tradesTotal.inc(undefined, total);
      for (const [symbol, batch] of batches) {
        for (const l of listeners) {
          try {
            l(symbol, batch);
          } catch (e) {
            console.error(
              JSON.stringify({
                level: 50,
                event: 'market_listener_error',
                symbol,
                error: String((e as Error)?.stack ?? e),
              }),
            );
          }
        }
      }
      return total;
    },
  };
}

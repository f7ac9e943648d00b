/**
 * The simulator without timers: `step(now)` makes every trade due up to `now` on every symbol and hands each
 * symbol's batch to the listeners, oldest first. index.ts drives it from a real clock; tests drive it by hand.
 *
 * Every trade is a match in the symbol's order book (books.ts, SIM-9): each trade of the price model becomes a
 * re-quote of the market maker's ladder around the model's price and a taker market order of the model's size
 * crossing it; users' orders meet the same books through `books`.
 */
import type { KlineInterval, PriceInfo } from '../../../src/shared/protocol';
import type { Market, MarketSymbol, ServerConfig } from '../context';
import type { Metrics } from '../metrics';
import { backfill } from './backfill';
import { BookHub } from './books';
import type { SymbolBook } from './symbolBook';
import { PriceModel, type ModelState } from './model';
import { createRng } from './rng';
import { firstTradeIdAt, SymbolMarket, TRADE_RING_SIZE } from './symbolMarket';
import { fmtMinor, parseMinor } from './units';

export interface SimulatorOptions {
  /** Start time (ms) of the simulation: history ends here. */
  now: number;
  tradeRingSize?: number;
  /** The time of users' orders (ms); never earlier than the last step. Default: the last step's time. */
  clock?: () => number;
  /** No start-up history (`npm run core:verify` replays books only: candles are not part of the core's state). */
  noHistory?: boolean;
}

export interface Simulator extends Omit<Market, 'start' | 'stop' | 'books' | 'engine'> {
  /** The order books (user orders meet the simulator there). */
  books: BookHub;
  /** Makes the trades due up to `now` (ms) and notifies listeners. Returns how many were made. */
  step(now: number): number;
  /** Skips to `now` without trading (the time between building the market and starting it). */
  resume(now: number): void;
  /** The symbol's state, for tests. */
  state(symbol: string): SymbolMarket | undefined;
  /** Mean trades/s of a symbol. */
  rate(symbol: string): number;
  /** The simulator's whole state for the trading core (CORE-4): books, makers, models and times. */
  save(): SimulatorState;
  /** Continues from a saved state (the same symbols; others keep theirs). */
  load(s: SimulatorState): void;
  /** What the state depends on besides the commands: the seed, the symbols and the rates (CORE-5). */
  fingerprint: string;
}

export interface SimulatorState {
  lastNow: number;
  hub: ReturnType<BookHub['save']>;
  models: [string, ModelState][];
}

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
  let lastNow = opts.now;
  const books = new BookHub(metrics, opts.now, opts.clock ?? (() => lastNow));
  // SIM-11: trade ids start at the build time in ms x 1000, so they grow across restarts.
  const firstTradeId = firstTradeIdAt(opts.now);
  symbols.forEach((spec, i) => {
    if (markets.has(spec.symbol)) return;
    const rate = rateOf(i, config);
    const sm = new SymbolMarket(spec, opts.tradeRingSize ?? TRADE_RING_SIZE, firstTradeId);
    const priceMinor = parseMinor(spec.price, spec.priceScale) || 1;
    if (!opts.noHistory)
      backfill(sm, createRng(config.marketSeed, spec.symbol + '/history'), opts.now, priceMinor, rate);
    markets.set(spec.symbol, sm);
    // The maker's first ladder at the listed price is the book at depth seq 0.
    const sb = books.add(sm, createRng(config.marketSeed, spec.symbol + '/maker'), priceMinor);
    sb.maker.quote(priceMinor, 'buy');
    sb.discardPending();
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

  return {
    books,
    symbols: () => order.slice(),
    has: (s) => markets.has(s),
    state: (s) => markets.get(s),
    rate: (s) => models.get(s)?.rate ?? 0,
    ticker(symbol): PriceInfo | undefined {
      return markets.get(symbol)?.ticker(lastNow);
    },
    history(symbol, interval: KlineInterval, limit, endTime) {
      return markets.get(symbol)?.history(interval, limit, endTime) ?? [];
    },
    recentTrades(symbol, limit) {
      return markets.get(symbol)?.trades.latest(limit) ?? [];
    },
    onTrades: (listener) => books.onTrades(listener),
    indexPrice(symbol) {
      const model = models.get(symbol);
      const sm = markets.get(symbol);
      return model && sm ? fmtMinor(model.index, sm.spec.priceScale) : undefined;
    },
    resume(now) {
      if (now < lastNow) return;
      books.resumed(now);
      lastNow = now;
      if (books.now < now) books.now = now;
      for (const m of models.values()) m.resume(now);
    },
    save: () => ({
      lastNow,
      hub: books.save(),
      models: order.map((symbol): [string, ModelState] => [symbol, models.get(symbol)!.save()]),
    }),
    load(st) {
      lastNow = st.lastNow;
      books.load(st.hub);
      books.now = st.hub.now;
      for (const [symbol, m] of st.models) models.get(symbol)?.load(m);
    },
    fingerprint: JSON.stringify([
      config.marketSeed,
      config.tradeRate,
      config.flood ?? null,
      symbols.map((s) => [s.symbol, s.price, s.priceScale, s.qtyScale]),
    ]),
    step(now) {
      if (now < lastNow) now = lastNow; // the clock never runs backwards for the market
      lastNow = now;
      if (books.now < now) books.now = now;
      now = lastNow = books.now; // a user's order may have been stamped later than this step
      books.stepBegin(now);
      const before = books.tradesMade;
      for (const symbol of order) {
        const model = models.get(symbol)!;
        let sb: SymbolBook | undefined;
        for (let t = model.due(now); t; t = model.due(now)) {
          sb ??= books.bySymbol.get(symbol)!;
          sb.simulate(t, now);
        }
        if (sb) books.touched(sb);
      }
      const total = books.tradesMade - before;
      books.stepEnd();
      books.deliver();
      return total;
    },
  };
}

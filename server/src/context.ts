/**
 * What every part of the server is handed: configuration, database, market, metrics, log, and time (the
 * clock, the timers and the one scheduler of time-driven jobs). Modules (server/src/<module>/README.md):
 * http (the pipeline), db, identity, ledger, wallet, market, content, ws, events, ops. app.ts composes them.
 */
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Candle, KlineInterval, PriceInfo, Trade } from '../../src/shared/protocol';
import type { Metrics } from './metrics';
import type { Clock, Timers } from './time/clock';
import type { Scheduler } from './time/scheduler';
import type { UserEvents } from './events/userEvents';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder of the SQLite file and uploads. Env DATA_DIR, default ./data. */
  dataDir: string;
  /** Built SPA to serve. Env STATIC_DIR, default ./dist. */
  staticDir: string;
  /** NODE_ENV=production: no development outbox, no test switches. */
  production: boolean;
  /** TEST_SWITCHES=1 (never in production): enables /api/_test/* fault switches used by tests. */
  testSwitches: boolean;
  /** Seed of the market simulator (env MARKET_SEED). */
  marketSeed: number;
  /** Mean trades per second per symbol in normal mode (env TRADE_RATE). */
  tradeRate: number;
  /** Coins in the spot list (env MARKET_COINS, default 50): beyond the 50 listed, generated ones (seed/marketCoins.ts). */
  marketCoins: number;
  /** Flood mode (env FLOOD=10000 or flag --flood=10000, FLOOD_SYMBOLS=50): total trades/s over N symbols. */
  flood?: { totalRate: number; symbols: number };
  /** pino level (env LOG_LEVEL, default "info"; "silent" in tests). */
  logLevel: string;
  /** Behind a reverse proxy (env TRUST_PROXY=1): rate limits and logs see the client's address. */
  trustProxy: boolean;
  /** Requests per minute and client address on /api (env RATE_LIMIT_MAX, default 6000). */
  rateLimitMax: number;
  /** Extra origins allowed to open the socket (env ALLOWED_ORIGINS, comma-separated); same-origin always is. */
  allowedOrigins: string | undefined;
  /** The flash exchange (FX-2): spread and fee as fractions, quote lifetime (env FLASH_SPREAD, FLASH_FEE, FLASH_QUOTE_TTL_MS). */
  flash: { spread: string; fee: string; quoteTtlMs: number };
  /** Block time of the simulated deposit chain in ms (env CHAIN_BLOCK_MS, default 3000). */
  chainBlockMs: number;
  /** The operator token of /api/_ops/* (env OPS_TOKEN); unset: a random one written to DATA_DIR/ops-token. */
  opsToken: string | undefined;
  /** Withdrawals at or below this amount (coin units) are approved on their own (env WITHDRAW_AUTO_APPROVE_MAX, default 1000; 0 = off). */
  withdrawAutoApproveMax: string;
  /** How long an auto-approved withdrawal stays pending first (env WITHDRAW_AUTO_APPROVE_DELAY_MS, default 5000). */
  withdrawAutoApproveDelayMs: number;
}

export interface MarketSymbol {
  /** Lower-case pair code as on the socket, e.g. "btcusdt". */
  symbol: string;
  coin: string; // "BTC"
  baseCoin: string; // "USDT"
  /** Starting price as a decimal string. */
  price: string;
  /** Decimals of prices and of quantities. */
  priceScale: number;
  qtyScale: number;
}

/** The market simulator and its candle store (server/src/market). */
export interface Market {
  symbols(): string[];
  has(symbol: string): boolean;
  /** 24 h statistics now. */
  ticker(symbol: string): PriceInfo | undefined;
  /** Closed and live candles, oldest first, open time < endTime (ms) if given, at most `limit`. */
  history(symbol: string, interval: KlineInterval, limit: number, endTime?: number): Candle[];
  /** Newest last. */
  recentTrades(symbol: string, limit: number): Trade[];
  /** Called once per simulator tick for each symbol that traded, trades oldest first. */
  onTrades(listener: (symbol: string, trades: Trade[]) => void): () => void;
  start(): void;
  stop(): void;
}

export interface ServerContext {
  config: ServerConfig;
  db: Database.Database;
  metrics: Metrics;
  market: Market;
  log: FastifyBaseLogger;
  clock: Clock;
  timers: Timers;
  scheduler: Scheduler;
  /** What changed for a user (balances, deposit and withdrawal states), for the socket's private streams. */
  userEvents: UserEvents;
}

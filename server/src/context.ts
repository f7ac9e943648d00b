/**
 * What every part of the server is handed: configuration, database, market, metrics, log, and time (the
 * clock, the timers and the one scheduler of time-driven jobs). Modules (server/src/<module>/README.md):
 * http (the pipeline), db, identity, ledger, wallet, market, content, ws, events, ops. app.ts composes them.
 */
import type { RuntimeConfig } from '../../src/shared/runtimeConfig';
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Candle, KlineInterval, PriceInfo, Trade } from '../../src/shared/protocol';
import type { Metrics } from './metrics';
import type { Clock, Timers } from './time/clock';
import type { Scheduler } from './time/scheduler';
import type { UserEvents } from './events/userEvents';
import type { TradingFees } from './events/tradingFees';
import type { MarkTick } from '../../src/shared/schemas/futures';
import type { TradingCore } from './core/core';
import type { CoreEngine } from './core/replay';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder of the SQLite file and uploads. Env DATA_DIR, default ./data. */
  dataDir: string;
  /** Built SPA to serve. Env STATIC_DIR, default ./dist. */
  staticDir: string;
  /** The site's name in the web app manifest (PERF-20). Env SITE_NAME (OpenEx), SITE_SHORT_NAME (the name). */
  site?: { name: string; shortName?: string };
  /** NODE_ENV=production: no development outbox, no test switches. */
  production: boolean;
  /** TEST_SWITCHES=1 (never in production): enables /api/_test/* fault switches used by tests. */
  testSwitches: boolean;
  /**
   * Whether each reply is checked against its schema before it is sent (SRV-2): on outside production, off in it;
   * REPLY_CHECKS=0 turns it off outside production too, for a bench that measures what production runs. Unset (a
   * test's own config): as production says.
   */
  replyChecks?: boolean;
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
  /**
   * Extra origins allowed to open the socket (env ALLOWED_ORIGINS, comma-separated, with CORS_ORIGINS added);
   * same-origin always is.
   */
  allowedOrigins: string | undefined;
  /** DEPLOY-5: the app's config.json (env APP_*); absent or {}: the same-origin defaults. */
  appConfig?: RuntimeConfig;
  /** DEPLOY-7: origins whose pages may call /api (env CORS_ORIGINS, comma-separated); empty: none (off). */
  corsOrigins?: readonly string[];
  /** The flash exchange (FX-2): spread and fee as fractions, quote lifetime (env FLASH_SPREAD, FLASH_FEE, FLASH_QUOTE_TTL_MS). */
  flash: { spread: string; fee: string; quoteTtlMs: number };
  /** Block time of the simulated deposit chain in ms (env CHAIN_BLOCK_MS, default 3000). */
  chainBlockMs: number;
  /** How often the mark price of every pair updates (FUT-3; env MARK_INTERVAL_MS, default 1000). */
  markIntervalMs: number;
  /** How long an option quote is accepted (OPT-5; env OPTION_QUOTE_TTL_MS, default 10000). */
  optionQuoteTtlMs: number;
  /** The operator token of /api/_ops/* (env OPS_TOKEN); unset: a random one written to DATA_DIR/ops-token. */
  opsToken: string | undefined;
  /** The proxy programme's commission as a fraction of each interest payment to a linked customer (PROXY-3; env PROXY_COMMISSION_RATE, default 0.1). */
  proxyCommissionRate: string;
  /** Withdrawals at or below this amount (coin units) are approved on their own (env WITHDRAW_AUTO_APPROVE_MAX, default 1000; 0 = off). */
  withdrawAutoApproveMax: string;
  /** How long an auto-approved withdrawal stays pending first (env WITHDRAW_AUTO_APPROVE_DELAY_MS, default 5000). */
  withdrawAutoApproveDelayMs: number;
  /** Simulated lead traders of copy trading (COPY-24; env FOLLOW_BOTS, default 3, 0 = none; tests 0). */
  followBots: number;
  /** How often each simulated lead trader decides (env FOLLOW_BOT_INTERVAL_MS, default 20000). */
  followBotIntervalMs: number;
  /** The simulated demo merchant of flow orders (FLOW-12; env FLOW_DEMO, default on; the test harness sets 0). */
  flowDemo?: boolean;
  /**
   * The development mailbox (SAFE-1, DEV-1): never in production; otherwise on when the server is bound to a
   * loopback address, or when DEV_MAILBOX=1 (then a warning at every start, `devMailboxExposed`).
   */
  devMailbox: boolean;
  /** DEV_MAILBOX=1 on a non-loopback bind: the mailbox is reachable off this machine (a warning at every start). */
  devMailboxExposed: boolean;
  /** SMTP transport of codes in production (SAFE-3; env SMTP_URL, e.g. smtp://user:pass@host:587). */
  /** BUS-1: the NATS server the core publishes to for socket gateways (nats://host:port); unset: one process. */
  natsUrl: string | undefined;
  /** BUS-5: the key that signs socket tickets for gateways (at least 32 characters); unset: none issued. */
  gatewaySecret: string | undefined;
  smtpUrl: string | undefined;
  /** Sender address of mail when the settings give none (env MAIL_FROM, default no-reply@<host of SMTP_URL>). */
  mailFrom: string | undefined;
  /** Phone codes are POSTed to this webhook (SAFE-4; env SMS_WEBHOOK_URL); unset: phone codes are refused in production. */
  smsWebhookUrl: string | undefined;
  /**
   * The funded demo account (SAFE-5): always outside production with the published password; in production only
   * with SEED_DEMO=1 and DEMO_PASSWORD (never the published one).
   */
  demo: { seed: boolean; password: string | undefined };
  /** Strict-Transport-Security max-age in seconds, production only (SAFE-12; env HSTS_MAX_AGE, default 15552000 = 180 days; 0 = off). */
  hstsMaxAge: number;
  /** Bearer token of /metrics (SAFE-14; env METRICS_TOKEN); unset: /metrics answers only loopback clients. */
  metricsToken: string | undefined;
  /** How long SIGTERM waits for requests in flight before closing them (SAFE-25; env SHUTDOWN_GRACE_MS, default 10000). */
  shutdownGraceMs: number;
  /** Multiplies every per-user limit of http/userLimits.ts (SAFE-31; env USER_LIMIT_SCALE, default 1; the test harnesses raise it). */
  userLimitScale: number;
  /**
   * The trading core (CORE-*): `groupCommit` commits the commands of one turn of the event loop (or of
   * `batchWindowMs`) in one transaction (env CORE_GROUP_COMMIT, default on; 0 = one transaction per command, the
   * bench's baseline); `snapshotEvery` commands between book snapshots (env CORE_SNAPSHOT_EVERY, default 5000).
   */
  core: {
    groupCommit: boolean;
    batchWindowMs: number;
    snapshotEvery: number;
    /** LEDGER-11: the ledger writes behind inside the core's batches (env CORE_LEDGER_WRITE_BEHIND, default off; 1 = write behind). */
    writeBehind?: boolean;
  };
  /**
   * The mark (FUT-3): the index's basis is smoothed over `basisWindowMs` (env MARK_BASIS_WINDOW_MS, default 60000)
   * and the mark kept within `band` of the index (env MARK_BAND, a fraction, default 0.005 = 0.5 %).
   */
  mark: { basisWindowMs: number; band: string };
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

/** An order's state in a book, amounts as decimal strings at the pair's precisions (DEPTH and SPOT rules). */
export interface BookOrderState {
  /** The book's order id (assigned by `place`, increasing; not kept across restarts). */
  id: number;
  /** The user id for a user's spot order (> 0), `futuresOwner(userId)` for a futures order; the simulator's owners are neither. */
  owner: number;
  side: 'buy' | 'sell';
  kind: 'limit' | 'market';
  price: string;
  amount: string;
  filled: string;
  remaining: string;
  status: 'open' | 'partiallyFilled' | 'filled' | 'cancelled';
  cancelReason?: 'user' | 'market' | 'selfTrade';
}

/** One match, as published on the tape (its `tradeId` is the public trade's id). */
export interface BookFill {
  tradeId: number;
  price: string;
  amount: string;
  makerOrderId: number;
  takerOrderId: number;
  makerOwner: number;
  takerOwner: number;
  takerSide: 'buy' | 'sell';
  time: number;
}

export type BookResult =
  { ok: true; order: BookOrderState; fills: BookFill[]; makers: BookOrderState[] } | { ok: false; error: string };
export type BookMatch = Extract<BookResult, { ok: true }>;

/** A depth snapshot or delta: [price, total] decimal strings, best first; a delta's total "0" removes the level. */
export interface DepthBook {
  seq: number;
  bids: [string, string][];
  asks: [string, string][];
}

/**
 * The order books of the spot pairs (server/src/market/books.ts): the simulator's market makers and takers and
 * the users' orders meet in them, so every public trade is a match. Everything is synchronous: when `place`
 * returns, its fills are on the tape and every `onUserMatch` listener has run.
 */
/** A user's order as the books take it (`MarketBooks.place`). */
export interface BookOrderRequest {
  owner: number;
  side: 'buy' | 'sell';
  kind: 'limit' | 'market';
  price: string;
  amount: string;
  /** The owning service's name for the order ("spot:12"), kept while it rests and journaled (CORE-4). */
  ref?: string;
  /** The self-trade group (CORE-7): the user's id for both their spot and their futures orders. */
  group?: number;
}

export interface MarketBooks {
  has(symbol: string): boolean;
  /** Price and amount decimals of the book (the pair's basePrecision and coinPrecision). */
  scales(symbol: string): { price: number; amount: number } | undefined;
  /** Places a user's order (owner = user id, or `futuresOwner(userId)` for futures); a market order's `price` is its protection price. */
  place(symbol: string, order: BookOrderRequest): BookResult;
  /** Cancels a resting order by its book id. */
  cancel(symbol: string, id: number): BookResult;
  /** The ref of a user's order resting in a book (and, during a match, of every user order in it). */
  refOf(symbol: string, bookId: number): string | undefined;
  /** The book id of a user's order by its ref, while it rests. */
  bookIdOf(symbol: string, ref: string): number | undefined;
  /** Every user order resting in the books (after a replay the services check their open orders against it). */
  resting(): { symbol: string; bookId: number; ref: string }[];
  best(symbol: string): { bestBid?: string; bestAsk?: string };
  /** The current levels, best first, at most `limit` a side, with the depth sequence deltas continue from. */
  depth(symbol: string, limit: number): DepthBook | undefined;
  /**
   * Told of every match that involves a user's order (spot: owner > 0; futures: `futuresOwner(userId)`, FUT-12), as taker or as maker: a user's `place`, and a
   * simulated taker or a maker re-quote that fills a resting user order. Called synchronously, in match order.
   */
  onUserMatch(listener: (symbol: string, match: BookMatch) => void): () => void;
  /** Told once per simulator step (and after a user's order) of each book's changed levels (a delta). */
  onDepth(listener: (symbol: string, delta: DepthBook) => void): () => void;
}

/** The market simulator and its candle store (server/src/market). */
export interface Market {
  /** The order books of every traded pair (user orders and the simulator meet there; server/src/market/books.ts). */
  books: MarketBooks;
  /** The simulator as the trading core drives it: its books, its whole state, its steps (CORE-4, CORE-5). */
  engine: CoreEngine;
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
  /**
   * The index of a pair (FUT-3): the simulator's reference price now (its price model, standing for the external
   * venues an exchange reads), at the pair's price decimals; no order on our books moves it. Undefined if unknown.
   */
  indexPrice(symbol: string): string | undefined;
  start(): void;
  stop(): void;
}

/**
 * The mark prices (FUT-3, server/src/market/marks.ts): once per mark interval every pair that has traded gets a
 * mark tick: its index plus the basis (last trade - index) averaged over `mark.basisWindowMs`, clamped to
 * index x (1 +- `mark.band`). Futures value positions, liquidate and trigger take-profits and stop-losses at mark
 * ticks only, so each is reproducible from the published ticks (with their index) and the tape.
 */
export interface Marks {
  /** The newest mark tick of a symbol, if it has traded. */
  current(symbol: string): MarkTick | undefined;
  /** The newest ticks of a symbol, newest last, at most `limit` (the last 600 are kept). */
  recent(symbol: string, limit: number): MarkTick[];
  /** Told of every mark update (one tick per symbol that has traded), synchronously, after the ticks are current. */
  onMark(listener: (ticks: MarkTick[]) => void): () => void;
  /** Runs one mark update at `now` (the scheduler's job does it every interval; tests call it by hand). */
  update(now: number): MarkTick[];
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
  /** The mark prices of every pair (futures). */
  marks: Marks;
  /** Trading fees as they are paid (rebates listen, REB-3) and each user's fee discount (VIP-4). */
  tradingFees: TradingFees;
  /** The trading core (CORE-1): the single writer of the books; batches, journal, replay. */
  core: TradingCore;
}

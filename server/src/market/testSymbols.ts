/** Symbols and configuration shared by the market and socket tests (not a test file itself). */
import type { MarketSymbol, ServerConfig } from '../context';

export const TEST_SYMBOLS: MarketSymbol[] = [
  { symbol: 'btcusdt', coin: 'BTC', baseCoin: 'USDT', price: '64123.50', priceScale: 2, qtyScale: 6 },
  { symbol: 'ethusdt', coin: 'ETH', baseCoin: 'USDT', price: '3456.78', priceScale: 2, qtyScale: 4 },
  { symbol: 'dogeusdt', coin: 'DOGE', baseCoin: 'USDT', price: '0.1234', priceScale: 4, qtyScale: 0 },
];

export function testConfig(over: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp',
    staticDir: '/tmp',
    production: false,
    testSwitches: true,
    marketSeed: 42,
    tradeRate: 8,
    marketCoins: 50,
    logLevel: 'silent',
    trustProxy: false,
    rateLimitMax: 6000,
    allowedOrigins: undefined,
    flash: { spread: '0.001', fee: '0.001', quoteTtlMs: 10_000 },
    chainBlockMs: 3000,
    markIntervalMs: 1000,
    optionQuoteTtlMs: 10_000,
    opsToken: undefined,
    proxyCommissionRate: '0.1',
    withdrawAutoApproveMax: '0',
    withdrawAutoApproveDelayMs: 5000,
    followBots: 0,
    followBotIntervalMs: 20_000,
    devMailbox: true,
    devMailboxExposed: false,
    natsUrl: undefined,
    gatewaySecret: undefined,
    smtpUrl: undefined,
    mailFrom: undefined,
    smsWebhookUrl: undefined,
    demo: { seed: true, password: 'Demo12345' },
    hstsMaxAge: 15_552_000,
    metricsToken: undefined,
    shutdownGraceMs: 10_000,
    userLimitScale: 1,
    core: { groupCommit: true, batchWindowMs: 0, snapshotEvery: 5000 },
    mark: { basisWindowMs: 60_000, band: '0.005' },
    ...over,
  };
}

/** A fixed start time (a Wednesday afternoon, UTC) so history layout does not depend on the day tests run. */
export const T0 = Date.UTC(2026, 0, 7, 13, 17, 23, 456);

import { describe, expect, it } from 'vitest';
import type { KlineInterval } from '../shared/protocol';
import { RECONNECT_DELAY_MS, RECONNECT_JITTER_MS } from './constants';
import { seededRandom } from './testing/frames';
import { engineCandles, engineHarness, exchangeCandles, type Harness } from './testing/harness';

const INTERVALS: KlineInterval[] = ['1m', '5m', '1h', '1w'];

/** Trades every few seconds with prices and quantities of varying decimals. */
function trader(h: Harness, seed = 1) {
  const rnd = seededRandom(seed);
  let price = 64_000;
  return (steps: number, symbol = 'btcusdt') => {
    for (let i = 0; i < steps; i++) {
      h.time.advance(1_000 + Math.floor(rnd() * 9_000));
      const n = 1 + Math.floor(rnd() * 3);
      const batch = [];
      for (let k = 0; k < n; k++) {
        price = Math.max(1, price + Math.round((rnd() - 0.5) * 400) / 100);
        const qty = (Math.floor(rnd() * 100_000) / 10 ** Math.floor(rnd() * 5)).toString();
        batch.push({ symbol, price: price.toFixed(2), qty, side: rnd() < 0.5 ? ('buy' as const) : ('sell' as const) });
      }
      h.exchange.tick(batch);
    }
  };
}

function expectSameAsServer(h: Harness, symbol = 'btcusdt'): void {
  for (const iv of INTERVALS) {
    const mine = engineCandles(h.engine, symbol, iv);
    const theirs = exchangeCandles(h.exchange, symbol, iv);
    expect(mine.length, iv).toBeGreaterThan(0);
    // Same period: the server may keep older candles than the engine was seeded with.
    expect(mine, iv).toEqual(theirs.slice(-mine.length));
  }
  const price = h.engine.tickerView(symbol)?.priceRaw;
  for (const iv of INTERVALS)
    expect(h.engine.klineView(symbol, iv)?.lastClose, iv).toBe(h.engine.tickerView(symbol)?.price);
  expect(price).toBe(h.exchange.trades.get(symbol)!.at(-1)!.price);
}

async function watch(h: Harness, symbol = 'btcusdt') {
  h.engine.acquire({ kind: 'ticker', symbol });
  for (const interval of INTERVALS) h.engine.acquire({ kind: 'klines', symbol, interval });
  await h.settle();
}

describe('engine klines against the server history [ENG-15]', () => {
  it("[ENG-15] seeded from REST history then built from trades: equals the server's candles, last close = ticker price", async () => {
    const h = engineHarness();
    const trade = trader(h);
    trade(400); // history before anyone watches
    await watch(h);
    expectSameAsServer(h);
    for (let i = 0; i < 8; i++) {
      trade(25);
      expectSameAsServer(h);
    }
  });

  it('[ENG-11] trades arriving while the history is on the way are neither doubled nor missed', async () => {
    const h = engineHarness();
    const trade = trader(h, 2);
    trade(200);
    h.exchange.holdHttp = true;
    await watch(h);
    expect(h.exchange.heldHttp).toBe(INTERVALS.length);
    trade(30); // crosses minute boundaries while the replies are held
    h.exchange.releaseHttp();
    await h.settle();
    expectSameAsServer(h);
    trade(30);
    expectSameAsServer(h);
  });

  it("[spec 4.7] after a reconnect the candles equal the server's history: no duplicate, missing or diverging candle", async () => {
    const h = engineHarness();
    const trade = trader(h, 3);
    trade(100);
    await watch(h);
    trade(20);
    h.exchange.dropAll();
    trade(1); // missed while down
    h.time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
    h.exchange.holdHttp = true;
    await h.settle();
    trade(10); // flowing on the new socket before the history arrives
    h.exchange.releaseHttp();
    await h.settle();
    expectSameAsServer(h);
    trade(20);
    expectSameAsServer(h);
    expect(h.engine.diagnostics().reconnects).toBe(1);
  });

  it('[ENG-10][ENG-15] a sequence gap re-seeds from REST and restores the exact candles', async () => {
    const h = engineHarness();
    const trade = trader(h, 4);
    trade(100);
    await watch(h);
    const asked = h.exchange.httpLog.length;
    const before = h.engine.klinePatch('btcusdt', '1m', 0)!.version;
    h.exchange.dropFrames(7); // lost frames: candles now miss trades
    trade(3);
    trade(1); // next frame reveals the gap
    await h.settle();
    expect(h.engine.diagnostics().gaps).toBe(1);
    const reseeds = h.exchange.httpLog.slice(asked);
    expect(reseeds.filter((p) => p.startsWith('/api/market/kline'))).toHaveLength(INTERVALS.length);
    expect(reseeds.filter((p) => p.startsWith('/api/market/ticker'))).toHaveLength(1);
    expectSameAsServer(h);
    // A receiver that had the series before the gap must replace it all.
    expect(h.engine.klinePatch('btcusdt', '1m', before)!.full).toBe(true);
    trade(10);
    expectSameAsServer(h);
  });

  it('[ENG-10] a failed REST seed is retried while the chart is watched', async () => {
    const h = engineHarness();
    const trade = trader(h, 5);
    trade(50);
    const original = h.exchange.trades.get('btcusdt')!;
    h.exchange.trades.delete('btcusdt'); // the server does not know the symbol: REST fails
    h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '1m' });
    await h.settle();
    expect(h.engine.klineView('btcusdt', '1m')?.length).toBe(0);
    h.exchange.trades.set('btcusdt', original);
    h.time.advance(2_000);
    await h.settle();
    expect(engineCandles(h.engine, 'btcusdt', '1m')).toEqual(exchangeCandles(h.exchange, 'btcusdt', '1m'));
  });

  it('[ENG-16] onChange names the changed topics; klinePatch after the first full patch carries just the live candle', async () => {
    const h = engineHarness();
    const trade = trader(h, 6);
    trade(100);
    await watch(h);
    const full = h.engine.klinePatch('btcusdt', '1m', 0)!;
    expect(full.full).toBe(true);
    h.changes.length = 0;
    h.time.advance(100);
    h.exchange.tick([{ symbol: 'btcusdt', price: '70000.5', qty: '1' }]);
    // The TRADE frame moves the candles and the ticker's price at once; the DETAIL frame then the ticker.
    expect(h.changes[0].sort()).toEqual([
      'klines:btcusdt:1h',
      'klines:btcusdt:1m',
      'klines:btcusdt:1w',
      'klines:btcusdt:5m',
      'ticker:btcusdt',
    ]);
    // The KLINE checkpoints that follow agree with the candles built from the trade: no change to report.
    expect(h.changes.slice(1)).toEqual([['ticker:btcusdt']]);
    const p = h.engine.klinePatch('btcusdt', '1m', full.version)!;
    expect(p.full).toBe(false);
    expect(p.rows.length).toBe(1);
    expect(p.rows.close[0]).toBe(70000.5);
    expect(p.lastClose).toBe('70000.50');
    expect(h.engine.tickerView('btcusdt')?.price).toBe('70000.50');
  });
});

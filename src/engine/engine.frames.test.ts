import { describe, expect, it } from 'vitest';
import { malformedMessage, seededRandom } from './testing/frames';
import { engineHarness } from './testing/harness';

describe('engine input robustness, tickers and trades [ENG-18][ENG-19][ENG-20] (spec 7.5)', () => {
  it('[ENG-20] 1,000 malformed frames: none throws, all are counted, valid frames keep being applied', async () => {
    const h = engineHarness();
    h.exchange.tick([{ symbol: 'btcusdt', price: '100', qty: '1' }]);
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    h.engine.acquire({ kind: 'trades', symbol: 'btcusdt' });
    h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '1m' });
    await h.settle();
    const before = h.engine.diagnostics();
    const rnd = seededRandom(99);
    const sock = h.sockets.last;
    for (let i = 0; i < 1_000; i++) {
      sock.serverSend(malformedMessage(rnd));
      if (i % 100 === 50) {
        h.time.advance(1_000);
        h.exchange.tick([{ symbol: 'btcusdt', price: String(101 + i), qty: '0.5' }]);
      }
    }
    const after = h.engine.diagnostics();
    expect(after.framesRejected - before.framesRejected).toBe(1_000);
    expect(after.gaps).toBe(0); // garbage carries no seq, so it cannot fake a gap
    expect(after.socketsOpen).toBe(1);
    expect(h.engine.tickerView('btcusdt')?.priceRaw).toBe('1051');
    expect(h.engine.tradesView('btcusdt')?.trades).toHaveLength(11);
    expect(h.engine.klineView('btcusdt', '1m')?.lastClose).toBe('1051.00');
  });

  it('[spec 3.4, 9.2] the ticker carries the 24 h price info formatted once, in the engine', async () => {
    const h = engineHarness();
    h.exchange.tick([{ symbol: 'btcusdt', price: '64000', qty: '1000' }]);
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    await h.settle();
    h.time.advance(1_000);
    h.exchange.tick([{ symbol: 'btcusdt', price: '63999.995', qty: '2.5' }]);
    const v = h.engine.tickerView('btcusdt')!;
    expect(v).toMatchObject({
      symbol: 'btcusdt',
      price: '64000.00',
      priceRaw: '63999.995',
      change: '-0.005000',
      changePct: '-0.01%',
      dir: -1,
      tickDir: -1,
      high24: '64000.00',
      low24: '64000.00',
      open24: '64000.00',
      vol24: '1.00K',
      amount24: '64.15M',
    });
    // Same values again: the very same strings are reused (formatted once per change).
    h.time.advance(1_000);
    h.exchange.tick([{ symbol: 'btcusdt', price: '63999.995', qty: '0' }]);
    const w = h.engine.tickerView('btcusdt')!;
    expect(w).not.toBe(v);
    expect(w.price).toBe(v.price);
  });

  it('[ENG-19] recent trades: newest first, bounded, seeded from REST and merged with the socket without doubles', async () => {
    const h = engineHarness();
    for (let i = 0; i < 60; i++) {
      h.time.advance(100);
      h.exchange.tick([{ symbol: 'ethusdt', price: `3000.${i}`, qty: '1', side: i % 2 ? 'sell' : 'buy' }]);
    }
    h.exchange.holdHttp = true;
    h.engine.acquire({ kind: 'trades', symbol: 'ethusdt' });
    await h.settle();
    for (let i = 60; i < 63; i++) {
      h.time.advance(100);
      h.exchange.tick([{ symbol: 'ethusdt', price: `3000.${i}`, qty: '1' }]);
    }
    h.exchange.releaseHttp();
    await h.settle();
    const ids = h.engine.tradesView('ethusdt')!.trades.map((t) => t.id);
    expect(ids).toHaveLength(50);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(50);
    expect(ids[0]).toBe(63);
    expect(h.engine.tradesView('ethusdt')!.trades[0]).toMatchObject({ price: '3000.62', qty: '1', side: 'buy' });
  });

  it('[ENG-10] a gap re-seeds the 24 h statistics from REST', async () => {
    const h = engineHarness();
    h.exchange.tick([{ symbol: 'btcusdt', price: '100', qty: '1' }]);
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    await h.settle();
    expect(h.engine.tickerView('btcusdt')?.priceRaw).toBe('100');
    h.exchange.dropFrames(1);
    h.time.advance(1_000);
    h.exchange.tick([{ symbol: 'btcusdt', price: '105', qty: '1' }]); // its DETAIL is lost
    expect(h.engine.tickerView('btcusdt')?.priceRaw).toBe('100');
    h.exchange.heartbeat(); // the next frame reveals the gap
    expect(h.engine.diagnostics().gaps).toBe(1);
    await h.settle();
    expect(h.engine.tickerView('btcusdt')?.priceRaw).toBe('105');
    expect(h.engine.tickerView('btcusdt')?.vol24).toBe('2.00');
  });

  it('[ENG-18] a REST ticker overtaken by a DETAIL frame is dropped (newest wins)', async () => {
    const h = engineHarness();
    h.exchange.tick([{ symbol: 'btcusdt', price: '100', qty: '1' }]);
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    await h.settle();
    h.exchange.holdHttp = true;
    h.exchange.dropFrames(1);
    h.exchange.tick([{ symbol: 'btcusdt', price: '110', qty: '1' }]); // lost
    h.exchange.heartbeat(); // gap: the REST ticker (110) is asked and held
    h.exchange.tick([{ symbol: 'btcusdt', price: '111', qty: '1' }]); // a fresher DETAIL arrives first
    h.exchange.releaseHttp();
    await h.settle();
    expect(h.engine.tickerView('btcusdt')?.priceRaw).toBe('111');
  });
});

/**
 * An engine on fake time against a FakeExchange, for tests of the engine and of its host.
 */
import { createMarketEngine, type EngineOptions } from '../engine';
import type { HttpGet, MarketEngine } from '../types';
import { FakeExchange } from './fakeExchange';
import { flush } from './fakeHttp';
import { FakeSocketFactory } from './fakeSocket';
import { FakeTime } from './fakeTime';

export interface Harness {
  time: FakeTime;
  sockets: FakeSocketFactory;
  exchange: FakeExchange;
  engine: MarketEngine;
  /** Every onChange call's keys, in order. */
  changes: string[][];
  /** Lets microtasks (socket accept, REST replies) run. */
  settle(): Promise<void>;
}

/**
 * `http` wraps the exchange's REST side (to script odd replies); by default it is used as is. `wsBase`: one socket
 * URL base or several (DEPLOY-4).
 */
export function engineHarness(
  symbols: string[] = ['btcusdt', 'ethusdt'],
  options: EngineOptions = {},
  http: (exchangeGet: HttpGet) => HttpGet = (get) => get,
  wsBase: string | readonly string[] = 'ws://test/ws/',
): Harness {
  const time = new FakeTime(Date.UTC(2024, 0, 1, 0, 0, 0)); // a Monday
  const sockets = new FakeSocketFactory();
  const exchange = new FakeExchange(time, symbols);
  exchange.attach(sockets);
  let n = 0;
  const engine = createMarketEngine(
    {
      clock: time,
      timers: time,
      openSocket: sockets.open,
      httpGet: http(exchange.httpGet),
      random: () => 0.5,
      newId: () => `sock${++n}`,
      wsBase,
    },
    options,
  );
  const changes: string[][] = [];
  engine.onChange((keys) => changes.push([...keys]));
  const settle = async () => {
    for (let i = 0; i < 4; i++) await flush();
  };
  return { time, sockets, exchange, engine, changes, settle };
}

/** The engine's candles as comparable rows [timeSec, open, high, low, close, volume]. */
export function engineCandles(
  engine: MarketEngine,
  symbol: string,
  interval: Parameters<MarketEngine['klineView']>[1],
): number[][] {
  const v = engine.klineView(symbol, interval);
  if (!v) return [];
  const rows: number[][] = [];
  for (let i = 0; i < v.length; i++) rows.push([v.time[i], v.open[i], v.high[i], v.low[i], v.close[i], v.volume[i]]);
  return rows;
}

/** The exchange's history as the same rows (numbers of its exact strings). */
export function exchangeCandles(
  exchange: FakeExchange,
  symbol: string,
  interval: Parameters<MarketEngine['klineView']>[1],
): number[][] {
  return exchange.history(symbol, interval, 1e9).map((c) => [c.t / 1000, +c.open, +c.high, +c.low, +c.close, +c.vol]);
}

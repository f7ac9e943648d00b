/**
 * The REST calls the engine seeds from, each reply checked (spec 5: success only if code > 0) and
 * validated with the protocol's zod schemas. Failures reject with a readable message.
 */
import { z } from 'zod';
import { Candle, PriceInfo, Trade, type KlineInterval } from '../shared/protocol';
import { DepthSnapshot } from '../shared/schemas/trading';
import type { HttpGet } from './types';

const Candles = z.array(Candle);
const Trades = z.array(Trade);

async function call<T>(httpGet: HttpGet, path: string, schema: z.ZodType<T>): Promise<T> {
  const body = (await httpGet(path)) as { code?: unknown; msg?: unknown; data?: unknown } | null;
  const code = Number(body?.code);
  if (!body || !Number.isFinite(code) || code <= 0) {
    throw new Error(`${path}: ${typeof body?.msg === 'string' && body.msg ? body.msg : 'request failed'}`);
  }
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) throw new Error(`${path}: unexpected reply (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data;
}

const q = encodeURIComponent;

/** The last `limit` candles, or with `endTime` (ms) the last `limit` opening before it. */
export function fetchKlines(
  httpGet: HttpGet,
  symbol: string,
  interval: KlineInterval,
  limit: number,
  endTime?: number,
): Promise<Candle[]> {
  const end = endTime === undefined ? '' : `&endTime=${endTime}`;
  return call(httpGet, `/api/market/kline?symbol=${q(symbol)}&interval=${interval}&limit=${limit}${end}`, Candles);
}

export function fetchTicker(httpGet: HttpGet, symbol: string): Promise<PriceInfo> {
  return call(httpGet, `/api/market/ticker?symbol=${q(symbol)}`, PriceInfo);
}

export function fetchTrades(httpGet: HttpGet, symbol: string, limit: number): Promise<Trade[]> {
  return call(httpGet, `/api/market/trades?symbol=${q(symbol)}&limit=${limit}`, Trades);
}

/** The order book snapshot with its depth sequence (tradingApi.depth), best first, `limit` levels a side. */
export function fetchDepth(httpGet: HttpGet, symbol: string, limit: number): Promise<DepthSnapshot> {
  return call(httpGet, `/api/market/depth?symbol=${q(symbol)}&limit=${limit}`, DepthSnapshot);
}

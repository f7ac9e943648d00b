/**
 * Builders of valid server frames and of malformed ones, for tests of the engine and its host.
 * Not part of the engine bundle (nothing outside tests imports this).
 */
import type { Candle, KlineInterval, PriceInfo, Trade } from '../../shared/protocol';

/** The seeded generator of `src/shared/random.ts`, so corpora are the same on every run. */
export { mulberry32 as seededRandom } from '../../shared/random';

export function tradeFrame(symbol: string, trades: Trade[], seq: number, ts = trades[trades.length - 1].ts) {
  return { type: 'TRADE', symbol, origin: 'test', data: { trades }, seq, ts };
}

export function klineFrame(symbol: string, interval: KlineInterval, tick: Candle, seq: number, ts = tick.t) {
  return { type: 'KLINE', symbol, origin: 'test', interval, data: { tick }, seq, ts };
}

export function detailFrame(symbol: string, data: PriceInfo, seq: number, ts = 0) {
  return { type: 'DETAIL', symbol, origin: 'test', data, seq, ts };
}

export function depthFrame(
  symbol: string,
  data: { seq: number; snapshot?: boolean; bids: [string, string][]; asks: [string, string][] },
  seq: number,
  ts = 0,
) {
  return { type: 'DEPTH', symbol, origin: 'test', data, seq, ts };
}

export function heartbeatFrame(seq: number, serverTime: number) {
  return { type: 'HEARTBEAT', origin: 'test', data: { serverTime }, seq, ts: serverTime };
}

export function ackFrame(key: string, seq: number, op: 'subscribe' | 'unsubscribe' = 'subscribe') {
  return { type: 'ACK', origin: 'test', data: { op, key }, seq, ts: 0 };
}

export function priceInfo(close: string, over: Partial<PriceInfo> = {}): PriceInfo {
  return {
    close,
    openPrice: '100',
    change: '0',
    priceChangePercent: '0',
    open: '100',
    low: close,
    high: close,
    volume: '1',
    volume24: '1',
    high24: close,
    low24: close,
    amount24: '100',
    ...over,
  };
}

/** Valid frames of every type, as plain objects. */
export function validCorpus(): Record<string, unknown>[] {
  const trade: Trade = { id: 7, price: '64123.5', qty: '0.0100', side: 'buy', ts: 1_700_000_000_000 };
  const candle: Candle = {
    t: 1_700_000_000_000 - (1_700_000_000_000 % 60_000),
    open: '1',
    high: '2',
    low: '0.5',
    close: '1.5',
    vol: '10',
  };
  return [
    tradeFrame('btcusdt', [trade, { ...trade, id: 8, side: 'sell', price: '-1' }], 1),
    klineFrame('btcusdt', '1m', candle, 2),
    klineFrame('XAU.m_1-x', '1w', candle, 3),
    detailFrame('btcusdt', priceInfo('64123.50'), 4),
    detailFrame('ethusdt', (({ amount24: _a, ...rest }) => rest)(priceInfo('3000')) as PriceInfo, 5),
    heartbeatFrame(6, 1_700_000_000_000),
    { ...heartbeatFrame(7, -5), ts: 1, symbol: 'x' },
    ackFrame('TRADE:btcusdt', 8),
    { type: 'ACK', origin: 'o', data: { op: 'unsubscribe', key: 'k', id: 'abc' }, seq: 9, ts: 1 },
    { type: 'ERROR', origin: 'o', data: { reason: 'BAD_JSON', message: 'nope' }, seq: 10, ts: 1 },
    { type: 'SETTLEMENT', origin: 'o', data: { anything: [1, 2] }, seq: 11, ts: 1 },
    {
      type: 'OWNCOIN',
      origin: 'o',
      data: { balances: [{ account: 'platform', coin: 'USDT', available: '1.5', frozen: '0' }] },
      seq: 12,
      ts: 1,
    },
    { ...tradeFrame('btcusdt', [trade], 13), extra: 'ignored' },
    depthFrame('btcusdt', { seq: 0, snapshot: true, bids: [['100.5', '1']], asks: [['101', '0.25']] }, 14),
    depthFrame('btcusdt', { seq: 5, bids: [], asks: [['101', '0']] }, 15),
  ];
}

const BAD_VALUES: unknown[] = [
  null,
  undefined,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  'x',
  '1e5',
  '1.',
  '.5',
  '+1',
  ' 1',
  '0x10',
  'NaN',
  [],
  {},
  [1],
  'a'.repeat(40),
  'sell',
  '1m',
];

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** All paths to leaves and objects of a JSON value. */
function paths(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof v === 'object' && v !== null) {
    for (const k of Object.keys(v)) {
      const p = [...prefix, Array.isArray(v) ? Number(k) : k];
      out.push(p);
      paths((v as Record<string, unknown>)[k], p, out);
    }
  }
  return out;
}

function setPath(root: unknown, path: (string | number)[], value: unknown, remove: boolean): void {
  let o = root as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) o = o[path[i]] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) delete o[last];
  else o[last] = value;
}

/** One random mutation of a valid frame (an object that may or may not still be valid). */
export function mutateFrame(rnd: () => number): unknown {
  const corpus = validCorpus();
  const base = clone(corpus[Math.floor(rnd() * corpus.length)]);
  const ps = paths(base);
  const n = 1 + Math.floor(rnd() * 2);
  for (let k = 0; k < n; k++) {
    const p = ps[Math.floor(rnd() * ps.length)];
    const r = rnd();
    try {
      if (r < 0.25) setPath(base, p, undefined, true);
      else setPath(base, p, BAD_VALUES[Math.floor(rnd() * BAD_VALUES.length)], false);
    } catch {
      /* path vanished by an earlier mutation */
    }
  }
  if (rnd() < 0.05) return [base];
  if (rnd() < 0.05) return { ...base, type: 'NOPE' };
  return base;
}

/** A malformed socket message: invalid JSON, wrong shape, unknown type, bad decimals, binary, huge. */
export function malformedMessage(rnd: () => number): unknown {
  const r = rnd();
  if (r < 0.15) return '{"type":"TRADE",'; // truncated JSON
  if (r < 0.2) return new Uint8Array([1, 2, 3]).buffer; // binary
  if (r < 0.25) return 'x'.repeat(70_000);
  if (r < 0.3) return 'null';
  if (r < 0.35) return '[]';
  for (;;) {
    const m = mutateFrame(rnd);
    const s = JSON.stringify(m);
    if (s === undefined) continue;
    // Only shapes that are certainly invalid: take the mutation if it broke something required.
    const parsed = JSON.parse(s) as { seq?: unknown };
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      // Strip the sequence number so garbage never advances it (as the server's garbage switch does).
      delete parsed.seq;
      return JSON.stringify(parsed);
    }
    return s;
  }
}

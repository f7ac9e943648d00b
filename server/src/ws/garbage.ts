/**
 * Malformed frames, for the /api/_test/ws/garbage switch (server -> client) and for tests (client -> server):
 * a random mix of invalid JSON, JSON of the wrong shape, unknown types, valid-looking frames with bad values,
 * huge strings and binary frames. Seeded, so a failing run can be replayed.
 */
import { MAX_CLIENT_FRAME_BYTES } from '../../../src/shared/protocol';
import { createRng } from '../market/rng';

export type Garbage = string | Buffer;

const BAD_JSON = [
  '',
  ' ',
  '{',
  '}{',
  '{"op":"subscribe",',
  '[1,2',
  'null,',
  'undefined',
  'NaN',
  "{'op':'subscribe'}",
  '{"op":"subscribe" "type":"DETAIL"}',
  '\u0000\u0001\u0002',
  'subscribe DETAIL btcusdt',
  '{"a":1}}',
];
const BAD_DECIMALS = ['1e5', '-', '1,234.5', 'NaN', 'Infinity', '0x10', '.5', '5.', ' 1', '1 000', '١٢٣'];

/** JSON that is not a frame object at all (either way). */
const NOT_FRAMES: unknown[] = [[], 42, 'DETAIL', null, {}];

function pick<T>(rng: { next(): number }, xs: readonly T[]): T {
  return xs[Math.floor(rng.next() * xs.length)];
}

/** A JSON text that is not a frame: one of NOT_FRAMES or `more`. */
const notAFrame = (rng: { next(): number }, more: unknown[]) => JSON.stringify(pick(rng, [...NOT_FRAMES, ...more]));

/** Frames a client must never send: each one is rejected by the server's validation. */
function toServer(rng: ReturnType<typeof createRng>): Garbage {
  const kind = Math.floor(rng.next() * 6);
  switch (kind) {
    case 0:
      return pick(rng, BAD_JSON);
    case 1:
      return notAFrame(rng, [
        true,
        { op: 'subscribe' },
        { type: 'DETAIL', symbol: 'btcusdt' },
        { op: 'subscribe', type: 'DETAIL' },
        { op: 'subscribe', type: 'KLINE', symbol: 'btcusdt' },
        { op: 'subscribe', type: 'TRADE', symbol: 'btcusdt', interval: '1m' },
        { op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt', extra: 1 },
        { op: ['subscribe'], type: 'DETAIL', symbol: 'btcusdt' },
        { op: 'subscribe', type: 'DETAIL', symbol: 12 },
      ]);
    case 2:
      return JSON.stringify(
        pick(rng, [
          { op: 'subscribe', type: 'FOO', symbol: 'btcusdt' },
          { op: 'delete', type: 'DETAIL', symbol: 'btcusdt' },
          { op: 'SUBSCRIBE', type: 'DETAIL', symbol: 'btcusdt' },
          { op: 'subscribe', type: 'detail', symbol: 'btcusdt' },
          { op: 'ping' },
        ]),
      );
    case 3:
      return JSON.stringify(
        pick(rng, [
          { op: 'subscribe', type: 'KLINE', symbol: 'btcusdt', interval: '2m' },
          { op: 'subscribe', type: 'KLINE', symbol: 'btcusdt', interval: '1M' },
          { op: 'subscribe', type: 'DETAIL', symbol: 'btc usdt' },
          { op: 'subscribe', type: 'DETAIL', symbol: '' },
          { op: 'subscribe', type: 'DETAIL', symbol: 'x'.repeat(40) },
          { op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt', id: 'i'.repeat(65) },
        ]),
      );
    case 4:
      return JSON.stringify({
        op: 'subscribe',
        type: 'DETAIL',
        symbol: 'btcusdt',
        id: 'x'.repeat(MAX_CLIENT_FRAME_BYTES + Math.floor(rng.next() * 1000)),
      });
    default: {
      const b = Buffer.alloc(1 + Math.floor(rng.next() * 64));
      for (let i = 0; i < b.length; i++) b[i] = Math.floor(rng.next() * 256);
      return b;
    }
  }
}

/** Frames the server must never send: each one must be dropped by the app's frame validation. */
function toClient(rng: ReturnType<typeof createRng>): Garbage {
  const kind = Math.floor(rng.next() * 6);
  const bad = pick(rng, BAD_DECIMALS);
  switch (kind) {
    case 0:
      return pick(rng, BAD_JSON);
    case 1:
      return notAFrame(rng, [
        { type: 'DETAIL' },
        { type: 'TRADE', symbol: 'btcusdt', data: { trades: [] } },
        { type: 'KLINE', symbol: 'btcusdt', data: {} },
      ]);
    case 2:
      return JSON.stringify({
        type: pick(rng, ['NOPE', 'detail', 'PRICE', '']),
        symbol: 'btcusdt',
        origin: 'market',
        data: {},
      });
    case 3:
      return JSON.stringify(
        pick(rng, [
          {
            type: 'DETAIL',
            symbol: 'btcusdt',
            origin: 'market',
            data: {
              close: bad,
              openPrice: '1',
              change: '0',
              priceChangePercent: '0',
              open: '1',
              low: '1',
              high: '1',
              volume: '0',
              volume24: '0',
              high24: '1',
              low24: '1',
            },
          },
          {
            type: 'KLINE',
            symbol: 'btcusdt',
            origin: 'market',
            interval: '1m',
            data: { tick: { t: 0, open: bad, high: '1', low: '1', close: '1', vol: '1' } },
          },
          {
            type: 'TRADE',
            symbol: 'btcusdt',
            origin: 'market',
            data: { trades: [{ id: 1, price: bad, qty: '1', side: 'buy', ts: 0 }] },
          },
          {
            type: 'TRADE',
            symbol: 'btcusdt',
            origin: 'market',
            data: { trades: [{ id: 1, price: 64000.5, qty: '1', side: 'buy', ts: 0 }] },
          },
        ]),
      );
    case 4:
      return JSON.stringify({
        type: 'DETAIL',
        symbol: 'btcusdt',
        origin: 'x'.repeat(70_000 + Math.floor(rng.next() * 30_000)),
        data: {},
      });
    default: {
      const b = Buffer.alloc(1 + Math.floor(rng.next() * 64));
      for (let i = 0; i < b.length; i++) b[i] = Math.floor(rng.next() * 256);
      return b;
    }
  }
}

export function garbageFrames(n: number, direction: 'toServer' | 'toClient', seed = 1): Garbage[] {
  const rng = createRng(seed, 'garbage/' + direction);
  const gen = direction === 'toServer' ? toServer : toClient;
  return Array.from({ length: n }, () => gen(rng));
}

/**
 * The live channel (spec 7.5): one file for the whole wire protocol of `/ws/{id}`.
 *
 * Client -> server: `{ op: 'subscribe' | 'unsubscribe', type, symbol?, interval? }`.
 * Server -> client: `{ type, symbol, origin, data, seq, ts }`.
 *
 * Documented extensions to 7.5 (see README "Socket protocol"):
 * - every server frame carries `seq` (per-connection, starts at 1, +1 per frame, no gaps unless frames
 *   were lost) and `ts` (server time in ms when the frame was sent);
 * - KLINE frames carry `interval` at the top level;
 * - TRADE frames carry a batch: `data.trades`, oldest first, each stamped with the server time `ts`
 *   at which the trade was made (benchmarks measure tick-to-paint from it);
 * - subscribing HEARTBEAT makes the server send a HEARTBEAT frame every HEARTBEAT_INTERVAL_MS;
 * - ERROR frames answer a rejected client frame (malformed, unknown, oversized, throttled);
 * - ACK frames answer a valid subscribe / unsubscribe.
 *
 * All prices, quantities and volumes are exact decimal strings: never binary floating point.
 */
import './schemas/zodSetup';
import { z } from 'zod';
import { DecimalStr } from './money';
import { lazySchema } from './schemas/lazySchema';

/** The contract's major version (docs/api/README.md, CHANGELOG.md); announced with its minor by contractVersion.ts. */
export const PROTOCOL_VERSION = 1 as const;

/** Largest inbound frame the server accepts, in bytes (WS-11). */
export const MAX_CLIENT_FRAME_BYTES = 64 * 1024;
/** Server sends a HEARTBEAT frame this often to connections subscribed to HEARTBEAT. */
export const HEARTBEAT_INTERVAL_MS = 5_000;

export const STREAM_TYPES = [
  'DETAIL',
  'KLINE',
  'TRADE',
  'HEARTBEAT',
  'SETTLEMENT',
  'POSITION',
  'USER_STATUS',
  'OWNCOIN',
  'DEPTH',
  'MARK',
] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** Length of each interval in ms. Candles open at multiples of this since the Unix epoch (UTC);
 *  1w candles open on Monday 00:00 UTC (epoch offset of 4 days). */
export const INTERVAL_MS: Record<KlineInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};
/** 1970-01-01 was a Thursday; weeks start on Monday, 4 days later. */
export const WEEK_OFFSET_MS = 4 * 86_400_000;

/** Open time (ms) of the candle of `interval` that contains `tsMs`. Shared by server and engine. */
export function candleOpenTime(tsMs: number, interval: KlineInterval): number {
  const len = INTERVAL_MS[interval];
  const off = interval === '1w' ? WEEK_OFFSET_MS : 0;
  return Math.floor((tsMs - off) / len) * len + off;
}

/** Symbols are lower-case pair codes like "btcusdt" (spec 3.4; mt5 markets keep their case). */
export const SymbolStr = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9._-]+$/, 'invalid symbol'),
);

// ---------------------------------------------------------------- client -> server

export const ClientFrame = lazySchema(() =>
  z
    .object({
      op: z.enum(['subscribe', 'unsubscribe']),
      type: z.enum(STREAM_TYPES),
      symbol: SymbolStr.optional(),
      interval: z.enum(KLINE_INTERVALS).optional(),
      /** Optional correlation id, echoed in the ACK / ERROR frame. */
      id: z.string().max(64).optional(),
      /** The session token of a private stream (LIVE-1, LIVE-3): in the message, never in the socket's URL. */
      token: z.string().min(1).max(256).optional(),
    })
    .strict()
    .superRefine((f, ctx) => {
      const privateStream =
        f.type === 'OWNCOIN' || f.type === 'USER_STATUS' || f.type === 'SETTLEMENT' || f.type === 'POSITION';
      if (privateStream && f.op === 'subscribe' && !f.token) {
        ctx.addIssue({ code: 'custom', message: `${f.type} needs the session token`, path: ['token'] });
      }
      if (!privateStream && f.token) {
        ctx.addIssue({
          code: 'custom',
          message: `only OWNCOIN, USER_STATUS, SETTLEMENT and POSITION take a token`,
          path: ['token'],
        });
      }
      const perSymbol = ['DETAIL', 'KLINE', 'TRADE', 'DEPTH', 'MARK'].includes(f.type);
      if (perSymbol && !f.symbol) {
        ctx.addIssue({ code: 'custom', message: `${f.type} needs a symbol`, path: ['symbol'] });
      }
      if (f.type === 'KLINE' && !f.interval) {
        ctx.addIssue({ code: 'custom', message: 'KLINE needs an interval', path: ['interval'] });
      }
      if (f.type !== 'KLINE' && f.interval) {
        ctx.addIssue({ code: 'custom', message: 'only KLINE takes an interval', path: ['interval'] });
      }
    }),
);
export type ClientFrame = z.infer<typeof ClientFrame>;

// ---------------------------------------------------------------- server -> client

/** 24 h price info per symbol (spec 3.4), all exact decimal strings. */
export const PriceInfo = lazySchema(() =>
  z.object({
    close: DecimalStr,
    openPrice: DecimalStr,
    change: DecimalStr,
    /** Percent, e.g. "-1.23" means -1.23 %. Exact, not yet rounded for display. */
    priceChangePercent: DecimalStr,
    open: DecimalStr,
    low: DecimalStr,
    high: DecimalStr,
    volume: DecimalStr,
    volume24: DecimalStr,
    high24: DecimalStr,
    low24: DecimalStr,
    /** 24 h turnover in the quote coin (extension). */
    amount24: DecimalStr.optional(),
  }),
);
export type PriceInfo = z.infer<typeof PriceInfo>;

export const Trade = lazySchema(() =>
  z.object({
    /** Per-symbol increasing trade id. */
    id: z.number().int().nonnegative(),
    price: DecimalStr,
    qty: DecimalStr,
    side: z.enum(['buy', 'sell']),
    /** Server time in ms when the trade was made. */
    ts: z.number().int().nonnegative(),
  }),
);
export type Trade = z.infer<typeof Trade>;

/** One candle. `t` is the open time in ms (UTC). The spec's `data.tick` shape plus `t`. */
export const Candle = lazySchema(() =>
  z.object({
    t: z.number().int().nonnegative(),
    open: DecimalStr,
    high: DecimalStr,
    low: DecimalStr,
    close: DecimalStr,
    vol: DecimalStr,
  }),
);
export type Candle = z.infer<typeof Candle>;

/** The fields every server frame has (a function: each frame's schema is built on its first use, PERF-98). */
const frameBase = () => ({
  seq: z.number().int().positive(),
  ts: z.number().int().nonnegative(),
});

export const DetailFrame = lazySchema(() =>
  z.object({
    type: z.literal('DETAIL'),
    symbol: SymbolStr,
    origin: z.string(),
    data: PriceInfo,
    ...frameBase(),
  }),
);
export const TradeFrame = lazySchema(() =>
  z.object({
    type: z.literal('TRADE'),
    symbol: SymbolStr,
    origin: z.string(),
    data: z.object({ trades: z.array(Trade).min(1) }),
    ...frameBase(),
  }),
);
export const KlineFrame = lazySchema(() =>
  z.object({
    type: z.literal('KLINE'),
    symbol: SymbolStr,
    origin: z.string(),
    interval: z.enum(KLINE_INTERVALS),
    data: z.object({ tick: Candle }),
    ...frameBase(),
  }),
);
export const HeartbeatFrame = lazySchema(() =>
  z.object({
    type: z.literal('HEARTBEAT'),
    symbol: z.string().optional(),
    origin: z.string(),
    data: z.object({ serverTime: z.number().int() }),
    ...frameBase(),
  }),
);
export const AckFrame = lazySchema(() =>
  z.object({
    type: z.literal('ACK'),
    origin: z.string(),
    data: z.object({ op: z.enum(['subscribe', 'unsubscribe']), key: z.string(), id: z.string().optional() }),
    ...frameBase(),
  }),
);
export const ErrorFrame = lazySchema(() =>
  z.object({
    type: z.literal('ERROR'),
    origin: z.string(),
    data: z.object({
      /** BAD_JSON | BAD_FRAME | TOO_LARGE | THROTTLED | NOT_AVAILABLE | LIMIT | UNAUTHORIZED */
      reason: z.string(),
      message: z.string(),
      id: z.string().optional(),
    }),
    ...frameBase(),
  }),
);
/** One balance of the signed-in user (the REST assetBalance row). */
export const BalanceRow = lazySchema(() =>
  z.object({
    account: z.enum(['platform', 'finance', 'contract']),
    coin: z.string().min(1),
    available: DecimalStr,
    frozen: DecimalStr,
  }),
);
export type BalanceRow = z.infer<typeof BalanceRow>;

/** OWNCOIN (LIVE-1): every balance of the user, sent after the ACK and after every change. */
export const OwnCoinFrame = lazySchema(() =>
  z.object({
    type: z.literal('OWNCOIN'),
    symbol: z.string().optional(),
    origin: z.string(),
    data: z.object({ balances: z.array(BalanceRow) }),
    ...frameBase(),
  }),
);
/** USER_STATUS (LIVE-2): a deposit or withdrawal of the user changed state. */
export const UserStatusFrame = lazySchema(() =>
  z.object({
    type: z.literal('USER_STATUS'),
    symbol: z.string().optional(),
    origin: z.string(),
    data: z.object({ kind: z.string(), id: z.union([z.number(), z.string()]), status: z.string() }),
    ...frameBase(),
  }),
);
/** SETTLEMENT (its `data` is a SettlementData, LIVE-3). */
export const AccountFrame = lazySchema(() =>
  z.object({
    type: z.literal('SETTLEMENT'),
    symbol: z.string().optional(),
    origin: z.string(),
    data: z.unknown(),
    ...frameBase(),
  }),
);

/**
 * MARK (extension of 7.5; FUT-3): a pair's mark price, published at every mark update (once per mark interval),
 * with both inputs: the index and the smoothed basis (mark = index + basis, clamped to a band around the index),
 * and the last trade at or before the update's time. After the ACK the server sends the current mark.
 */
export const MarkFrame = lazySchema(() =>
  z.object({
    type: z.literal('MARK'),
    symbol: SymbolStr,
    origin: z.string(),
    data: z.object({
      price: DecimalStr,
      time: z.number().int(),
      index: DecimalStr,
      basis: DecimalStr,
      tradeId: z.number().int(),
      tradeTime: z.number().int(),
    }),
    ...frameBase(),
  }),
);
export type MarkFrame = z.infer<typeof MarkFrame>;

/**
 * POSITION (private, LIVE-4): every open futures position of the user (the REST Position without its `mark`
 * figures, which the client computes from MARK), sent after the ACK and after every change; `event` says what
 * happened when it is worth telling (a fill, a liquidation, a take-profit or stop-loss, a funding round).
 * `data.positions` is validated as records here and by the Position schema where it is read.
 */
export const PositionFrame = lazySchema(() =>
  z.object({
    type: z.literal('POSITION'),
    symbol: z.string().optional(),
    origin: z.string(),
    data: z.object({
      positions: z.array(z.record(z.string(), z.unknown())),
      event: z
        .object({
          kind: z.enum(['filled', 'closed', 'liquidated', 'takeProfit', 'stopLoss', 'funding', 'margin']),
          positionId: z.number().int(),
          symbol: z.string(),
        })
        .optional(),
    }),
    ...frameBase(),
  }),
);
export type PositionFrame = z.infer<typeof PositionFrame>;

/** One price level of a depth frame: [price, total amount], exact decimal strings; amount "0" removes the level. */
export const DepthLevel = lazySchema(() => z.tuple([DecimalStr, DecimalStr]));
export type DepthLevel = z.infer<typeof DepthLevel>;
/**
 * DEPTH (extension of 7.5, DEPTH rules in docs/spec/trading.md): the order book of one symbol. After the ACK
 * the server sends a snapshot (`snapshot: true`, every level, best first) and then deltas: each changed level
 * with its new total (amount "0" = gone), at most one delta frame per symbol per simulator step. `data.seq` is
 * the book's own depth sequence (per symbol, not per connection): a delta carries the previous frame's seq + 1;
 * a gap means frames were lost and the client resyncs (REST `GET /api/market/depth` gives the same seq).
 */
export const DepthFrame = lazySchema(() =>
  z.object({
    type: z.literal('DEPTH'),
    symbol: SymbolStr,
    origin: z.string(),
    data: z.object({
      seq: z.number().int().nonnegative(),
      snapshot: z.boolean().optional(),
      bids: z.array(DepthLevel),
      asks: z.array(DepthLevel),
    }),
    ...frameBase(),
  }),
);
/** SETTLEMENT payload (extension of 7.5): a second contract (SEC rules) or an option (OPT rules) of the user settled. */
export const SettlementData = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('second'),
    id: z.number().int(),
    symbol: z.string(),
    result: z.enum(['win', 'lose', 'draw']),
    closePrice: DecimalStr,
    /** What was credited back to the user (stake + profit on a win, the stake on a draw, "0" on a loss). */
    payout: DecimalStr,
  }),
  z.object({
    kind: z.literal('option'),
    id: z.number().int(),
    symbol: z.string(),
    /** The settlement price (the last trade at or before expiry) and what was paid ("0" out of the money). */
    closePrice: DecimalStr,
    payout: DecimalStr,
  }),
]);
export type SettlementData = z.infer<typeof SettlementData>;

export const ServerFrame = lazySchema(() =>
  z.discriminatedUnion('type', [
    DepthFrame,
    DetailFrame,
    TradeFrame,
    KlineFrame,
    HeartbeatFrame,
    AckFrame,
    ErrorFrame,
    OwnCoinFrame,
    UserStatusFrame,
    AccountFrame,
    MarkFrame,
    PositionFrame,
  ]),
);
export type ServerFrame = z.infer<typeof ServerFrame>;
export type DetailFrame = z.infer<typeof DetailFrame>;
export type DepthFrame = z.infer<typeof DepthFrame>;
export type TradeFrame = z.infer<typeof TradeFrame>;
export type KlineFrame = z.infer<typeof KlineFrame>;
export type OwnCoinFrame = z.infer<typeof OwnCoinFrame>;
export type UserStatusFrame = z.infer<typeof UserStatusFrame>;

/** Registry key of a subscription: "TYPE", "TYPE:symbol" or "KLINE:symbol:interval". */
export function subscriptionKey(f: { type: StreamType; symbol?: string; interval?: KlineInterval }): string {
  if (f.type === 'KLINE') return `KLINE:${f.symbol}:${f.interval}`;
  return f.symbol ? `${f.type}:${f.symbol}` : f.type;
}

/**
 * Server frame bodies, typed against the shared protocol (src/shared/protocol.ts) minus the per-connection
 * `seq` and `ts`, which Connection.send splices in. One place for every frame shape the server writes.
 */
import type { z } from 'zod';
import {
  KLINE_INTERVALS,
  type AckFrame,
  type Candle,
  type DepthFrame,
  type DetailFrame,
  type ErrorFrame,
  type HeartbeatFrame,
  type KlineFrame,
  type KlineInterval,
  type PriceInfo,
  type Trade,
  type TradeFrame,
  type BalanceRow,
  type OwnCoinFrame,
  type UserStatusFrame,
  type AccountFrame,
  type SettlementData,
  type MarkFrame,
  type PositionFrame,
} from '../../../src/shared/protocol';
import type { MarkTick, Position } from '../../../src/shared/schemas/futures';
import type { DepthBook } from '../context';
import { body, type Body } from './connection';

/** `origin` of market frames (DETAIL, KLINE, TRADE, DEPTH, MARK) and of the server's own frames (ACK, ERROR, HEARTBEAT). */
export const ORIGIN_MARKET = 'market';
export const ORIGIN_SERVER = 'server';

type Unsent<F> = Omit<F, 'seq' | 'ts'>;

export function tradeBody(symbol: string, trades: Trade[]): Body {
  const f: Unsent<TradeFrame> = { type: 'TRADE', symbol, origin: ORIGIN_MARKET, data: { trades } };
  return body(f);
}

export function klineBody(symbol: string, interval: KlineInterval, tick: Candle): Body {
  const f: Unsent<KlineFrame> = { type: 'KLINE', symbol, origin: ORIGIN_MARKET, interval, data: { tick } };
  return body(f);
}

export function detailBody(symbol: string, data: PriceInfo): Body {
  const f: Unsent<DetailFrame> = { type: 'DETAIL', symbol, origin: ORIGIN_MARKET, data };
  return body(f);
}

/** DEPTH (DEPTH-3): a snapshot (`snapshot: true`) or a delta of one book, at the book's depth seq. */
export function depthBody(symbol: string, d: DepthBook, snapshot: boolean): Body {
  const data: DepthFrame['data'] = snapshot
    ? { seq: d.seq, snapshot: true, bids: d.bids, asks: d.asks }
    : { seq: d.seq, bids: d.bids, asks: d.asks };
  const f: Unsent<DepthFrame> = { type: 'DEPTH', symbol, origin: ORIGIN_MARKET, data };
  return body(f);
}

export function heartbeatBody(serverTime: number): Body {
  const f: Unsent<z.infer<typeof HeartbeatFrame>> = { type: 'HEARTBEAT', origin: ORIGIN_SERVER, data: { serverTime } };
  return body(f);
}

export function ackBody(op: 'subscribe' | 'unsubscribe', key: string, id?: string): Body {
  const f: Unsent<z.infer<typeof AckFrame>> = {
    type: 'ACK',
    origin: ORIGIN_SERVER,
    data: id === undefined ? { op, key } : { op, key, id },
  };
  return body(f);
}

export function errorBody(reason: string, message: string, id?: string): Body {
  const f: Unsent<z.infer<typeof ErrorFrame>> = {
    type: 'ERROR',
    origin: ORIGIN_SERVER,
    data: id === undefined ? { reason, message } : { reason, message, id },
  };
  return body(f);
}

/** Registry keys of one symbol's market streams, built once per symbol. */
export interface SymbolKeys {
  trade: string;
  detail: string;
  depth: string;
  mark: string;
  kline: [KlineInterval, string][];
}

const keyCache = new Map<string, SymbolKeys>();

export function symbolKeys(symbol: string): SymbolKeys {
  let k = keyCache.get(symbol);
  if (!k) {
    k = {
      trade: `TRADE:${symbol}`,
      detail: `DETAIL:${symbol}`,
      depth: `DEPTH:${symbol}`,
      mark: `MARK:${symbol}`,
      kline: KLINE_INTERVALS.map((iv) => [iv, `KLINE:${symbol}:${iv}`] as [KlineInterval, string]),
    };
    keyCache.set(symbol, k);
  }
  return k;
}

export function ownCoinBody(balances: BalanceRow[]): Body {
  const f: Unsent<OwnCoinFrame> = { type: 'OWNCOIN', origin: ORIGIN_SERVER, data: { balances } };
  return body(f);
}

export function userStatusBody(data: UserStatusFrame['data']): Body {
  const f: Unsent<UserStatusFrame> = { type: 'USER_STATUS', origin: ORIGIN_SERVER, data };
  return body(f);
}

/** SETTLEMENT (LIVE-3): a second contract of the user settled. */
export function settlementBody(data: SettlementData): Body {
  const f: Unsent<z.infer<typeof AccountFrame>> = { type: 'SETTLEMENT', origin: ORIGIN_SERVER, data };
  return body(f);
}

/** MARK (LIVE-5): a pair's mark tick (FUT-3) with its index and basis. */
export function markBody(tick: MarkTick): Body {
  const f: Unsent<MarkFrame> = {
    type: 'MARK',
    symbol: tick.symbol,
    origin: ORIGIN_MARKET,
    data: {
      price: tick.price,
      time: tick.time,
      index: tick.index,
      basis: tick.basis,
      tradeId: tick.tradeId,
      tradeTime: tick.tradeTime,
    },
  };
  return body(f);
}

/**
 * POSITION (LIVE-4): every open position of the user, without the REST-only `mark` figures (the client values
 * them at the MARK stream's price), and the event that caused the push, if any.
 */
export function positionBody(rows: readonly Position[], event?: PositionFrame['data']['event']): Body {
  const positions = rows.filter((p) => p.status === 'open').map(({ mark: _mark, ...p }) => p);
  const data: PositionFrame['data'] = event
    ? { positions, event: { kind: event.kind, positionId: event.positionId, symbol: event.symbol } }
    : { positions };
  const f: Unsent<PositionFrame> = { type: 'POSITION', origin: ORIGIN_SERVER, data };
  return body(f);
}

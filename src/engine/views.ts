/**
 * What the engine hands to screens: display-ready snapshots. Every string here was formatted once,
 * in the worker, by the spec 9.2 rules; screens print them as they are.
 *
 * This file is the contract between the engine / worker and the screens (WORK-17).
 */
import type { BalanceRow, KlineInterval, PositionFrame, SettlementData, UserStatusFrame } from '../shared/protocol';
import type { Position } from '../shared/schemas/futures';

export type Direction = 1 | -1 | 0;

/** Latest price and 24 h statistics of one symbol (spec 3.4 price info), formatted. */
export interface TickerView {
  symbol: string;
  /** Last price formatted by 9.2, e.g. "64,123.50" is NOT used: plain "64123.50" (locale grouping is the view's job). */
  price: string;
  /** Exact last price as on the wire. */
  priceRaw: string;
  /** Change percent, 2 decimals rounded down, with sign and "%": "+1.23%", "-0.01%", "0.00%". */
  changePct: string;
  /** Absolute 24 h change, formatted like the price, with sign. */
  change: string;
  /** Sign of the 24 h change, for colour. */
  dir: Direction;
  /** Direction of the last price move (for a brief flash), 0 if unchanged. */
  tickDir: Direction;
  high24: string;
  low24: string;
  open24: string;
  /** 24 h volume in the base coin, short form (K/M/B/T). */
  vol24: string;
  /** 24 h turnover in the quote coin, short form. */
  amount24: string;
  /** Server time (ms) of the last update, and of the newest trade it reflects (tick-to-paint). */
  ts: number;
}

/** Columnar candles in uPlot's shape: x in seconds. Arrays are views valid until the next snapshot. */
export interface KlineView {
  symbol: string;
  interval: KlineInterval;
  /** Increases on every change; screens compare it to skip redraws. */
  version: number;
  length: number;
  time: Float64Array; // open time, seconds
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  /** Formatted last close (equals TickerView.price of the same symbol). */
  lastClose: string;
  /** Number of decimals the price formatter used for the last close, for axis labels. */
  priceDecimals: number;
}

export interface TradeView {
  id: number;
  price: string;
  qty: string;
  side: 'buy' | 'sell';
  /** Server time in ms. */
  ts: number;
}

export interface TradesView {
  symbol: string;
  version: number;
  /** Newest first, at most TRADES_KEPT entries. */
  trades: TradeView[];
}

export type ConnectionHealth = 'live' | 'delayed' | 'reconnecting' | 'connecting';

/** One row of an order book side: a group of price levels (BOOK-3). */
export interface DepthRowView {
  /** The group's price with the pair's precision: asks rounded up to the group, bids down. */
  price: string;
  /** The exact sum of the group's levels, at least the pair's amount precision in decimals. */
  amount: string;
  /** Cumulative amount from the best price to this row, exact. */
  total: string;
  /** total / maxTotal in (0, 1]: the depth bar's length (display only, never printed). */
  fill: number;
}

/**
 * One order book topic as screens show it (BOOK-3): at most DEPTH_ROWS_MAX rows a side, best first, with the
 * spread and the largest cumulative total. Rows are the last good book while `status` is not 'live'.
 */
export interface DepthView {
  symbol: string;
  pricePrecision: number;
  amountPrecision: number;
  group: number;
  /** Increases when what the view shows changes. */
  version: number;
  /**
   * 'syncing': no snapshot yet, or resyncing after a gap or a reconnect; 'live': in step with the server;
   * 'error': the server refused the stream or the REST snapshot failed (`error` says why; retried).
   */
  status: 'syncing' | 'live' | 'error';
  error: string | null;
  /** Lowest price first. */
  asks: DepthRowView[];
  /** Highest price first. */
  bids: DepthRowView[];
  /** Best ask - best bid of the ungrouped book, exact; null while a side is empty. */
  spread: string | null;
  /** The larger of the two sides' last cumulative totals ("0" when both are empty). */
  maxTotal: string;
  /** The book's depth sequence as of the view's last visible change (-1 before the first snapshot). */
  seq: number;
}

/** The signed-in user's live account (LIVE-1..3). */
export interface AccountView {
  /** Increases on every change. */
  version: number;
  /** Every balance, exact decimal strings; null until the first OWNCOIN frame (or without a session). */
  balances: readonly BalanceRow[] | null;
  /** How many deposit or withdrawal state changes arrived (screens refetch their lists when it moves). */
  statusCount: number;
  lastStatus: UserStatusFrame['data'] | null;
  /**
   * LIVE-6: how many times the USER_STATUS stream became live (its subscription acknowledged, after a start, a
   * reconnect or a new token); 0 without a session. News the server sent before it (or while the socket was down)
   * never reached this tab: a screen that fetched earlier fetches again when it moves.
   */
  liveCount: number;
  /** How many second contracts of the user settled (LIVE-3; screens refetch their lists when it moves). */
  settlementCount: number;
  /** The latest SETTLEMENT: contract id, symbol, result, close price and payout; null before the first. */
  lastSettlement: SettlementData | null;
  /** False once the server refused the session token (signed out elsewhere, expired). */
  authorized: boolean;
}

/** A pair's mark price (FUT-3): index + smoothed basis, clamped to a band around the index, at the latest update. */
export interface MarkView {
  symbol: string;
  price: string;
  /** The index the mark was made from (the reference price no order on the book moves). */
  index: string;
  /** The mark update's time (server ms) and the trade that gave the price. */
  time: number;
  tradeId: number;
}

/**
 * An open position of the user (LIVE-4) with its figures at the latest mark, computed in the worker by the shared
 * arithmetic (markFigures of src/shared/trading/futuresRules.ts): `mark` is null until the pair has a mark.
 */
export type LivePosition = Position;

/** The user's open futures positions, pushed by the server (POSITION) and valued at every mark (MARK). */
export interface PositionsView {
  /** Increases on every change (a push or a mark that moved a figure). */
  version: number;
  /** Null until the first POSITION frame (or without a session). */
  positions: readonly LivePosition[] | null;
  /** How many POSITION frames carried an event, and the latest (fills, liquidations, triggers, funding). */
  eventCount: number;
  lastEvent: NonNullable<PositionFrame['data']['event']> | null;
  /** False once the server refused the session token. */
  authorized: boolean;
}

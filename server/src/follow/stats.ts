/**
 * A lead trader's figures (COPY-9, COPY-20..22) as pure functions: the trader's journal rows on the contract
 * account (USDT) and closed positions in, windows and the equity curve out. No database, no clock: statsStore.ts
 * reads the rows, traders.ts caches them per hour.
 *
 * - A move is one journal row's net change of the trader's contract USDT (available + frozen): holds and
 *   releases move between the buckets and net to nothing. Trading results are the rows whose kind begins
 *   `futures_` (open and close fees, PnL, funding, liquidation) or `follow_` (profit shares paid or received);
 *   everything else (transfers, deposits, seeding) is a flow.
 * - A window of N days at `now` is the N x 24 hours ending with the current hour: it starts at
 *   S = floor(now / 1 h) x 1 h + 1 h - N days and takes every move at or after S.
 * - Amounts to 6 decimals; fractions to 6 decimals rounded towards zero.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { z } from 'zod';
import type { EquityPoint as EquityPointSchema, TraderWindow } from '../../../src/shared/schemas/follow';

type EquityPoint = z.infer<typeof EquityPointSchema>;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const WINDOW_DAYS = [7, 30, 90] as const;
/** The equity curve's length (TraderDetail). */
export const CURVE_DAYS = 30;
const DECIMALS = 6;

/** One journal row's net change of the trader's contract-account USDT. */
export interface Move {
  time: number;
  kind: string;
  amount: string;
}

/** A closed (or liquidated) own position of the trader. */
export interface ClosedPosition {
  id: number;
  closedAt: number;
  realisedPnl: string;
  fees: string;
  funding: string;
}

/** One hour of moves: trading results, flows into the account, and the net of everything. */
export interface Bucket {
  trading: Decimal;
  inflow: Decimal;
  net: Decimal;
}
/** Hour start (ms) -> the hour's moves. */
export type Buckets = Map<number, Bucket>;

/** COPY-9: a trading result (futures PnL, fees, funding, liquidation, profit share) or a flow. */
export function isTrading(kind: string): boolean {
  return kind.startsWith('futures_') || kind.startsWith('follow_');
}

export const hourOf = (time: number) => Math.floor(time / HOUR_MS) * HOUR_MS;

/** The start S of the N-day window at `now` (COPY-20). */
export function windowStart(now: number, days: number): number {
  return hourOf(now) + HOUR_MS - days * DAY_MS;
}

export function addMove(b: Buckets, m: Move): void {
  const amount = new Decimal(m.amount);
  if (amount.isZero()) return;
  const h = hourOf(m.time);
  let x = b.get(h);
  if (!x) b.set(h, (x = { trading: new Decimal(0), inflow: new Decimal(0), net: new Decimal(0) }));
  x.net = x.net.plus(amount);
  if (isTrading(m.kind)) x.trading = x.trading.plus(amount);
  else if (amount.gt(0)) x.inflow = x.inflow.plus(amount);
}

export function bucketsOf(moves: Iterable<Move>): Buckets {
  const b: Buckets = new Map();
  for (const m of moves) addMove(b, m);
  return b;
}

/** A position's result: realised PnL minus fees plus funding (COPY-21). */
export function positionResult(p: Pick<ClosedPosition, 'realisedPnl' | 'fees' | 'funding'>): Decimal {
  return new Decimal(p.realisedPnl).minus(p.fees).plus(p.funding);
}

const fraction = (d: Decimal) => d.toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN).toFixed(DECIMALS);
const amount = (d: Decimal) => d.toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN).toFixed(DECIMALS);

/** Net of every move at or after `from` (so equity at `from` = equity now minus this). */
function netSince(b: Buckets, from: number): Decimal {
  let s = new Decimal(0);
  for (const [h, x] of b) if (h >= from) s = s.plus(x.net);
  return s;
}

/** Largest fall from a running peak over the peak, on the given curve (peaks above zero only). */
export function maxDrawdown(curve: readonly Decimal[]): Decimal {
  let peak: Decimal | undefined;
  let worst = new Decimal(0);
  for (const v of curve) {
    if (!peak || v.gt(peak)) peak = v;
    if (peak.gt(0)) {
      const dd = peak.minus(v).div(peak);
      if (dd.gt(worst)) worst = dd;
    }
  }
  return worst;
}

/**
 * A lead trader's figures over the N days ending now (COPY-20, COPY-21): `buckets` must hold every move at or
 * after the window's start, `closed` every own position closed in it (others are ignored). The drawdown's curve
 * is the starting equity plus, hour by hour, the trading results and the inflows (outflows left out, so taking
 * money out is not a loss and paying money in is no gain).
 */
export function windowFigures(
  b: Buckets,
  closed: readonly ClosedPosition[],
  equityNow: string,
  now: number,
  days: number,
): TraderWindow {
  const start = windowStart(now, days);
  const startEquity = new Decimal(equityNow).minus(netSince(b, start));
  let pnl = new Decimal(0);
  let inflow = new Decimal(0);
  const curve: Decimal[] = [startEquity];
  let running = startEquity;
  for (let h = start; h <= hourOf(now); h += HOUR_MS) {
    const x = b.get(h);
    if (x) {
      pnl = pnl.plus(x.trading);
      inflow = inflow.plus(x.inflow);
      running = running.plus(x.trading).plus(x.inflow);
    }
    curve.push(running);
  }
  const base = startEquity.plus(inflow);
  const roi = base.gt(0) ? pnl.div(base) : new Decimal(0);
  let trades = 0;
  let wins = 0;
  for (const p of closed) {
    if (p.closedAt < start || p.closedAt > now) continue;
    trades++;
    if (positionResult(p).gt(0)) wins++;
  }
  return {
    days,
    roi: fraction(roi),
    pnl: amount(pnl),
    winRate: trades === 0 ? null : fraction(new Decimal(wins).div(trades)),
    maxDrawdown: fraction(maxDrawdown(curve)),
    trades,
  };
}

/**
 * The equity curve (COPY-22): the equity at each hour boundary of the last CURVE_DAYS days (the equity before
 * any move at or after that time), from the hour of the trader's first move if later, then the equity now.
 */
export function equityCurve(
  b: Buckets,
  equityNow: string,
  now: number,
  firstMove: number | undefined,
  days = CURVE_DAYS,
): EquityPoint[] {
  const eq = new Decimal(equityNow);
  let from = windowStart(now, days);
  if (firstMove !== undefined) from = Math.max(from, hourOf(firstMove));
  // Net of the moves at or after each boundary, walking back from now.
  const points: EquityPoint[] = [];
  let after = new Decimal(0);
  for (const [h, x] of b) if (h > hourOf(now)) after = after.plus(x.net);
  for (let h = hourOf(now); h >= from; h -= HOUR_MS) {
    const x = b.get(h);
    if (x) after = after.plus(x.net);
    points.push({ time: h, equity: amount(eq.minus(after)) });
  }
  points.reverse();
  points.push({ time: now, equity: amount(eq) });
  return points;
}

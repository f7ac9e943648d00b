/**
 * Start-up history so that no chart is ever empty (SIM-5). The path is generated backwards from the
 * listed price at `now` (a stationary walk reads the same both ways), then applied oldest first:
 *
 *   level  bars    span                                    gives at least
 *   F      1w      250 weeks before level E                300 x 1w
 *   E      1d      about 400 days before level D           470 x 1d
 *   D      4h      70 .. 20 days before today 00:00 UTC    420 x 4h
 *   C      30m     20 .. 5 days                            480 x 1h, 960 x 30m
 *   B      5m      5 .. 4 days                             480 x 15m, 1,440 x 5m
 *   A'     1m      4 days before today 00:00 .. the 24 h   }
 *                  window                                  } 5,760+ x 1m (a chart pages back 5,000+, SIM-5),
 *   A      trades  the 24 h window (1,440 minutes) .. now  } the 24 h statistics, recent trades
 *
 * Every boundary is at a bar boundary of both sides (UTC days, weeks for F/E), so each bar lies inside exactly
 * one candle of every interval at least as long as the bar, and every candle is the aggregate of the bars and
 * trades inside it: the intervals agree with each other wherever they overlap. Level A is made of sparse
 * synthetic trades (1 to 4 per minute, sized so volume matches the live rate), fed through the same path as
 * live trades; they also fill the recent-trades list.
 *
 * Level A is applied at start (the 24 h statistics, the ticker and the recent trades are made of it); levels A'
 * to F, the bars before the window, are generated only when something first reads that far back (SIM-13,
 * SymbolMarket.deferOlderHistory), with the same random draws, so the candles are the same bit for bit.
 */
import { candleOpenTime, INTERVAL_MS } from '../../../src/shared/protocol';
import { WINDOW_MINUTES } from './rolling24h';
import { NOTIONAL_LOG_SD, NOTIONAL_MEDIAN, REVERSION_PER_SEC, SIGMA_PER_SEC } from './model';
import type { Rng } from './rng';
import type { SymbolMarket } from './symbolMarket';

const MIN = 60_000;
const DAY = INTERVAL_MS['1d'];
const WEEK = INTERVAL_MS['1w'];
/** Days of 1m history before today 00:00 UTC (level A'): with today's minutes at least 5,760 1m candles. */
export const A_DAYS = 4;
/** Substeps of the walk inside one generated bar (its high and low come from them). */
const SUBSTEPS = 6;
/** Mean of the log-normal trade size relative to its median, so history volume matches the live volume. */
const MEAN_SIZE = Math.exp((NOTIONAL_LOG_SD * NOTIONAL_LOG_SD) / 2);

/** One level's bars, oldest first, already in minor units: open time, open, high, low, close, volume. */
interface Bars {
  n: number;
  dur: number;
  t: Float64Array;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  v: Float64Array;
}

/** Log price relative to the listed price -> whole ticks at the listed scale, at least one. */
type ToMinor = (lx: number) => number;

/**
 * Generates the bars of `dur` ms backwards over [from, to), ending at log price `x`, straight into typed arrays in
 * minor units (the random draws in the same order as ever). Returns [bars oldest first, x at `from`].
 * `qtyOfClose(c)` is the quantity of a median trade at close `c`.
 */
function barsBackward(
  rng: Rng,
  from: number,
  to: number,
  dur: number,
  x: number,
  rate: number,
  toMinor: ToMinor,
  qtyOfClose: (c: number) => number,
): [Bars, number] {
  const n = Math.max(0, Math.floor((to - from) / dur));
  const bars: Bars = {
    n,
    dur,
    t: new Float64Array(n),
    o: new Float64Array(n),
    h: new Float64Array(n),
    l: new Float64Array(n),
    c: new Float64Array(n),
    v: new Float64Array(n),
  };
  const subSec = dur / SUBSTEPS / 1000;
  const sdBase = SIGMA_PER_SEC * Math.sqrt(subSec);
  const pull = REVERSION_PER_SEC * subSec;
  const volBase = ((rate * dur) / 1000) * MEAN_SIZE;
  let volMult = 1;
  // The close of a bar is the open of the (later) bar generated just before it: the same x, the same ticks.
  let xMinor = toMinor(x);
  let i = n;
  for (let t = to - dur; t >= from; t -= dur) {
    i--;
    if (rng.next() < 0.1) volMult = Math.exp(0.4 * rng.normal());
    const sd = sdBase * volMult;
    let hi = x;
    let lo = x;
    for (let j = 0; j < SUBSTEPS; j++) {
      x = x - pull * x + sd * rng.normal();
      if (x > hi) hi = x;
      if (x < lo) lo = x;
    }
    const wick = sd * 0.5;
    const c = xMinor;
    const o = (xMinor = toMinor(x));
    const h = toMinor(hi + Math.abs(rng.normal()) * wick);
    const l = toMinor(lo - Math.abs(rng.normal()) * wick);
    const v = volBase * Math.exp(0.4 * rng.normal()) * volMult;
    bars.t[i] = t;
    bars.o[i] = o;
    bars.h[i] = h > o ? (h > c ? h : c) : o > c ? o : c;
    bars.l[i] = l < o ? (l < c ? l : c) : o < c ? o : c;
    bars.c[i] = c;
    bars.v[i] = Math.round(v * qtyOfClose(c));
  }
  return [bars, x];
}

export interface BackfillResult {
  /** Synthetic trades applied (level A). */
  trades: number;
}

/**
 * Fills `sm` with history up to `now`, ending at the listed price `priceMinor`.
 * `rate` is the symbol's mean live trade rate (trades/s), used to size volumes.
 */
export function backfill(sm: SymbolMarket, rng: Rng, now: number, priceMinor: number, rate: number): BackfillResult {
  const { priceScale: ps, qtyScale: qs } = sm.spec;
  const dayStart = candleOpenTime(now, '1d');
  const aStart = dayStart - A_DAYS * DAY;
  const liveMinute = candleOpenTime(now, '1m');
  const windowStart = liveMinute - (WINDOW_MINUTES - 1) * MIN;
  const bStart = dayStart - 5 * DAY;
  const cStart = dayStart - 20 * DAY;
  const dStart = dayStart - 70 * DAY;
  const eStart = candleOpenTime(dStart - 400 * DAY, '1w');
  const fStart = eStart - 250 * WEEK;

  // Level A, backwards: minute by minute, trade by trade, from x = 0 (the listed price) at now (1 to 4 trades a
  // minute, kept in typed arrays sized for 4).
  const most = (WINDOW_MINUTES + 1) * 4;
  const times = new Float64Array(most);
  const xs = new Float64Array(most);
  const qf = new Float64Array(most);
  const offs = new Float64Array(4);
  let n = 0;
  let x = 0;
  let volMult = 1;
  for (let mt = liveMinute; mt >= windowStart; mt -= MIN) {
    if (mt % (60 * MIN) === 0 || mt === liveMinute) volMult = Math.exp(0.5 * rng.normal());
    const k = 1 + Math.floor(rng.next() * 4);
    const span = Math.min(MIN, now - mt + 1);
    // k offsets, newest first (we walk backwards): an insertion sort, descending.
    for (let j = 0; j < k; j++) {
      const off = Math.floor(rng.next() * span);
      let i = j;
      for (; i > 0 && offs[i - 1] < off; i--) offs[i] = offs[i - 1];
      offs[i] = off;
    }
    const sd = SIGMA_PER_SEC * Math.sqrt(60 / k) * volMult;
    for (let j = 0; j < k; j++) {
      times[n] = mt + offs[j];
      xs[n] = x;
      qf[n] = ((rate * 60) / k) * Math.exp(NOTIONAL_LOG_SD * rng.normal());
      n++;
      x = x - REVERSION_PER_SEC * (60 / k) * x + sd * rng.normal();
    }
  }
  const toMinor: ToMinor = (lx) => {
    const p = Math.round(priceMinor * Math.exp(lx));
    return p >= 1 ? p : 1;
  };
  // model.ts's qtyFor(NOTIONAL_MEDIAN, c, ps, qs), the same arithmetic, its constants computed once.
  const notionalMinor = NOTIONAL_MEDIAN * 10 ** ps;
  const qtyUnit = 10 ** qs;
  const qtyOfClose = (c: number): number => {
    const q = Math.round((notionalMinor / c) * qtyUnit);
    return q >= 1 ? q : 1;
  };
  // Levels A' .. F (SIM-13): generated when something first reads before the window, from the rng as it is now
  // (nothing else draws from this history stream) and x at the window's start: the same bars as generating them
  // here. Until then the series hold only the window's trades and what trades after them.
  const xWindow = x;
  sm.deferOlderHistory((sink) => {
    const levels: Bars[] = [];
    let xl = xWindow;
    let to = windowStart;
    for (const [from, dur] of [
      [aStart, MIN],
      [bStart, INTERVAL_MS['5m']],
      [cStart, INTERVAL_MS['30m']],
      [dStart, INTERVAL_MS['4h']],
      [eStart, DAY],
      [fStart, WEEK],
    ] as const) {
      const [bars, xFrom] = barsBackward(rng, from, to, dur, xl, rate, toMinor, qtyOfClose);
      levels.push(bars);
      xl = xFrom;
      to = from;
    }
    for (const b of levels.reverse()) {
      if (b.n > 0) sink.reserve(b.t[0], now, b.dur);
      for (let i = 0; i < b.n; i++) sink.bar(b.t[i], b.dur, b.o[i], b.h[i], b.l[i], b.c[i], b.v[i]);
    }
  });

  // The series take the window's candles in one allocation each.
  sm.reserveSpan(windowStart, now);
  const keepFrom = n - sm.trades.cap;
  for (let i = n - 1, j = 0; i >= 0; i--, j++) {
    const price = i === 0 ? priceMinor : toMinor(xs[i]);
    const qty = Math.max(1, Math.round(qf[i] * qtyOfClose(price)));
    const prev = i < n - 1 ? xs[i + 1] : xs[i];
    sm.trade(times[i], price, qty, xs[i] >= prev ? 'buy' : 'sell', j >= keepFrom, true);
  }
  sm.finishBulk(now);
  return { trades: n };
}

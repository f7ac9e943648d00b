/**
 * The lead traders' figures as pure functions (COPY-9, COPY-20..22): a hand-built journal with its expected
 * figures, and a property test against a direct computation from the moves (no hourly buckets).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/shared/decimal';
import {
  bucketsOf,
  equityCurve,
  HOUR_MS,
  DAY_MS,
  isTrading,
  maxDrawdown,
  windowFigures,
  windowStart,
  type ClosedPosition,
  type Move,
} from './stats';

const NOW = Date.UTC(2026, 0, 10, 12, 30, 0);
const S7 = windowStart(NOW, 7);

// One journal row's net change of the contract account each; the hold nets to nothing.
const MOVES: Move[] = [
  { time: S7 - DAY_MS, kind: 'transfer', amount: '1000' },
  { time: S7 + HOUR_MS, kind: 'futures_open', amount: '-2' },
  { time: S7 + 2 * HOUR_MS + 5, kind: 'futures_close', amount: '50' },
  { time: S7 + 3 * HOUR_MS, kind: 'transfer', amount: '500' },
  { time: S7 + 5 * HOUR_MS, kind: 'futures_funding', amount: '-3' },
  { time: S7 + 6 * HOUR_MS, kind: 'futures_close', amount: '-120' },
  { time: S7 + 7 * HOUR_MS, kind: 'transfer', amount: '-100' },
  { time: S7 + 8 * HOUR_MS, kind: 'futures_order', amount: '0' },
];
const EQUITY_NOW = '1325';
const CLOSED: ClosedPosition[] = [
  { id: 1, closedAt: S7 + 2 * HOUR_MS, realisedPnl: '60', fees: '4', funding: '0' },
  { id: 2, closedAt: S7 + 6 * HOUR_MS, realisedPnl: '-110', fees: '6', funding: '-3' },
  { id: 3, closedAt: S7 - 2 * DAY_MS, realisedPnl: '5', fees: '1', funding: '0.5' },
];

describe('[COPY-9] [COPY-20] [COPY-21] figures from a hand-built journal', () => {
  it('trading kinds are the futures and profit-share rows; the rest are flows', () => {
    expect(
      ['futures_open', 'futures_close', 'futures_funding', 'futures_liquidation', 'follow_share'].map(isTrading),
    ).toEqual([true, true, true, true, true]);
    expect(['transfer', 'deposit', 'bot_seed', 'genesis'].map(isTrading)).toEqual([false, false, false, false]);
  });

  it('the 7-day window: PnL, return over the starting equity plus inflows, drawdown, win rate', () => {
    const w = windowFigures(bucketsOf(MOVES), CLOSED, EQUITY_NOW, NOW, 7);
    // pnl = -2 + 50 - 3 - 120; base = 1000 at the start + 500 paid in.
    expect(w).toEqual({
      days: 7,
      pnl: '-75.000000',
      roi: '-0.050000',
      // curve 1000, 998, 1048, 1548, 1548, 1545, 1425: (1548 - 1425) / 1548
      maxDrawdown: new Decimal(123).div(1548).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6),
      winRate: '0.500000',
      trades: 2,
    });
  });

  it('the 30-day window starts before the first transfer: that transfer is an inflow', () => {
    const w = windowFigures(bucketsOf(MOVES), CLOSED, EQUITY_NOW, NOW, 30);
    expect(w.pnl).toBe('-75.000000');
    expect(w.roi).toBe('-0.050000');
    // curve 0, 1000, ..., 1548 ... 1425: the same fall from the same peak.
    expect(w.maxDrawdown).toBe('0.079457');
    // position 3 is inside 30 days: 5 - 1 + 0.5 > 0.
    expect(w.winRate).toBe('0.666666');
    expect(w.trades).toBe(3);
  });

  it('no equity and no inflow: return 0; nothing closed: win rate null', () => {
    expect(windowFigures(new Map(), [], '0', NOW, 7)).toEqual({
      days: 7,
      pnl: '0.000000',
      roi: '0.000000',
      maxDrawdown: '0.000000',
      winRate: null,
      trades: 0,
    });
  });

  it("a move in the window's first hour counts; one a millisecond before the window does not", () => {
    const moves: Move[] = [
      { time: S7 - 1, kind: 'futures_close', amount: '7' },
      { time: S7, kind: 'futures_close', amount: '3' },
    ];
    const w = windowFigures(bucketsOf(moves), [], '110', NOW, 7);
    expect(w.pnl).toBe('3.000000');
    // start equity 107 (110 - 3)
    expect(w.roi).toBe(new Decimal(3).div(107).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6));
  });
});

describe('[COPY-22] the equity curve', () => {
  it('hourly points from the first move, then now; each the equity before the moves at or after it', () => {
    const b = bucketsOf(MOVES);
    const first = MOVES[0].time;
    const curve = equityCurve(b, EQUITY_NOW, NOW, first);
    expect(curve[0]).toEqual({ time: Math.floor(first / HOUR_MS) * HOUR_MS, equity: '0.000000' });
    expect(curve.at(-1)).toEqual({ time: NOW, equity: '1325.000000' });
    const at = (t: number) => curve.find((p) => p.time === t)!.equity;
    expect(at(S7)).toBe('1000.000000');
    expect(at(S7 + 2 * HOUR_MS)).toBe('998.000000');
    expect(at(S7 + 3 * HOUR_MS)).toBe('1048.000000');
    expect(at(S7 + 4 * HOUR_MS)).toBe('1548.000000');
    expect(at(S7 + 9 * HOUR_MS)).toBe('1325.000000');
    // Strictly increasing times, one an hour.
    for (let i = 1; i < curve.length - 1; i++) expect(curve[i].time - curve[i - 1].time).toBe(HOUR_MS);
  });

  it('at most 30 days of points', () => {
    const curve = equityCurve(new Map(), '5', NOW, 0);
    expect(curve).toHaveLength(30 * 24 + 1);
    expect(curve[0].time).toBe(windowStart(NOW, 30));
  });
});

/** The window's figures computed directly from the moves: no buckets, no cache. */
function direct(moves: Move[], equityNow: string, now: number, days: number) {
  const start = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS - days * DAY_MS;
  const inside = moves.filter((m) => m.time >= start).sort((a, b) => a.time - b.time);
  const e0 = inside.reduce((e, m) => e.minus(m.amount), new Decimal(equityNow));
  const trading = (m: Move) => /^(futures|follow)_/.test(m.kind);
  const pnl = inside.filter(trading).reduce((s, m) => s.plus(m.amount), new Decimal(0));
  const inflow = inside
    .filter((m) => !trading(m) && new Decimal(m.amount).gt(0))
    .reduce((s, m) => s.plus(m.amount), new Decimal(0));
  const base = e0.plus(inflow);
  // The curve at every hour's end.
  const curve = [e0];
  for (let h = 1; h <= days * 24; h++) {
    const end = start + h * HOUR_MS;
    const v = inside
      .filter((m) => m.time < end && (trading(m) || new Decimal(m.amount).gt(0)))
      .reduce((s, m) => s.plus(m.amount), e0);
    curve.push(v);
  }
  return {
    pnl: pnl.toFixed(6),
    roi: (base.gt(0) ? pnl.div(base) : new Decimal(0)).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6),
    maxDrawdown: maxDrawdown(curve).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6),
  };
}

describe('[COPY-20] property: the bucketed figures equal a direct computation from the moves', () => {
  it('for random journals', () => {
    const kinds = ['futures_open', 'futures_close', 'futures_funding', 'follow_share', 'transfer', 'bot_seed'];
    const move = fc.record({
      ago: fc.integer({ min: 0, max: 9 * DAY_MS }),
      kind: fc.constantFrom(...kinds),
      cents: fc.integer({ min: -50_000, max: 50_000 }),
    });
    fc.assert(
      fc.property(fc.array(move, { maxLength: 40 }), fc.integer({ min: 0, max: 1_000_000 }), (raw, before) => {
        const moves: Move[] = raw.map((m) => ({
          time: NOW - m.ago,
          kind: m.kind,
          amount: new Decimal(m.cents).div(100).toFixed(),
        }));
        const equityNow = moves.reduce((s, m) => s.plus(m.amount), new Decimal(before).div(100)).toFixed();
        const w = windowFigures(bucketsOf(moves), [], equityNow, NOW, 7);
        const d = direct(moves, equityNow, NOW, 7);
        expect({ pnl: w.pnl, roi: w.roi, maxDrawdown: w.maxDrawdown }).toEqual(d);
      }),
      { numRuns: 60 },
    );
  });
});

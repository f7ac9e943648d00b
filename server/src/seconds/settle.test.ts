/**
 * The pure settlement (SEC-5, SEC-6) against an independent reproduction written separately here: a naive scan of
 * the whole published log (array order = publication order), prices compared as integers of their minor unit,
 * the payout computed with decimal.js (settle.ts uses bigint string arithmetic). 1,000 random contracts on random
 * logs with several trades in the same millisecond, ties (draws) and periods that end between trades or exactly
 * on a trade.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/shared/decimal';
import { settleSecond, type LoggedTrade, type SettleOrder } from './settle';

// ------------------------------------------------------------------ the independent reproduction

/** Price "123.45" (always 2 decimals, as the simulator prints them) as an integer of cents. */
function cents(p: string): number {
  const m = /^(\d+)\.(\d\d)$/.exec(p);
  if (!m) throw new Error(`bad price ${p}`);
  return Number(m[1]) * 100 + Number(m[2]);
}

interface NaiveContract {
  direction: 'up' | 'down';
  stake: string;
  ratio: string;
  openTime: number;
  periodMs: number;
}

/** Reads the whole log from the start: entry, exit, result and payout, nothing shared with settle.ts. */
function naive(log: readonly LoggedTrade[], c: NaiveContract) {
  let entry: LoggedTrade | undefined;
  for (const t of log) if (t.time <= c.openTime) entry = t;
  if (!entry) throw new Error('no entry');
  const closeTime = c.openTime + c.periodMs;
  let exit: LoggedTrade | undefined;
  for (const t of log) if (t.time <= closeTime) exit = t;
  const a = cents(entry.price);
  const b = cents(exit!.price);
  const result = a === b ? 'draw' : b > a === (c.direction === 'up') ? 'win' : 'lose';
  const payout =
    result === 'draw'
      ? new Decimal(c.stake).toFixed()
      : result === 'lose'
        ? '0'
        : new Decimal(c.stake).plus(new Decimal(c.stake).times(c.ratio)).toFixed();
  return { entry, closeTime, exit: exit!, result, payout };
}

// ------------------------------------------------------------------ random logs and contracts

const PERIODS_MS = [30_000, 60_000, 120_000, 180_000, 300_000];
const RATIOS = ['0.8', '0.82', '0.85', '0.8125', '0.9999', '1'];
const T0 = 1_767_225_600_000;

/** A published log: times never go back, often several trades in one ms; prices from a few levels so ties are common. */
const logArb = fc
  .array(
    fc.record({
      gap: fc.oneof(
        fc.constant(0),
        fc.constant(0),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 60_000 }),
      ),
      level: fc.integer({ min: 0, max: 4 }),
    }),
    { minLength: 1, maxLength: 200 },
  )
  .map((steps) => {
    let time = T0;
    return steps.map((s, i): LoggedTrade => {
      time += s.gap;
      return { id: i + 1, time, price: ['99.50', '99.99', '100.00', '100.01', '100.50'][s.level] };
    });
  });

const contractArb = fc.record({
  direction: fc.constantFrom('up' as const, 'down' as const),
  stake: fc.integer({ min: 1_000, max: 5_000_000 }).map((c) => new Decimal(c).div(100).toFixed()),
  ratio: fc.constantFrom(...RATIOS),
  periodMs: fc.constantFrom(...PERIODS_MS),
  /** Where it opens: on a trade's time, between trades, or so that it closes exactly on a trade. */
  anchor: fc.oneof(
    fc.record({ kind: fc.constant('at' as const), pick: fc.nat(), shift: fc.integer({ min: -5, max: 5 }) }),
    fc.record({ kind: fc.constant('closeOn' as const), pick: fc.nat(), shift: fc.constant(0) }),
  ),
});

describe('settleSecond: the pure settlement', () => {
  const entry = { id: 7, time: 1_000, price: '100.00' };
  const order = (direction: 'up' | 'down', amount = '100'): SettleOrder => ({
    direction,
    amount,
    ratio: '0.85',
    entry,
    closeTime: 31_000,
  });

  it('[SEC-5] the exit is the last trade at or before closeTime, the later one of a tie in time; later trades never count', () => {
    const log = [
      entry,
      { id: 8, time: 20_000, price: '99.00' },
      { id: 9, time: 31_000, price: '101.00' },
      { id: 10, time: 31_000, price: '102.00' },
      { id: 11, time: 31_001, price: '50.00' },
    ];
    expect(settleSecond(order('up'), log)).toEqual({
      result: 'win',
      exit: { id: 10, time: 31_000, price: '102.00' },
      payout: '185',
    });
    expect(settleSecond(order('down'), log)).toMatchObject({ result: 'lose', payout: '0' });
  });

  it('[SEC-5] an equal price is a draw that refunds the stake; no trade after the entry means the entry is the exit', () => {
    expect(settleSecond(order('up', '12.34'), [entry])).toEqual({ result: 'draw', exit: entry, payout: '12.34' });
    expect(settleSecond(order('down', '12.34'), [])).toEqual({ result: 'draw', exit: entry, payout: '12.34' });
    // Trades from before the entry are never the exit, whatever the list holds.
    expect(settleSecond(order('up'), [{ id: 1, time: 999, price: '500.00' }])).toMatchObject({ result: 'draw' });
    expect(
      settleSecond(order('down'), [entry, { id: 8, time: 5_000, price: '100.0' }]).result,
      'prices compare by value, not by their text',
    ).toBe('draw');
  });

  it('[SEC-6] a win pays stake + stake x ratio exactly (6 decimals at most, nothing rounded)', () => {
    const up = { ...order('up', '12345.67'), ratio: '0.8125' };
    const s = settleSecond(up, [entry, { id: 8, time: 2_000, price: '100.01' }]);
    expect(s.payout).toBe('22376.526875'); // 12345.67 + 10030.856875
  });

  it('[SEC-5][SEC-6] agrees with a naive scan of the whole log on 1,000 random contracts (ties, ends between trades, same-ms trades)', () => {
    const seen = { draw: 0, win: 0, lose: 0, betweenTrades: 0, onATrade: 0, sameMsExit: 0, afterLog: 0 };
    let contracts = 0;
    fc.assert(
      fc.property(logArb, contractArb, (log, c) => {
        const target = log[c.anchor.pick % log.length];
        const at = c.anchor.kind === 'closeOn' ? target.time - c.periodMs : target.time + c.anchor.shift;
        // A contract needs an entry: it opens at or after the first trade.
        const openTime = Math.max(log[0].time, at);
        const want = naive(log, { ...c, openTime });
        contracts++;
        const o: SettleOrder = {
          direction: c.direction,
          amount: c.stake,
          ratio: c.ratio,
          entry: want.entry,
          closeTime: want.closeTime,
        };
        // What the server holds: the entry and everything published after it (the log from the entry on) ...
        const since = log.slice(log.indexOf(want.entry));
        // ... and what its query hands over: only the last trade between the entry and closeTime.
        const last = since.filter((t) => t.time <= want.closeTime).at(-1);
        for (const trades of [log, since, last ? [last] : []]) {
          const got = settleSecond(o, trades);
          expect(got.exit).toBe(want.exit);
          expect(got.result).toBe(want.result);
          expect(got.payout).toBe(want.payout);
        }
        seen[want.result as 'draw' | 'win' | 'lose']++;
        if (log.some((t) => t.time === want.closeTime)) seen.onATrade++;
        else if (log.some((t) => t.time > want.closeTime)) seen.betweenTrades++;
        else seen.afterLog++;
        if (log.filter((t) => t.time === want.exit.time).length > 1) seen.sameMsExit++;
      }),
      { numRuns: 1_000, seed: 20260101 },
    );
    expect(contracts).toBe(1_000);
    // The random contracts did cover every case the rule talks about.
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(20);
  });
});

/**
 * The pure settlement (OPT-6) against an independent reproduction written separately here: a naive scan of the
 * whole published log (array order = publication order) for the last trade at or before expiry, prices as
 * integers of cents and the payout in bigint millionths, truncated. 1,000 random calls and puts on random logs,
 * in, out of and at the money, with expiries between trades, exactly on a trade, before any trade after the
 * purchase, and several trades in one millisecond.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settleOptions, type LoggedTrade, type SettleOption } from './settle';

// ------------------------------------------------------------------ the independent reproduction

/** "123.45" as cents. */
function cents(p: string): bigint {
  const m = /^(\d+)\.(\d\d)$/.exec(p);
  if (!m) throw new Error(`bad price ${p}`);
  return BigInt(m[1]) * 100n + BigInt(m[2]);
}
/** A quantity with at most 6 decimals as millionths. */
function micro(q: string): bigint {
  const [i, f = ''] = q.split('.');
  return BigInt(i) * 1_000_000n + BigInt(f.padEnd(6, '0'));
}
const fmt6 = (v: bigint) => `${v / 1_000_000n}.${(v % 1_000_000n).toString().padStart(6, '0')}`;

interface Naive {
  kind: 'call' | 'put';
  strike: string;
  quantity: string;
  buyTime: number;
  expiry: number;
}

function naive(log: readonly LoggedTrade[], o: Naive) {
  let exit: LoggedTrade | undefined;
  for (const t of log) if (t.time <= o.expiry) exit = t;
  if (!exit) throw new Error('no trade before expiry');
  const diff = o.kind === 'call' ? cents(exit.price) - cents(o.strike) : cents(o.strike) - cents(exit.price);
  // cents x millionths = 1e-8 units; truncated to millionths of USDT
  const payout = diff > 0n ? (diff * micro(o.quantity)) / 100n : 0n;
  return { exit, payout: fmt6(payout) };
}

// ------------------------------------------------------------------ random logs and options

const T0 = 1_767_225_600_000;
const LEVELS = ['99.98', '99.99', '100.00', '100.01', '100.02', '100.50', '101.00', '98.75'];

const logArb = fc
  .array(
    fc.record({
      gap: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 5000 })),
      price: fc.constantFrom(...LEVELS),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((rows) => {
    let t = T0;
    return rows.map((r, i) => ({ id: i + 1, time: (t += r.gap), price: r.price }));
  });

const optionArb = fc.record({
  kind: fc.constantFrom<'call' | 'put'>('call', 'put'),
  strike: fc.oneof(fc.constantFrom(...LEVELS), fc.constantFrom('99.00', '100.00', '100.25', '102.00')),
  quantity: fc.oneof(
    fc.constantFrom('1', '0.5', '3'),
    fc.integer({ min: 1, max: 99_999_999 }).map((n) => fmt6(BigInt(n))),
  ),
  buyPick: fc.nat(),
  expiryPick: fc.oneof(
    fc.constant('onTrade' as const),
    fc.constant('between' as const),
    fc.constant('beforeNext' as const),
    fc.constant('afterAll' as const),
  ),
  offset: fc.nat(),
});

describe('[OPT-6] settlement from the trade log', () => {
  it('[OPT-6] 1,000 random options settle as an independent scan of the log says', () => {
    fc.assert(
      fc.property(logArb, optionArb, (log, o) => {
        const buyIndex = o.buyPick % log.length;
        // bought somewhere between the entry and the next trade (never before the entry's time)
        const next = log.find((t) => t.time > log[buyIndex].time);
        const entryIndex = log.findLastIndex((t) => t.time === log[buyIndex].time);
        const entry = log[entryIndex];
        const buyTime = entry.time + (next ? o.offset % Math.max(1, next.time - entry.time) : o.offset % 1000);
        const later = log.filter((t) => t.time > buyTime);
        let expiry: number;
        if (o.expiryPick === 'onTrade' && later.length) expiry = later[o.offset % later.length].time;
        else if (o.expiryPick === 'between' && later.length > 1) {
          const i = o.offset % (later.length - 1);
          expiry = later[i].time + Math.floor((later[i + 1].time - later[i].time) / 2);
        } else if (o.expiryPick === 'beforeNext' && later.length) expiry = Math.max(buyTime, later[0].time - 1);
        else expiry = (log.at(-1)?.time ?? T0) + 1 + (o.offset % 1000);
        expiry = Math.max(expiry, buyTime + 1);
        const order: SettleOption = {
          id: 7,
          kind: o.kind,
          strike: o.strike,
          quantity: o.quantity,
          expiry,
          entry,
        };
        const want = naive(log, { ...o, buyTime, expiry });
        const [whole] = settleOptions([order], log);
        expect(whole).toEqual({ id: 7, exit: want.exit, settlePrice: want.exit.price, payout: want.payout });
        // the log from the entry on (what the persisted log holds) gives the same
        const [fromEntry] = settleOptions([order], log.slice(entryIndex));
        expect(fromEntry).toEqual(whole);
      }),
      { numRuns: 1000, seed: 14_000 },
    );
  });

  it('[OPT-6] several trades in the expiry millisecond: the one published last; none after the entry: the entry', () => {
    const log: LoggedTrade[] = [
      { id: 1, time: T0, price: '100.00' },
      { id: 2, time: T0 + 10, price: '101.00' },
      { id: 3, time: T0 + 10, price: '99.00' },
      { id: 4, time: T0 + 11, price: '150.00' },
    ];
    const call = { id: 1, kind: 'call' as const, strike: '98.50', quantity: '2', expiry: T0 + 10, entry: log[0] };
    expect(settleOptions([call], log)[0]).toMatchObject({ exit: log[2], settlePrice: '99.00', payout: '1.000000' });
    const put = { ...call, id: 2, kind: 'put' as const, expiry: T0 + 5 };
    expect(settleOptions([put], log.slice(1))[0]).toMatchObject({ exit: log[0], payout: '0.000000' });
    // at the money pays nothing
    expect(settleOptions([{ ...call, strike: '99.00' }], log)[0].payout).toBe('0.000000');
  });
});

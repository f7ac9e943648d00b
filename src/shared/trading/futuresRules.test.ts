/**
 * The futures arithmetic against an independent reference written in exact rationals of bigints (no decimal.js),
 * for 1,000 random positions built by random opens, partial closes and margin changes, both sides and several
 * leverages. The checks' tests are in futuresChecks.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FuturesPair, PositionCore } from './futuresRules';
import { averageEntry, initialMargin, liquidationPrice, markFigures, pnlAt, releasedMargin } from './futuresRules';
import { TEST_FUTURES_PAIR } from './testPair';

// ------------------------------------------------------------------ the reference: rationals of bigints

type Q = { n: bigint; d: bigint };
const q = (s: string): Q => {
  const neg = s.startsWith('-');
  const t = neg ? s.slice(1) : s;
  const [i, f = ''] = t.split('.');
  const d = 10n ** BigInt(f.length);
  const n = BigInt(i + f);
  return norm({ n: neg ? -n : n, d });
};
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const norm = (x: Q): Q => {
  const g = gcd(x.n, x.d) || 1n;
  const s = x.d < 0n ? -1n : 1n;
  return { n: (s * x.n) / g, d: (s * x.d) / g };
};
const add = (a: Q, b: Q) => norm({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const sub = (a: Q, b: Q) => add(a, { n: -b.n, d: b.d });
const mul = (a: Q, b: Q) => norm({ n: a.n * b.n, d: a.d * b.d });
const div = (a: Q, b: Q) => norm({ n: a.n * b.d, d: a.d * b.n });
const cmp = (a: Q, b: Q) => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};
const floorDiv = (a: bigint, b: bigint) => {
  const r = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? r - 1n : r;
};
/** Rounds to `dp` decimals: 'floor', 'ceil', 'halfUp' (positive only). */
const round = (x: Q, dp: number, mode: 'floor' | 'ceil' | 'halfUp'): Q => {
  const s = 10n ** BigInt(dp);
  const scaled = x.n * s;
  let v: bigint;
  if (mode === 'floor') v = floorDiv(scaled, x.d);
  else if (mode === 'ceil') v = -floorDiv(-scaled, x.d);
  else v = floorDiv(scaled * 2n + x.d, 2n * x.d);
  return norm({ n: v, d: s });
};
const str = (x: Q, dp: number): string => {
  const s = 10n ** BigInt(dp);
  const v = (x.n * s) / x.d; // exact after rounding
  const neg = v < 0n;
  const a = (neg ? -v : v).toString().padStart(dp + 1, '0');
  const out = dp === 0 ? a : `${a.slice(0, a.length - dp)}.${a.slice(a.length - dp)}`;
  return neg ? `-${out}` : out;
};
const ZERO = q('0');
const ONE = q('1');

const refLiq = (pair: FuturesPair, p: { side: string; shares: Q; entry: Q; margin: Q }): string => {
  const qty = mul(p.shares, q(pair.shareNumber));
  if (qty.n === 0n) return str(ZERO, pair.baseScale);
  const room = div(mul(q(pair.lossRate), p.margin), qty);
  const raw =
    p.side === 'long'
      ? round(sub(p.entry, room), pair.baseScale, 'ceil')
      : round(add(p.entry, room), pair.baseScale, 'floor');
  return str(cmp(raw, ZERO) < 0 ? ZERO : raw, pair.baseScale);
};
const refPnl = (pair: FuturesPair, side: string, entry: Q, shares: Q, price: Q): Q => {
  const raw = mul(mul(sub(price, entry), shares), q(pair.shareNumber));
  return round(side === 'long' ? raw : { n: -raw.n, d: raw.d }, 6, 'floor');
};
const refRatio = (pair: FuturesPair, margin: Q, pnl: Q): string => {
  const equity = add(margin, pnl);
  if (cmp(equity, ZERO) <= 0) return '1.0000';
  const r = round(div(mul(margin, sub(ONE, q(pair.lossRate))), equity), 4, 'ceil');
  return str(cmp(r, ONE) > 0 ? ONE : r, 4);
};

const PAIR = TEST_FUTURES_PAIR;

type Op =
  | { kind: 'open'; shares: number; price: number }
  | { kind: 'close'; shares: number }
  | { kind: 'margin'; cents: number };

describe('futures arithmetic against an independent reference', () => {
  it('[FUT-6] [FUT-7] liquidation price, PnL and margin ratio of 1,000 random positions', () => {
    const price = fc.integer({ min: 100_000, max: 10_000_000 }); // 1000.00 .. 100000.00 in cents
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('open' as const), shares: fc.integer({ min: 1, max: 300 }), price }),
      fc.record({ kind: fc.constant('close' as const), shares: fc.integer({ min: 1, max: 300 }) }),
      fc.record({ kind: fc.constant('margin' as const), cents: fc.integer({ min: -50_000, max: 50_000 }) }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        fc.constantFrom(5, 10, 20, 50, 100),
        fc.constantFrom('0.8', '0.5', '1'),
        price,
        fc.integer({ min: 1, max: 300 }),
        fc.array(op, { maxLength: 8 }),
        price,
        (side, leverage, lossRate, p0, s0, ops, markCents) => {
          const pair = { ...PAIR, lossRate };
          const cents = (c: number) => (c / 100).toFixed(2);
          // The shared functions' position, and the reference's.
          let pos: PositionCore = {
            side,
            shares: String(s0),
            entryPrice: averageEntry(pair, undefined, String(s0), cents(p0)),
            margin: initialMargin(pair, s0, cents(p0), leverage),
          };
          let ref = {
            side,
            shares: q(String(s0)),
            entry: round(q(cents(p0)), 6, 'halfUp'),
            margin: round(
              div(mul(mul(q(String(s0)), q(pair.shareNumber)), q(cents(p0))), q(String(leverage))),
              6,
              'ceil',
            ),
          };
          for (const o of ops) {
            if (o.kind === 'open') {
              pos = {
                ...pos,
                entryPrice: averageEntry(pair, pos, String(o.shares), cents(o.price)),
                shares: String(Number(pos.shares) + o.shares),
                margin: addStr(pos.margin, initialMargin(pair, o.shares, cents(o.price), leverage)),
              };
              const total = add(ref.shares, q(String(o.shares)));
              const cost = add(mul(ref.entry, ref.shares), mul(q(cents(o.price)), q(String(o.shares))));
              ref = {
                ...ref,
                entry: round(div(cost, total), 6, 'halfUp'),
                shares: total,
                margin: add(
                  ref.margin,
                  round(
                    div(mul(mul(q(String(o.shares)), q(pair.shareNumber)), q(cents(o.price))), q(String(leverage))),
                    6,
                    'ceil',
                  ),
                ),
              };
            } else if (o.kind === 'close') {
              if (o.shares >= Number(pos.shares)) continue;
              const released = releasedMargin(pos, String(o.shares));
              pos = { ...pos, shares: String(Number(pos.shares) - o.shares), margin: subStr(pos.margin, released) };
              const rel = round(div(mul(ref.margin, q(String(o.shares))), ref.shares), 6, 'floor');
              ref = { ...ref, shares: sub(ref.shares, q(String(o.shares))), margin: sub(ref.margin, rel) };
            } else {
              const m = add(ref.margin, q(cents(o.cents)));
              if (cmp(m, q('0.01')) < 0) continue;
              ref = { ...ref, margin: m };
              pos = { ...pos, margin: str(m, 6) };
            }
            expect(pos.entryPrice).toBe(str(ref.entry, 6));
            expect(pos.margin).toBe(str(ref.margin, 6));
          }
          const mark = cents(markCents);
          expect(liquidationPrice(pair, pos)).toBe(refLiq(pair, ref));
          const pnl = refPnl(pair, side, ref.entry, ref.shares, q(mark));
          expect(pnlAt(pair, side, pos.entryPrice, pos.shares, mark)).toBe(str(pnl, 6));
          const f = markFigures(pair, pos, mark);
          expect(f.unrealisedPnl).toBe(str(pnl, 6));
          expect(f.marginRatio).toBe(refRatio(pair, ref.margin, pnl));
        },
      ),
      { numRuns: 1000, seed: 20261123 },
    );
  });
});

function addStr(a: string, b: string): string {
  return str(add(q(a), q(b)), 6);
}
function subStr(a: string, b: string): string {
  return str(sub(q(a), q(b)), 6);
}

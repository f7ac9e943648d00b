/** The follow form's check and the mirroring arithmetic (COPY-4, COPY-12..14), with properties for the money. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal';
import { checkFollow, copyCloseShares, copyMargin, profitShare } from './followRules';

describe('[COPY-4] checkFollow', () => {
  it('names the first failing rule', () => {
    const ok = { mode: 'fixed' as const, amount: '20', maxTotal: '200' };
    expect(checkFollow(ok)).toEqual({ ok: true });
    const cases: [Parameters<typeof checkFollow>[0], string][] = [
      [{ ...ok, amount: '0.5' }, 'amount'],
      [{ ...ok, amount: '100001' }, 'amount'],
      [{ ...ok, amount: 'ten' }, 'amount'],
      [{ mode: 'ratio', ratio: '0.001', maxTotal: '200' }, 'ratio'],
      [{ mode: 'ratio', ratio: '11', maxTotal: '200' }, 'ratio'],
      [{ ...ok, maxTotal: '0' }, 'maxTotal'],
      [{ ...ok, maxTotal: '10' }, 'maxTotal'],
      [{ ...ok, stopLoss: '-1' }, 'stopLoss'],
      [{ ...ok, stopLoss: '0' }, 'stopLoss'],
    ];
    for (const [input, rule] of cases) expect(checkFollow(input)).toMatchObject({ ok: false, rule });
    expect(checkFollow({ ...ok, stopLoss: '' })).toEqual({ ok: true });
    expect(checkFollow({ mode: 'ratio', ratio: '0.5', maxTotal: '1' })).toEqual({ ok: true });
  });
});

describe('[COPY-12] [COPY-13] [COPY-14] the mirroring arithmetic', () => {
  it('copyMargin: the fixed amount, or the lead margin times the ratio rounded down to 6 decimals', () => {
    expect(copyMargin({ mode: 'fixed', amount: '20' }, '999')).toBe('20.000000');
    expect(copyMargin({ mode: 'ratio', ratio: '0.3' }, '10.0000019')).toBe('3.000000');
  });

  it('copyCloseShares: the same proportion, whole shares, never more than the copy, all of it when the lead closes all', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (follower, lead, closed) => {
          const c = closed > lead ? lead : closed;
          const n = new Decimal(copyCloseShares(String(follower), String(lead), String(c)));
          expect(n.isInteger()).toBe(true);
          expect(n.lte(follower)).toBe(true);
          if (c === lead) expect(n.toNumber()).toBe(follower);
          else expect(n.toNumber()).toBe(Math.floor((follower * c) / lead));
        },
      ),
    );
  });

  it('profitShare: pnl x rate rounded down when pnl > 0, else 0; never above the profit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 4000 }),
        (micro, bp) => {
          const pnl = new Decimal(micro).div(1_000_000).toFixed();
          const rate = new Decimal(bp).div(10_000).toFixed();
          const s = new Decimal(profitShare(pnl, rate));
          if (micro <= 0) expect(s.isZero()).toBe(true);
          else {
            expect(s.gte(0)).toBe(true);
            expect(s.lte(new Decimal(pnl).times(rate))).toBe(true);
            expect(new Decimal(pnl).times(rate).minus(s).lt('0.000001')).toBe(true);
          }
        },
      ),
    );
  });
});

/**
 * The pricing model (OPT-2, OPT-9, OPT-10): Black-Scholes against a reference written independently here (the
 * normal distribution by Marsaglia's Taylor series in 50-digit decimal arithmetic, against pricing.ts's float64
 * erfc series and continued fraction), the expiry series, the strikes and the volatility.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/shared/decimal';
import {
  blackScholes,
  expirySeries,
  normCdf,
  realisedVolatility,
  strikeStep,
  strikesAround,
  unitPremium,
  YEAR_MS,
} from './pricing';

// ------------------------------------------------------------------ the independent reference

const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN });
type D = InstanceType<typeof D>;
const TWO_PI = D.acos(-1).times(2);

/** Phi(x) = 1/2 + phi(x) (x + x^3/3 + x^5/(3 5) + ...), Marsaglia (2004), in 50-digit decimals. */
function refPhi(x: D): D {
  if (x.abs().gt(12)) return x.isNeg() ? new D(0) : new D(1);
  const x2 = x.times(x);
  let term = x;
  let sum = x;
  for (let n = 1; n < 2000; n++) {
    term = term.times(x2).div(2 * n + 1);
    sum = sum.plus(term);
    if (term.abs().lt('1e-45')) break;
  }
  const density = x2.div(-2).exp().div(TWO_PI.sqrt());
  return density.times(sum).plus('0.5');
}

function refBlackScholes(kind: 'call' | 'put', s: number, k: number, vol: number, years: number): number {
  const S = new D(s);
  const K = new D(k);
  const sd = new D(vol).times(new D(years).sqrt());
  const d1 = S.div(K).ln().plus(sd.times(sd).div(2)).div(sd);
  const d2 = d1.minus(sd);
  const v =
    kind === 'call'
      ? S.times(refPhi(d1)).minus(K.times(refPhi(d2)))
      : K.times(refPhi(d2.neg())).minus(S.times(refPhi(d1.neg())));
  return v.toNumber();
}

// ------------------------------------------------------------------ tests

describe('[OPT-10] Black-Scholes', () => {
  it('[OPT-10] the normal distribution matches the 50-digit reference within 1e-15', () => {
    for (let x = -40; x <= 40; x += 0.01) {
      const want = refPhi(new D(x)).toNumber();
      expect(Math.abs(normCdf(x) - want), `x = ${x}`).toBeLessThan(1e-15);
    }
  });

  it('[OPT-10] the premium is within 1e-9 of the reference for 1,000 random options', () => {
    const input = fc.record({
      kind: fc.constantFrom<'call' | 'put'>('call', 'put'),
      // spot from 0.0001 to 100,000 (log-uniform), strike within 50 % of it
      logSpot: fc.double({ min: Math.log(1e-4), max: Math.log(1e5), noNaN: true }),
      moneyness: fc.double({ min: 0.5, max: 1.5, noNaN: true }),
      vol: fc.double({ min: 0.2, max: 3, noNaN: true }),
      // 1 minute to 25 hours
      ms: fc.integer({ min: 60_000, max: 25 * 3_600_000 }),
    });
    fc.assert(
      fc.property(input, ({ kind, logSpot, moneyness, vol, ms }) => {
        const s = Math.exp(logSpot);
        const k = s * moneyness;
        const years = ms / YEAR_MS;
        const got = blackScholes(kind, s, k, vol, years);
        const want = refBlackScholes(kind, s, k, vol, years);
        expect(Math.abs(got - want), `${kind} S=${s} K=${k} vol=${vol} T=${years}`).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 1000, seed: 20261123 },
    );
  });

  it('[OPT-10] put-call parity holds (r = 0: call - put = S - K) and at expiry the value is intrinsic', () => {
    expect(blackScholes('call', 100, 90, 0.5, 0.01) - blackScholes('put', 100, 90, 0.5, 0.01)).toBeCloseTo(10, 10);
    expect(blackScholes('call', 100, 90, 0.5, 0)).toBe(10);
    expect(blackScholes('put', 100, 90, 0.5, 0)).toBe(0);
  });

  it('[OPT-10] the unit premium is rounded up to the price decimals, at least one tick', () => {
    const years = 300_000 / YEAR_MS;
    const exact = blackScholes('call', 65000, 65000, 0.6, years);
    const p = unitPremium('call', '65000.00', '65000.00', '0.6', years, 2);
    expect(p).toBe(new Decimal(exact.toPrecision(17)).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2));
    expect(new Decimal(p).gte(exact)).toBe(true);
    // far out of the money: worth nothing in the model, offered at one tick
    expect(unitPremium('call', '100.00', '150.00', '0.2', 60_000 / YEAR_MS, 2)).toBe('0.01');
    expect(unitPremium('put', '0.123456', '0.06', '0.2', 60_000 / YEAR_MS, 6)).toBe('0.000001');
  });
});

describe('[OPT-2] expiry series and strikes', () => {
  const T = Date.UTC(2026, 0, 1, 12, 0, 0);
  const at = (h: number, m: number, s = 0, ms = 0) => Date.UTC(2026, 0, 1, h, m, s, ms);

  it('[OPT-2] each tenor takes the next UTC boundary at least its lead away', () => {
    expect(expirySeries(T)).toEqual([
      { tenor: '5m', expiry: at(12, 5) },
      { tenor: '15m', expiry: at(12, 15) },
      { tenor: '1h', expiry: at(13, 0) },
      { tenor: '1d', expiry: Date.UTC(2026, 0, 2) },
    ]);
    // exactly the lead before a boundary: still that boundary; one ms later: the next one
    expect(expirySeries(at(12, 4))[0].expiry).toBe(at(12, 5));
    expect(expirySeries(at(12, 4, 0, 1))[0].expiry).toBe(at(12, 10));
    expect(expirySeries(at(12, 12))[1].expiry).toBe(at(12, 15));
    expect(expirySeries(at(12, 12, 0, 1))[1].expiry).toBe(at(12, 30));
    expect(expirySeries(at(12, 50))[2].expiry).toBe(at(13, 0));
    expect(expirySeries(at(12, 50, 0, 1))[2].expiry).toBe(at(14, 0));
    expect(expirySeries(at(23, 0))[3].expiry).toBe(Date.UTC(2026, 0, 2));
    expect(expirySeries(at(23, 0, 0, 1))[3].expiry).toBe(Date.UTC(2026, 0, 3));
  });

  it('[OPT-2] for any time every series is a boundary of its length, at least its lead and at most lead + length away', () => {
    const lengths = [300_000, 900_000, 3_600_000, 86_400_000];
    const leads = [60_000, 180_000, 600_000, 3_600_000];
    fc.assert(
      fc.property(fc.integer({ min: T, max: T + 400 * 86_400_000 }), (now) => {
        expirySeries(now).forEach((s, i) => {
          expect(s.expiry % lengths[i]).toBe(0);
          expect(s.expiry - now).toBeGreaterThanOrEqual(leads[i]);
          expect(s.expiry - now).toBeLessThan(leads[i] + lengths[i]);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('[OPT-2] the step is the nice number nearest spot x vol x sqrt(T) / 2, a whole number of ticks', () => {
    // 65000 x 0.6 x sqrt(5 min in years = 0.003084) / 2 = 60.1: 50 (ratio 1.20) beats 100 (1.66)
    const y5 = 300_000 / YEAR_MS;
    expect(strikeStep('65000.00', '0.6', y5, 2)).toBe('50.00');
    // 1 day at vol 1 on 3000: 3000 x 0.0523 / 2 = 78.5: 100 (1.27) beats 50 (1.57)
    expect(strikeStep('3000.00', '1', 86_400_000 / YEAR_MS, 2)).toBe('100.00');
    // below one tick: one tick
    expect(strikeStep('0.00001234', '0.2', y5, 8)).toBe('0.00000001');
    // 1 x 0.5 x sqrt(1e-6) / 2 = 0.00025: 2.5 ticks at 4 decimals is no step; 0.0002 (1.25) beats 0.0005 (2)
    expect(strikeStep('1.0000', '0.5', 1e-6, 4)).toBe('0.0002');
    for (const spot of ['0.5', '12.3', '101.7', '65000', '0.00123'])
      for (const vol of ['0.2', '1', '3'])
        for (const ms of [300_000, 900_000, 3_600_000, 86_400_000]) {
          const dec = 8;
          const step = new Decimal(strikeStep(spot, vol, ms / YEAR_MS, dec));
          expect(step.times(1e8).isInteger()).toBe(true);
          const m = step.div(new Decimal(10).pow(Math.floor(Math.log10(step.toNumber())))).toFixed();
          expect(['1', '2', '2.5', '5']).toContain(m);
        }
  });

  it('[OPT-2] seven strikes, one step apart, centred on the spot rounded to the step, none at or below 0', () => {
    expect(strikesAround('65123.45', '200.00', 2)).toEqual([
      '64600.00',
      '64800.00',
      '65000.00',
      '65200.00',
      '65400.00',
      '65600.00',
      '65800.00',
    ]);
    expect(strikesAround('0.00000002', '0.00000001', 8)).toEqual([
      '0.00000001',
      '0.00000002',
      '0.00000003',
      '0.00000004',
      '0.00000005',
    ]);
  });
});

describe('[OPT-9] realised volatility', () => {
  it('[OPT-9] the annualised sample deviation of 1-minute log returns, 4 decimals, clamped to [0.2, 3]', () => {
    // returns alternate +r, -r: mean ~0, deviation ~r
    const closes: string[] = [];
    let p = 100;
    const r = 0.001;
    for (let i = 0; i < 61; i++) {
      closes.push(p.toFixed(6));
      p *= Math.exp(i % 2 === 0 ? r : -r);
    }
    const logs = closes.slice(1).map((c, i) => Math.log(Number(c) / Number(closes[i])));
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (logs.length - 1));
    expect(realisedVolatility(closes)).toBe((sd * Math.sqrt(525_600)).toFixed(4));
    expect(realisedVolatility(Array(61).fill('100'))).toBe('0.2000');
    expect(realisedVolatility(['100', '200', '100', '200'])).toBe('3.0000');
    expect(realisedVolatility(['100'])).toBe('1.0000');
  });
});

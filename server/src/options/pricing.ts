/**
 * The option pricing model (OPT-2, OPT-9, OPT-10): the expiry series, the realised volatility, the strikes, and
 * Black-Scholes with r = 0. A pricing MODEL, not money: it computes in float64 (a quote is an offer the customer
 * accepts or not); what it offers is then turned into exact decimal strings here, once, rounded up to the pair's
 * price decimals (`unitPremium`), and everything after that (premium, fee, total, payout) is exact decimal
 * arithmetic (src/shared/trading/optionRules.ts). No clock and no market here: the service passes the inputs.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { OptionKind, OptionTenor } from '../../../src/shared/schemas/options';

export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** The realised volatility is clamped to this range (annualised fractions, OPT-9). */
export const VOL_MIN = 0.2;
export const VOL_MAX = 3;
/** Used when fewer than two 1-minute returns are known (a pair that just started trading). */
export const VOL_DEFAULT = 1;
/** One hour of 1-minute closes: 60 returns (OPT-9). */
export const VOL_CANDLES = 61;
const MINUTES_PER_YEAR = 365 * 24 * 60;
/** Strikes per expiry (OPT-2), centred on the spot. */
export const STRIKES_PER_EXPIRY = 7;

/** The tenors (OPT-2): the length of the boundary and the least time left when a series is offered. */
export const TENORS: readonly { tenor: OptionTenor; lengthMs: number; leadMs: number }[] = [
  { tenor: '5m', lengthMs: 5 * 60_000, leadMs: 60_000 },
  { tenor: '15m', lengthMs: 15 * 60_000, leadMs: 3 * 60_000 },
  { tenor: '1h', lengthMs: 60 * 60_000, leadMs: 10 * 60_000 },
  { tenor: '1d', lengthMs: 24 * 60 * 60_000, leadMs: 60 * 60_000 },
];

/**
 * OPT-2: the series offered at `now`: for each tenor, the first UTC boundary of its length (a multiple of the
 * length since the epoch: 12:05, 12:15, 13:00, 00:00 UTC) at least its lead after `now`.
 */
export function expirySeries(now: number): { tenor: OptionTenor; expiry: number }[] {
  return TENORS.map(({ tenor, lengthMs, leadMs }) => ({
    tenor,
    expiry: Math.ceil((now + leadMs) / lengthMs) * lengthMs,
  }));
}

/**
 * OPT-9: the annualised realised volatility of 1-minute closes (oldest first): the sample standard deviation of
 * the log returns times sqrt(minutes per year), rounded to 4 decimals and clamped to [VOL_MIN, VOL_MAX]. The
 * rounded string is what the premium uses and what the quote shows, so a quote can be reproduced from it.
 */
export function realisedVolatility(closes: readonly string[]): string {
  const prices = closes.map(Number).filter((p) => Number.isFinite(p) && p > 0);
  const returns: number[] = [];
  for (let i = 1; i < prices.length; i++) returns.push(Math.log(prices[i] / prices[i - 1]));
  let vol = VOL_DEFAULT;
  if (returns.length >= 2) {
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
    vol = Math.sqrt(variance * MINUTES_PER_YEAR);
  }
  vol = Math.min(VOL_MAX, Math.max(VOL_MIN, vol));
  return new Decimal(vol.toFixed(10)).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

const SQRT2 = Math.SQRT2;
const SQRT_PI = Math.sqrt(Math.PI);

/**
 * erfc(y) for y >= 0, to about 1e-16 absolute: below 2.5 as 1 - erf(y) with erf's series of positive terms,
 * erf(y) = 2/sqrt(pi) e^(-y^2) sum 2^n y^(2n+1) / (1 3 5 ... (2n+1)) (no cancellation); from 2.5 on by the
 * continued fraction erfc(y) = e^(-y^2)/sqrt(pi) / (y + (1/2)/(y + 1/(y + (3/2)/(y + 2/(y + ...))))).
 */
function erfcPositive(y: number): number {
  if (y < 2.5) {
    const y2 = y * y;
    let term = y;
    let sum = y;
    for (let n = 1; n < 200; n++) {
      term *= (2 * y2) / (2 * n + 1);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    return 1 - (2 / SQRT_PI) * Math.exp(-y2) * sum;
  }
  let f = y;
  for (let n = 60; n >= 1; n--) f = y + n / 2 / f;
  return Math.exp(-y * y) / SQRT_PI / f;
}

/** The standard normal distribution function. */
export function normCdf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const y = Math.abs(x) / SQRT2;
  const tail = 0.5 * erfcPositive(y);
  return x < 0 ? tail : 1 - tail;
}

/**
 * OPT-10: the Black-Scholes value of a European option per unit of the coin, rates zero: call = S N(d1) - K N(d2),
 * put = K N(-d2) - S N(-d1), d1 = (ln(S/K) + vol^2 T / 2) / (vol sqrt T), d2 = d1 - vol sqrt T; T in years. At
 * T <= 0 or vol <= 0 it is the intrinsic value.
 */
export function blackScholes(kind: OptionKind, spot: number, strike: number, vol: number, years: number): number {
  if (!(years > 0) || !(vol > 0)) return Math.max(0, kind === 'call' ? spot - strike : strike - spot);
  const sd = vol * Math.sqrt(years);
  const d1 = (Math.log(spot / strike) + (sd * sd) / 2) / sd;
  const d2 = d1 - sd;
  const v = kind === 'call' ? spot * normCdf(d1) - strike * normCdf(d2) : strike * normCdf(-d2) - spot * normCdf(-d1);
  return Math.max(0, v);
}

/** The years from `now` to `expiry` (ms) that the premium uses. */
export function yearsTo(expiry: number, now: number): number {
  return Math.max(0, expiry - now) / YEAR_MS;
}

/** One price tick of `decimals` ("0.01" for 2). */
export function tick(decimals: number): Decimal {
  return new Decimal(1).div(new Decimal(10).pow(decimals));
}

/**
 * OPT-10: the premium per unit offered: Black-Scholes on (spot, strike, volatility, years), rounded UP to the
 * pair's price decimals, at least one tick (an option is never offered for nothing).
 */
export function unitPremium(
  kind: OptionKind,
  spot: string,
  strike: string,
  volatility: string,
  years: number,
  priceDecimals: number,
): string {
  const v = blackScholes(kind, Number(spot), Number(strike), Number(volatility), years);
  if (!Number.isFinite(v)) throw new Error(`no premium for ${kind} ${strike} at ${spot}, vol ${volatility}`);
  const p = new Decimal(v.toPrecision(17)).toDecimalPlaces(priceDecimals, Decimal.ROUND_UP);
  return Decimal.max(p, tick(priceDecimals)).toFixed(priceDecimals);
}

const NICE = ['1', '2', '2.5', '5'];

/**
 * OPT-2: the strike spacing of an expiry: the "nice" number (1, 2, 2.5 or 5 times a power of ten) nearest (by
 * ratio) to spot x vol x sqrt(T) / 2 that is a whole number of price ticks; one tick when that is below a tick.
 */
export function strikeStep(spot: string, volatility: string, years: number, priceDecimals: number): string {
  const t = tick(priceDecimals);
  const raw = Number(spot) * Number(volatility) * Math.sqrt(years) * 0.5;
  if (!(raw > Number(t.toString()))) return t.toFixed(priceDecimals);
  const k = Math.floor(Math.log10(raw));
  let best: Decimal | undefined;
  let bestDist = Infinity;
  for (let e = k - 1; e <= k + 1; e++)
    for (const m of NICE) {
      const c = new Decimal(m).times(new Decimal(10).pow(e));
      if (c.lt(t) || !c.div(t).isInteger()) continue;
      const dist = Math.abs(Math.log(Number(c.toString()) / raw));
      if (dist < bestDist) {
        bestDist = dist;
        best = c;
      }
    }
  return (best ?? t).toFixed(priceDecimals);
}

/**
 * OPT-2: the strikes of an expiry: STRIKES_PER_EXPIRY of them, `step` apart, centred on the spot rounded to the
 * nearest step (half up); strikes that would not be above zero are left out.
 */
export function strikesAround(spot: string, step: string, priceDecimals: number): string[] {
  const s = new Decimal(step);
  const centre = new Decimal(spot).div(s).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(s);
  const half = Math.floor(STRIKES_PER_EXPIRY / 2);
  const out: string[] = [];
  for (let i = -half; i <= half; i++) {
    const k = centre.plus(s.times(i));
    if (k.gt(0)) out.push(k.toFixed(priceDecimals));
  }
  return out;
}

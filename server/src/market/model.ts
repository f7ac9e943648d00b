/**
 * The price and order-flow model of one symbol. Each value below is a named constant with its reason.
 *
 * - Price: a log random walk with GARCH(1,1) variance per trade (volatility clustering) and a weak pull
 *   back to the listed price (so a server left running for months stays near realistic prices).
 * - Order flow: trades arrive as a Poisson process whose rate switches between a calm and a burst regime
 *   (bursts of activity with higher volatility); the long-run mean rate is the configured one.
 * - Prices are kept as a float in minor units for the walk and rounded to whole ticks for every trade,
 *   so every trade price respects priceScale and is at least one tick (positive).
 */
import type { Rng, RngState } from './rng';

/** Volatility per second of time (log-price): about 3.5 % a day, like a major crypto pair. */
export const SIGMA_PER_SEC = 1.2e-4;
/** Pull towards the listed price per second: half-life about 30 days, stationary spread about +-16 %. */
export const REVERSION_PER_SEC = 2.7e-7;
/** GARCH(1,1) weights: how much the last shock and the last variance carry over (persistence 0.99). */
export const GARCH_ALPHA = 0.06;
export const GARCH_BETA = 0.93;
/** Ceiling of the GARCH variance relative to its mean (a 5x volatility spike at most). */
export const MAX_VARIANCE_MULT = 25;
/** Calm -> burst hazard (a burst every 2 minutes on average) and burst -> calm (bursts last 15 s). */
export const BURST_ENTER_PER_SEC = 1 / 120;
export const BURST_EXIT_PER_SEC = 1 / 15;
/** In a burst trades come 4x as often and each moves the price twice as much. */
export const BURST_RATE_MULT = 4;
export const BURST_VOL_MULT = 2;
/** Median trade size in quote units (USDT) and its log spread. */
export const NOTIONAL_MEDIAN = 200;
export const NOTIONAL_LOG_SD = 1.1;
/** A simulator that was stalled does not catch up more than this (ms of trades). */
export const MAX_CATCH_UP_MS = 1_000;

const BURST_SHARE = BURST_ENTER_PER_SEC / (BURST_ENTER_PER_SEC + BURST_EXIT_PER_SEC);

/** Quantity in minor units for a trade of `notional` quote units at `priceMinor`. At least one unit. */
export function qtyFor(notional: number, priceMinor: number, priceScale: number, qtyScale: number): number {
  const q = Math.round(((notional * 10 ** priceScale) / priceMinor) * 10 ** qtyScale);
  return q >= 1 ? q : 1;
}

export interface ModelTrade {
  price: number;
  qty: number;
  side: 'buy' | 'sell';
}

export interface ModelState {
  pf: number;
  h: number;
  burst: boolean;
  nextAt: number;
  lastAt: number;
  rng: RngState;
}

export class PriceModel {
  /** Price in minor units as a float (sub-tick moves accumulate). */
  private pf: number;
  private readonly anchor: number;
  /** Per-trade variance at the mean rate, and the GARCH state. */
  private readonly v0: number;
  private h: number;
  private burst = false;
  private readonly calmRate: number;
  /** Time (ms, float) of the next trade and of the last trade. */
  nextAt: number;
  private lastAt: number;

  constructor(
    private readonly rng: Rng,
    priceMinor: number,
    /** Mean trades per second. */
    readonly rate: number,
    private readonly priceScale: number,
    private readonly qtyScale: number,
    now: number,
    /** Off in flood mode: benchmarks want a steady chosen rate, not bursts. */
    private readonly bursts = true,
  ) {
    this.pf = priceMinor;
    this.anchor = Math.log(priceMinor);
    this.v0 = (SIGMA_PER_SEC * SIGMA_PER_SEC) / rate;
    this.h = this.v0;
    this.calmRate = bursts ? rate / (1 + BURST_SHARE * (BURST_RATE_MULT - 1)) : rate;
    this.lastAt = now;
    // Start in the regime's long-run distribution, so the mean rate holds from the first second.
    this.burst = bursts && rng.next() < BURST_SHARE;
    this.nextAt = now + this.gap();
  }

  /** The model's moving state (CORE-4 snapshots), its generator's included. */
  save(): ModelState {
    return {
      pf: this.pf,
      h: this.h,
      burst: this.burst,
      nextAt: this.nextAt,
      lastAt: this.lastAt,
      rng: this.rng.save(),
    };
  }

  load(s: ModelState): void {
    this.pf = s.pf;
    this.h = s.h;
    this.burst = s.burst;
    this.nextAt = s.nextAt;
    this.lastAt = s.lastAt;
    this.rng.load(s.rng);
  }

  get inBurst(): boolean {
    return this.burst;
  }

  /** The model's price now in whole ticks, at least one: the pair's index (FUT-3), which no order moves. */
  get index(): number {
    const p = Math.round(this.pf);
    return p < 1 ? 1 : p;
  }

  private gap(): number {
    const r = this.burst ? this.calmRate * BURST_RATE_MULT : this.calmRate;
    return (this.rng.exp() / r) * 1000;
  }

  /** Starts the arrival clock afresh at `now` (no catch-up burst for the time the market was not running). */
  resume(now: number): void {
    if (this.nextAt < now) {
      this.lastAt = now;
      this.nextAt = now + this.gap();
    }
  }

  /** The next trade if one is due at or before `now` (then advances the arrival clock), else null. */
  due(now: number): ModelTrade | null {
    if (this.nextAt > now) return null;
    if (now - this.nextAt > MAX_CATCH_UP_MS) this.nextAt = now - MAX_CATCH_UP_MS;
    const at = this.nextAt;
    const dt = Math.max(0, at - this.lastAt) / 1000;
    this.lastAt = at;
    // Regime switch over the time since the last trade.
    const hz = this.burst ? BURST_EXIT_PER_SEC : BURST_ENTER_PER_SEC;
    if (this.rng.next() < 1 - Math.exp(-hz * dt) && this.bursts) this.burst = !this.burst;
    // Price step.
    // The GARCH recursion sees the shock before the burst multiplier, so bursts do not feed on themselves.
    const z = this.rng.normal();
    const e = Math.sqrt(this.h) * z;
    this.h = this.v0 * (1 - GARCH_ALPHA - GARCH_BETA) + GARCH_ALPHA * e * e + GARCH_BETA * this.h;
    if (this.h > this.v0 * MAX_VARIANCE_MULT) this.h = this.v0 * MAX_VARIANCE_MULT;
    const x = Math.log(this.pf) - this.anchor;
    this.pf *= Math.exp(e * (this.burst ? BURST_VOL_MULT : 1) - REVERSION_PER_SEC * dt * x);
    let price = Math.round(this.pf);
    if (price < 1) price = 1;
    const notional = Math.min(NOTIONAL_MEDIAN * 50, NOTIONAL_MEDIAN * Math.exp(NOTIONAL_LOG_SD * this.rng.normal()));
    const qty = qtyFor(notional, price, this.priceScale, this.qtyScale);
    this.nextAt = at + this.gap();
    return { price, qty, side: z > 0 ? 'buy' : z < 0 ? 'sell' : this.rng.next() < 0.5 ? 'buy' : 'sell' };
  }
}

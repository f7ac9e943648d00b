/**
 * Per-user abuse limits on money and flow calls (SAFE-31): one table maps each limited endpoint of src/shared/api
 * to a bucket, each bucket a token bucket per user (a burst, then a steady rate) on the injected clock. The
 * Router checks a signed-in user's call right after loading the user, before the handler and before an
 * Idempotency-Key is claimed, so a refused call changes nothing and keeps no key. Beyond the limit:
 * TooManyRequests (HTTP 429, Retry-After, "Too many orders, try again in 2 s").
 *
 * The numbers are chosen so that a fast human or a reasonable bot never reaches them and a loop does; README's
 * Security section quotes USER_LIMITS. `scale` (env USER_LIMIT_SCALE, default 1) multiplies every burst and rate:
 * the test harnesses raise it for the stress tests that place thousands of calls for one user.
 */
import type { Endpoint } from '../../../src/shared/api/endpoint';
import { assetApi } from '../../../src/shared/api/asset';
import { exchangeApi } from '../../../src/shared/api/exchange';
import { flowApi } from '../../../src/shared/api/flow';
import { futuresApi } from '../../../src/shared/api/futures';
import { optionsApi } from '../../../src/shared/api/options';
import { tradingApi } from '../../../src/shared/api/trading';
import { withdrawApi } from '../../../src/shared/api/withdraw';
import type { Clock } from '../time/clock';
import { TooManyRequests } from './failures';

export type LimitBucket = 'orders' | 'transfers' | 'flow';

export interface BucketLimit {
  /** Calls at once from a full bucket. */
  burst: number;
  /** Calls regained per minute (one every 60 / perMinute s). */
  perMinute: number;
  /** The calls' name in the refusal: "Too many <what>, try again in N s". */
  what: string;
}

/** The limits per user (SAFE-31; README "Security"). */
export const USER_LIMITS: Readonly<Record<LimitBucket, BucketLimit>> = {
  // Spot submit/cancel, futures open/close/cancel, second contracts, options: 100 at once, then 50 a second.
  orders: { burst: 100, perMinute: 3000, what: 'orders' },
  // Transfers between accounts, flash exchange, withdrawals: 10 at once, then 10 a minute.
  transfers: { burst: 10, perMinute: 10, what: 'transfers' },
  // Flow (P2P): offer, take, cancel: 10 at once, then 10 a minute.
  flow: { burst: 10, perMinute: 10, what: 'flow orders' },
};

/** Which endpoint counts against which bucket (the only place that says so). */
export const LIMITED_ENDPOINTS: ReadonlyMap<Endpoint, LimitBucket> = new Map<Endpoint, LimitBucket>([
  [tradingApi.submitSpotOrder, 'orders'],
  [tradingApi.cancelSpotOrder, 'orders'],
  [futuresApi.submitFuturesOrder, 'orders'],
  [futuresApi.closePosition, 'orders'],
  [futuresApi.cancelFuturesOrder, 'orders'],
  [tradingApi.createSecondOrder, 'orders'],
  [optionsApi.buyOption, 'orders'],
  [assetApi.transferFunds, 'transfers'],
  [exchangeApi.currencyExchange, 'transfers'],
  [withdrawApi.withdrawSubmit, 'transfers'],
  [flowApi.flowOfferPost, 'flow'],
  [flowApi.flowTake, 'flow'],
  [flowApi.flowCancel, 'flow'],
]);

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before full ones are dropped (a full bucket is the same as no bucket). */
const PRUNE_AT = 10_000;

export class UserLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly deps: {
      clock: Clock;
      /** Multiplies every burst and rate (env USER_LIMIT_SCALE, default 1). */
      scale?: number;
      limits?: Readonly<Record<LimitBucket, BucketLimit>>;
      endpoints?: ReadonlyMap<Endpoint, LimitBucket>;
    },
  ) {}

  /** Counts a call of `endpoint` by `userId`; throws TooManyRequests beyond its bucket's limit. */
  check(endpoint: Endpoint, userId: number): void {
    const name = (this.deps.endpoints ?? LIMITED_ENDPOINTS).get(endpoint);
    if (!name) return;
    const limit = (this.deps.limits ?? USER_LIMITS)[name];
    const scale = this.deps.scale ?? 1;
    const burst = limit.burst * scale;
    const perMs = (limit.perMinute * scale) / 60_000;
    const now = this.deps.clock.now();
    const key = `${name}:${userId}`;
    const b = this.buckets.get(key) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + Math.max(0, now - b.at) * perMs);
    b.at = now;
    if (b.tokens < 1) {
      this.buckets.set(key, b);
      const secs = Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
      throw new TooManyRequests(`Too many ${limit.what}, try again in ${secs} s`, secs);
    }
    b.tokens -= 1;
    this.buckets.set(key, b);
    if (this.buckets.size > PRUNE_AT) this.prune(now);
  }

  /** Drops the buckets that have refilled (they behave exactly as a new one). */
  private prune(now: number): void {
    const scale = this.deps.scale ?? 1;
    for (const [key, b] of this.buckets) {
      const limit = (this.deps.limits ?? USER_LIMITS)[key.slice(0, key.indexOf(':')) as LimitBucket];
      if (b.tokens + ((now - b.at) * limit.perMinute * scale) / 60_000 >= limit.burst * scale) this.buckets.delete(key);
    }
  }
}

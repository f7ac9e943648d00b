/**
 * The exchange form's pure rules (FX-3, FX-6): the preview of "you receive" as the user types (the shared
 * flashOutcome on the quote's own price, spread and fee, so the screen shows what the server will pay), the
 * amount checks in the order a user meets them, and the quote's time left on server time.
 */
import { checkAmount } from '../../../../shared/amount';
import { Decimal } from '../../../../shared/decimal';
import type { Quote } from '../../../../shared/schemas/exchange';
import { flashOutcome, type FlashOutcome } from '../../../../shared/wallet/flashQuote';

export type FlashPreview =
  | { state: 'empty' }
  | { state: 'invalid'; msg: string }
  | { state: 'balance'; available: string }
  | { state: 'tooSmall' }
  | ({ state: 'ok'; amount: string } & FlashOutcome);

/** What typing `raw` of the quote's FROM gives, checked against the available balance of FROM. */
export function previewFlash(
  raw: string,
  quote: Pick<Quote, 'to' | 'from' | 'price' | 'spread' | 'fee'>,
  available: string,
): FlashPreview {
  if (raw.trim() === '') return { state: 'empty' };
  const a = checkAmount(raw, quote.from);
  if (!a.ok) return { state: 'invalid', msg: a.msg };
  if (new Decimal(a.amount).gt(available)) return { state: 'balance', available };
  const out = flashOutcome(a.amount, quote.to, quote);
  if (new Decimal(out.receive).lte(0)) return { state: 'tooSmall' };
  return { state: 'ok', amount: a.amount, ...out };
}

/**
 * When a quote ends, on the monotonic clock (`performance.now()`), so the countdown runs on server time whatever
 * the device's wall clock says. With the server clock offset of the socket frames (serverNow = wallNow + offset)
 * the time left at arrival is `expiresAt - (wallAtArrival + offset)`; without it (no frame yet), the quote's own
 * `expiresAt - serverTime`. Never more than the quote's lifetime, never less than zero.
 */
export function quoteDeadline(
  q: Pick<Quote, 'serverTime' | 'expiresAt'>,
  arrivedAtMono: number,
  wallAtArrival: number,
  offset: number | null,
): number {
  const life = q.expiresAt - q.serverTime;
  const left = offset === null ? life : q.expiresAt - (wallAtArrival + offset);
  return arrivedAtMono + Math.min(life, Math.max(0, left));
}

/** Ms left before a quote's deadline (quoteDeadline), never below zero. */
export function quoteTimeLeft(deadline: number, nowMono: number): number {
  return Math.max(0, deadline - nowMono);
}

/** A fraction as a percentage for display: "0.001" → "0.1". */
export function percentOf(fraction: string): string {
  return new Decimal(fraction).mul(100).toFixed();
}

/** A record's amount sign for colour: 1 in, -1 out, 0 none. */
export function signOf(amount: string): -1 | 0 | 1 {
  const d = new Decimal(amount);
  return d.isZero() ? 0 : d.isNegative() ? -1 : 1;
}

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
 * Time left on a quote, in ms, on the server's clock: the quote says when it was made and when it ends (server
 * time); from its arrival the time passed is counted on the monotonic clock (`performance.now()`), so the
 * device's wall clock plays no part. The reply's travel time only makes this end a little after the server's.
 */
export function quoteTimeLeft(q: Pick<Quote, 'serverTime' | 'expiresAt'>, arrivedAt: number, nowMono: number): number {
  return Math.max(0, q.expiresAt - q.serverTime - (nowMono - arrivedAt));
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

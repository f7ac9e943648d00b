/**
 * Trading fees as they are paid (REB-3, REB-4, VIP-4): spot fills, futures opens and closes and options premiums
 * tell `feePaid` of each fee a user paid to `house:fees`, from INSIDE the fee's own ledger transaction, and the
 * listeners (the rebates) run synchronously there, so a fee and what it pays out commit or roll back together. A
 * listener that throws is reported and skipped (it should wrap its writes in `ledger.transaction`, a savepoint
 * inside the fee's transaction, so nothing half-written stays); the fee itself is never lost to a listener.
 *
 * The hub also carries the trading fee discount of a user (VIP-4): `discount(userId)` is "0" until a provider
 * is set (`useDiscount`), so with VIP off every fee is the pair's.
 */
export interface FeePaid {
  userId: number;
  coin: string;
  /** The fee paid (decimal string, > 0). */
  amount: string;
  source: 'spot' | 'futures' | 'options';
  /** Unique per fee (per order and fill): the rebates are paid once per ref. */
  ref: string;
}
export type FeeListener = (e: FeePaid) => void;

export class TradingFees {
  private listeners: FeeListener[] = [];
  private discountOf: (userId: number) => string = () => '0';

  constructor(private readonly onError: (err: unknown, e: FeePaid) => void = () => undefined) {}

  onFee(l: FeeListener): () => void {
    this.listeners = [...this.listeners, l];
    return () => {
      this.listeners = this.listeners.filter((x) => x !== l);
    };
  }

  /** Call inside the transaction that posted the fee to house:fees. */
  feePaid(e: FeePaid): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        this.onError(err, e);
      }
    }
  }

  /** Sets who decides a user's fee discount (the VIP levels). */
  useDiscount(fn: (userId: number) => string): void {
    this.discountOf = fn;
  }

  /** VIP-4: the fraction taken off this user's spot and futures fees now ("0" = none). */
  discount(userId: number): string {
    try {
      return this.discountOf(userId);
    } catch (err) {
      this.onError(err, { userId, coin: '', amount: '0', source: 'spot', ref: 'discount' });
      return '0';
    }
  }
}

/**
 * What the finance module tells other modules (the proxy programme's commission, PROXY-3): each interest payment
 * to a user's platform account. Listeners run inside the ledger transaction that pays the interest, so what they
 * write commits or rolls back with it; they must be synchronous and write only through the ledger and the database.
 */
export interface InterestPaid {
  /** Unique per payment: the journal reference of the interest row (e.g. "holding 12 day 20415"). */
  ref: string;
  userId: number;
  holdingId: number;
  coin: string;
  /** The interest paid (decimal string, > 0). */
  amount: string;
  /** The UTC day (ms of its 00:00) the interest is for; for interest paid at maturity, the last day. */
  day: number;
  time: number;
}
export type InterestListener = (e: InterestPaid) => void;

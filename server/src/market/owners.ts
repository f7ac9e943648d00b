/**
 * Who owns an order in a book (FUT-12): a user's spot orders are the user id (> 0); the simulator's maker and
 * takers are small negative numbers (marketMaker.ts); a user's futures orders are `futuresOwner(userId)`, far
 * below them and distinct per user, so two users' futures orders match each other and self-trade prevention
 * works per user and product.
 */

/** Futures owners are FUTURES_OWNER_BASE - userId. */
export const FUTURES_OWNER_BASE = -1_000_000;

export function futuresOwner(userId: number): number {
  return FUTURES_OWNER_BASE - userId;
}

/** A user's order, spot or futures (not the simulator's). */
export function isUserOwner(owner: number): boolean {
  return owner > 0 || owner < FUTURES_OWNER_BASE;
}

/**
 * The futures' ledger moves (FUT-13..16): a position's margin is one open hold on the user's contract account; a
 * change of margin swaps the hold (release the old one, hold the new total) in the caller's transaction; parts of
 * it are paid out with `fromHolds` (LEDGER-10). Legs of zero are left out; journal references are made unique.
 */
import { Decimal } from '../../../src/shared/decimal';
import { MARGIN_COIN, MONEY_DECIMALS } from '../../../src/shared/trading/futuresRules';
import type { Leg, Ledger } from '../ledger/service';

type Num = string | number | Decimal;

export const FUTURES_HOUSE = 'house:futures';
export const FEES_HOUSE = 'house:fees';
export const INSURANCE_HOUSE = 'house:insurance';
export const FUNDING_HOUSE = 'house:funding';

export const money = (d: Num) => new Decimal(d).toFixed(MONEY_DECIMALS);
export const isZero = (d: Num) => new Decimal(d).isZero();

/** A user's contract-account leg (USDT). */
export function userLeg(userId: number, amount: Num): Leg {
  return { userId, account: 'contract', coin: MARGIN_COIN, amount: new Decimal(amount).toFixed() };
}
export function houseLeg(house: `house:${string}`, amount: Num): Leg {
  return { house, coin: MARGIN_COIN, amount: new Decimal(amount).toFixed() };
}

/** Legs without the zero ones. */
export function legs(...all: Leg[]): Leg[] {
  return all.filter((l) => !isZero(l.amount));
}

/** A (kind, ref) not yet in the journal: `ref`, or `ref#2`, `ref#3`... */
export function freshRef(ledger: Ledger, kind: string, ref: string): string {
  if (!ledger.posted(kind, ref)) return ref;
  for (let n = 2; ; n++) if (!ledger.posted(kind, `${ref}#${n}`)) return `${ref}#${n}`;
}

/** The amount still held by an open hold, or 0. */
export function heldBy(ledger: Ledger, holdId: number | null): string {
  if (holdId === null) return '0';
  const h = ledger.holdById(holdId);
  return h && h.state === 'open' ? h.amount : '0';
}

/**
 * Makes a position's hold `margin` (call inside a transaction after crediting whatever is added to the user's
 * available USDT): releases the open hold, holds the new total. Returns the new hold id (null at zero).
 */
export function reholdMargin(
  ledger: Ledger,
  p: { id: number; userId: number; holdId: number | null },
  margin: string,
  why: string,
): number | null {
  if (p.holdId !== null) {
    const h = ledger.holdById(p.holdId);
    if (h && h.state === 'open') {
      if (new Decimal(h.amount).eq(margin)) return h.id;
      ledger.release(h.id, {
        kind: 'futures_margin_release',
        ref: freshRef(ledger, 'futures_margin_release', `${p.id}:${h.id}`),
        userId: p.userId,
        memo: why,
      });
    }
  }
  if (isZero(margin)) return null;
  const { hold } = ledger.hold({
    kind: 'futures_margin',
    ref: freshRef(ledger, 'futures_margin', `${p.id}`),
    userId: p.userId,
    account: 'contract',
    coin: MARGIN_COIN,
    amount: margin,
    memo: `position ${p.id} margin: ${why}`,
  });
  return hold.id;
}

/**
 * The one configured decimal.js instance for arithmetic on decimal strings (money.ts). decimal.js rounds to
 * 20 significant digits by default; balances need every digit, so 64 (far beyond any amount), and what must
 * round rounds down (in the house's favour). Import this, never 'decimal.js' itself.
 */
import DecimalBase from 'decimal.js';

export const Decimal = DecimalBase.clone({ precision: 64, rounding: DecimalBase.ROUND_DOWN });
export type Decimal = InstanceType<typeof Decimal>;

/** Whether two decimal texts are the same number ("1.50" and "1.5"); false when `b` is missing or either is not a number. */
export function sameDecimal(a: string, b: string | undefined): boolean {
  if (b === undefined) return false;
  try {
    return new Decimal(a).eq(b);
  } catch {
    return false;
  }
}

/** The forms' fee after the VIP discount (VIP-4): the server's rounding, nothing changed without a discount. */
import { describe, expect, it } from 'vitest';
import { withDiscount } from './vip';

describe('[VIP-4] withDiscount', () => {
  it('rounds the discounted fee up to the places; "0" or no estimate leaves it as it is', () => {
    expect(withDiscount('0.067253', '0.2', 6)).toBe('0.053803');
    expect(withDiscount('1', '0.025', 6)).toBe('0.975');
    expect(withDiscount('0.067253', '0', 6)).toBe('0.067253');
    expect(withDiscount(undefined, '0.3', 6)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { maskEmail, maskedIdentity, maskPhone } from './mask';

describe('masked identity on "My" and in the account menu', () => {
  it('[LAYOUT-4] an email keeps two characters of its local part and the domain', () => {
    expect(maskEmail('demo@openex.local')).toBe('de***@openex.local');
    expect(maskEmail('ab@x.co')).toBe('a***@x.co');
    expect(maskEmail('a@x.co')).toBe('a***@x.co');
  });

  it('[LAYOUT-4] a phone keeps its country code and first digits and the last four', () => {
    expect(maskPhone('+447700900123')).toBe('+44770***0123');
    expect(maskPhone('+14155550100')).toBe('+1415***0100');
    expect(maskPhone('+1234')).toBe('+1234');
  });

  it('[LAYOUT-4] the user name shows as it is; then email, phone, wallet address; nothing without a profile', () => {
    const base = { account: null, email: null, phone: null, address: null };
    expect(maskedIdentity({ ...base, account: 'satoshi', email: 'x@y.z' })).toBe('satoshi');
    expect(maskedIdentity({ ...base, email: 'demo@openex.local', phone: '+14155550100' })).toBe('de***@openex.local');
    expect(maskedIdentity({ ...base, phone: '+14155550100' })).toBe('+1415***0100');
    expect(maskedIdentity({ ...base, address: '0x' + 'ab'.repeat(20) })).toBe('0xabab…abab');
    expect(maskedIdentity(null)).toBe('');
  });
});

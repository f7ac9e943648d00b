import { describe, expect, it } from 'vitest';
import { kycSummary } from './kyc';

describe('verification summary', () => {
  it('[LAYOUT-4] the senior level counts once asked for, else the primary', () => {
    expect(kycSummary({ primary: 'none', senior: 'none' })).toBe('none');
    expect(kycSummary({ primary: 'pending', senior: 'none' })).toBe('pending');
    expect(kycSummary({ primary: 'approved', senior: 'none' })).toBe('approved');
    expect(kycSummary({ primary: 'approved', senior: 'pending' })).toBe('pending');
    expect(kycSummary({ primary: 'approved', senior: 'rejected' })).toBe('rejected');
    expect(kycSummary({ primary: 'approved', senior: 'approved' })).toBe('approved');
  });
});

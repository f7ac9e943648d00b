import { describe, expect, it } from 'vitest';
import { journalKindGroup } from './journalKinds';

describe('the cash flow names every product', () => {
  it('[REC-5] a kind is named by the product that wrote it; an unknown kind is left alone', () => {
    expect(journalKindGroup('spot_fill')).toBe('spot');
    expect(journalKindGroup('futures_margin_release')).toBe('futures');
    expect(journalKindGroup('second_payout')).toBe('second');
    expect(journalKindGroup('option_buy')).toBe('option');
    expect(journalKindGroup('finance_interest')).toBe('finance');
    expect(journalKindGroup('follow_share')).toBe('follow');
    expect(journalKindGroup('proxy_commission')).toBe('proxy');
    expect(journalKindGroup('rebate')).toBe('rebate');
    expect(journalKindGroup('welfare')).toBe('welfare');
    expect(journalKindGroup('flow_escrow_out')).toBe('flow');
    expect(journalKindGroup('spotless')).toBeUndefined();
    expect(journalKindGroup('mystery')).toBeUndefined();
  });
});

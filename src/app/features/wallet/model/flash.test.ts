import { describe, expect, it } from 'vitest';
import { percentOf, previewFlash, quoteDeadline, quoteTimeLeft, signOf } from './flash';

const q = { from: 'USDT', to: 'BTC', price: '0.0000125', spread: '0.001', fee: '0.001' };

describe('the exchange form (FX-3, FX-6)', () => {
  it('[FX-3] previews the amount received exactly as the server pays it, rounded down to the coin', () => {
    const p = previewFlash('1000', q, '5000');
    // 1000 × 0.0000125 × 0.999 × 0.999 = 0.012475012 5 → 0.01247501 (8 decimals, down)
    expect(p).toMatchObject({ state: 'ok', amount: '1000', receive: '0.01247501', fee: '0.00001248' });
  });

  it('[FX-4] explains empty, malformed, over-balance and too-small amounts', () => {
    expect(previewFlash('', q, '1').state).toBe('empty');
    expect(previewFlash('1.1234567', q, '5')).toMatchObject({
      state: 'invalid',
      msg: expect.stringMatching(/at most 6/),
    });
    expect(previewFlash('6', q, '5')).toEqual({ state: 'balance', available: '5' });
    expect(previewFlash('0.000001', q, '5').state).toBe('tooSmall');
  });

  it('[FX-6] counts a quote down on server time: the frames clock offset when known, else the quote own times', () => {
    const quote = { serverTime: 1_000_000, expiresAt: 1_010_000 };
    // The device clock is 30 s behind the server (offset +30 s); the reply took 200 ms.
    expect(quoteDeadline(quote, 500, 1_000_200 - 30_000, 30_000)).toBe(500 + 9_800);
    // Without an offset: the quote's lifetime from its arrival.
    expect(quoteDeadline(quote, 500, 0, null)).toBe(10_500);
    // A device clock far off cannot give more than the lifetime, nor less than nothing.
    expect(quoteDeadline(quote, 500, 0, 0)).toBe(10_500);
    expect(quoteDeadline(quote, 500, 2_000_000, 0)).toBe(500);
    expect(quoteTimeLeft(10_500, 3_500)).toBe(7_000);
    expect(quoteTimeLeft(10_500, 20_000)).toBe(0);
  });

  it('[REC-4] formats rates and signs', () => {
    expect(percentOf('0.001')).toBe('0.1');
    expect(signOf('-1.5')).toBe(-1);
    expect(signOf('0')).toBe(0);
    expect(signOf('2')).toBe(1);
  });
});

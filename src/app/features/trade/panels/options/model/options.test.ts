import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../../../../shared/decimal';
import type { OptionChain } from '../../../../../../shared/schemas/options';
import { optionPayout } from '../../../../../../shared/trading/optionRules';
import {
  checkTicket,
  inTheMoney,
  nearestStrike,
  optionIntentName,
  parseOptionIntent,
  pickExpiry,
  quantityPresets,
  sortExpiries,
  trimZeros,
  valueIfExpiredNow,
  volatilityPercent,
  type TicketCheckInput,
} from './options';

type Expiry = OptionChain['expiries'][number];
const ex = (tenor: Expiry['tenor'], expiry: number): Expiry => ({ tenor, expiry, strikes: [] });

describe('the board (OUI-2)', () => {
  it('[OUI-2] expiries are shown shortest tenor first, one tab per tenor; the wanted one while it is ahead', () => {
    const list = sortExpiries([ex('1d', 900), ex('5m', 300), ex('1h', 600), ex('15m', 400), ex('5m', 700)]);
    expect(list.map((e) => e.tenor)).toEqual(['5m', '15m', '1h', '1d']);
    expect(list[0].expiry).toBe(300);
    expect(pickExpiry(list, '1h', 100)?.tenor).toBe('1h');
    expect(pickExpiry(list, null, 100)?.tenor).toBe('5m');
    // The 5-minute expiry has passed (the chain not refreshed yet): the next one ahead.
    expect(pickExpiry(list, '5m', 300)?.tenor).toBe('15m');
    expect(pickExpiry([], null, 0)).toBeUndefined();
  });

  it('[OUI-2] the row nearest the spot is marked (the lower strike on a tie)', () => {
    const strikes = ['66500', '66750', '67000', '67250', '67500'].map((strike) => ({ strike }));
    expect(nearestStrike(strikes, '67100.5')).toBe(2);
    expect(nearestStrike(strikes, '67125')).toBe(2);
    expect(nearestStrike(strikes, '70000')).toBe(4);
    expect(nearestStrike(strikes, '1')).toBe(0);
    expect(nearestStrike(strikes, undefined)).toBe(-1);
    expect(nearestStrike([], '67000')).toBe(-1);
  });

  it('[OUI-2] a call is in the money above the strike, a put below; volatility reads as a percentage', () => {
    expect(inTheMoney('call', '67000', '67000.01')).toBe(true);
    expect(inTheMoney('call', '67000', '67000')).toBe(false);
    expect(inTheMoney('put', '67000', '66999.99')).toBe(true);
    expect(inTheMoney('put', '67000', undefined)).toBe(false);
    expect(volatilityPercent('0.6231')).toBe('62.31');
    expect(volatilityPercent('1.23456')).toBe('123.46');
  });
});

describe('the value of an open option (OUI-6)', () => {
  it('[OUI-6] the value if it expired now is the shared payout rule at the live price, exact', () => {
    expect(valueIfExpiredNow({ kind: 'call', strike: '67000', quantity: '0.1' }, '67113.56')).toBe('11.356000');
    expect(valueIfExpiredNow({ kind: 'put', strike: '67500', quantity: '0.05' }, '67113.56')).toBe('19.322000');
    expect(valueIfExpiredNow({ kind: 'call', strike: '67000', quantity: '0.1' }, '66000')).toBe('0.000000');
    expect(valueIfExpiredNow({ kind: 'call', strike: '67000', quantity: '0.1' }, undefined)).toBeNull();
  });

  it('[OUI-6] property: never negative, equal to max(±(S − K), 0) × q rounded down to 6 decimals', () => {
    const dec = (max: number, places: number) =>
      fc.integer({ min: 0, max: max * 10 ** places }).map((n) => new Decimal(n).div(10 ** places).toFixed());
    fc.assert(
      fc.property(
        fc.constantFrom('call' as const, 'put' as const),
        dec(200_000, 2),
        dec(200_000, 2),
        dec(100, 4),
        (kind, strike, live, quantity) => {
          const v = valueIfExpiredNow({ kind, strike, quantity }, live);
          expect(v).toBe(optionPayout(kind, strike, live, quantity));
          const diff = kind === 'call' ? new Decimal(live).minus(strike) : new Decimal(strike).minus(live);
          const want = Decimal.max(0, diff).times(quantity).toDecimalPlaces(6, Decimal.ROUND_DOWN);
          expect(new Decimal(v as string).eq(want)).toBe(true);
        },
      ),
    );
  });
});

describe('the ticket (OUI-4, OUI-5)', () => {
  const base: TicketCheckInput = {
    open: true,
    quantity: '0.1',
    quantityDecimals: 4,
    available: '1000',
    expiry: 10_000,
    now: 1_000,
  };
  const q = { premium: '41.235', total: '41.64735', expiresAt: 5_000 };

  it('[OUI-5] the first failing rule is named, in the shared rule order, then the balance, then the quote', () => {
    expect(checkTicket({ ...base, open: false })).toMatchObject({ ok: false, rule: 'enabled' });
    expect(checkTicket({ ...base, quantity: '' })).toMatchObject({ ok: false, rule: 'quantity' });
    expect(checkTicket({ ...base, quantity: '0.00001' })).toMatchObject({
      ok: false,
      rule: 'quantity',
      message: 'Quantity has at most 4 decimals',
    });
    expect(checkTicket({ ...base, now: 10_000 })).toMatchObject({ ok: false, rule: 'expiry' });
    expect(checkTicket({ ...base, quote: { ...q, premium: '0.5', total: '0.505' } })).toMatchObject({
      rule: 'minimum',
    });
    expect(checkTicket({ ...base, available: undefined })).toMatchObject({ ok: false, rule: 'loadingBalance' });
    expect(checkTicket(base)).toMatchObject({ ok: false, rule: 'quote' });
    expect(checkTicket({ ...base, quote: q, available: '41.64734' })).toMatchObject({
      ok: false,
      rule: 'balance',
      message: 'Insufficient USDT: this needs 41.64735',
    });
    expect(checkTicket({ ...base, quote: q, now: 5_000 })).toMatchObject({ ok: false, rule: 'quoteExpired' });
    expect(checkTicket({ ...base, quote: q, available: '41.64735' })).toEqual({ ok: true });
  });

  it('[OUI-4] quantity presets are three round amounts that fit the coin decimals', () => {
    expect(quantityPresets(4)).toEqual(['0.01', '0.1', '1']);
    expect(quantityPresets(1)).toEqual(['0.1', '1', '10']);
    expect(quantityPresets(0)).toEqual(['1', '10', '100']);
  });

  it('[OUI-4] amounts are shown without trailing zeros, every digit kept', () => {
    expect(trimZeros('41.647350')).toBe('41.64735');
    expect(trimZeros('2.000000')).toBe('2');
    expect(trimZeros('1200')).toBe('1200');
    expect(trimZeros('--')).toBe('--');
  });
});

describe('a purchase whose reply never came (OUI-5)', () => {
  it('[OUI-5] the intent name carries the option and reads back; other names are not ours', () => {
    const p = {
      symbol: 'btcusdt',
      kind: 'put' as const,
      expiry: 1_700_000_300_000,
      strike: '67000.5',
      quantity: '0.25',
      at: 42,
    };
    expect(parseOptionIntent(optionIntentName(p))).toEqual(p);
    expect(parseOptionIntent('second:btcusdt:up:100:1:2:3:4')).toBeNull();
    expect(parseOptionIntent('option:btcusdt:long:1:2:3:4')).toBeNull();
  });
});

describe('the routes (OUI-1)', () => {
  it('[OUI-1] /flashOption and /option are the trade shell in Option mode, with the options messages', async () => {
    const { modeForPath } = await import('../../../../../market/playing');
    const { TRADE_ROUTES } = await import('../../../routes');
    const none = new URLSearchParams();
    expect(modeForPath('/flashOption', none)).toBe('Option');
    expect(modeForPath('/option', none)).toBe('Option');
    expect(modeForPath('/trade', none)).toBe('BBTrading');
    const [flash, option] = ['/flashOption', '/option'].map((p) => TRADE_ROUTES.find((r) => r.path === p));
    expect(option?.load).toBe(flash?.load);
    expect(option?.ns).toEqual(['market', 'options']);
    expect(flash?.ns).toEqual(['market', 'options']);
  });
});

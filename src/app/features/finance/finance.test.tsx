import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import fc from 'fast-check';
import { DAY_MS, expectedInterest, interestStart, maturityOf } from '../../../shared/earn/financeRules';
import type { FinanceHolding, FinanceProduct } from '../../../shared/schemas/finance';
import { i18n, loadNamespaces, setLanguage } from '../../i18n/index';
import { Decimal } from '../../../shared/decimal';
import { RedeemText } from './components/RedeemDialog';
import { utcDate } from './components/format';
import {
  aprPercent,
  cleanAmount,
  expectedFor,
  filterChoices,
  filterProducts,
  heldIn,
  maxSubscribable,
  productDates,
  redeemTerms,
  submitState,
} from './model/finance';
import { financeHref, FINANCE_TABS, subscribeHref, tabOf } from './paths';
import FinanceScreen from './screens/FinanceScreen';
import { ProductPage, SubscribeForm } from './screens/SubscribeScreen';
import { routedHtml, textOf } from '../../ui/testing/markup';

// The one client never answers here; the data hooks the form reads are replaced.
vi.mock('../../api/client', async (orig) => {
  const real = await orig<typeof import('../../api/client')>();
  return { ...real, call: vi.fn(() => new Promise(() => undefined)) };
});
vi.mock('../../market/hooks', () => ({ useLiveAccount: () => undefined }));
vi.mock('../../market/serverClock', () => ({ useServerOffset: () => null, serverClockOffset: async () => null }));
vi.mock('../../money/balances', () => ({
  useAssetBalances: () => ({
    status: 'ok',
    data: [
      { account: 'platform', coin: 'USDT', available: '250', frozen: '0' },
      { account: 'finance', coin: 'USDT', available: '9999', frozen: '0' },
    ],
    reload: () => undefined,
  }),
  balancesChanged: () => undefined,
}));
vi.mock('./data', async (orig) => {
  const real = await orig<typeof import('./data')>();
  return {
    ...real,
    useFinanceHoldings: () => ({ status: 'ok', data: { total: 0, rows: [] }, reload: () => undefined }),
    pendingSubscriptions: () => [],
  };
});

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['finance']);
});

const T = (key: string, o?: Record<string, unknown>) => i18n.getFixedT('en', 'finance')(key, o);
const html = (el: ReactElement, path = '/finance') => routedHtml(el, path);
const text = textOf;

const FLEX: FinanceProduct = {
  id: 1,
  coin: 'usdt',
  name: 'USDT Flexible',
  kind: 'flexible',
  termDays: 0,
  apr: '0.0365',
  minAmount: '10',
  maxAmount: '1000',
  quota: '100000',
  remaining: '40000',
  earlyRedeem: 'anytime',
  autoRenewAllowed: false,
  settlementType: 1,
  settlementDay: 1,
  open: true,
};
const FIXED: FinanceProduct = {
  ...FLEX,
  id: 2,
  name: 'USDT 30 days',
  kind: 'fixed',
  termDays: 30,
  apr: '0.073',
  earlyRedeem: 'forfeit',
  autoRenewAllowed: true,
  settlementType: 2,
};
const LOCKED: FinanceProduct = { ...FIXED, id: 3, name: 'USDT 90 days', termDays: 90, earlyRedeem: 'none' };
// 2026-03-10 15:00 UTC.
const NOW = Date.UTC(2026, 2, 10, 15);

const holding = (over: Partial<FinanceHolding>): FinanceHolding => ({
  id: 7,
  productId: 1,
  productName: 'USDT Flexible',
  coin: 'USDT',
  kind: 'flexible',
  apr: '0.0365',
  principal: '100',
  accrued: '0.03',
  paid: '0.05',
  subscribedAt: NOW - 5 * DAY_MS,
  interestFrom: Date.UTC(2026, 2, 6),
  maturesAt: null,
  autoRenew: false,
  status: 'active',
  endedAt: null,
  redeemable: true,
  ...over,
});

describe('[FINUI-2] the tabs of /finance and the URL', () => {
  it('the tab comes from ?tab=; missing or unknown opens products', () => {
    for (const k of FINANCE_TABS) expect(tabOf(new URL(financeHref(k), 'http://x').searchParams.get('tab'))).toBe(k);
    expect(tabOf(null)).toBe('products');
    expect(tabOf('bogus')).toBe('products');
    expect(financeHref('products')).toBe('/finance');
    expect(subscribeHref(12)).toBe('/finance/subscribe/12');
  });

  it('[FINUI-1] renders the URL’s tab selected; signed out, holdings and history ask to log in', () => {
    for (const k of FINANCE_TABS) {
      const h = html(<FinanceScreen />, financeHref(k));
      expect(h.match(/role="tab"/g)).toHaveLength(3);
      expect(h).toMatch(new RegExp(`aria-selected="true"[^>]*data-testid="finance-tab-${k}"`));
      if (k === 'products') expect(h).toContain('data-testid="finance-products"');
      else expect(h).toContain('data-testid="finance-sign-in"');
    }
    expect(text(html(<FinanceScreen />))).toContain('Products My holdings History');
    // No back arrow: a bottom-tab screen.
    expect(html(<FinanceScreen />)).not.toContain('aria-label="Back"');
  });
});

describe('[FINUI-3] product filters', () => {
  const all = [FLEX, FIXED, LOCKED, { ...FLEX, id: 4, coin: 'btc', name: 'BTC Flexible' }];
  it('coins and terms on offer; a term keeps only fixed products of that term', () => {
    expect(filterChoices(all)).toEqual({ coins: ['BTC', 'USDT'], terms: [30, 90] });
    expect(filterProducts(all, { coin: 'BTC', kind: 'all', term: 0 }).map((p) => p.id)).toEqual([4]);
    expect(filterProducts(all, { coin: '', kind: 'flexible', term: 0 }).map((p) => p.id)).toEqual([1, 4]);
    expect(filterProducts(all, { coin: '', kind: 'all', term: 90 }).map((p) => p.id)).toEqual([3]);
    expect(filterProducts(all, { coin: 'usdt', kind: 'fixed', term: 0 }).map((p) => p.id)).toEqual([2, 3]);
  });
  it('[FINUI-4] rates as exact percents', () => {
    expect(aprPercent('0.0365')).toBe('3.65');
    expect(aprPercent('0.05')).toBe('5.00');
    expect(aprPercent('0.12345')).toBe('12.345');
  });
});

describe('[FINUI-5] the dates disclosed before subscribing come from the shared functions', () => {
  it('interest start, maturity and first payout', () => {
    const d = productDates(FIXED, NOW);
    expect(d.today).toBe(Date.UTC(2026, 2, 10));
    expect(d.interestFrom).toBe(interestStart(NOW, FIXED.settlementDay));
    expect(d.maturity).toBe(maturityOf(d.interestFrom, 30));
    expect(d.firstPayout).toBe(d.maturity); // settlement type 2: with the principal
    const f = productDates(FLEX, NOW);
    expect(f.maturity).toBeNull();
    expect(f.firstPayout).toBe(f.interestFrom + DAY_MS); // type 1: when the first earning day is over
  });

  it('the product page shows every term and the dates (signed out: a log-in link instead of the form)', () => {
    const h = html(<ProductPage p={FIXED} now={NOW} desktop={false} />, subscribeHref(2));
    const s = text(h);
    for (const part of [
      '7.30% APR',
      'Term 30 days',
      'Minimum per user 10 USDT',
      'Maximum per user 1,000 USDT',
      'Quota left 40,000 / 100,000 USDT',
      T('earlyLong.forfeit'),
      'Accrued daily, paid with the principal',
      `Subscription day ${utcDate(Date.UTC(2026, 2, 10))}`,
      `Interest starts ${utcDate(Date.UTC(2026, 2, 11))}`,
      `Maturity ${utcDate(Date.UTC(2026, 3, 10))}`,
      'Log in to subscribe',
    ])
      expect(s).toContain(part);
  });
});

describe('[FINUI-6] the form: Max and the interest to expect', () => {
  it('Max is the least of balance, room under the maximum and quota, rounded down to the coin decimals [SAFE-22]', () => {
    expect(maxSubscribable(FLEX, '250', '0')).toBe('250');
    expect(maxSubscribable(FLEX, '5000', '900')).toBe('100');
    expect(maxSubscribable({ ...FLEX, remaining: '12.5' }, '5000', '0')).toBe('12.5');
    expect(maxSubscribable(FLEX, '1.123456789', '0')).toBe('1.123456');
    expect(maxSubscribable(FLEX, '100', '2000')).toBe('0');
    expect(heldIn([holding({}), holding({ id: 8, principal: '50.5' }), holding({ productId: 2 })], 1)).toBe('150.5');
    expect(cleanAmount('1,5a.2')).toBe('1.52');
  });

  it('expected interest is expectedInterest over the term, or per day and per 30 days', () => {
    expect(expectedFor(FIXED, '1000')).toEqual({
      term: expectedInterest('1000', '0.073', 30, 'USDT'),
      perDay: null,
      per30: null,
    });
    expect(expectedFor(FLEX, '1000')).toEqual({
      term: null,
      perDay: expectedInterest('1000', '0.0365', 1, 'USDT'),
      per30: expectedInterest('1000', '0.0365', 30, 'USDT'),
    });
    expect(expectedFor(FLEX, 'abc').perDay).toBe('0.000000');
  });

  it('the form shows the shared figures for the amount typed', () => {
    const s = text(html(<SubscribeForm p={FIXED} uid="u1" now={NOW} initial="1000" />));
    expect(s).toContain('Expected interest over 30 days 6 USDT'); // 1000 x 0.073 / 365 = 0.2 a day
    expect(s).toContain('Available: 250 USDT');
    const f = text(html(<SubscribeForm p={FLEX} uid="u1" now={NOW} initial="200" />));
    expect(f).toContain('Expected interest per day 0.02 USDT');
    expect(f).toContain('Expected interest per 30 days 0.6 USDT');
    // Auto-renew only where allowed.
    expect(html(<SubscribeForm p={FIXED} uid="u1" now={NOW} />)).toContain('finance-form-autorenew');
    expect(html(<SubscribeForm p={FLEX} uid="u1" now={NOW} />)).not.toContain('finance-form-autorenew');
  });

  it('property: the flexible 30-day figure is 30 times the day figure, to the minor unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 1, max: 5000 }), (minor, bp) => {
        const amount = new Decimal(minor).div(10 ** 4).toFixed();
        const apr = new Decimal(bp).div(10_000).toFixed();
        const e = expectedFor({ ...FLEX, apr }, amount);
        return new Decimal(e.per30 ?? '0').eq(new Decimal(e.perDay ?? '0').times(30));
      }),
    );
  });
});

describe('[FINUI-7] the submit button names the first failing rule', () => {
  const base = { available: '250', held: '0', agreed: true, loaded: true };
  const label = (p: FinanceProduct, v: string, s = base) => {
    const r = submitState(p, v, s);
    return [T(r.key, r.values), r.enabled] as const;
  };
  it('each rule of checkSubscription, in its order, then the terms, then Subscribe', () => {
    expect(label({ ...FLEX, open: false }, '100')).toEqual(['This product is not open for subscription', false]);
    expect(label(FLEX, '')).toEqual(['Enter an amount', false]);
    expect(label(FLEX, '0')).toEqual(['Enter an amount', false]);
    expect(label(FLEX, '10.123456789')).toEqual(['At most 6 decimals', false]);
    expect(label(FLEX, '10.1234567')).toEqual(['At most 6 decimals', false]);
    expect(label(FLEX, '5')).toEqual(['The minimum is 10 USDT', false]);
    expect(label(FLEX, '200', { ...base, held: '900' })).toEqual(['At most 1000 USDT per user (you hold 900)', false]);
    expect(label({ ...FLEX, remaining: '50' }, '100')).toEqual(['Only 50 USDT of the quota is left', false]);
    expect(label(FLEX, '300')).toEqual(['Insufficient USDT balance in the platform account', false]);
    expect(label(FLEX, '100', { ...base, agreed: false })).toEqual(['Accept the terms to subscribe', false]);
    expect(label(FLEX, '100', { ...base, loaded: false })[1]).toBe(false);
    expect(label(FLEX, '100')).toEqual(['Subscribe 100 USDT', true]);
  });

  it('the rendered button says it and stays disabled', () => {
    const h = html(<SubscribeForm p={FLEX} uid="u1" now={NOW} initial="5" />);
    expect(h).toMatch(/<button type="submit"[^>]*disabled[^>]*>The minimum is 10 USDT<\/button>/);
    const u = html(<SubscribeForm p={FLEX} uid="u1" now={NOW} initial="100" />);
    expect(u).toMatch(/<button type="submit"[^>]*disabled[^>]*>Accept the terms to subscribe<\/button>/);
  });
});

describe('[FINUI-9] the redeem dialog says what comes back and what is forfeited', () => {
  it('flexible: principal and unpaid interest back, with the total', () => {
    const h = holding({});
    const terms = redeemTerms(h, 'anytime', NOW);
    expect(terms).toEqual({ kind: 'flexible', principal: '100', interest: '0.03', forfeited: '0' });
    const s = text(html(<RedeemText holding={h} terms={terms} />));
    expect(s).toContain('100 USDT and 0.03 USDT of interest not yet paid come back to your platform account now.');
    expect(s).toContain('Total to your platform account 100.03 USDT');
  });

  it('fixed with forfeit, before maturity: the principal back and the unpaid interest forfeited', () => {
    const h = holding({ productId: 2, kind: 'fixed', accrued: '0.6', maturesAt: Date.UTC(2026, 3, 5) });
    const terms = redeemTerms(h, 'forfeit', NOW);
    expect(terms).toEqual({ kind: 'forfeit', principal: '100', interest: '0', forfeited: '0.6' });
    const s = text(html(<RedeemText holding={h} terms={terms} />));
    expect(s).toContain(
      `This holding matures on ${utcDate(Date.UTC(2026, 3, 5))}. Redeeming now returns 100 USDT and forfeits 0.6 USDT of interest not yet paid.`,
    );
    expect(s).toContain('Interest forfeited 0.6 USDT');
    // The rule not known yet (the product list still loading): the server's redeemable decides.
    expect(redeemTerms(h, undefined, NOW).kind).toBe('forfeit');
    expect(redeemTerms({ ...h, redeemable: false }, undefined, NOW).kind).toBe('none');
    // At or after maturity nothing is forfeited.
    expect(redeemTerms(h, 'forfeit', Date.UTC(2026, 3, 5)).kind).toBe('matured');
  });

  it('fixed with none: cannot be redeemed before its maturity, dated', () => {
    const h = holding({ productId: 3, kind: 'fixed', maturesAt: Date.UTC(2026, 5, 1), redeemable: false });
    const terms = redeemTerms(h, 'none', NOW);
    expect(terms).toEqual({ kind: 'none', maturesAt: Date.UTC(2026, 5, 1) });
    expect(text(html(<RedeemText holding={h} terms={terms} />))).toBe(
      `This product has no early redemption: your 100 USDT comes back at maturity on ${utcDate(Date.UTC(2026, 5, 1))}.`,
    );
  });
});

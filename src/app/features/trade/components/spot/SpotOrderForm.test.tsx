import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../../../shared/schemas/user';
import { loadNamespaces, setLanguage } from '../../../../i18n/index';
import { session } from '../../../../state/session';
import { pricePick, setOrderPrice } from '../../orderPrice';
import { SpotOrderForm } from './SpotOrderForm';
import { TEST_SPOT_PAIR } from '../../../../../shared/trading/testPair';
import { limitWait, part } from '../kit/formTesting';

// SPOT-13: the form's wait after a refusal by the order limit is set by a test (limitWait).
vi.mock('../../orderLimit', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../orderLimit')>()),
  useOrderLimit: (await import('../kit/formTesting')).useTestOrderLimit,
}));

// The worker's live data, as the hooks would hand it over: a last price and the user's balances.
vi.mock('../../../../market/hooks', async () => {
  const { liveAccount } = await import('../kit/formTesting');
  return {
    useDepth: () => undefined,
    useTicker: (symbol: string | undefined) => (symbol ? { symbol, priceRaw: '100.004', price: '100.00' } : undefined),
    useLiveAccount: () =>
      liveAccount([
        { account: 'platform', coin: 'USDT', available: '1000' },
        { account: 'platform', coin: 'BTC', available: '0.5' },
        { account: 'contract', coin: 'USDT', available: '99999' },
      ]),
  };
});

const pair = TEST_SPOT_PAIR;

const render = () =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SpotOrderForm pair={pair} layout="desk" />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['trade', 'market']);
});
afterEach(() => {
  limitWait.seconds = 0;
  Object.assign(session, { token: '', isSign: false, userInfo: null });
  Object.assign(pricePick, { symbol: '', price: '', seq: 0 });
});

describe('[TRADE-11] [TRADE-12] the spot order form', () => {
  it('[TRADE-12] signed in, each side names its first failing rule on a disabled button', () => {
    Object.assign(session, { token: 't', isSign: true });
    const html = render();
    // The price is the last price, cut to the pair's decimals; no amount yet: the rule that fails is the amount.
    expect(part(html, 'price-buy')).toContain('value="100.00"');
    expect(part(html, 'submit-buy')).toContain('disabled');
    expect(part(html, 'submit-buy')).toContain('Enter an amount');
    expect(part(html, 'submit-sell')).toContain('Enter an amount');
  });

  it('[SIDE-1] [SIDE-2] each column and each button names its side; a failing rule follows the side', () => {
    Object.assign(session, { token: 't', isSign: true });
    const html = render();
    expect(part(html, 'side-head-buy')).toContain('Buy BTC');
    expect(part(html, 'side-head-sell')).toContain('Sell BTC');
    expect(part(html, 'side-head-buy')).toContain('so-sidehead--buy');
    expect(part(html, 'side-head-sell')).toContain('so-sidehead--sell');
    const buy = part(html, 'submit-buy').replace(/<[^>]+>/g, '');
    const sell = part(html, 'submit-sell').replace(/<[^>]+>/g, '');
    expect(buy).toBe('Buy BTC\u00a0· Enter an amount');
    expect(sell).toBe('Sell BTC\u00a0· Enter an amount');
    expect(part(html, 'submit-buy')).toContain('so-submit--buy');
    expect(part(html, 'submit-sell')).toContain('so-submit--sell');
  });

  it('[TRADE-11] shows the live available balance of the coin each side holds, and the max after the fee', () => {
    Object.assign(session, { token: 't', isSign: true, userInfo: { uid: 'u1' } as UserInfo });
    const html = render();
    expect(part(html, 'available-buy')).toContain('1,000 USDT');
    expect(part(html, 'available-sell')).toContain('0.5 BTC');
    // 1000 USDT at 100.00 with a 0.1 % fee: 1000 / 100.1 = 9.99000999... -> 9.99 BTC (rounded down).
    expect(html).toContain('9.99 BTC');
  });

  it('[TRADE-11] a price picked in the order book before the form opened is its price', () => {
    Object.assign(session, { token: 't', isSign: true });
    setOrderPrice('BTCUSDT', '98.5');
    const html = render();
    expect(part(html, 'price-buy')).toContain('value="98.5"');
    expect(part(html, 'price-sell')).toContain('value="98.5"');
  });

  it('[TRADE-12] signed out, each side is a "Log in to trade" link to the sign-in page', () => {
    const html = render();
    const buy = part(html, 'submit-buy');
    expect(buy).toContain('Log in to trade');
    expect(buy).toContain('href="/login"');
    expect(buy.startsWith('<a')).toBe(true);
  });

  it('[SPOT-13] after a refusal by the order limit both buttons wait, and the form says how long', () => {
    Object.assign(session, { token: 't', isSign: true });
    limitWait.seconds = 2;
    const html = render();
    for (const side of ['buy', 'sell']) {
      expect(part(html, `submit-${side}`)).toContain('disabled');
      expect(part(html, `submit-${side}`)).toContain('Wait 2 s');
    }
    expect(part(html, 'order-limit')).toContain('Too many orders: you can place another in 2 s');
    limitWait.seconds = 0;
    expect(render()).not.toContain('data-testid="order-limit"');
  });
});

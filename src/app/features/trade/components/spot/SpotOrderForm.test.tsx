import { afterEach, describe, expect, it, vi } from 'vitest';
import { pricePick, setOrderPrice } from '../../orderPrice';
import { SpotOrderForm } from './SpotOrderForm';
import { TEST_SPOT_PAIR } from '../../../../../shared/trading/testPair';
import { limitWait, markupOf, part, setUpFormTests, signIn } from '../kit/formTesting';

// SPOT-13: the form's wait after a refusal by the order limit is set by a test (limitWait).
vi.mock('../../orderLimit', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../orderLimit')>()),
  useOrderLimit: (await import('../kit/formTesting')).useTestOrderLimit,
}));

// The worker's live data, as the hooks would hand it over: a last price and the user's balances.
vi.mock('../../../../market/hooks', async () =>
  (await import('../kit/formTesting')).formHooks([
    { account: 'platform', coin: 'USDT', available: '1000' },
    { account: 'platform', coin: 'BTC', available: '0.5' },
    { account: 'contract', coin: 'USDT', available: '99999' },
  ]),
);

const pair = TEST_SPOT_PAIR;

const render = () => markupOf(<SpotOrderForm pair={pair} layout="desk" />);

/** The form as the signed-in test user sees it. */
const renderSignedIn = () => {
  signIn();
  return render();
};

setUpFormTests('trade');
afterEach(() => {
  Object.assign(pricePick, { symbol: '', price: '', seq: 0 });
});

describe('[TRADE-11] [TRADE-12] the spot order form', () => {
  it('[TRADE-12] signed in, each side names its first failing rule on a disabled button', () => {
    const html = renderSignedIn();
    // The price is the last price, cut to the pair's decimals; no amount yet: the rule that fails is the amount.
    expect(part(html, 'price-buy')).toContain('value="100.00"');
    expect(part(html, 'submit-buy')).toContain('disabled');
    expect(part(html, 'submit-buy')).toContain('Enter an amount');
    expect(part(html, 'submit-sell')).toContain('Enter an amount');
  });

  it('[SIDE-1] [SIDE-2] each column and each button names its side; a failing rule follows the side', () => {
    const html = renderSignedIn();
    for (const [side, name] of [
      ['buy', 'Buy BTC'],
      ['sell', 'Sell BTC'],
    ] as const) {
      expect(part(html, `side-head-${side}`)).toContain(name);
      expect(part(html, `side-head-${side}`)).toContain(`so-sidehead--${side}`);
      expect(part(html, `submit-${side}`).replace(/<[^>]+>/g, '')).toBe(`${name}\u00a0· Enter an amount`);
      expect(part(html, `submit-${side}`)).toContain(`so-submit--${side}`);
    }
  });

  it('[TRADE-11] shows the live available balance of the coin each side holds, and the max after the fee', () => {
    const html = renderSignedIn();
    expect(part(html, 'available-buy')).toContain('1,000 USDT');
    expect(part(html, 'available-sell')).toContain('0.5 BTC');
    // 1000 USDT at 100.00 with a 0.1 % fee: 1000 / 100.1 = 9.99000999... -> 9.99 BTC (rounded down).
    expect(html).toContain('9.99 BTC');
  });

  it('[TRADE-11] a price picked in the order book before the form opened is its price', () => {
    signIn();
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
    signIn();
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

import { describe, expect, it, vi } from 'vitest';
import { FuturesOrderForm } from './FuturesOrderForm';
import type { FuturesDraft } from './futuresForm';
import { TEST_CONTRACT_PAIR as PAIR } from './testContractPair';
import { limitWait, markupOf, part, setUpFormTests, signIn } from '../kit/formTesting';

// SPOT-13: the form's wait after a refusal by the order limit is set by a test (limitWait).
vi.mock('../../orderLimit', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../orderLimit')>()),
  useOrderLimit: (await import('../kit/formTesting')).useTestOrderLimit,
}));

// The symbols the form asked the mark of, in order (PERF-84).
const markAsked = vi.hoisted(() => [] as (string | undefined)[]);

// The worker's live data as the hooks hand it over: a book, a last price, no mark yet, the user's balances.
vi.mock('../../../../market/hooks', async () =>
  (await import('../kit/formTesting')).formHooks(
    [
      { account: 'platform', coin: 'USDT', available: '99999' },
      { account: 'contract', coin: 'USDT', available: '300' },
    ],
    {
      useDepth: () => ({ bids: [{ price: '99.90' }], asks: [{ price: '100.10' }] }),
      useMark: (...args: unknown[]) => {
        markAsked.push(args[0] as string | undefined);
        return undefined;
      },
      usePositions: () => undefined,
      usePositionStructure: () => undefined,
    },
  ),
);

const render = (draft: Partial<FuturesDraft> = {}) =>
  markupOf(<FuturesOrderForm pair={PAIR} layout="desk" initialDraft={{ price: '100', ...draft }} />);

setUpFormTests('futures');

describe('[FUI-4] [FUI-6] the futures order form', () => {
  it("[FUI-6] [SIDE-1] [SIDE-2] the button names its side and the first rule that fails, with the rule's message under it", () => {
    signIn();
    let html = render();
    expect(part(html, 'submit-long')).toContain('disabled');
    expect(part(html, 'submit-long')).toContain('Enter a size');
    // SIDE-2: the disabled button still names its side first; the two sides never read alike.
    expect(part(html, 'submit-long').replace(/<[^>]+>/g, '')).toBe('Open long\u00a0· Enter a size');
    expect(part(html, 'submit-short').replace(/<[^>]+>/g, '')).toBe('Open short\u00a0· Enter a size');
    expect(render({ action: 'close' })).toContain('>Close short</h3>');
    // 5000 shares at 100, 10x: margin 500 + fee 5 = 505 USDT, the contract account has 300.
    html = render({ size: '5000' });
    expect(part(html, 'submit-long')).toContain('Insufficient USDT');
    expect(part(html, 'submit-long')).toContain('disabled');
    expect(part(html, 'why-long')).toContain('Insufficient USDT in the contract account: this needs 505.000000');
    // A stop-loss above a long's mark is the TP/SL rule's refusal.
    html = render({ size: '10', withTpSl: true, stopLoss: '101' });
    expect(part(html, 'submit-long')).toContain('Check the stop loss');
    expect(part(html, 'why-long')).toContain('stop-loss must be below the mark price 100');
  });

  it('[A11Y-16] a field the failing rule is about is marked invalid and described by the rule its side names', () => {
    signIn();
    // Nothing typed yet: the empty size is not an error yet (the button asks for one).
    let html = render();
    expect(part(html, 'futures-size')).not.toContain('aria-invalid');
    // A price of 0: the price field is at fault, described by the long button's rule.
    html = render({ price: '0', size: '10' });
    const price = part(html, 'futures-price');
    expect(price).toContain('aria-invalid="true"');
    const described = /aria-describedby="([^"]+)"/.exec(price)?.[1] ?? '';
    expect(described).not.toBe('');
    const why = new RegExp(`id="${described.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>([^<]*)<`).exec(html)?.[1];
    expect(why).toMatch(/price/i);
    expect(part(html, 'futures-size')).not.toContain('aria-invalid');
    // A stop-loss above a long's mark: the stop-loss field.
    html = render({ size: '10', withTpSl: true, stopLoss: '101' });
    expect(part(html, 'futures-sl')).toContain('aria-invalid="true"');
    expect(part(html, 'futures-price')).not.toContain('aria-invalid');
  });

  it('[PERF-84] the form hears the mark only while TP/SL are shown or filled', () => {
    signIn();
    const asked = (draft: Partial<FuturesDraft>) => {
      markAsked.length = 0;
      render(draft);
      return [...new Set(markAsked)];
    };
    expect(asked({ size: '10' })).toEqual([undefined]);
    expect(asked({ size: '10', action: 'close' })).toEqual([undefined]);
    expect(asked({ size: '10', withTpSl: true })).toEqual(['btcusdt']);
    expect(asked({ size: '10', takeProfit: '120' })).toEqual(['btcusdt']);
  });

  it('[SPOT-13] after a refusal by the order limit both buttons wait, and the form says how long', () => {
    signIn();
    expect(part(render({ size: '10' }), 'submit-long')).not.toContain('disabled');
    limitWait.seconds = 3;
    const html = render({ size: '10' });
    for (const side of ['long', 'short']) {
      expect(part(html, `submit-${side}`)).toContain('disabled');
      expect(part(html, `submit-${side}`)).toContain('Wait 3 s');
    }
    expect(part(html, 'order-limit')).toContain('Too many orders: you can place another in 3 s');
  });

  it('[FUI-6] before submitting, each side shows cost, fee, liquidation price and margin after', () => {
    signIn();
    // 10 shares = 0.1 BTC at 100 = 10 USDT notional; 10x: margin 1, fee 0.01, cost 1.01.
    const html = render({ size: '10' });
    expect(part(html, 'cost-long')).toContain('1.01 USDT');
    expect(part(html, 'fee-long')).toContain('0.01 USDT');
    // Long: 100 - 0.8 x 1 / 0.1 = 92; short: 108.
    expect(part(html, 'liq-long')).toContain('92.00 USDT');
    expect(part(html, 'liq-short')).toContain('108.00 USDT');
    expect(part(html, 'margin-after-long')).toContain('1.00 USDT');
    expect(part(html, 'submit-long')).toContain('Open long');
    expect(part(html, 'submit-long')).not.toContain('disabled');
    expect(part(html, 'submit-short')).toContain('Open short');
    // SIDE-1: each column is headed by its side, in its colour.
    expect(part(html, 'side-head-long')).toContain('Open long');
    expect(part(html, 'side-head-short')).toContain('Open short');
    expect(part(html, 'side-head-short')).toContain('so-sidehead--sell');
    expect(part(html, 'futures-available')).toContain('300 USDT');
  });

  it('[FUI-5] a size in USDT of margin is turned into whole shares and shown as shares', () => {
    signIn();
    // 10 USDT x 10 / (100 x 0.01) = 100 shares = 1 BTC; margin 10, fee 0.1.
    const html = render({ size: '10', unit: 'usdt' });
    expect(part(html, 'shares-long')).toContain('100 · 1 BTC');
    expect(part(html, 'cost-long')).toContain('10.10 USDT');
  });

  it('[FUI-7] signed out, each side is a "Log in to trade" link', () => {
    const html = render({ size: '10' });
    const long = part(html, 'submit-long');
    expect(long.startsWith('<a')).toBe(true);
    expect(long).toContain('Log in to trade');
    expect(long).toContain('href="/login"');
  });
});

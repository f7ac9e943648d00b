import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowOrder } from '../../../shared/schemas/flow';
import { flowOffer, flowOrder } from './testing/fixtures';
import { loadNamespaces, setLanguage } from '../../i18n/index';
import FlowMarketScreen from './screens/FlowMarketScreen';
import { OrderView } from './screens/FlowOrderScreen';
import { applyRule } from './screens/FlowApplyScreen';
import { TakeForm } from './components/TakeDialog';
import type { FlowOffer } from '../../../shared/schemas/flow';
import { screenText } from '../../ui/testing/markup';

vi.mock('../../market/hooks', () => ({ useLiveAccount: () => undefined }));
vi.mock('../../market/serverClock', () => ({ serverClockOffset: async () => null }));
vi.mock('../../money/balances', () => ({
  useAssetBalances: () => ({
    status: 'ok',
    data: [{ account: 'platform', coin: 'USDT', available: '20', frozen: '0' }],
    reload: () => {},
  }),
}));

/** The screens' data hooks, replaced by whatever state a test sets. */
const state = vi.hoisted(() => ({ current: { status: 'loading' } as Record<string, unknown> }));
vi.mock('./data', async (orig) => {
  const real = await orig<typeof import('./data')>();
  return {
    ...real,
    useFlowOffers: () => ({ ...state.current, reload: () => {} }),
    useFlowOrders: () => ({ status: 'ok', data: { total: 0, rows: [] }, reload: () => {} }),
  };
});

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['common', 'flow']);
});

const text = screenText;

function order(p: Partial<FlowOrder> = {}): FlowOrder {
  return flowOrder({ payBy: Date.now() + 15 * 60_000, payDetails: 'IBAN DE00 1234', ...p });
}

describe('[FLOWUI-1] the market’s states', () => {
  it('loading, empty (says which side has no offers), error with a retry', () => {
    state.current = { status: 'loading' };
    expect(text(<FlowMarketScreen />)).toContain('Loading');
    state.current = { status: 'ok', data: { total: 0, rows: [] } };
    expect(text(<FlowMarketScreen />)).toContain('No merchant sells USDT right now');
    state.current = { status: 'error', error: 'Network unreachable' };
    const t = text(<FlowMarketScreen />);
    expect(t).toContain('Network unreachable');
    expect(t).toContain('Try again');
  });

  it('an offer row shows the merchant’s record, price, available, limits, methods and window', () => {
    state.current = {
      status: 'ok',
      data: {
        total: 1,
        rows: [
          flowOffer({
            fiat: 'EUR',
            price: '0.93',
            available: '1500.5',
            maxFiat: '1000',
            methods: ['bank', 'cash'],
            payWindowMin: 30,
          }),
        ],
      },
    };
    const t = text(<FlowMarketScreen />);
    for (const s of ['Ana', '12 orders · 98.5% completed', '0.93', 'EUR', '1,500.5', '10.00 – 1,000.00'])
      expect(t).toContain(s);
    for (const s of ['Bank transfer', 'Cash', '30 min', 'Buy USDT']) expect(t).toContain(s);
  });
});

describe('[FLOWUI-3] [FLOWUI-4] one order by role and state', () => {
  it('the buyer of an unpaid order: the pay-to details, the countdown, "I have paid" and cancel', () => {
    const t = text(<OrderView order={order()} onChanged={() => {}} />);
    expect(t).toContain('Buying USDT from Ana');
    expect(t).toContain('Pay to');
    expect(t).toContain('IBAN DE00 1234');
    expect(t).toMatch(/Time left to pay 1[45]:\d\d/);
    expect(t).toContain('I have paid');
    expect(t).toContain('Cancel order');
    expect(t).not.toContain('Payment received');
  });

  it('the seller of a paid order: check, then release; no cancel', () => {
    const t = text(
      <OrderView order={order({ role: 'seller', state: 'paid', paidAt: 200_000 })} onChanged={() => {}} />,
    );
    expect(t).toContain('Selling USDT to Ana');
    expect(t).toContain('Ana says they have paid');
    expect(t).toContain('Payment received – release');
    expect(t).not.toContain('Cancel order');
    expect(t).not.toContain('Time left to pay');
  });

  it('an expired order: no actions, ended by the payment window', () => {
    const t = text(
      <OrderView order={order({ state: 'expired', endedAt: 300_000, endedBy: 'timeout' })} onChanged={() => {}} />,
    );
    expect(t).toContain('Expired');
    expect(t).toContain('The payment window ran out');
    expect(t).not.toContain('I have paid');
  });
});

describe('[FLOWUI-7] the application names what is missing', () => {
  it('name, details, then the deposit', () => {
    expect(applyRule('A', 'IBAN 1', '500', '100')).toBe('apply.rule.nameShort');
    expect(applyRule('Ana', '', '500', '100')).toBe('apply.rule.details');
    expect(applyRule('Ana', 'IBAN 1', '99.99', '100')).toBe('apply.rule.deposit');
    expect(applyRule('Ana', 'IBAN 1', '100', '100')).toBeNull();
  });
});

const OFFER = flowOffer();

describe('[FLOWUI-2] the take form', () => {
  const take = (offer: FlowOffer, amount: string, by: 'fiat' | 'coin' = 'fiat', payDetails = '') =>
    text(<TakeForm offer={offer} initial={{ by, amount, method: 'bank', payDetails }} />);

  it('[WORD-4] the button names the first failing rule; a good amount shows what is paid and received and "Buy USDT"', () => {
    expect(take(OFFER, '')).toContain('Enter an amount');
    expect(take(OFFER, '5')).toContain('The minimum per order is 10');
    const ok = take(OFFER, '51');
    expect(ok).toContain('You pay 51.00 USD');
    expect(ok).toContain('You receive 50 USDT');
    expect(ok).toMatch(/Buy USDT$/);
    expect(ok).toContain('outside the exchange');
    expect(ok).toContain('held in escrow');
  });

  it('[WORD-4] selling: asks how the merchant pays, checks the USDT available, shows the fiat it comes to', () => {
    const buyOffer = { ...OFFER, side: 'buy' as const, price: '0.99' };
    expect(take(buyOffer, '15', 'coin')).toContain('Enter how the merchant pays you');
    // WORD-4: the customer's side: the USDT they give away is "sold", the fiat "received".
    expect(take(buyOffer, '15', 'coin')).toContain('You sell 15 USDT');
    expect(take(buyOffer, '15', 'coin')).toContain('You receive 14.85 USD');
    expect(take(buyOffer, '20', 'fiat')).toContain('You sell 20.2 USDT');
    expect(take(buyOffer, '20', 'fiat')).not.toContain('You receive 20.2 USDT');
    expect(take(buyOffer, '25', 'coin', 'IBAN 1234')).toContain('Insufficient USDT');
    expect(take(buyOffer, '15', 'coin', 'IBAN 1234')).toMatch(/Sell USDT$/);
  });
});

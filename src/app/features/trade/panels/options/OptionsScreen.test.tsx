import { describe, expect, it, vi } from 'vitest';
import type { OptionChain, OptionOrder } from '../../../../../shared/schemas/options';
import { OptionBoard, type BoardProps } from './components/OptionBoard';
import { OptionTicket, type HeldQuote, type TicketProps } from './components/OptionTicket';
import { OpenOptions, SettledOption, SettledOptions } from './components/MyOptions';
import { checkTicket, sortExpiries } from './model/options';
import { html, inEnglish, testOptionOrder, testOptionQuote, text } from '../testing';

// The market worker's hooks need a page; a row's live price comes from this table instead.
vi.mock('../../../../market/hooks', async () => (await import('../testing')).panelHooks({ btcusdt: '67113.56' }));

inEnglish('options');

const NOW = 1_800_000_000_000;
const clock = () => NOW;
const strikes = ['66500', '66750', '67000', '67250', '67500'].map((k, i) => ({
  strike: k,
  call: ['760.10', '540.25', '345.80', '190.05', '88.40'][i],
  put: ['60.10', '90.25', '145.80', '240.05', '388.40'][i],
}));
const chain: OptionChain = {
  symbol: 'btcusdt',
  spot: '67100.5',
  volatility: '0.6231',
  feeType: 1,
  feeValue: '1',
  time: NOW,
  expiries: [
    { tenor: '15m', expiry: NOW + 900_000, strikes },
    { tenor: '5m', expiry: NOW + 120_000, strikes },
  ],
};

function board(over: Partial<BoardProps> = {}) {
  const expiries = sortExpiries(chain.expiries);
  return (
    <OptionBoard
      state={{ status: 'ok', reload: () => undefined }}
      chain={chain}
      expiries={expiries}
      selected={expiries[0]}
      onTenor={() => undefined}
      offset={0}
      picked={null}
      onPick={() => undefined}
      now={clock}
      {...over}
    />
  );
}

const pick = { kind: 'call' as const, strike: '67000', expiry: NOW + 120_000, tenor: '5m' as const };
const quote = (over: Partial<HeldQuote> = {}): HeldQuote => ({
  ...testOptionQuote({
    expiry: NOW + 120_000,
    spot: '67100.5',
    volatility: '0.6231',
    serverTime: NOW,
    expiresAt: NOW + 8_000,
  }),
  localExpiresAt: NOW + 8_000,
  ...over,
});

function ticket(over: Partial<TicketProps> & { open?: boolean } = {}) {
  const quantity = over.quantity ?? '0.1';
  const available = 'available' in over ? over.available : '1000';
  const q = over.quote ?? null;
  const check =
    over.check ??
    checkTicket({
      open: over.open ?? true,
      quantity,
      quantityDecimals: 4,
      quote: q ? { premium: q.premium, total: q.total, expiresAt: q.localExpiresAt } : undefined,
      available,
      expiry: pick.expiry,
      now: NOW,
    });
  return (
    <OptionTicket
      pick={pick}
      pair="BTC/USDT"
      base="BTC"
      indicative="345.80"
      onKind={() => undefined}
      signedIn
      quantity={quantity}
      onQuantity={() => undefined}
      quantityDecimals={4}
      available={available}
      quote={q}
      check={check}
      busy={null}
      refusal=""
      onQuote={() => undefined}
      onBuy={() => undefined}
      now={clock}
      {...over}
    />
  );
}

function part(h: string, testId: string): string {
  const at = h.indexOf(`data-testid="${testId}"`);
  expect(at, testId).toBeGreaterThan(-1);
  return h.slice(h.lastIndexOf('<', at), h.indexOf('</', at));
}

describe('the options board', () => {
  it('[OUI-2] renders one row per strike: call premium | strike | put premium, the row nearest the spot marked', () => {
    const h = html(board());
    expect(h.match(/data-testid="options-strike-row"/g)).toHaveLength(5);
    const t = text(board());
    expect(t).toContain('Call premium Strike Put premium');
    expect(t).toContain('345.80 67,000 near spot 145.80');
    expect(h).toMatch(/data-atm="true"[^>]*>[^]*?67,000/);
    expect(t).toContain('Spot 67,100.5');
    expect(t).toContain('Volatility 62.31 %');
    expect(t).toContain('Fee 1 % of the premium');
  });

  it('[OUI-2] expiry tabs show the tenor and time, shortest first; the shown one counts down on server time', () => {
    const t = text(board());
    expect(t.indexOf('5 min')).toBeLessThan(t.indexOf('15 min'));
    const timer = part(html(board()), 'options-expiry');
    expect(html(board())).toContain('data-left-ms="120000"');
    expect(text(board())).toContain('in 2:00');
    expect(timer).toContain('Expires');
    // A server clock 30 s ahead of the local one: 30 s less to go.
    expect(html(board({ offset: 30_000 }))).toContain('data-left-ms="90000"');
  });

  it('[OUI-2] loading, error and empty states', () => {
    expect(
      text(
        board({
          chain: undefined,
          expiries: [],
          selected: undefined,
          state: { status: 'loading', reload: () => undefined },
        }),
      ),
    ).toContain('Loading');
    const err = text(
      board({
        chain: undefined,
        expiries: [],
        selected: undefined,
        state: { status: 'error', error: 'Network anomaly', reload: () => undefined },
      }),
    );
    expect(err).toContain('Network anomaly');
    expect(err).toContain('Try again');
    expect(text(board({ expiries: [], selected: undefined }))).toContain('No options are open on this pair.');
  });
});

describe('the option ticket', () => {
  it('[OUI-5] the button names the first failing rule of the shared buying rule', () => {
    expect(part(html(ticket({ quantity: '' })), 'options-submit')).toContain('Enter a quantity');
    expect(part(html(ticket({ quantity: '0.00001' })), 'options-submit')).toContain('Quantity has at most 4 decimals');
    expect(part(html(ticket({ open: false })), 'options-submit')).toContain('Options on this pair are closed');
    const poor = part(html(ticket({ quote: quote(), available: '10' })), 'options-submit');
    expect(poor).toContain('Insufficient USDT: this needs 41.64735');
    expect(poor).toContain('disabled');
    expect(part(html(ticket({ quote: quote({ premium: '0.5', total: '0.505' }) })), 'options-submit')).toContain(
      'The premium is at least 1 USDT',
    );
  });

  it('[OUI-4] without a quote the button asks for one; with a firm quote it buys at its total, with the quote countdown', () => {
    const before = part(html(ticket()), 'options-submit');
    expect(before).toContain('Get quote');
    expect(before).not.toContain('disabled');
    const h = html(ticket({ quote: quote() }));
    expect(part(h, 'options-submit')).toContain('Buy Call · pay 41.64735 USDT');
    const t = text(ticket({ quote: quote() }));
    expect(t).toContain('Premium per unit 412.35 USDT');
    expect(t).toContain('Premium × 0.1 41.235 USDT');
    expect(t).toContain('Fee 0.41235 USDT');
    expect(t).toContain('Total to pay 41.64735 USDT');
    expect(t).toContain('valid for 0:08');
    expect(t).toContain('Available 1,000 USDT');
  });

  it('[OUI-4] the rules are stated before buying: European, cash-settled, last trade at or before expiry, the premium is the most one can lose', () => {
    const t = text(ticket());
    expect(t).toContain('A call at 67,000 pays (settlement price − 67,000) × quantity in USDT');
    expect(t).toContain('the last trade at or before the expiry time');
    expect(t).toContain('The premium and fee you pay are the most you can lose.');
  });

  it("[OUI-5] an expired quote's refusal shows the server's message and the new quote to confirm again", () => {
    const refused = ticket({
      refusal: 'The quote has expired: the price is now 431.20 USDT per unit',
      quote: quote({
        quoteId: 'q-2',
        unitPremium: '431.20',
        premium: '43.120000',
        fee: '0.431200',
        total: '43.551200',
      }),
    });
    expect(part(html(refused), 'options-refusal')).toContain('the price is now 431.20 USDT per unit');
    expect(text(refused)).toContain('Premium per unit 431.20 USDT');
    const btn = part(html(refused), 'options-submit');
    expect(btn).toContain('Buy Call · pay 43.5512 USDT');
    expect(btn).not.toContain('disabled');
    // An expired quote of our own: the button offers a new one.
    expect(part(html(ticket({ quote: quote({ localExpiresAt: NOW }) })), 'options-submit')).toContain(
      'Quote expired: get a new quote',
    );
  });

  it('[OUI-3] signed out, the ticket says Log in instead of the quantity and the button', () => {
    const h = html(ticket({ signedIn: false }));
    expect(part(h, 'options-signin')).toContain('Log in to buy options');
    expect(h).not.toContain('data-testid="options-submit"');
  });
});

const order = (over: Partial<OptionOrder> = {}) =>
  testOptionOrder({
    id: 10,
    expiry: NOW - 60_000,
    spot: '67100.5',
    volatility: '0.6231',
    createTime: NOW - 300_000,
    ...over,
  });

describe("the user's options", () => {
  it('[OUI-6] an open option shows its countdown to expiry and its value if it expired now at the live price', () => {
    const rows = [order({ expiry: NOW + 200_000 })];
    const el = (
      <OpenOptions
        rows={rows}
        state={{ status: 'ok', data: {}, reload: () => undefined }}
        offset={0}
        pairOf={() => 'BTC/USDT'}
        now={clock}
      />
    );
    const t = text(el);
    expect(t).toContain('BTC/USDT Call Strike 67,000 × 0.1');
    expect(t).toContain('Expires in 3:20');
    expect(t).toContain('Paid (premium + fee) 41.64735 USDT');
    expect(t).toContain('Value if it expired now 11.356 USDT at 67,113.56');
  });

  it('[OUI-7][OPT-16] a settled option shows its payout and the audit: the entry and exit trades, the strike and the formula with its numbers', () => {
    const o = order({
      status: 'settled',
      entry: { id: 87001, time: NOW - 361_250, price: '67100' },
      exit: { id: 88123, time: NOW - 60_420, price: '67321.5' },
      settlePrice: '67321.5',
      payout: '32.150000',
      settleTime: NOW - 59_000,
    });
    const t = text(
      <ul>
        <SettledOption order={o} pair="BTC/USDT" />
      </ul>,
    );
    expect(t).toContain('Paid out 32.15 USDT');
    expect(t).toContain('Settlement price 67,321.5');
    expect(t).toMatch(/Last trade when bought: #87001 at \S+ \S+\.750, price 67,100 /);
    expect(t).toMatch(/Last trade at or before expiry: #88123 at \S+ \S+\.580, price 67,321\.5/);
    expect(t).toContain('Call: max(67,321.5 − 67,000, 0) × 0.1 = 32.15 USDT');
    const put = text(
      <ul>
        <SettledOption order={{ ...o, kind: 'put', payout: '0.000000' }} pair="BTC/USDT" />
      </ul>,
    );
    expect(put).toContain('Put: max(67,000 − 67,321.5, 0) × 0.1 = 0 USDT');
  });

  it('[OUI-7] settled options are paged, with an empty state', () => {
    const rows = Array.from({ length: 10 }, (_, i) => order({ id: 100 - i, status: 'settled', payout: '0' }));
    const el = (
      <SettledOptions
        page={1}
        pageSize={10}
        state={{ status: 'ok', data: { total: 23, rows }, reload: () => undefined }}
        pairOf={() => 'BTC/USDT'}
        onPage={() => undefined}
      />
    );
    expect(html(el).match(/data-testid="options-settled-row"/g)).toHaveLength(10);
    expect(text(el)).toContain('Page 1 of 3');
    const empty = (
      <SettledOptions
        page={1}
        pageSize={10}
        state={{ status: 'ok', data: { total: 0, rows: [] }, reload: () => undefined }}
        pairOf={() => 'BTC/USDT'}
        onPage={() => undefined}
      />
    );
    expect(text(empty)).toContain('No settled options yet');
  });
});

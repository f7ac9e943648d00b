import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Period, SecondOrder } from '../../../../../shared/schemas/trading';
import { ConfirmDetails } from './components/ConfirmSheet';
import { Countdown } from '../../components/Countdown';
import { OpenContracts } from './components/OpenContracts';
import { OrderTicket, type PeriodsState } from './components/OrderTicket';
import { PendingNotice } from './components/PendingNotice';
import { SettledContracts } from './components/SettledContracts';
import { checkStake } from './model/stake';
import { html, inEnglish, testSecondOrderOpenedAt, text } from '../testing';

// The market worker's hooks need a page; a row's live price comes from this table instead.
vi.mock('../../../../market/hooks', async () => (await import('../testing')).panelHooks({ btcusdt: '64100' }));

inEnglish('seconds');
afterEach(() => {
  vi.useRealTimers();
});

const P30: Period = { id: 1, period: 30, ratio: '0.85', minAmount: '10', maxAmount: '10000', status: true };
const P60: Period = { id: 2, period: 60, ratio: '0.8', minAmount: '10', maxAmount: '10000', status: true };
const P300: Period = { id: 3, period: 300, ratio: '0.9', minAmount: '10', maxAmount: '10000', status: false };
const periods: PeriodsState = { status: 'ok', periods: [P30, P60, P300], reload: () => undefined };

function ticket(over: Partial<Parameters<typeof OrderTicket>[0]> & { stake?: string; available?: string } = {}) {
  const selected = 'selected' in over ? over.selected : P30;
  const stake = over.stake ?? '100';
  const available = 'available' in over ? over.available : '5000';
  return (
    <OrderTicket
      periods={periods}
      selected={selected}
      onSelect={() => undefined}
      signedIn
      stake={stake}
      onStake={() => undefined}
      available={available}
      check={selected ? checkStake(selected, stake, available) : null}
      touched
      busy={false}
      onPick={() => undefined}
      {...over}
    />
  );
}

const order = (over: Partial<SecondOrder> = {}) => testSecondOrderOpenedAt(1_700_000_000_500, { period: 30, ...over });
const pairOf = (s: string) => (s === 'btcusdt' ? 'BTC/USDT' : s.toUpperCase());

describe('second-contract ticket', () => {
  it('[SECUI-1] period chips show each length with what a win adds; a closed one is shown but cannot be chosen', () => {
    const t = text(ticket());
    expect(t).toContain('30 s +85 %');
    expect(t).toContain('1 min +80 %');
    expect(t).toContain('5 min Closed');
    const h = html(ticket());
    expect(h).toMatch(/data-testid="seconds-period-300"[^>]*disabled|disabled[^>]*data-testid="seconds-period-300"/);
    expect(h).toMatch(/aria-checked="true"[^>]*data-testid="seconds-period-30"/);
  });

  it('[SECUI-3] the Up and Down buttons show what a win pays back: stake + stake × ratio', () => {
    expect(text(ticket({ stake: '100' }))).toContain('Up · pays 185 USDT');
    expect(text(ticket({ stake: '100' }))).toContain('Down · pays 185 USDT');
    expect(text(ticket({ stake: '1000', selected: P60 }))).toContain('Up · pays 1,800 USDT');
    expect(text(ticket({ stake: '12.34' }))).toContain('pays 22.829 USDT');
    expect(text(ticket({ stake: '' }))).toContain('Up · enter a stake');
  });

  it('[SECUI-2] the available USDT and the presets: minimum, 50, 100, 500, max of the balance', () => {
    const t = text(ticket({ available: '1234.5678' }));
    expect(t).toContain('Available 1,234.5678 USDT');
    expect(t).toContain('Min 50 100 500 Max');
    expect(text(ticket({ available: undefined }))).toContain('Loading balance…');
    expect(text(ticket({ available: undefined, availableError: true }))).toContain('Balance unavailable');
  });

  it('[SECUI-2] a failing stake names its rule and limit under the field, and both buttons stay off', () => {
    const cases: [Partial<Parameters<typeof ticket>[0]>, string][] = [
      [{ stake: '' }, 'Enter a stake.'],
      [{ stake: '.' }, 'Enter the stake as a number, e.g. 12.5.'],
      [{ stake: '10.123' }, 'The stake can have at most 2 decimals.'],
      [{ stake: '5' }, 'The stake must be at least 10 USDT.'],
      [{ stake: '20000' }, 'The stake must be at most 10,000 USDT.'],
      [{ stake: '600', available: '500' }, 'Not enough USDT: 500 available.'],
      [{ stake: '100', selected: P300 }, 'This period is closed for new contracts.'],
    ];
    for (const [over, message] of cases) {
      const h = html(ticket(over));
      expect(text(ticket(over)), message).toContain(message);
      expect(h).toContain('role="alert"');
      expect(h.match(/<button[^>]*disabled=""[^>]*data-testid="seconds-(up|down)"/g), message).toHaveLength(2);
    }
  });

  it('[SECUI-2] nothing is named before the user types or picks; a valid stake turns both buttons on', () => {
    expect(text(ticket({ stake: '5', touched: false }))).not.toContain('at least');
    const h = html(ticket({ stake: '100' }));
    expect(h).not.toContain('role="alert"');
    expect(h).not.toMatch(/disabled=""[^>]*data-testid="seconds-up"/);
  });

  it('[SECUI-1] signed out: the periods and "Log in to trade", no stake and no buttons', () => {
    const el = ticket({ signedIn: false });
    expect(text(el)).toContain('30 s +85 %');
    expect(text(el)).toContain('Log in to trade');
    expect(html(el)).toContain('href="/login"');
    expect(html(el)).not.toContain('seconds-stake');
    expect(html(el)).not.toContain('seconds-up');
  });

  it('[SECUI-10] periods loading, failed (with a retry) and none open', () => {
    const base = { reload: () => undefined, periods: [] };
    expect(text(ticket({ periods: { ...base, status: 'loading' }, selected: undefined }))).toContain(
      'Loading periods…',
    );
    const failed = text(ticket({ periods: { ...base, status: 'error', error: 'x' }, selected: undefined }));
    expect(failed).toContain('The periods could not be loaded. Retry');
    expect(text(ticket({ periods: { ...base, status: 'ok' }, selected: undefined }))).toContain(
      'No periods are open for this pair.',
    );
  });
});

describe('second-contract confirmation', () => {
  it('[SECUI-4] names the pair, direction, stake, period and payout, and the rule it settles by', () => {
    const t = text(
      <ConfirmDetails draft={{ symbol: 'btcusdt', pair: 'BTC/USDT', direction: 'down', amount: '250', period: P60 }} />,
    );
    expect(t).toContain('Pair BTC/USDT');
    expect(t).toContain('Direction Down');
    expect(t).toContain('Stake 250 USDT');
    expect(t).toContain('Period 1 min');
    expect(t).toContain('A win pays 450 USDT (+80 %)');
    expect(t).toContain('opens at the last trade price when the server receives your order');
    expect(t).toContain('closes exactly 1 min later');
    expect(t).toContain('settles against the last trade at or before the close time');
    expect(t).toContain('an equal price refunds the stake');
  });
});

describe('second contracts: countdown and open contracts', () => {
  it('[SECUI-6] the countdown runs on server time: the local clock plus the engine offset', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
    const close = 1_700_000_030_500;
    expect(text(<Countdown closeTime={close} offset={0} />)).toBe('0:31');
    // The server is 10 s ahead of this machine: 20.5 s are left.
    expect(text(<Countdown closeTime={close} offset={10_000} />)).toBe('0:21');
    expect(text(<Countdown closeTime={close} offset={-29_500} />)).toBe('1:00');
    expect(html(<Countdown closeTime={close} offset={10_000} />)).toContain('role="timer"');
    vi.setSystemTime(close + 1);
    expect(text(<Countdown closeTime={close} offset={0} />)).toBe('0:00');
  });

  it('[SECUI-6] an open contract shows entry, last price and whether it wins now, what a win pays, and its countdown', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_500);
    const state = { status: 'ok' as const, reload: () => undefined };
    const up = text(
      <OpenContracts rows={[order()]} state={state} offset={0} pairOf={pairOf} onClosed={() => undefined} />,
    );
    expect(up).toContain('BTC/USDT Up 30 s 0:30');
    expect(up).toContain('Stake 100 USDT');
    expect(up).toContain('Entry price 64,000.5');
    expect(up).toContain('Last price 64,100 winning');
    expect(up).toContain('A win pays 185 USDT');
    const down = text(
      <OpenContracts
        rows={[order({ direction: 'down' })]}
        state={state}
        offset={0}
        pairOf={pairOf}
        onClosed={() => undefined}
      />,
    );
    expect(down).toContain('Last price 64,100 losing');
  });

  it('[SECUI-10] open contracts loading, failed (with a retry) and none', () => {
    const el = (status: 'loading' | 'ok' | 'error') => (
      <OpenContracts
        rows={[]}
        state={{ status, reload: () => undefined }}
        offset={0}
        pairOf={pairOf}
        onClosed={() => undefined}
      />
    );
    expect(text(el('loading'))).toBe('Loading…');
    expect(text(el('ok'))).toContain('No open contracts');
    expect(text(el('error'))).toBe('Open contracts could not be loaded. Retry');
  });
});

describe('second contracts: settled, with the audit', () => {
  const settled = order({
    status: 'settled',
    result: 'win',
    closePrice: '64010.25',
    exit: { id: 77, time: 1_700_000_030_480, price: '64010.25' },
    payout: '185',
    settleTime: 1_700_000_031_000,
  });

  it('[SECUI-8] result, stake, payout, entry and exit prices, the entry and exit trades (id, time, price) and the rule', () => {
    const t = text(
      <SettledContracts
        page={1}
        pageSize={10}
        state={{ status: 'ok', data: { total: 1, rows: [settled] }, reload: () => undefined }}
        pairOf={pairOf}
        onPage={() => undefined}
        onShowOnChart={() => undefined}
      />,
    );
    expect(t).toContain('BTC/USDT Up 30 s Win');
    expect(t).toContain('Stake 100 USDT Paid out 185 USDT Entry price 64,000.5 Exit price 64,010.25');
    expect(t).toMatch(/Entry trade #5 · \S+ \S+\.400 · 64,000\.5/);
    expect(t).toMatch(/Exit trade #77 · \S+ \S+\.480 · 64,010\.25/);
    expect(t).toMatch(
      /Opened at the last trade at or before \S+ \S+\.500; settled against the last trade at or before/,
    );
    expect(t).toContain('Show on chart');
  });

  it('[SECUI-8] paged, ten a page; a loss and a draw are named', () => {
    const rows = [
      { ...settled, id: 50, result: 'lose' as const, payout: '0' },
      { ...settled, id: 49, result: 'draw' as const, payout: '100' },
    ];
    const t = text(
      <SettledContracts
        page={2}
        pageSize={10}
        state={{ status: 'ok', data: { total: 25, rows }, reload: () => undefined }}
        pairOf={pairOf}
        onPage={() => undefined}
      />,
    );
    expect(t).toContain('Loss');
    expect(t).toContain('Draw');
    expect(t).toContain('Previous Page 2 of 3 Next');
  });

  it('[SECUI-10] settled contracts loading, failed (with a retry) and none', () => {
    const el = (state: Parameters<typeof SettledContracts>[0]['state']) => (
      <SettledContracts page={1} pageSize={10} state={state} pairOf={pairOf} onPage={() => undefined} />
    );
    expect(text(el({ status: 'loading', reload: () => undefined }))).toBe('Loading…');
    expect(text(el({ status: 'error', error: 'x', reload: () => undefined }))).toBe(
      'Settled contracts could not be loaded. Retry',
    );
    expect(text(el({ status: 'ok', data: { total: 0, rows: [] }, reload: () => undefined }))).toContain(
      'No settled contracts yet',
    );
  });
});

describe('second contracts: a reply that never came', () => {
  it('[SECUI-5] the panel says it is checking and that it will not send again; it offers to check, not to resend', () => {
    const t = text(
      <PendingNotice
        pending={[{ symbol: 'btcusdt', direction: 'up', amount: '100', periodId: 1, afterId: 3, since: 0, at: 1 }]}
        onCheck={() => undefined}
      />,
    );
    expect(t).toContain('No answer yet for your BTCUSDT Up contract of 100 USDT');
    expect(t).toContain('it will not be sent again');
    expect(t).toContain('Check again');
    expect(t).not.toMatch(/send again|resend|retry/i);
  });
});

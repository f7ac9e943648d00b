import { describe, expect, it } from 'vitest';
import type { FuturesOrder } from '../../../../../shared/schemas/futures';
import { TEST_CONTRACT_PAIR as PAIR } from './testContractPair';
import {
  buttonLabel,
  marginAtShare,
  checkSide,
  defaultLeverage,
  draftShares,
  pendingOpenShares,
  trimMoney,
  type FuturesDraft,
} from './futuresForm';

const draft = (d: Partial<FuturesDraft> = {}): FuturesDraft => ({
  action: 'open',
  type: 'limit',
  leverage: 10,
  price: '100',
  size: '',
  unit: 'shares',
  takeProfit: '',
  stopLoss: '',
  withTpSl: false,
  ...d,
});

describe('[FUI-5] [FUI-6] the futures form model', () => {
  it('[FUI-5] a USDT size converts at the limit price, or at the best opposite price of a market order', () => {
    expect(draftShares(PAIR, draft({ size: '10', unit: 'usdt' }), 'long', {})).toBe('100');
    // Market long buys at the best ask: 10 x 10 / (100.10 x 0.01) = 99.9 -> 99 shares; a short sells at the bid.
    const m = draft({ size: '10', unit: 'usdt', type: 'market' });
    expect(draftShares(PAIR, m, 'long', { bestBid: '99.90', bestAsk: '100.10' })).toBe('99');
    expect(draftShares(PAIR, m, 'short', { bestBid: '99.90', bestAsk: '100.10' })).toBe('100');
    expect(draftShares(PAIR, m, 'long', {})).toBe('');
    // Closing is always in shares.
    expect(draftShares(PAIR, draft({ size: '7', unit: 'usdt', action: 'close' }), 'long', {})).toBe('7');
  });

  it('[FUI-6] the button reads the action when the shared check passes, else the failing rule', () => {
    const ok = checkSide(PAIR, draft({ size: '10' }), 'long', { available: '100' });
    expect(buttonLabel(true, 'open', 'long', ok.check, true)).toEqual({ key: 'openLong' });
    const poor = checkSide(PAIR, draft({ size: '10' }), 'long', { available: '0.5' });
    expect(buttonLabel(true, 'open', 'long', poor.check, true)).toMatchObject({ key: 'rule.balance' });
    const none = checkSide(PAIR, draft({ action: 'close', size: '1' }), 'short', { available: '9' });
    expect(buttonLabel(true, 'close', 'short', none.check, true)).toMatchObject({ key: 'rule.position' });
    expect(buttonLabel(false, 'open', 'long', ok.check, true)).toEqual({ key: 'logIn' });
  });

  it('[FUI-4] defaults and open orders', () => {
    expect(defaultLeverage(PAIR)).toBe(10);
    expect(defaultLeverage({ leverage: '20,50' })).toBe(20);
    const o = {
      symbol: 'btcusdt',
      side: 'long',
      action: 'open',
      status: 'partiallyFilled',
      shares: '10',
      filledShares: '4',
    };
    expect(pendingOpenShares([o as FuturesOrder], 'btcusdt', 'long')).toBe('6');
    expect(pendingOpenShares([o as FuturesOrder], 'btcusdt', 'short')).toBe('0');
    expect(trimMoney('1.010000')).toBe('1.01');
    expect(trimMoney('0.335479')).toBe('0.335479');
    expect(trimMoney('-3.000000')).toBe('-3.00');
  });

  it('[FUI-5] a percent stop puts that share of the available USDT up as margin, the open fee included', () => {
    // 100 USDT at 10x, fee 0.1 % of the notional: m + 10 x 0.001 x m = 100 -> m = 99.009900 (rounded down).
    expect(marginAtShare(PAIR, '100', 100, 10)).toBe('99.0099');
    expect(marginAtShare(PAIR, '100', 50, 10)).toBe('49.50495');
    const d = draft({ unit: 'usdt', size: marginAtShare(PAIR, '100', 100, 10) });
    const { check } = checkSide(PAIR, d, 'long', { available: '100' });
    expect(check.ok).toBe(true);
    expect(marginAtShare(PAIR, '0', 100, 10)).toBe('');
  });
});

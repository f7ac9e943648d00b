/**
 * The futures checks: every rule of the order check refusing with its message, a close of all that is free as a
 * fraction of a share, removing margin past the mark, and a short's stop-loss against its liquidation price.
 */
import { describe, expect, it } from 'vitest';
import { checkFuturesOrder, checkMarginChange, checkTpSl } from './futuresChecks';
import { TEST_FUTURES_PAIR } from './testPair';

const PAIR = TEST_FUTURES_PAIR;

describe('the order check names every rule', () => {
  const book = { bestBid: '100.00', bestAsk: '100.10', mark: '100.05' };
  const pair = { ...PAIR, minMargin: '1' };
  const open = {
    side: 'long' as const,
    action: 'open' as const,
    type: 'limit' as const,
    price: '100',
    shares: '100',
    leverage: 10,
  };
  const state = { ...book, available: '1000' };
  const pos = { side: 'long' as const, shares: '5', entryPrice: '100', margin: '50', leverage: 10, closingShares: '2' };
  const cases: [string, ReturnType<typeof checkFuturesOrder>, string][] = [
    [
      'enabled',
      checkFuturesOrder({ ...pair, enable: false }, open, state),
      'BTC/USDT futures are not open for trading',
    ],
    ['enabled', checkFuturesOrder({ ...pair, enableOpenBuy: false }, open, state), 'Opening longs is off for BTC/USDT'],
    ['side', checkFuturesOrder(pair, { ...open, side: 'flat' as never }, state), 'Choose long or short'],
    ['type', checkFuturesOrder(pair, { ...open, type: 'stop' as never }, state), 'Choose a limit or a market order'],
    [
      'type',
      checkFuturesOrder({ ...pair, enableMarketBuy: false }, { ...open, type: 'market', price: undefined }, state),
      'Market orders that buy are off',
    ],
    [
      'leverage',
      checkFuturesOrder(pair, { ...open, leverage: 3 }, state),
      'Leverage is one of 5x, 10x, 20x, 50x, 100x',
    ],
    [
      'leverage',
      checkFuturesOrder(pair, { ...open, leverage: 20 }, { ...state, position: pos }),
      'Your open long uses 10x',
    ],
    ['price', checkFuturesOrder(pair, { ...open, price: '1.234' }, state), 'A price has at most 2 decimals'],
    ['shares', checkFuturesOrder(pair, { ...open, shares: '1.5' }, state), 'Size is a whole number of shares'],
    [
      'maxShare',
      checkFuturesOrder(pair, { ...open, shares: '999' }, { ...state, pendingOpenShares: '2' }),
      'holds at most 1000 shares',
    ],
    [
      'minMargin',
      checkFuturesOrder({ ...pair, minMargin: '10' }, { ...open, shares: '1' }, state),
      'at least 10 USDT of margin',
    ],
    [
      'balance',
      checkFuturesOrder(pair, open, { ...state, available: '0.5' }),
      'Insufficient USDT in the contract account',
    ],
    ['position', checkFuturesOrder(pair, { ...open, action: 'close' }, state), 'You have no open long'],
    [
      'closeSize',
      checkFuturesOrder(pair, { ...open, action: 'close', shares: '4' }, { ...state, position: pos }),
      'You can close at most 3 shares',
    ],
    [
      'book',
      checkFuturesOrder(pair, { ...open, type: 'market', price: undefined }, { available: '1000' }),
      'No sell orders in the book',
    ],
    [
      'takeProfit',
      checkFuturesOrder(pair, { ...open, takeProfit: '90' }, state),
      "A long's take-profit must be above the mark price",
    ],
    [
      'stopLoss',
      checkFuturesOrder(pair, { ...open, stopLoss: '10' }, state),
      'The stop-loss must be above the liquidation price',
    ],
  ];
  for (const [rule, got, msg] of cases)
    it(`[FUT-2] [FUT-9] refuses by the ${rule} rule: ${msg}`, () => {
      expect(got.ok).toBe(false);
      if (!got.ok) {
        expect(got.rule).toBe(rule);
        expect(got.message).toContain(msg);
      }
    });

  it('[FUT-15] a close of all that is free may be a fraction of a share; other fractions are refused', () => {
    const frac = { ...pos, shares: '5.5', closingShares: '0' };
    expect(checkFuturesOrder(pair, { ...open, action: 'close', shares: '5.5' }, { ...state, position: frac }).ok).toBe(
      true,
    );
    expect(
      checkFuturesOrder(pair, { ...open, action: 'close', shares: '2.5' }, { ...state, position: frac }),
    ).toMatchObject({
      rule: 'shares',
    });
  });

  it('[FUT-8] removing margin past the mark is refused with the reason', () => {
    const p = { side: 'long' as const, shares: '100', entryPrice: '100', margin: '2000', leverage: 10 };
    expect(checkMarginChange(pair, p, 'remove', '1999.5', '100', '0')).toMatchObject({ ok: false });
    expect(checkMarginChange(pair, p, 'remove', '1998.5', '80', '0')).toMatchObject({
      ok: false,
      message: 'Removing this would put the liquidation price 88.00 past the mark price 80',
    });
    const ok = checkMarginChange(pair, p, 'remove', '500', '100', '0');
    expect(ok.ok).toBe(true);
    expect(checkMarginChange(pair, p, 'add', '10', '100', '5')).toMatchObject({
      ok: false,
      message: 'Insufficient USDT in the contract account',
    });
    expect(checkTpSl(pair, 'short', '100', '110', null, '111')).toMatchObject({ ok: false, rule: 'stopLoss' });
  });
});

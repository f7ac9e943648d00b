import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '../../../../../shared/schemas/futures';
import { loadNamespaces, setLanguage } from '../../../../i18n/index';
import { ClosePositionDialog, MarginDialog, TpSlDialog, sharesAtPercent } from './PositionDialogs';
import { TEST_CONTRACT_PAIR as PAIR } from './testContractPair';

const position: Position = {
  id: 3,
  symbol: 'btcusdt',
  side: 'long',
  leverage: 10,
  shares: '50',
  quantity: '0.5',
  entryPrice: '100.0000',
  margin: '5.000000',
  liquidationPrice: '92.00',
  lossRate: '0.8',
  takeProfit: null,
  stopLoss: '91.00',
  closingShares: '10',
  realisedPnl: '0',
  fees: '0',
  funding: '0',
  status: 'open',
  closePrice: null,
  liquidation: null,
  createTime: 1,
  updateTime: 1,
  closeTime: null,
  mark: null,
};
const noop = () => undefined;

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['futures']);
});

describe('[FUI-11] [FUI-12] [FUI-13] the position dialogs', () => {
  it('[FUI-11] close: presets are whole shares of what no closing order holds', () => {
    expect(sharesAtPercent('40', 25)).toBe('10');
    expect(sharesAtPercent('7', 50)).toBe('3');
    expect(sharesAtPercent('7', 100)).toBe('7');
  });

  it('[FUI-11] close: starts with all that can be closed, with its PnL and fee at the mark', () => {
    const html = renderToStaticMarkup(
      <ClosePositionDialog pair={PAIR} position={position} mark="102" onClose={noop} />,
    );
    // 50 shares, 10 held by a closing order: 40 = 0.4 BTC; (102 - 100) x 0.4 = 0.8 USDT.
    expect(html).toMatch(/data-testid="close-shares" value="40"|value="40"[^>]*data-testid="close-shares"/);
    expect(html).toMatch(/data-testid="close-pnl">0\.80 USDT/);
    for (const p of ['25%', '50%', '75%', '100%']) expect(html).toContain(`>${p}<`);
  });

  it('[FUI-12] margin: shows the margin and liquidation price now, before an amount is typed', () => {
    const html = renderToStaticMarkup(
      <MarginDialog pair={PAIR} position={position} mark="102" available="30" onClose={noop} />,
    );
    expect(html).toContain('5.00 → --');
    expect(html).toContain('92.00 → --');
    expect(html).toContain('disabled');
  });

  it('[FUI-13] TP/SL: a stop-loss at or beyond the liquidation price is named and cannot be confirmed', () => {
    const html = renderToStaticMarkup(<TpSlDialog pair={PAIR} position={position} mark="102" onClose={noop} />);
    expect(html).toContain('The stop-loss must be above the liquidation price 92.00');
    expect(html).toMatch(/<button type="submit"[^>]*disabled/);
  });
});

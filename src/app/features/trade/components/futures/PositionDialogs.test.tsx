import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces, setLanguage } from '../../../../i18n/index';
import { ClosePositionDialog, MarginDialog, TpSlDialog, sharesAtPercent } from './PositionDialogs';
import { TEST_CONTRACT_PAIR as PAIR, testPosition } from './testContractPair';

const position = testPosition({ id: 3, stopLoss: '91.00', closingShares: '10', mark: null });
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

  it('[A11Y-16] a field the dialog rule is about is aria-invalid and described by the rule; the others are not', () => {
    /** The opening tag of the element with `testId`, and the text of the elements its aria-describedby names. */
    const field = (html: string, testId: string) => {
      const tag = new RegExp(`<[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';
      const ids = /aria-describedby="([^"]+)"/.exec(tag)?.[1].split(' ') ?? [];
      const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const said = ids.map((i) => new RegExp(`id="${esc(i)}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? `(no #${i})`);
      return { invalid: tag.includes('aria-invalid="true"'), said };
    };
    // TP/SL: the stop-loss 91.00 is under the liquidation price: that field, described by the rule and the hint.
    let html = renderToStaticMarkup(<TpSlDialog pair={PAIR} position={position} mark="102" onClose={noop} />);
    const hint = 'Triggered by the mark price. Leave a field empty to remove it.';
    expect(field(html, 'tpsl-sl')).toEqual({
      invalid: true,
      said: ['The stop-loss must be above the liquidation price 92.00', hint],
    });
    expect(field(html, 'tpsl-tp')).toEqual({ invalid: false, said: [hint] });
    // A take-profit under a long's mark: that field instead.
    html = renderToStaticMarkup(
      <TpSlDialog
        pair={PAIR}
        position={{ ...position, takeProfit: '101', stopLoss: null }}
        mark="102"
        onClose={noop}
      />,
    );
    expect(field(html, 'tpsl-tp').invalid).toBe(true);
    expect(field(html, 'tpsl-tp').said[0]).toMatch(/take-profit must be above the mark price/);
    expect(field(html, 'tpsl-sl')).toEqual({ invalid: false, said: [hint] });
    // Close: nothing free to close (all held by a closing order): the size, described by its rule.
    html = renderToStaticMarkup(
      <ClosePositionDialog pair={PAIR} position={{ ...position, closingShares: '50' }} mark="102" onClose={noop} />,
    );
    expect(field(html, 'close-shares').invalid).toBe(true);
    expect(field(html, 'close-shares').said).toHaveLength(1);
    expect(field(html, 'close-shares').said[0]).not.toMatch(/^\(no #/);
    // With something to close, and the margin dialog before an amount is typed: no error, nothing described.
    html = renderToStaticMarkup(<ClosePositionDialog pair={PAIR} position={position} mark="102" onClose={noop} />);
    expect(field(html, 'close-shares')).toEqual({ invalid: false, said: [] });
    html = renderToStaticMarkup(
      <MarginDialog pair={PAIR} position={position} mark="102" available="30" onClose={noop} />,
    );
    expect(field(html, 'margin-amount')).toEqual({ invalid: false, said: [] });
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { TickerView } from '../../../../engine';
import { loadNamespaces, setLanguage } from '../../../i18n/index';
import type { MarketRow } from '../../../market/coins';

vi.mock('../../../market/hooks', () => ({ useTickerWriter: () => undefined, useLiveAccount: () => undefined }));

import { PairHeader, headerStatText, writeHeaderPrice, type HeaderCell } from './PairHeader';

// The engine's 9.2 formatter writes a price under 10 with 6 decimals; DOT's own tick is 4 decimals.
const ticker = {
  symbol: 'dotusdt',
  price: '6.852000',
  priceRaw: '6.852',
  changePct: '+1.25%',
  high24: '7.012350',
  low24: '6.500000',
  vol24: '3.68K',
  amount24: '25.21K',
  dir: 1,
  tickDir: 1,
} as unknown as TickerView;

const row = (priceDecimals: number | undefined) =>
  ({ symbol: 'dotusdt', display: 'DOT/USDT', base: 'DOT', quote: 'USDT', priceDecimals }) as MarketRow;

/** A fake element that counts its text writes. */
function cell(): HeaderCell & { writes: number } {
  let text: string | null = '';
  return {
    writes: 0,
    className: '',
    get textContent() {
      return text;
    },
    set textContent(v: string | null) {
      text = v;
      this.writes++;
    },
  };
}

/** The header's figures in order, as its writers put them: last price, change, high, low, volume, turnover. */
function figures(t: TickerView | undefined, decimals: number | undefined, lang: string): string[] {
  const price = cell();
  const change = cell();
  writeHeaderPrice(price, change, t, lang, decimals, '');
  const stats = (['high24', 'low24', 'vol24', 'amount24'] as const).map((f) => headerStatText(t, f, decimals, lang));
  return [price.textContent ?? '', change.textContent ?? '', ...stats];
}

describe('trade header', () => {
  beforeAll(async () => {
    await setLanguage('en');
    await loadNamespaces(['market']);
  });

  it('[NUM-2] the last price and the 24 h high and low are written at the pair own decimals, not 9.2', () => {
    expect(figures(ticker, 4, 'en')).toEqual(['6.8520', '+1.25%', '7.0124', '6.5000', '3.68K', '25.21K']);
  });

  it('[NUM-2] in the language form; a pair without decimals of its own keeps 9.2', () => {
    expect(figures(ticker, 4, 'de').slice(0, 4)).toEqual(['6,8520', '+1,25%', '7,0124', '6,5000']);
    expect(figures(ticker, undefined, 'en')[0]).toBe('6.852000');
    expect(figures(undefined, 4, 'en')).toEqual(['--', '--', '--', '--', '--', '--']);
  });

  it('[PERF-81] a tick writes only what changed, coloured by the 24 h direction; a real move is told apart', () => {
    const price = cell();
    const change = cell();
    const first = writeHeaderPrice(price, change, ticker, 'en', 4, '');
    expect(price.className).toBe('px num is-up ph-last');
    expect(change.className).toBe('chg-text num is-up');
    expect(first.moved).toBe(false);
    // The same ticker again: no text written.
    const again = writeHeaderPrice(price, change, { ...ticker }, 'en', 4, first.price);
    expect([price.writes, change.writes, again.moved]).toEqual([1, 1, false]);
    const down = { ...ticker, price: '6.800000', priceRaw: '6.8', dir: -1, tickDir: -1 } as TickerView;
    const moved = writeHeaderPrice(price, change, down, 'en', 4, again.price);
    expect([price.textContent, price.className, moved.moved]).toEqual(['6.8000', 'px num is-down ph-last', true]);
    expect(change.writes).toBe(1);
  });

  it('[PERF-81] the live cells render empty: React never holds their text', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <PairHeader row={row(4)} symbol="dotusdt" />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<span class="px num ph-last" data-testid="header-price"><\/span>/);
  });
});

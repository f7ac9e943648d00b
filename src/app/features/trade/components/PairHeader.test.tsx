import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { TickerView } from '../../../../engine';
import { loadNamespaces, setLanguage } from '../../../i18n/index';
import type { MarketRow } from '../../../market/coins';

// The engine's 9.2 formatter writes a price under 10 with 6 decimals; DOT's own tick is 4 decimals.
const ticker = vi.hoisted(() => ({
  view: {
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
  } as unknown as TickerView,
}));
vi.mock('../../../market/hooks', () => ({ useTicker: () => ticker.view, useLiveAccount: () => undefined }));

import { PairHeader } from './PairHeader';

const row = (priceDecimals: number | undefined) =>
  ({ symbol: 'dotusdt', display: 'DOT/USDT', base: 'DOT', quote: 'USDT', priceDecimals }) as MarketRow;

const render = (decimals: number | undefined) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PairHeader row={row(decimals)} symbol="dotusdt" />
    </MemoryRouter>,
  );

/** The header's figures in order: last price, change, high, low, volume, turnover. */
function figures(html: string): string[] {
  return [...html.matchAll(/class="[^"]*\bnum\b[^"]*"[^>]*>([^<]*)</g)].map((m) => m[1]);
}

describe('trade header', () => {
  beforeAll(async () => {
    await setLanguage('en');
    await loadNamespaces(['market']);
  });

  it('[NUM-2] the last price and the 24 h high and low are written at the pair own decimals, not 9.2', () => {
    const html = render(4);
    expect(figures(html)).toEqual(['6.8520', '+1.25%', '7.0124', '6.5000', '3.68K', '25.21K']);
  });

  it('[NUM-2] in the language form; a pair without decimals of its own keeps 9.2', async () => {
    await setLanguage('de');
    const html = render(4);
    expect(figures(html).slice(0, 4)).toEqual(['6,8520', '+1,25%', '7,0124', '6,5000']);
    await setLanguage('en');
    expect(figures(render(undefined))[0]).toBe('6.852000');
  });
});

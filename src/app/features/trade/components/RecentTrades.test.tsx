import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TradeView } from '../../../../engine';
import { loadNamespaces, setLanguage } from '../../../i18n/index';
import { tapeRows } from '../../../market/draw/drawList';

// The engine's 9.2 digits of a DOT trade (6 decimals under 10); DOT's own tick is 4 decimals.
const trades: TradeView[] = [
  { id: 2, price: '6.847000', qty: '18.434', side: 'sell', ts: Date.UTC(2026, 10, 28, 13, 1, 47) } as TradeView,
  { id: 1, price: '6.847450', qty: '2.601', side: 'buy', ts: Date.UTC(2026, 10, 28, 13, 1, 46) } as TradeView,
];
vi.mock('../../../market/hooks', () => ({
  useTrades: () => ({ trades }),
  useTradesFeed: () => undefined,
}));

import { RecentTrades } from './RecentTrades';

const prices = (html: string) => [...html.matchAll(/<th scope="row"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);

describe('recent trades', () => {
  beforeAll(async () => {
    await setLanguage('en', { persist: false });
    await loadNamespaces(['market']);
  });

  it('[NUM-2] a trade price is written at the pair own decimals; without them, as the engine wrote it', () => {
    const html = (d?: number) =>
      renderToStaticMarkup(<RecentTrades symbol="dotusdt" base="DOT" quote="USDT" priceDecimals={d} />);
    expect(prices(html(4))).toEqual(['6.8470', '6.8475']);
    expect(prices(html())).toEqual(['6.847000', '6.847450']);
    // The canvas rows take the same price (the tape's mapper).
    expect(
      tapeRows(
        trades,
        2,
        () => '',
        (t) => `${t.price}!`,
      ).map((r) => r.price),
    ).toEqual(['6.847000!', '6.847450!']);
  });
});

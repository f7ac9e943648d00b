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
/** What the canvas's feed delivers while the component renders (none: the feed has not spoken yet). */
let fed: readonly TradeView[] | undefined = trades;
/** What the calm (once a second) snapshot holds. */
let calm: readonly TradeView[] = trades;
vi.mock('../../../market/hooks', () => ({
  useTrades: () => ({ trades: calm }),
  useTradesFeed: (_s: string, _ms: number, listener: (v: { trades: readonly TradeView[] }) => void) => {
    if (fed) listener({ trades: fed });
  },
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

  it('[PERF-32] the empty note follows the tape the canvas draws, not the table a second behind it', () => {
    const html = () => renderToStaticMarkup(<RecentTrades symbol="dotusdt" base="DOT" quote="USDT" />);
    const note = 'Waiting for trades';
    try {
      // The feed has drawn trades; the calm table has not caught up yet: no note over the trades.
      calm = [];
      fed = trades;
      expect(html()).not.toContain(note);
      // The tape is empty: the note shows, whatever the table still holds.
      calm = trades;
      fed = [];
      expect(html()).toContain(note);
      // Before the feed speaks at all.
      fed = undefined;
      expect(html()).toContain(note);
    } finally {
      calm = trades;
      fed = trades;
    }
  });
});

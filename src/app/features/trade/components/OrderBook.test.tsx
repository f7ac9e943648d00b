import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DepthView } from '../../../../engine';
import { loadNamespaces, setLanguage } from '../../../i18n/index';

const depth = vi.hoisted(() => ({
  view: undefined as DepthView | undefined,
  calls: [] as unknown[][],
}));
vi.mock('../../../market/hooks', () => ({
  useDepth: (...args: unknown[]) => {
    depth.calls.push(args);
    return depth.view;
  },
  useDepthFeed: () => undefined,
  useTickerWriter: () => undefined,
}));

import { OrderBook, rowsThatFit, writeLastPrice, writeSpread, type TextTarget } from './OrderBook';
import type { TickerView } from '../../../../engine';

const row = (price: string, amount: string, total: string, fill: number) => ({ price, amount, total, fill });

function view(over: Partial<DepthView> = {}): DepthView {
  return {
    symbol: 'btcusdt',
    pricePrecision: 2,
    amountPrecision: 4,
    group: 1,
    version: 1,
    status: 'live',
    error: null,
    asks: [row('64123.40', '0.5000', '0.5000', 0.25), row('64123.50', '1.5000', '2.0000', 1)],
    bids: [row('64120.00', '1.0000', '1.0000', 0.5), row('64119.99', '0.2500', '1.2500', 0.625)],
    spread: '3.40',
    maxTotal: '2.0000',
    seq: 9,
    ...over,
  };
}

/** The rows of a side's accessible table, best first: price texts. */
function sideRows(html: string, side: 'ask' | 'bid'): string[] {
  const table = html.split(`data-testid="book-table-${side}"`)[1].split('</table>')[0];
  const body = table.split('<tbody>')[1] ?? '';
  return [...body.matchAll(/<th scope="row"[^>]*>(?:<button[^>]*>)?([^<]*)</g)].map((m) => m[1]);
}

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['market']);
});
beforeEach(() => {
  depth.view = undefined;
  depth.calls = [];
});

describe('order book view [BOOK-6][BOOK-7][BOOK-9]', () => {
  it('[BOOK-6] asks above with the best nearest the middle, last price and spread between, bids below', () => {
    depth.view = view();
    const html = renderToStaticMarkup(
      <OrderBook
        symbol="btcusdt"
        pricePrecision={2}
        amountPrecision={4}
        rows={4}
        lastPrice={{ price: '64121.00', dir: 1 }}
      />,
    );
    expect(sideRows(html, 'ask')).toEqual(['64,123.40', '64,123.50']);
    expect(sideRows(html, 'bid')).toEqual(['64,120.00', '64,119.99']);
    const mid = html.indexOf('ob-mid');
    expect(html.indexOf('ob-side--ask')).toBeLessThan(mid);
    expect(html.indexOf('ob-side--bid')).toBeGreaterThan(mid);
    expect(html).toMatch(/class="ob-last num up"[^>]*>64,121.00/);
    expect(html).toContain('Spread <span class="num">');
    // React sees the book once a second (PERF-32); the canvases get every frame through useDepthFeed.
    // SIDE-3: with a last price of 64,121.00 the book opens grouped at one basis point: 500 ticks, a step of 5.
    expect(depth.calls[0]).toEqual(['btcusdt', { pricePrecision: 2, amountPrecision: 4, group: 500 }, 1000]);
  });

  it('[SIDE-3] [SIDE-4] the book opens at the grouping of its first price, offered among the tick multiples', () => {
    depth.view = view();
    const html = renderToStaticMarkup(
      <OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} lastPrice={{ price: '67250.37' }} />,
    );
    const options = [...html.matchAll(/<option value="(\d+)"([^>]*)>([^<]*)<\/option>/g)].map((m) => [
      m[1],
      m[3],
      m[2].includes('selected'),
    ]);
    expect(options).toEqual([
      ['1', '0.01', false],
      ['10', '0.1', false],
      ['100', '1', false],
      ['500', '5', true],
      ['1000', '10', false],
      ['5000', '50', false],
    ]);
  });

  it('[SIDE-5] a book that fills its box counts the rows that fit, 1 to 30 a side', () => {
    expect(rowsThatFit(600, 18)).toBe(16);
    expect(rowsThatFit(599, 20)).toBe(14);
    expect(rowsThatFit(0, 18)).toBe(1);
    expect(rowsThatFit(5000, 18)).toBe(30);
    // Until measured (server render, no ResizeObserver) it shows the rows it was given.
    depth.view = undefined;
    const html = renderToStaticMarkup(
      <OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} rows={15} fit />,
    );
    expect(html).toContain('data-rows="15"');
    expect(html).toContain('--ob-row-h:18px');
  });

  it('[SIDE-7] a book that fills its column shows no more rows than both sides have levels; fixed rows stay', () => {
    depth.view = view();
    const fitted = renderToStaticMarkup(
      <OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} rows={15} fit />,
    );
    expect(fitted).toContain('data-rows="2"');
    expect(fitted.match(/--ob-rows:2/g)).toHaveLength(2);
    const fixed = renderToStaticMarkup(<OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} rows={7} />);
    expect(fixed).toContain('data-rows="7"');
  });

  it('[BOOK-6] [PERF-30] a side is a canvas in a box of a fixed number of rows whatever the book holds', () => {
    for (const v of [view(), view({ asks: [], bids: [] }), undefined]) {
      depth.view = v;
      const html = renderToStaticMarkup(<OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} rows={7} />);
      expect(html.match(/--ob-rows:7/g)).toHaveLength(2);
      expect(html).toContain('<canvas class="ob-canvas" aria-hidden="true" data-testid="book-canvas-ask"');
      expect(html).toContain('<canvas class="ob-canvas" aria-hidden="true" data-testid="book-canvas-bid"');
      expect(html).not.toMatch(/width:/);
    }
  });

  it('[BOOK-6] price, amount and total columns, in tabular figures, with the language’s grouping', async () => {
    depth.view = view({ asks: [row('64123.40', '1234.5000', '1234.5000', 1)], bids: [] });
    await setLanguage('de', { persist: false });
    try {
      const html = renderToStaticMarkup(
        <OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} base="BTC" quote="USDT" />,
      );
      expect(html).toContain('64.123,40');
      expect(html).toContain('1.234,5000');
      expect(html).toContain('Preis (USDT)');
      expect(html).toContain('Summe (BTC)');
      expect(html).toContain('<td>1.234,5000</td>');
    } finally {
      await setLanguage('en', { persist: false });
    }
  });

  it('[BOOK-7] the grouping selector offers the tick x 1, 10, 100, 1000 as prices', () => {
    depth.view = view();
    const html = renderToStaticMarkup(<OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} />);
    const options = [...html.matchAll(/<option value="(\d+)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['1', '0.01'],
      ['10', '0.1'],
      ['100', '1'],
      ['1000', '10'],
    ]);
    const coarse = renderToStaticMarkup(<OrderBook symbol="x" pricePrecision={0} amountPrecision={0} />);
    expect(coarse).toContain('>1,000</option>');
  });

  it('[BOOK-7] [PERF-32] each top level is a button naming its price in the hidden table; a click picks it', () => {
    depth.view = view();
    const onPick = vi.fn();
    const html = renderToStaticMarkup(
      <OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} onPick={onPick} rows={2} />,
    );
    expect(html).toContain('<button type="button" title="Use 64,123.40 as the order price">64,123.40</button>');
    expect(html).toContain('class="ob-canvas ob-canvas--pick"');
    expect(html).not.toContain('aria-live');
    // Without onPick, prices are text.
    const plain = renderToStaticMarkup(<OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} />);
    expect(plain).not.toContain('<button type="button" title=');
    expect(plain).toContain('<th scope="row" aria-label="Sell 64,123.40">64,123.40</th>');
  });

  it('[A11Y-14] the book is two tables with column headers, and each row header names its side and price', () => {
    depth.view = view();
    const html = renderToStaticMarkup(<OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} rows={2} />);
    for (const side of ['ask', 'bid'] as const) {
      const table = html.split(`data-testid="book-table-${side}"`)[1].split('</table>')[0];
      expect(table.match(/<th scope="col">/g)).toHaveLength(3);
      const word = side === 'ask' ? 'Sell' : 'Buy';
      expect(table.match(new RegExp(`<th scope="row" aria-label="${word} [0-9,.]+">`, 'g'))).toHaveLength(2);
    }
  });

  it('[BOOK-9] loading shows skeleton rows; an error and a resync say so; an empty book says so', () => {
    const render = () =>
      renderToStaticMarkup(<OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} rows={3} />);
    depth.view = undefined;
    let html = render();
    expect(html.match(/class="ob-skel"/g)).toHaveLength(6);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading order book…');
    depth.view = view({ status: 'syncing', seq: -1, asks: [], bids: [], spread: null });
    expect(render().match(/class="ob-skel"/g)).toHaveLength(6);

    depth.view = view({ status: 'error', error: 'DEPTH is not available', seq: -1, asks: [], bids: [], spread: null });
    html = render();
    expect(html).toContain('ob-note ob-note--error');
    expect(html).toContain('The order book is unavailable. Retrying…');
    expect(html).not.toContain('ob-skel');

    depth.view = view({ status: 'syncing' });
    html = render();
    expect(html).toContain('ob ob--stale');
    expect(html).toContain('Updating the order book…');
    expect(sideRows(html, 'bid')[0]).toBe('64,120.00');
    expect(html).not.toContain('ob-skel');

    depth.view = view({ asks: [], bids: [], spread: null });
    expect(render()).toContain('No orders yet');
  });
});

describe('the spread on a tick [PERF-66]', () => {
  it('[PERF-66] an unchanged spread writes nothing; a changed one writes its formatted text', () => {
    let writes = 0;
    let text: string | null = '';
    const el = {
      get textContent() {
        return text;
      },
      set textContent(v: string | null) {
        writes++;
        text = v;
      },
    };
    expect(writeSpread(el, '1234.50', 'en')).toBe(true);
    expect(text).toBe('1,234.50');
    expect(writeSpread(el, '1234.50', 'en')).toBe(false);
    expect(writes).toBe(1);
    expect(writeSpread(el, null, 'en')).toBe(true);
    expect(text).toBe('');
    expect(writeSpread(null, '1', 'en')).toBe(false);
  });
});

describe('the live last price between the sides [PERF-80]', () => {
  const target = (): TextTarget & { writes: number } => {
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
  };
  const tick = (price: string, tickDir: number) => ({ price, priceRaw: price, tickDir }) as unknown as TickerView;

  it('[PERF-80] without a lastPrice the book renders the middle line empty and writes the ticker into it', () => {
    depth.view = view();
    const html = renderToStaticMarkup(<OrderBook symbol="btcusdt" pricePrecision={2} amountPrecision={4} />);
    expect(html).toMatch(
      /<span class="ob-last num" title="[^"]*"><span><\/span><span class="ob-arrow" aria-hidden="true"><\/span><\/span>/,
    );
    const [box, text, arrow] = [target(), target(), target()];
    expect(writeLastPrice(box, text, arrow, tick('64121.004', 1), 2, 'en')).toBe(true);
    expect([box.className, text.textContent, arrow.textContent]).toEqual(['ob-last num up', '64,121.00', '↑']);
    // The same price again writes nothing; a move down changes the arrow and the colour, not the unchanged text.
    expect(writeLastPrice(box, text, arrow, tick('64121.004', 1), 2, 'en')).toBe(false);
    expect(writeLastPrice(box, text, arrow, tick('64121.001', -1), 2, 'en')).toBe(true);
    expect([box.className, text.textContent, arrow.textContent, text.writes]).toEqual([
      'ob-last num down',
      '64,121.00',
      '↓',
      1,
    ]);
    writeLastPrice(box, text, arrow, undefined, 2, 'en');
    expect([box.className, text.textContent, arrow.textContent]).toEqual(['ob-last num', '--', '']);
  });
});

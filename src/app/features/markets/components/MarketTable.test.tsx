import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { TickerView } from '../../../../engine';
import { loadNamespaces, setLanguage } from '../../../i18n/index';
import type { MarketRow } from '../../../market/coins';
import { OVERSCAN } from '../../../ui/virtualWindow';

const watched = vi.hoisted(() => ({ symbols: [] as string[] }));
vi.mock('../../../market/hooks', () => ({
  useTickerWriter: (symbol: string | undefined) => {
    if (symbol) watched.symbols.push(symbol);
  },
  useKlines: () => undefined,
}));

import { MarketTable } from './MarketTable';
import { writeRowCells, type CellTarget, type RowCells } from './liveCells';

function rows(n: number): MarketRow[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `currencyList:c${i}usdt`,
    list: 'currencyList',
    symbol: `c${i}usdt`,
    display: `C${i}/USDT`,
    base: `C${i}`,
    quote: 'USDT',
    volumeLookup: false,
    coin: {} as MarketRow['coin'],
  }));
}

function render(n: number): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <MarketTable rows={rows(n)} variant="panel" caption="Spot" />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['market']);
});
beforeEach(() => {
  watched.symbols = [];
});

describe('market table as a virtual list', () => {
  it('[PERF-40][PERF-42] 200 rows: only the first view plus overscan is in the markup; aria-rowcount tells 200 (+ header)', () => {
    const html = render(200);
    const shown = [...html.matchAll(/data-vrow="(\d+)"/g)].map((m) => Number(m[1]));
    // Before measuring: a 900 px view of 30 px panel rows, plus the overscan.
    expect(shown).toEqual(Array.from({ length: 30 + OVERSCAN }, (_, i) => i));
    expect(html).toContain('aria-rowcount="201"');
    expect(html).toContain('aria-rowindex="2"');
    expect(html).toMatch(/class="vlist-spacer" aria-hidden="true" style="height:\d+px"/);
  });

  it('[PERF-45] only the rendered rows watch their ticker', () => {
    render(200);
    expect(new Set(watched.symbols).size).toBe(30 + OVERSCAN);
    expect(watched.symbols).not.toContain('c150usdt');
  });

  it('[PERF-40] a short list renders every row', () => {
    expect([...render(12).matchAll(/data-vrow=/g)]).toHaveLength(12);
  });
});

function cell(): CellTarget & { writes: number } {
  let text: string | null = '';
  let cls = '';
  const c = {
    writes: 0,
    get textContent() {
      return text;
    },
    set textContent(v: string | null) {
      text = v;
      c.writes++;
    },
    get className() {
      return cls;
    },
    set className(v: string) {
      cls = v;
      c.writes++;
    },
  };
  return c;
}

const tick = (over: Partial<TickerView>): TickerView => ({
  symbol: 'btcusdt',
  price: '64123.50',
  priceRaw: '64123.5',
  changePct: '+1.23%',
  change: '+780.00',
  dir: 1,
  tickDir: 1,
  high24: '65000.00',
  low24: '63000.00',
  open24: '63343.50',
  vol24: '1.2K',
  amount24: '77M',
  ts: 1,
  ...over,
});

describe('live cells written without React', () => {
  const opts = { lang: 'en', coloredPrice: true, plainChange: true };

  it('[PERF-44] a tick writes the formatted strings into the cells; the same tick again writes nothing', () => {
    const cells = { price: cell(), change: cell(), high: cell(), low: cell(), vol: cell(), spark: cell() };
    const first = writeRowCells(cells as RowCells, tick({}), opts, '');
    expect(cells.price.textContent).toBe('64,123.50');
    expect(cells.price.className).toBe('px num is-up');
    expect(cells.change.textContent).toBe('+1.23%');
    expect(cells.change.className).toBe('chg-text num is-up');
    expect(cells.high.textContent).toBe('65,000.00');
    expect(cells.spark.className).toBe('mt-spark is-up');
    expect(first.moved).toBe(false);
    const writes = Object.values(cells).map((c) => c.writes);
    writeRowCells(cells as RowCells, tick({}), opts, first.price);
    expect(Object.values(cells).map((c) => c.writes)).toEqual(writes);
  });

  it('[NUM-2][NUM-5] a price is no finer than its pair; the volume takes the language compact form', () => {
    const cells = { price: cell(), change: cell(), high: cell(), low: cell(), vol: cell(), spark: null };
    const dot = tick({ price: '6.852000', priceRaw: '6.852', high24: '7.427600', low24: '6.814049', vol24: '3.68K' });
    writeRowCells(cells as RowCells, dot, { ...opts, lang: 'de', priceDecimals: 4 }, '');
    expect(cells.price.textContent).toBe('6,8520');
    expect(cells.high.textContent).toBe('7,4276');
    expect(cells.low.textContent).toBe('6,8140');
    expect(cells.vol.textContent).toBe('3680');
    writeRowCells(cells as RowCells, tick({ vol24: '66.75K' }), { ...opts, lang: 'fr' }, '');
    expect(cells.vol.textContent).toBe('66,75\u00a0k');
  });

  it('[PERF-44][PERF-46] a new price changes only the price text and reports a move to flash; no ticker shows dashes', () => {
    const cells = { price: cell(), change: cell(), high: cell(), low: cell(), vol: cell(), spark: null };
    const a = writeRowCells(cells as RowCells, tick({}), opts, '');
    const before = cells.change.writes;
    const b = writeRowCells(
      cells as RowCells,
      tick({ price: '64120.00', priceRaw: '64120', tickDir: -1 }),
      opts,
      a.price,
    );
    expect(cells.price.textContent).toBe('64,120.00');
    expect(cells.change.writes).toBe(before);
    expect(b.moved).toBe(true);
    writeRowCells(cells as RowCells, undefined, opts, b.price);
    expect(cells.price.textContent).toBe('--');
    expect(cells.change.className).toBe('chg-text num is-flat');
  });
});

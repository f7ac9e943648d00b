/**
 * The live cells of a market row written straight into the DOM (PERF-44): the engine's formatted strings
 * (price, 24 h change, high, low, volume) with the language's digit grouping, the colour classes, and the price
 * flash on a real move. Only what changed is written, so an unchanged price costs no DOM write at all. React
 * renders the cells once, empty; this fills them on mount and on each tick (MarketTable.tsx, useTickerWriter).
 */
import type { TickerView } from '../../../../engine';
import { capDecimals } from '../../../../shared/numberFormat';
import { formatDecimal } from '../../../i18n/format';

/** The part of an element the writer touches (a fake in tests). */
export interface CellTarget {
  textContent: string | null;
  className: string;
}

export interface RowCells {
  price: CellTarget | null;
  change: CellTarget | null;
  high: CellTarget | null;
  low: CellTarget | null;
  vol: CellTarget | null;
  /** The sparkline's cell: its class colours the line by the 24 h direction. */
  spark: CellTarget | null;
}

export interface CellOptions {
  lang: string;
  /** Price coloured by the 24 h direction (the pair panel). */
  coloredPrice: boolean;
  /** The change as plain coloured text rather than a pill. */
  plainChange: boolean;
  /** The pair's own price decimals, when the coin list gives them (NUM-2). */
  priceDecimals?: number;
}

const DASH = '--';

function dirClass(dir: number): string {
  return dir > 0 ? 'is-up' : dir < 0 ? 'is-down' : 'is-flat';
}

function set(el: CellTarget | null, text: string, className?: string): boolean {
  if (!el) return false;
  let wrote = false;
  if (el.textContent !== text) {
    el.textContent = text;
    wrote = true;
  }
  if (className !== undefined && el.className !== className) {
    el.className = className;
    wrote = true;
  }
  return wrote;
}

/** The classes of the price and change elements (React renders them with the same). */
export function priceClass(ticker: TickerView | undefined, colored: boolean): string {
  return `px num${colored && ticker && ticker.dir !== 0 ? ` ${dirClass(ticker.dir)}` : ''}`;
}
export function changeClass(ticker: TickerView | undefined, plain: boolean): string {
  return `${plain ? 'chg-text' : 'chg-pill'} num ${dirClass(ticker?.dir ?? 0)}`;
}
export function sparkClass(ticker: TickerView | undefined): string {
  return `mt-spark ${dirClass(ticker?.dir ?? 0)}`;
}

/**
 * Writes `ticker` into the cells; returns whether the price moved from a shown price (the caller flashes it
 * in `ticker.tickDir`). `lastPrice` is the price last written into these cells ('' for none).
 */
export function writeRowCells(
  cells: RowCells,
  ticker: TickerView | undefined,
  o: CellOptions,
  lastPrice: string,
): { price: string; moved: boolean } {
  const f = (v: string | undefined) => (v === undefined || !ticker ? DASH : formatDecimal(v, o.lang));
  const px = (v: string | undefined) => f(v === undefined ? v : capDecimals(v, o.priceDecimals));
  set(cells.price, px(ticker?.price), priceClass(ticker, o.coloredPrice));
  set(cells.change, f(ticker?.changePct), changeClass(ticker, o.plainChange));
  set(cells.high, px(ticker?.high24));
  set(cells.low, px(ticker?.low24));
  set(cells.vol, f(ticker?.vol24));
  if (cells.spark && cells.spark.className !== sparkClass(ticker)) cells.spark.className = sparkClass(ticker);
  const price = ticker?.priceRaw ?? '';
  return { price, moved: lastPrice !== '' && price !== '' && price !== lastPrice && (ticker?.tickDir ?? 0) !== 0 };
}

/**
 * The order book (BOOK-6, BOOK-7, BOOK-9, PERF-30..PERF-34): asks above with the best nearest the middle, the
 * last price and the spread between the sides, bids below; price, amount and cumulative total per row,
 * right-aligned in tabular figures, with a depth bar behind each row.
 *
 * The rows are pixels on two canvases (one a side), drawn by the tab's drawing worker where the browser can
 * transfer a canvas, else on the main thread (PERF-31). The book reaches them without React (useDepthFeed, at
 * most once per BOOK_CADENCE_MS): React renders this frame and commits only on structural changes (symbol,
 * grouping, rows, language) and once a second for the accessible tables (PERF-32, A11Y-14: column headers, the
 * side's word on each row), which hold the top levels as text, each price a button that hands its exact price to `onPick` (the order form's price), as a click on its
 * canvas row does. Each side is a box of fixed size, so nothing here reflows the page.
 */
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type MouseEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEPTH_ROWS_MAX,
  bookRows,
  defaultGroup,
  groupOptions,
  type DepthGroup,
  type DepthView,
  type TickerView,
} from '../../../../engine';
import { formatDecimal } from '../../../i18n/format';
import { capDecimals } from '../../../../shared/numberFormat';
import { useDepth, useDepthFeed, useTickerWriter } from '../../../market/hooks';
import { A11Y_TABLE_CADENCE_MS, BOOK_CADENCE_MS } from '../../../market/cadence';
import { bookLevelAt } from '../../../market/draw/drawList';
import { remPx, useSurface } from '../../../market/draw/useSurface';
import type { Surface } from '../../../market/draw/surface';
import { useLanguage } from '../../../ui/Price';
import { ColumnHeads } from '../../../ui/ColumnHeads';
import './OrderBook.css';

/** Rows shown per side unless told otherwise. */
export const BOOK_ROWS = 12;
/** A row's height in CSS pixels (the canvas rows and the hit-testing). */
export const BOOK_ROW_H = 20;
/** A row's height in a book that fills its box (SIDE-5, the desktop): denser, as a trader's screen is. */
const BOOK_ROW_H_FIT = 18;
/** Levels per side in the accessible table (PERF-32): the top of the book, where a price is picked. */
export const BOOK_A11Y_LEVELS = 10;

export interface OrderBookProps {
  symbol: string;
  /** The pair's price precision: its tick is 10^-pricePrecision (the groupings are tick x 1, 10, 100, 1000). */
  pricePrecision: number;
  amountPrecision: number;
  /**
   * The last trade's price as displayed (TickerView.price) and the direction of its last move (tickDir), rendered
   * by React. Without it the book writes the pair's live ticker there itself, at the book's cadence and without a
   * React commit (PERF-80).
   */
  lastPrice?: { price: string; dir?: -1 | 0 | 1 };
  /** A row was clicked: its price, exact, with the pair's precision (e.g. "64123.40"). */
  onPick?(price: string): void;
  /** Rows per side, 1 to 30 (default 12); with `fit`, the fewest shown before the box is measured. */
  rows?: number;
  /**
   * SIDE-5: the book fills the height its box gives it: as many rows a side as fit (at most 30), measured when
   * the box is laid out and again when it is resized (never on a tick).
   */
  fit?: boolean;
  /** Coin codes for the column headers, when known. */
  base?: string;
  quote?: string;
}

type Level = DepthView['asks'][number];

interface SideProps {
  side: 'ask' | 'bid';
  /** The calm view (once a second) for the accessible table; undefined while loading. */
  view: DepthView | undefined;
  rows: number;
  rowHeight: number;
  skeleton: boolean;
  label: string;
  /** The side's word on every row ("Sell" for an ask, "Buy" for a bid), read before the price (A11Y-14). */
  rowSide: string;
  lang: string;
  headers: readonly string[];
  pickText: ((price: string) => string) | undefined;
  onPick: (price: string) => void;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** The latest levels drawn (hit-testing); the focused level. */
  latest: RefObject<DepthView | undefined>;
  onFocusLevel: (side: 'ask' | 'bid', i: number) => void;
  /** The level under the pointer (-1 when it leaves), for the hover band of a pickable book. */
  onHoverLevel: (side: 'ask' | 'bid', i: number) => void;
}

/**
 * One side in its fixed box: the canvas (hidden from assistive technology) and, visually hidden, a table of its
 * top levels whose prices are buttons (PERF-32). Skeleton rows until the first book (BOOK-9).
 */
function BookSide(p: SideProps) {
  const { side, view, rows, skeleton, label, lang, headers, pickText, onPick, canvasRef, latest } = p;
  const levels = view ? (side === 'ask' ? view.asks : view.bids) : [];
  const top = levels.slice(0, Math.min(rows, BOOK_A11Y_LEVELS));
  const levelAt = (e: MouseEvent<HTMLCanvasElement>) => {
    const v = latest.current;
    if (!v || !pickText) return -1;
    const all = side === 'ask' ? v.asks : v.bids;
    const box = e.currentTarget.getBoundingClientRect();
    return bookLevelAt(side, e.clientY - box.top, rows, p.rowHeight, Math.min(rows, all.length));
  };
  const onClick = (e: MouseEvent<HTMLCanvasElement>) => {
    const i = levelAt(e);
    const v = latest.current;
    if (i >= 0 && v) onPick((side === 'ask' ? v.asks : v.bids)[i].price);
  };
  const skel = [];
  if (skeleton) for (let i = 0; i < rows; i++) skel.push(<span key={i} className="ob-skel" />);
  return (
    <div className={`ob-side ob-side--${side}`} style={{ '--ob-rows': rows } as CSSProperties}>
      <canvas
        ref={canvasRef}
        className={`ob-canvas${pickText ? ' ob-canvas--pick' : ''}`}
        aria-hidden="true"
        data-testid={`book-canvas-${side}`}
        onClick={onClick}
        onMouseMove={pickText ? (e) => p.onHoverLevel(side, levelAt(e)) : undefined}
        onMouseLeave={pickText ? () => p.onHoverLevel(side, -1) : undefined}
      />
      {skeleton && (
        <div className="ob-skels" aria-hidden="true">
          {skel}
        </div>
      )}
      <table className="visually-hidden" data-testid={`book-table-${side}`}>
        <caption>{label}</caption>
        <ColumnHeads cols={headers} />
        <tbody>
          {top.map((r, i) => {
            const shown = formatDecimal(r.price, lang);
            return (
              <tr key={i}>
                <th scope="row" aria-label={`${p.rowSide} ${shown}`}>
                  {pickText ? (
                    <button
                      type="button"
                      title={pickText(shown)}
                      onClick={() => onPick(r.price)}
                      onFocus={() => p.onFocusLevel(side, i)}
                      onBlur={() => p.onFocusLevel(side, -1)}
                    >
                      {shown}
                    </button>
                  ) : (
                    shown
                  )}
                </th>
                <td>{formatDecimal(r.amount, lang)}</td>
                <td>{formatDecimal(r.total, lang)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** SIDE-5: whole rows a side in `free` pixels shared by the two sides: at least 1, at most DEPTH_ROWS_MAX. */
export function rowsThatFit(free: number, rowHeight: number): number {
  return Math.max(1, Math.min(DEPTH_ROWS_MAX, Math.floor(free / 2 / rowHeight)));
}

/**
 * SIDE-5: rows a side that fit the book's box: its height less everything but the two sides (title, column
 * headers, the middle line, padding), halved, in whole rows. 0 until measured or without `on`. A ResizeObserver
 * measures on layout and resize only; the sides themselves keep a fixed height between resizes (BOOK-6).
 */
function useFitRows(box: RefObject<HTMLElement | null>, on: boolean, rowHeight: number): number {
  const [fitted, setFitted] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!on || !el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const style = getComputedStyle(el);
      let free = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      for (const child of el.children) {
        if (!child.classList.contains('ob-side')) free -= (child as HTMLElement).offsetHeight;
      }
      setFitted(rowsThatFit(free, rowHeight));
    };
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [box, on, rowHeight]);
  return fitted;
}

/**
 * Writes the spread beside the book on a tick (PERF-66): only a changed text is written, so an unchanged spread
 * costs the page no text node, style or layout. Returns whether it wrote.
 */
export function writeSpread(
  el: { textContent: string | null } | null,
  spread: string | null | undefined,
  lang: string,
) {
  if (!el) return false;
  const text = spread ? formatDecimal(spread, lang) : '';
  if (el.textContent === text) return false;
  el.textContent = text;
  return true;
}

/** The part of an element the last-price writer touches (a fake in tests). */
export interface TextTarget {
  textContent: string | null;
  className: string;
}

/** The classes of the last price between the sides, by the direction of its last move. */
export function lastPriceClass(dir: number): string {
  return `ob-last num${dir > 0 ? ' up' : dir < 0 ? ' down' : ''}`;
}

/**
 * Writes the live last price between the sides (PERF-80): its text at the pair's decimals, the arrow of its last
 * move and the colour class, each only where it changed. Returns whether it wrote.
 */
export function writeLastPrice(
  box: TextTarget | null,
  text: TextTarget | null,
  arrow: TextTarget | null,
  ticker: TickerView | undefined,
  pricePrecision: number,
  lang: string,
): boolean {
  if (!box || !text || !arrow) return false;
  const dir = ticker?.tickDir ?? 0;
  let wrote = false;
  const put = (el: TextTarget, v: string) => {
    if (el.textContent === v) return;
    el.textContent = v;
    wrote = true;
  };
  put(text, ticker ? formatDecimal(capDecimals(ticker.price, pricePrecision), lang) : '--');
  put(arrow, dir > 0 ? '↑' : dir < 0 ? '↓' : '');
  const cls = lastPriceClass(dir);
  if (box.className !== cls) {
    box.className = cls;
    wrote = true;
  }
  return wrote;
}

/** Sends a side's levels (the rows shown) and its focused level to its canvas. */
function sendSide(
  s: Surface | null,
  v: DepthView | undefined,
  side: 'ask' | 'bid',
  rows: number,
  focus: number,
  hover = -1,
) {
  if (!s) return;
  const all = v ? (side === 'ask' ? v.asks : v.bids) : [];
  const levels: Level[] = all.length > rows ? all.slice(0, rows) : all;
  s.setData({ levels, focus, hover });
}

export function OrderBook({
  symbol,
  pricePrecision,
  amountPrecision,
  lastPrice,
  onPick,
  rows = BOOK_ROWS,
  fit = false,
  base,
  quote,
}: OrderBookProps) {
  const { t } = useTranslation('market');
  const lang = useLanguage();
  // SIDE-3: the grouping opens at one basis point of the first price seen for the symbol (kept while the symbol
  // stays, so the book does not regroup under the user); a choice of the user's wins until the symbol changes.
  const [opening, setOpening] = useState<{ symbol: string; group: DepthGroup }>({ symbol: '', group: 1 });
  const [chosen, setChosen] = useState<{ symbol: string; group: DepthGroup } | null>(null);
  const seenPrice = lastPrice?.price;
  let preferred: DepthGroup = 1;
  if (opening.symbol === symbol) preferred = opening.group;
  else if (seenPrice !== undefined) {
    preferred = defaultGroup(pricePrecision, seenPrice);
    setOpening({ symbol, group: preferred });
  }
  // Without a `lastPrice` the book follows the live ticker itself (PERF-80): written into the middle line at the
  // book's cadence, never through React; its first price of a symbol sets the opening grouping (one commit).
  const live = lastPrice === undefined;
  const lastBox = useRef<HTMLSpanElement>(null);
  const lastText = useRef<HTMLSpanElement>(null);
  const lastArrow = useRef<HTMLSpanElement>(null);
  const openedFor = useRef(opening.symbol);
  const writeLast = useCallback(
    (ticker: TickerView | undefined) => {
      writeLastPrice(lastBox.current, lastText.current, lastArrow.current, ticker, pricePrecision, lang);
      if (!ticker || openedFor.current === symbol) return;
      openedFor.current = symbol;
      setOpening({ symbol, group: defaultGroup(pricePrecision, ticker.price) });
    },
    [symbol, pricePrecision, lang],
  );
  useTickerWriter(live ? symbol : undefined, writeLast, BOOK_CADENCE_MS);
  const group = chosen?.symbol === symbol ? chosen.group : preferred;
  const step = { pricePrecision, amountPrecision, group };
  // React sees the book once a second (the accessible tables, the status line); the canvases see every frame.
  const view = useDepth(symbol, step, A11Y_TABLE_CADENCE_MS);
  const boxRef = useRef<HTMLElement>(null);
  // A11Y-7: rows grow with the reader's text size (the root font size, read once), so the canvas text fits them.
  const [textScale] = useState(() => remPx() / 16);
  const rowH = Math.round((fit ? BOOK_ROW_H_FIT : BOOK_ROW_H) * textScale);
  const fitted = useFitRows(boxRef, fit, rowH);
  const boxRows = Math.max(1, Math.min(DEPTH_ROWS_MAX, Math.floor(fit && fitted > 0 ? fitted : rows)));
  // SIDE-7: a book that fills its column shows no more rows than both sides have groups (from the view React sees
  // once a second, never a tick); its box keeps its size. A book of fixed rows (the phone) keeps them (BOOK-6).
  const n = fit ? bookRows(boxRows, view) : boxRows;
  const selectId = useId();

  const ask = useSurface('book-ask', { rows: n, rowHeight: rowH, lang });
  const bid = useSurface('book-bid', { rows: n, rowHeight: rowH, lang });
  const askSurface = ask.surface;
  const bidSurface = bid.surface;
  const latest = useRef<DepthView | undefined>(undefined);
  const focus = useRef({ ask: -1, bid: -1 });
  const hover = useRef({ ask: -1, bid: -1 });
  const spreadRef = useRef<HTMLSpanElement>(null);
  const spreadText = (el: HTMLSpanElement | null) => {
    spreadRef.current = el;
    writeSpread(el, latest.current?.spread, lang);
  };

  // The tick path (PERF-33): the newest book to both canvases and the spread's text, never through React.
  useDepthFeed(symbol, step, BOOK_CADENCE_MS, (v) => {
    latest.current = v;
    sendSide(ask.surface.current, v, 'ask', n, focus.current.ask, hover.current.ask);
    sendSide(bid.surface.current, v, 'bid', n, focus.current.bid, hover.current.bid);
    writeSpread(spreadRef.current, v?.spread, lang);
  });
  // A new surface (rows, language, remount) gets the latest book at once.
  useEffect(() => {
    sendSide(ask.surface.current, latest.current, 'ask', n, focus.current.ask);
    sendSide(bid.surface.current, latest.current, 'bid', n, focus.current.bid);
  }, [ask.surface, bid.surface, n, lang]);

  const onFocusLevel = useCallback(
    (side: 'ask' | 'bid', i: number) => {
      focus.current[side] = i;
      sendSide((side === 'ask' ? askSurface : bidSurface).current, latest.current, side, n, i, hover.current[side]);
    },
    [askSurface, bidSurface, n],
  );
  const onHoverLevel = useCallback(
    (side: 'ask' | 'bid', i: number) => {
      if (hover.current[side] === i) return;
      hover.current[side] = i;
      sendSide((side === 'ask' ? askSurface : bidSurface).current, latest.current, side, n, focus.current[side], i);
    },
    [askSurface, bidSurface, n],
  );

  // A stable handler; the latest onPick is called.
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });
  const pick = useCallback((price: string) => onPickRef.current?.(price), []);
  const pickText = useMemo(
    () => (onPick ? (shown: string) => t('pickPrice', { price: shown }) : undefined),
    [t, onPick],
  );

  const loading = !view || (view.seq < 0 && view.status === 'syncing' && !view.asks.length && !view.bids.length);
  const failed = view?.status === 'error';
  const stale = !loading && view?.status === 'syncing';
  const empty = !loading && !failed && view && !view.asks.length && !view.bids.length;

  const steps = useMemo(
    () => groupOptions(pricePrecision, preferred).map((o) => ({ group: o.group, label: formatDecimal(o.step, lang) })),
    [pricePrecision, preferred, lang],
  );
  const onGroup = (e: ChangeEvent<HTMLSelectElement>) => setChosen({ symbol, group: Number(e.target.value) });

  const headers = [
    quote ? t('priceIn', { coin: quote }) : t('bookPrice'),
    base ? t('amountIn', { coin: base }) : t('bookAmount'),
    base ? t('totalIn', { coin: base }) : t('bookTotal'),
  ];
  const dir = lastPrice?.dir ?? 0;
  let note: string | null = null;
  if (loading) note = t('bookLoading');
  else if (failed) note = t('bookError');
  else if (stale) note = t('bookSyncing');
  else if (empty) note = t('bookEmpty');

  const side = (s: 'ask' | 'bid') => (
    <BookSide
      side={s}
      view={loading ? undefined : view}
      rows={n}
      rowHeight={rowH}
      skeleton={loading}
      label={s === 'ask' ? t('bookAsks') : t('bookBids')}
      rowSide={s === 'ask' ? t('sell') : t('buy')}
      lang={lang}
      headers={headers}
      pickText={pickText}
      onPick={pick}
      canvasRef={(s === 'ask' ? ask : bid).canvasRef}
      latest={latest}
      onFocusLevel={onFocusLevel}
      onHoverLevel={onHoverLevel}
    />
  );

  return (
    <section
      ref={boxRef}
      className={`ob${fit ? ' ob--fit' : ''}${stale ? ' ob--stale' : ''}`}
      style={{ '--ob-row-h': `${rowH}px` } as CSSProperties}
      data-rows={n}
      aria-labelledby={`${selectId}-title`}
      aria-busy={loading || stale ? true : undefined}
    >
      <div className="ob-head">
        <h2 id={`${selectId}-title`} className="ob-title">
          {t('orderBook')}
        </h2>
        <label className="ob-group">
          <span className="visually-hidden">{t('grouping')}</span>
          <select value={group} onChange={onGroup} className="ob-select num" data-testid="book-grouping">
            {steps.map((s) => (
              <option key={s.group} value={s.group}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="ob-cols" aria-hidden="true">
        {headers.map((h) => (
          <span key={h}>{h}</span>
        ))}
      </div>
      {side('ask')}
      <div className="ob-mid">
        {live ? (
          // Filled by writeLast (PERF-80): React renders the boxes empty and never changes their text.
          <span ref={lastBox} className={lastPriceClass(0)} title={t('lastPrice')}>
            <span ref={lastText} />
            <span ref={lastArrow} className="ob-arrow" aria-hidden="true" />
          </span>
        ) : (
          <span className={lastPriceClass(dir)} title={t('lastPrice')}>
            {formatDecimal(capDecimals(lastPrice.price, pricePrecision), lang)}
            {dir !== 0 && (
              <span className="ob-arrow" aria-hidden="true">
                {dir > 0 ? '↑' : '↓'}
              </span>
            )}
          </span>
        )}
        {note !== null ? (
          <span className={`ob-note${failed ? ' ob-note--error' : ''}`} role="status">
            {note}
          </span>
        ) : (
          // Not a live region: the spread changes with every book (PERF-32); its text is set by the tick path.
          <span className="ob-note">
            {t('spread')} <span className="num" ref={spreadText} />
          </span>
        )}
      </div>
      {side('bid')}
    </section>
  );
}

/**
 * The order book (BOOK-6, BOOK-7, BOOK-9): asks above with the best nearest the middle, the last price and the
 * spread between the sides, bids below; price, amount and cumulative total per row, right-aligned in tabular
 * figures, with a depth bar behind each row.
 *
 * It never reflows the page: each side has a FIXED number of rows (empty rows keep their height) in a box of
 * fixed size with its own layout, rows are keyed by their slot (an update changes text in place, it never
 * inserts or removes a row), and a depth bar changes only its transform (scaleX), never a width. The view comes
 * grouped and formatted from the worker, at most once per frame and only when what it shows changed
 * (useDepth); here the strings only get the language's digit grouping. Clicking a row hands its exact price to
 * `onPick` (the order form's price).
 */
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DEPTH_GROUPS, DEPTH_ROWS_MAX, groupStep, type DepthGroup, type DepthView } from '../../../../engine';
import { formatDecimal } from '../../../i18n/format';
import { useDepth } from '../../../market/hooks';
import { BOOK_CADENCE_MS } from '../../../market/cadence';
import { useLanguage } from '../../markets/components/Price';
import './OrderBook.css';

/** Rows shown per side unless told otherwise. */
export const BOOK_ROWS = 12;

export interface OrderBookProps {
  symbol: string;
  /** The pair's price precision: its tick is 10^-pricePrecision (the groupings are tick x 1, 10, 100, 1000). */
  pricePrecision: number;
  amountPrecision: number;
  /** The last trade's price as displayed (TickerView.price) and the direction of its last move (tickDir). */
  lastPrice?: { price: string; dir?: -1 | 0 | 1 };
  /** A row was clicked: its price, exact, with the pair's precision (e.g. "64123.40"). */
  onPick?(price: string): void;
  /** Rows per side, 1 to 30 (default 12). */
  rows?: number;
  /** Coin codes for the column headers, when known. */
  base?: string;
  quote?: string;
}

interface RowProps {
  side: 'ask' | 'bid';
  price: string;
  amount: string;
  total: string;
  fill: number;
  lang: string;
  /** Accessible name of the row's action, or undefined when rows are not clickable. */
  pickLabel: string | undefined;
  onPick: (price: string) => void;
}

/** One level. Memoised on its values: a row re-renders only when its own text or bar moved. */
export const BookRow = memo(function BookRow({ side, price, amount, total, fill, lang, pickLabel, onPick }: RowProps) {
  const shown = formatDecimal(price, lang);
  const cells = (
    <>
      <span className="ob-bar" style={{ transform: `scaleX(${fill})` }} aria-hidden="true" />
      <span className={`ob-cell ob-price num ${side === 'ask' ? 'down' : 'up'}`}>{shown}</span>
      <span className="ob-cell num">{formatDecimal(amount, lang)}</span>
      <span className="ob-cell num">{formatDecimal(total, lang)}</span>
    </>
  );
  if (pickLabel === undefined) return <div className={`ob-row ob-row--${side}`}>{cells}</div>;
  return (
    // The name comes from the visible cells (price first, A11Y-1); the hint is the title.
    <button type="button" className={`ob-row ob-row--${side}`} title={pickLabel} onClick={() => onPick(price)}>
      {cells}
    </button>
  );
});

function EmptyRow({ skeleton }: { skeleton: boolean }) {
  return (
    <div className="ob-row ob-row--empty" aria-hidden="true">
      {skeleton && <span className="ob-skel" />}
    </div>
  );
}

interface SideProps {
  side: 'ask' | 'bid';
  view: DepthView | undefined;
  rows: number;
  skeleton: boolean;
  label: string;
  lang: string;
  pickText: ((price: string) => string) | undefined;
  onPick: (price: string) => void;
}

/** One side in its fixed box: asks fill from the bottom (best nearest the middle), bids from the top. */
function BookSide({ side, view, rows, skeleton, label, lang, pickText, onPick }: SideProps) {
  const levels = view ? (side === 'ask' ? view.asks : view.bids) : [];
  const slots = [];
  for (let slot = 0; slot < rows; slot++) {
    // Asks: the slot nearest the middle (the last) shows the best ask.
    const i = side === 'ask' ? rows - 1 - slot : slot;
    const r = levels[i];
    slots.push(
      r ? (
        <BookRow
          key={slot}
          side={side}
          price={r.price}
          amount={r.amount}
          total={r.total}
          fill={r.fill}
          lang={lang}
          pickLabel={pickText?.(formatDecimal(r.price, lang))}
          onPick={onPick}
        />
      ) : (
        <EmptyRow key={slot} skeleton={skeleton} />
      ),
    );
  }
  return (
    <div
      className={`ob-side ob-side--${side}`}
      role="group"
      aria-label={label}
      style={{ '--ob-rows': rows } as CSSProperties}
    >
      {slots}
    </div>
  );
}

export function OrderBook({
  symbol,
  pricePrecision,
  amountPrecision,
  lastPrice,
  onPick,
  rows = BOOK_ROWS,
  base,
  quote,
}: OrderBookProps) {
  const { t } = useTranslation('market');
  const lang = useLanguage();
  const [group, setGroup] = useState<DepthGroup>(1);
  const view = useDepth(symbol, { pricePrecision, amountPrecision, group }, BOOK_CADENCE_MS);
  const n = Math.max(1, Math.min(DEPTH_ROWS_MAX, Math.floor(rows)));
  const selectId = useId();

  // A stable handler for the memoised rows; the latest onPick is called.
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
    () => DEPTH_GROUPS.map((g) => ({ group: g, label: formatDecimal(groupStep(pricePrecision, g), lang) })),
    [pricePrecision, lang],
  );
  const onGroup = (e: ChangeEvent<HTMLSelectElement>) => setGroup(Number(e.target.value) as DepthGroup);

  const dir = lastPrice?.dir ?? 0;
  let note: string | null = null;
  if (loading) note = t('bookLoading');
  else if (failed) note = t('bookError');
  else if (stale) note = t('bookSyncing');
  else if (empty) note = t('bookEmpty');

  return (
    <section
      className={`ob${stale ? ' ob--stale' : ''}`}
      aria-labelledby={`${selectId}-title`}
      aria-busy={loading || stale ? true : undefined}
    >
      <div className="ob-head">
        <h2 id={`${selectId}-title`} className="ob-title">
          {t('orderBook')}
        </h2>
        <label className="ob-group">
          <span className="visually-hidden">{t('grouping')}</span>
          <select value={group} onChange={onGroup} className="ob-select num">
            {steps.map((s) => (
              <option key={s.group} value={s.group}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="ob-cols" aria-hidden="true">
        <span>{quote ? t('priceIn', { coin: quote }) : t('bookPrice')}</span>
        <span>{base ? t('amountIn', { coin: base }) : t('bookAmount')}</span>
        <span>{base ? t('totalIn', { coin: base }) : t('bookTotal')}</span>
      </div>
      <BookSide
        side="ask"
        view={loading ? undefined : view}
        rows={n}
        skeleton={loading}
        label={t('bookAsks')}
        lang={lang}
        pickText={pickText}
        onPick={pick}
      />
      <div className="ob-mid">
        <span className={`ob-last num${dir > 0 ? ' up' : dir < 0 ? ' down' : ''}`} title={t('lastPrice')}>
          {lastPrice ? formatDecimal(lastPrice.price, lang) : '--'}
          {dir !== 0 && (
            <span className="ob-arrow" aria-hidden="true">
              {dir > 0 ? '↑' : '↓'}
            </span>
          )}
        </span>
        <span className={`ob-note${failed ? ' ob-note--error' : ''}`} role="status">
          {note ??
            (view?.spread ? (
              <>
                {t('spread')} <span className="num">{formatDecimal(view.spread, lang)}</span>
              </>
            ) : null)}
        </span>
      </div>
      <BookSide
        side="bid"
        view={loading ? undefined : view}
        rows={n}
        skeleton={loading}
        label={t('bookBids')}
        lang={lang}
        pickText={pickText}
        onPick={pick}
      />
    </section>
  );
}

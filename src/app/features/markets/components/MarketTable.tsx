/**
 * A sortable list of market rows (markets, search, the desktop pair panel, home). A real table with
 * column headers; sortable headers hold a button and carry aria-sort. The pair cell is a link to the trade
 * screen, and the whole row is clickable.
 *
 * Cost per tick: a row's static part (pair link, click handling) renders only when its props change; the
 * live cells subscribe to the ticker while the row is in view, and of those only the numbers whose text
 * changed re-render. Each live number sits in a fixed-size, contained box (MarketTable.css) that sizes its
 * column once, so a new price lays out that box only, never the table or the page. A long list in a scroll
 * container (the desktop pair panel) renders only the rows near the view (useRowWindow.ts).
 */
import { LIST_CADENCE_MS } from '../../../market/cadence';
import { memo, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../../market/hooks';
import { shortDecimal, type MarketRow, type SortKey } from '../model/coins';
import type { SortState } from '../model/sortState';
import { tradeHref } from '../../trade/model/playing';
import { ChangePill, Num, Price, useLanguage } from './Price';
import { Sparkline } from './Sparkline';
import { useCoinVolume } from './useMarketStats';
import { useInView } from './useInView';
import { useRowWindow } from './useRowWindow';
import './MarketTable.css';
import { CoinIcon } from '../../../ui/CoinIcon';

export type TableVariant = 'phone' | 'desktop' | 'panel';

/** A control before the pair (the watchlist star, TRADE-15), passed in so the table does not load it everywhere. */
export type PairLead = ComponentType<{ symbol: string; pair: string; size?: number; className?: string }>;

interface Props {
  rows: readonly MarketRow[];
  variant: TableVariant;
  sort?: SortState;
  onSort?: (key: SortKey) => void;
  caption: string;
  /** Marks the row of this symbol as current (desktop pair panel). */
  activeSymbol?: string;
  spark?: boolean;
  onOpen?: (row: MarketRow) => void;
  /** A small tag after the pair (e.g. the list name in search results). */
  tagOf?: (row: MarketRow) => string;
  /** The scroll container the table sits in alone: long lists then render only the rows near its view. */
  scroller?: RefObject<HTMLElement | null>;
  /** Shown before each pair (the watchlist star). */
  lead?: PairLead;
}

function SortHeader({
  k,
  label,
  sort,
  onSort,
  className,
}: {
  k: SortKey;
  label: string;
  sort?: SortState;
  onSort?: (k: SortKey) => void;
  className: string;
}) {
  const { t } = useTranslation('market');
  const active = sort?.key === k;
  const ariaSort = active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={onSort ? ariaSort : undefined} className={className}>
      {onSort ? (
        <button
          type="button"
          className={`mt-sort${active ? ' is-active' : ''}`}
          onClick={() => onSort(k)}
          title={t('sortBy', { column: label })}
        >
          <span>{label}</span>
          <span className={`mt-caret${active ? ` is-${sort!.dir}` : ''}`} aria-hidden="true" />
        </button>
      ) : (
        label
      )}
    </th>
  );
}

interface RowProps {
  row: MarketRow;
  variant: TableVariant;
  active: boolean;
  spark?: boolean;
  onOpen?: (row: MarketRow) => void;
  tag?: string;
  /** "Vol {{value}}" in the language, with the value as VOL_SLOT (phone rows). */
  volLabel: string;
  /** aria-rowindex when the table is windowed. */
  rowIndex?: number;
  lead?: PairLead;
}

const VOL_SLOT = '\u0000';

/**
 * The cells of a row (a fragment): the only part that renders on a tick. The pair link comes ready-made
 * from the row, so React skips it.
 */
function LiveCells({
  row,
  pair,
  variant,
  spark,
  inView,
  volLabel,
}: {
  row: MarketRow;
  pair: ReactNode;
  variant: TableVariant;
  spark?: boolean;
  inView: boolean;
  volLabel: string;
}) {
  const lang = useLanguage();
  // A list is scanned, not read tick by tick: its rows refresh at the list cadence (the header follows every frame).
  const ticker = useTicker(inView ? row.symbol : undefined, LIST_CADENCE_MS);
  const lookup = useCoinVolume(row.symbol, row.volumeLookup && inView);
  const vol = row.volumeLookup ? shortDecimal(lookup) : ticker?.vol24;
  // Same box with or without the line, so rows keep their height when they scroll into view.
  const sparkW = variant === 'phone' ? 40 : 96;
  const sparkH = variant === 'phone' ? 24 : 30;
  // Each live value sits in a .mt-box: a fixed-size contained box, so its changes lay out and paint only it.
  return (
    <>
      <th scope="row" className="mt-paircell">
        {pair}
        {variant === 'phone' && <VolSub text={volLabel} value={vol} />}
      </th>
      {spark && variant !== 'panel' && (
        <td className="mt-spark" aria-hidden="true">
          {inView ? (
            <Sparkline symbol={row.symbol} dir={ticker?.dir ?? 0} label="" width={sparkW} height={sparkH} />
          ) : (
            <span className="mt-spark-ph" style={{ width: sparkW, height: sparkH }} />
          )}
        </td>
      )}
      <td className="mt-end">
        <span className="mt-box mt-box--px">
          <Price ticker={ticker} lang={lang} colored={variant === 'panel'} />
        </span>
      </td>
      <td className="mt-end">
        <span className={`mt-box ${variant === 'phone' ? 'mt-box--pill' : 'mt-box--chg'}`}>
          <ChangePill ticker={ticker} lang={lang} plain={variant !== 'phone'} />
        </span>
      </td>
      {variant === 'desktop' && (
        <>
          <td className="mt-end">
            <span className="mt-box mt-box--px">
              <Num value={ticker?.high24} lang={lang} />
            </span>
          </td>
          <td className="mt-end">
            <span className="mt-box mt-box--px">
              <Num value={ticker?.low24} lang={lang} />
            </span>
          </td>
        </>
      )}
      {variant !== 'phone' && variant !== 'panel' && (
        <td className="mt-end">
          <span className="mt-box mt-box--px">
            <Num value={vol} lang={lang} />
          </span>
        </td>
      )}
    </>
  );
}

/** The phone row's volume line under the pair. */
const VolSub = memo(function VolSub({ text, value }: { text: string; value: string | undefined }) {
  return <span className="mt-sub num">{text.replace(VOL_SLOT, value ?? '--')}</span>;
});

const Row = memo(function Row({ row, variant, active, spark, onOpen, tag, volLabel, rowIndex, lead: Lead }: RowProps) {
  const navigate = useNavigate();
  const ref = useRef<HTMLTableRowElement>(null);
  const inView = useInView(ref);
  const href = tradeHref(row.list, row.symbol);
  const open = () => (onOpen ? onOpen(row) : navigate(href));
  const link = (
    <Link
      to={href}
      className="mt-pair"
      dir="ltr"
      onClick={(e) => {
        if (onOpen) {
          e.preventDefault();
          onOpen(row);
        }
      }}
      aria-current={active ? 'page' : undefined}
    >
      <CoinIcon coin={row.base} size={variant === 'panel' ? 16 : variant === 'phone' ? 20 : 22} className="mt-icon" />
      <span className="mt-base">{row.base}</span>
      {row.quote && <span className="mt-quote">/{row.quote}</span>}
      {tag && <span className="mt-tag">{tag}</span>}
    </Link>
  );
  const pair = Lead ? (
    <>
      <Lead symbol={row.symbol} pair={row.display} size={variant === 'panel' ? 14 : 16} className="mt-star" />
      {link}
    </>
  ) : (
    link
  );
  return (
    <tr
      ref={ref}
      data-symbol={row.symbol}
      aria-rowindex={rowIndex}
      className={`mt-row${active ? ' is-active' : ''}`}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('a, button')) open();
      }}
    >
      <LiveCells row={row} pair={pair} variant={variant} spark={spark} inView={inView} volLabel={volLabel} />
    </tr>
  );
});

export function MarketTable({
  rows,
  variant,
  sort,
  onSort,
  caption,
  activeSymbol,
  spark,
  onOpen,
  tagOf,
  scroller,
  lead,
}: Props) {
  const { t } = useTranslation('market');
  const volLabel = variant === 'phone' ? t('volShort', { value: VOL_SLOT }) : '';
  const table = useRef<HTMLTableElement>(null);
  // Row height and header height, measured (rows have a fixed height, MarketTable.css).
  const [metrics, setMetrics] = useState({ rowH: 30, headH: 32 });
  useLayoutEffect(() => {
    if (!scroller) return;
    const row = table.current?.querySelector<HTMLElement>('tbody > .mt-row');
    const head = table.current?.tHead;
    if (!row || !head) return;
    const next = { rowH: row.getBoundingClientRect().height, headH: head.getBoundingClientRect().height };
    if (next.rowH > 0 && (Math.abs(next.rowH - metrics.rowH) > 0.5 || Math.abs(next.headH - metrics.headH) > 0.5))
      setMetrics(next);
  }, [scroller, rows, metrics]);
  const win = useRowWindow(scroller, rows.length, metrics.rowH, metrics.headH);
  const windowed = !!scroller && (win.start > 0 || win.end < rows.length);
  const cols =
    3 +
    (spark && variant !== 'panel' ? 1 : 0) +
    (variant === 'desktop' ? 2 : 0) +
    (variant !== 'phone' && variant !== 'panel' ? 1 : 0);
  const shown = windowed ? rows.slice(win.start, win.end) : rows;
  return (
    <table ref={table} className={`mt mt--${variant}`} aria-rowcount={windowed ? rows.length + 1 : undefined}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr aria-rowindex={windowed ? 1 : undefined}>
          <SortHeader k="name" label={t('pair')} sort={sort} onSort={onSort} className="mt-c-pair" />
          {spark && variant !== 'panel' && (
            <th scope="col" className="mt-spark">
              <span className="visually-hidden">{t('chart')}</span>
            </th>
          )}
          <SortHeader k="price" label={t('lastPrice')} sort={sort} onSort={onSort} className="mt-end mt-c-price" />
          <SortHeader k="change" label={t('change24h')} sort={sort} onSort={onSort} className="mt-end mt-c-chg" />
          {variant === 'desktop' && (
            <>
              <th scope="col" className="mt-end mt-c-num">
                {t('high24h')}
              </th>
              <th scope="col" className="mt-end mt-c-num">
                {t('low24h')}
              </th>
            </>
          )}
          {variant !== 'phone' && variant !== 'panel' && (
            <SortHeader k="volume" label={t('volume24h')} sort={sort} onSort={onSort} className="mt-end mt-c-num" />
          )}
        </tr>
      </thead>
      <tbody>
        {windowed && win.start > 0 && <Spacer height={win.start * metrics.rowH} cols={cols} />}
        {shown.map((r, i) => (
          <Row
            key={r.key}
            row={r}
            variant={variant}
            active={r.symbol === activeSymbol}
            spark={spark}
            onOpen={onOpen}
            tag={tagOf?.(r)}
            volLabel={volLabel}
            rowIndex={windowed ? win.start + i + 2 : undefined}
            lead={lead}
          />
        ))}
        {windowed && win.end < rows.length && <Spacer height={(rows.length - win.end) * metrics.rowH} cols={cols} />}
      </tbody>
    </table>
  );
}

/** Keeps the scroll height of the rows not rendered. */
function Spacer({ height, cols }: { height: number; cols: number }) {
  return (
    <tr className="mt-spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={cols} />
    </tr>
  );
}

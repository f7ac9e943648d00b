/**
 * A sortable list of market rows (markets, search, the pair panel, home, the watchlist). A real table with
 * column headers; sortable headers hold a button and carry aria-sort. The pair cell is a link to the trade
 * screen, and the whole row is clickable.
 *
 * Virtual (PERF-40..PERF-43): a long list renders only the rows that meet its view plus an overscan
 * (useVirtualRows.ts), in the pair panel's own scroller or the page's; aria-rowcount and aria-rowindex tell the
 * real size, and the arrow keys move between rows (the pair panel's list is one Tab stop, A11Y-9). Cost per tick (PERF-44): none in React. Each mounted row
 * watches its ticker (so the worker streams the symbols of mounted rows only, PERF-45) and writes the formatted
 * strings into its cells at the list cadence (liveCells.ts); the row renders only when its props change. Each
 * live number sits in a fixed-size, contained box (MarketTable.css), so a new price lays out that box only.
 */
import { LIST_CADENCE_MS } from '../../../market/cadence';
import { memo, useCallback, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TickerView } from '../../../../engine';
import { useTickerWriter } from '../../../market/hooks';
import { shortDecimal, type MarketRow, type SortKey } from '../../../market/coins';
import type { SortState } from '../model/sortState';
import { tradeHref } from '../../../market/playing';
import { clearFlash, flashPrice, Num, useLanguage } from '../../../ui/Price';
import { Sparkline } from './Sparkline';
import { useCoinVolume } from './useMarketStats';
import { changeClass, priceClass, sparkClass, writeRowCells, type RowCells } from './liveCells';
import { useVirtualRows } from '../../../ui/useVirtualRows';
import { SpacerRow } from '../../../ui/VirtualSpacer';
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
  /** Shown before each pair (the watchlist star). */
  lead?: PairLead;
}

/** Row heights to start from before a row is measured (MarketTable.css fixes them per variant). */
const ROW_ESTIMATE: Record<TableVariant, number> = { phone: 64, desktop: 56, panel: 30 };

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
  /** The row's place in the whole list (0-based): data-vrow, and aria-rowindex after the header row. */
  index: number;
  lead?: PairLead;
}

const VOL_SLOT = '\u0000';

/** The cells' elements, filled by liveCells.ts; React renders them empty and never changes their text. */
function useRowCells(): { cells: RowCells; refs: Record<keyof RowCells, (el: HTMLElement | null) => void> } {
  const cells = useRef<RowCells>({ price: null, change: null, high: null, low: null, vol: null, spark: null });
  const refs = useRef<Record<keyof RowCells, (el: HTMLElement | null) => void> | undefined>(undefined);
  refs.current ??= {
    price: (el) => (cells.current.price = el),
    change: (el) => (cells.current.change = el),
    high: (el) => (cells.current.high = el),
    low: (el) => (cells.current.low = el),
    vol: (el) => (cells.current.vol = el),
    spark: (el) => (cells.current.spark = el),
  };
  return { cells: cells.current, refs: refs.current };
}

/**
 * The cells of a row (a fragment). The live values are written by the ticker writer, not rendered: a tick
 * re-renders nothing.
 */
function LiveCells({
  row,
  pair,
  variant,
  spark,
  volLabel,
}: {
  row: MarketRow;
  pair: ReactNode;
  variant: TableVariant;
  spark?: boolean;
  volLabel: string;
}) {
  const lang = useLanguage();
  const priceDecimals = row.priceDecimals;
  const { cells, refs } = useRowCells();
  const lastPrice = useRef('');
  const write = useCallback(
    (ticker: TickerView | undefined) => {
      const r = writeRowCells(
        cells,
        ticker,
        { lang, coloredPrice: variant === 'panel', plainChange: variant !== 'phone', priceDecimals },
        lastPrice.current,
      );
      if (r.moved && cells.price) flashPrice(cells.price as HTMLElement, ticker?.tickDir ?? 0);
      lastPrice.current = r.price;
    },
    [cells, lang, variant, priceDecimals],
  );
  // A list is scanned, not read tick by tick: its rows refresh at the list cadence (the header follows every frame).
  useTickerWriter(row.symbol, write, LIST_CADENCE_MS);
  useEffect(() => {
    const el = cells.price;
    return () => {
      if (el) clearFlash(el as HTMLElement);
    };
  }, [cells]);
  const lookup = useCoinVolume(row.symbol, !!row.volumeLookup);
  const [volBefore, volAfter] = volLabel.split(VOL_SLOT);
  const volRef = row.volumeLookup ? undefined : refs.vol;
  // Same box with or without the line, so rows keep their height when they scroll into view.
  const sparkW = variant === 'phone' ? 40 : 96;
  const sparkH = variant === 'phone' ? 24 : 30;
  // Each live value sits in a .mt-box: a fixed-size contained box, so its changes lay out and paint only it.
  return (
    <>
      <th scope="row" className="mt-paircell">
        {pair}
        {variant === 'phone' && (
          <span className="mt-sub num">
            {volBefore}
            <span ref={volRef}>{row.volumeLookup ? shortDecimal(lookup) : null}</span>
            {volAfter}
          </span>
        )}
      </th>
      {spark && variant !== 'panel' && (
        <td ref={refs.spark} className={sparkClass(undefined)} aria-hidden="true">
          <Sparkline symbol={row.symbol} label="" width={sparkW} height={sparkH} />
        </td>
      )}
      <td className="mt-end">
        <span className="mt-box mt-box--px">
          <span ref={refs.price} className={priceClass(undefined, variant === 'panel')} />
        </span>
      </td>
      <td className="mt-end">
        <span className={`mt-box ${variant === 'phone' ? 'mt-box--pill' : 'mt-box--chg'}`}>
          <span ref={refs.change} className={changeClass(undefined, variant !== 'phone')} dir="ltr" />
        </span>
      </td>
      {variant === 'desktop' && (
        <>
          <td className="mt-end">
            <span className="mt-box mt-box--px">
              <span ref={refs.high} className="num" />
            </span>
          </td>
          <td className="mt-end">
            <span className="mt-box mt-box--px">
              <span ref={refs.low} className="num" />
            </span>
          </td>
        </>
      )}
      {variant !== 'phone' && variant !== 'panel' && (
        <td className="mt-end">
          <span className="mt-box mt-box--px">
            {row.volumeLookup ? (
              <Num value={shortDecimal(lookup)} lang={lang} />
            ) : (
              <span ref={refs.vol} className="num" />
            )}
          </span>
        </td>
      )}
    </>
  );
}

const Row = memo(function Row({ row, variant, active, spark, onOpen, tag, volLabel, index, lead: Lead }: RowProps) {
  const navigate = useNavigate();
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
      data-vrow={index}
      data-symbol={row.symbol}
      aria-rowindex={index + 2}
      className={`mt-row${active ? ' is-active' : ''}`}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('a, button')) open();
      }}
    >
      <LiveCells row={row} pair={pair} variant={variant} spark={spark} volLabel={volLabel} />
    </tr>
  );
});

export function MarketTable({ rows, variant, sort, onSort, caption, activeSymbol, spark, onOpen, tagOf, lead }: Props) {
  const { t } = useTranslation('market');
  const volLabel = variant === 'phone' ? t('volShort', { value: VOL_SLOT }) : '';
  // The trade screen's pair list is one Tab stop, the arrow keys inside it (A11Y-9).
  const v = useVirtualRows<HTMLTableSectionElement>(rows.length, {
    estimate: ROW_ESTIMATE[variant],
    roving: variant === 'panel',
  });
  const cols =
    3 +
    (spark && variant !== 'panel' ? 1 : 0) +
    (variant === 'desktop' ? 2 : 0) +
    (variant !== 'phone' && variant !== 'panel' ? 1 : 0);
  const shown = rows.slice(v.win.start, v.win.end);
  return (
    <table className={`mt mt--${variant}`} aria-rowcount={rows.length + 1}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr aria-rowindex={1}>
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
      <tbody ref={v.ref} onKeyDown={v.onKeyDown} onFocus={v.onFocus}>
        <SpacerRow height={v.win.before} cols={cols} />
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
            index={v.win.start + i}
            lead={lead}
          />
        ))}
        <SpacerRow height={v.win.after} cols={cols} />
      </tbody>
    </table>
  );
}

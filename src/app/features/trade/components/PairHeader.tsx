/**
 * The trade screen's pair header: the watchlist star (TRADE-15), the pair name (a button that opens the pair
 * chooser), the live last price (data-testid="header-price"), the 24 h change, and the 24 h statistics.
 * The labels render with the pair; a tick renders nothing (PERF-81): LivePrice and LiveStat write the live text
 * into their cells, only where it changed, each in a fixed-size contained box whose parent is a plain block
 * (PairHeader.css): Blink lays such a box out on its own, never the header or the page.
 */
import { LIST_CADENCE_MS } from '../../../market/cadence';
import { memo, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTickerWriter } from '../../../market/hooks';
import type { TickerView } from '../../../../engine';
import type { MarketRow } from '../../../market/coins';
import { capDecimals } from '../../../../shared/numberFormat';
import { formatDecimal } from '../../../i18n/format';
import { clearFlash, flashPrice, useLanguage } from '../../../ui/Price';
import './PairHeader.css';
import { CoinIcon } from '../../../ui/CoinIcon';
import { WatchStar, WatchlistSync } from '../../markets';

interface Props {
  row: MarketRow | undefined;
  symbol: string;
  onChoose?: () => void;
}

/** The part of an element the header's writers touch (a fake in tests). */
export interface HeaderCell {
  textContent: string | null;
  className: string;
}

function put(el: HeaderCell | null, text: string, className?: string): void {
  if (!el) return;
  if (el.textContent !== text) el.textContent = text;
  if (className !== undefined && el.className !== className) el.className = className;
}

function dirClass(dir: number): string {
  return dir > 0 ? 'is-up' : dir < 0 ? 'is-down' : 'is-flat';
}

/** The header price's classes: coloured by the 24 h direction, as the list's panel price (Price.tsx). */
export function headerPriceClass(ticker: TickerView | undefined): string {
  const d = ticker?.dir ?? 0;
  return `px num${d !== 0 ? ` ${dirClass(d)}` : ''} ph-last`;
}
export function headerChangeClass(ticker: TickerView | undefined): string {
  return `chg-text num ${dirClass(ticker?.dir ?? 0)}`;
}

/**
 * Writes the header's live price and 24 h change (PERF-81): the engine's strings at the pair's decimals with the
 * language's grouping and the direction's classes, each only where it changed. Returns the price written (raw) and
 * whether it moved from a shown price (the caller flashes it in `ticker.tickDir`).
 */
export function writeHeaderPrice(
  price: HeaderCell | null,
  change: HeaderCell | null,
  ticker: TickerView | undefined,
  lang: string,
  decimals: number | undefined,
  lastPrice: string,
): { price: string; moved: boolean } {
  put(price, ticker ? formatDecimal(capDecimals(ticker.price, decimals), lang) : '--', headerPriceClass(ticker));
  put(change, ticker ? formatDecimal(ticker.changePct, lang) : '--', headerChangeClass(ticker));
  const raw = ticker?.priceRaw ?? '';
  return { price: raw, moved: lastPrice !== '' && raw !== '' && raw !== lastPrice && (ticker?.tickDir ?? 0) !== 0 };
}

/**
 * NUM-2: the header writes prices at the pair's own decimals, as the pair list beside it does. PERF-81: a tick
 * writes the price and the change into their own text (useTickerWriter, every frame) and renders nothing.
 */
function LivePrice({ symbol, decimals }: { symbol: string; decimals?: number }) {
  const lang = useLanguage();
  const priceRef = useRef<HTMLSpanElement>(null);
  const changeRef = useRef<HTMLSpanElement>(null);
  const shown = useRef('');
  const write = useCallback(
    (ticker: TickerView | undefined) => {
      const r = writeHeaderPrice(priceRef.current, changeRef.current, ticker, lang, decimals, shown.current);
      if (r.moved && priceRef.current) flashPrice(priceRef.current, ticker?.tickDir ?? 0);
      shown.current = r.price;
    },
    [lang, decimals],
  );
  useTickerWriter(symbol, write);
  useEffect(() => {
    const el = priceRef.current;
    return () => {
      if (el) clearFlash(el);
    };
  }, []);
  return (
    <div className="ph-price">
      <span className="ph-cell">
        <span className="ph-box ph-box--last">
          <span ref={priceRef} className={headerPriceClass(undefined)} data-testid="header-price" />
        </span>
      </span>
      <span className="ph-cell">
        <span className="ph-box ph-box--chg">
          <span ref={changeRef} className={headerChangeClass(undefined)} dir="ltr" />
        </span>
      </span>
    </div>
  );
}

type StatKey = keyof Pick<TickerView, 'high24' | 'low24' | 'vol24' | 'amount24'>;

/** A 24 h statistic's text: prices (the high and low) at the pair's decimals (NUM-2), '--' before the ticker. */
export function headerStatText(
  ticker: TickerView | undefined,
  field: StatKey,
  decimals: number | undefined,
  lang: string,
): string {
  const v = ticker?.[field];
  return v === undefined ? '--' : formatDecimal(capDecimals(v, decimals), lang);
}

/**
 * One 24 h statistic: its name, with its unit when it has one ("Volume 24h (BTC)"), and its live value; the high and
 * low are prices, at the pair's decimals (`decimals`). The value is written at the list cadence without a React
 * render (PERF-81).
 */
function LiveStat({
  label,
  unit,
  symbol,
  field,
  decimals,
}: {
  label: string;
  unit?: string;
  symbol: string;
  field: StatKey;
  decimals?: number;
}) {
  const lang = useLanguage();
  const ref = useRef<HTMLSpanElement>(null);
  const write = useCallback(
    (ticker: TickerView | undefined) => put(ref.current, headerStatText(ticker, field, decimals, lang)),
    [field, decimals, lang],
  );
  // 24 h statistics are read now and then: list cadence; the last price above follows every frame.
  useTickerWriter(symbol, write, LIST_CADENCE_MS);
  return (
    <div>
      <dt>
        {label}
        {unit ? ` (${unit})` : ''}
      </dt>
      <dd className="ph-val">
        <span ref={ref} className="num" />
      </dd>
    </div>
  );
}

export const PairHeader = memo(function PairHeader({ row, symbol, onChoose }: Props) {
  const { t } = useTranslation('market');
  const base = row?.base ?? symbol.toUpperCase();
  const quote = row?.quote ?? '';
  const name = (
    <span dir="ltr" className="ph-pair">
      <CoinIcon coin={base} size={24} />
      <span className="ph-base">{base}</span>
      {quote && <span className="ph-quote">/{quote}</span>}
    </span>
  );
  return (
    <section className="ph" aria-label={t('marketStats')}>
      <div className="ph-main">
        <div className="ph-title">
          <WatchlistSync />
          <WatchStar symbol={symbol} pair={row?.display ?? base} size={18} className="ph-star" />
          {onChoose ? (
            <button
              type="button"
              className="ph-name"
              onClick={onChoose}
              aria-haspopup="dialog"
              aria-label={`${row?.display ?? base} — ${t('choosePair')}`}
            >
              {name}
              <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
              </svg>
            </button>
          ) : (
            <h2 className="ph-name">{name}</h2>
          )}
        </div>
        <LivePrice symbol={symbol} decimals={row?.priceDecimals} />
      </div>
      <dl className="ph-stats">
        <LiveStat label={t('high24h')} symbol={symbol} field="high24" decimals={row?.priceDecimals} />
        <LiveStat label={t('low24h')} symbol={symbol} field="low24" decimals={row?.priceDecimals} />
        <LiveStat label={t('volume24h')} unit={base} symbol={symbol} field="vol24" />
        <LiveStat label={t('turnover24h')} unit={quote} symbol={symbol} field="amount24" />
      </dl>
    </section>
  );
});

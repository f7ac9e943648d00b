/**
 * Live numbers: the engine's formatted strings with the language's digit grouping. Each is a memoised leaf
 * that re-renders only when its own value (or the language) changed, so a live row or header re-renders
 * only the cells whose text moved. A price flashes green or red on a real move (priceFlash.ts): an
 * attribute on, later off, with no per-frame animation; none under prefers-reduced-motion.
 */
import { memo, useEffect, useRef, useSyncExternalStore } from 'react';
import { subscribeKey } from 'valtio/utils';
import { formatDecimal } from '../i18n/format';
import { capDecimals } from '../../shared/numberFormat';
import { languageState } from '../i18n/index';
import type { TickerView } from '../../engine';
import { Flasher } from './priceFlash';
import './Price.css';
import { clock } from '../time/clock';

let reduced: MediaQueryList | undefined;
function reducedMotion(): boolean {
  if (typeof matchMedia === 'undefined') return false;
  reduced ??= matchMedia('(prefers-reduced-motion: reduce)');
  return reduced.matches;
}

let flasher: Flasher | undefined;
function sharedFlasher(): Flasher {
  flasher ??= new Flasher({ now: () => clock.monotonic(), setTimeout: (fn, ms) => clock.setTimeout(fn, ms) });
  return flasher;
}

/** The price flash outside React (live cells written by liveCells.ts): none under prefers-reduced-motion. */
export function flashPrice(el: HTMLElement, dir: number): void {
  if (dir === 0 || reducedMotion()) return;
  sharedFlasher().flash(el, dir > 0 ? 1 : -1);
}

/** Ends a cell's flash (its row leaves the page). */
export function clearFlash(el: HTMLElement): void {
  flasher?.clear(el);
}

const subscribeLanguage = (onChange: () => void) => subscribeKey(languageState, 'language', onChange);
const getLanguage = () => languageState.language;

/** The display language, for formatting (cheaper than a valtio snapshot per cell). */
export function useLanguage(): string {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}

interface PriceProps {
  ticker: TickerView | undefined;
  lang: string;
  /** Colour the price by the 24 h direction (header style). */
  colored?: boolean;
  className?: string;
  testId?: string;
  /** NUM-2: the pair's own price decimals (a price is never finer than its pair's tick). */
  decimals?: number;
}

function PriceCell({ ticker, lang, colored, className, testId, decimals }: PriceProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const last = useRef('');
  const price = ticker?.priceRaw;
  // The flash below runs when the price moves and reads the ticker of that render.
  const latestTicker = useRef(ticker);
  useEffect(() => {
    latestTicker.current = ticker;
  });
  useEffect(() => {
    const ticker = latestTicker.current;
    const el = ref.current;
    const prev = last.current;
    last.current = price ?? '';
    // Flash only when the price itself moved (tickDir keeps the last move's direction across updates).
    if (!el || !ticker || !prev || prev === price || ticker.tickDir === 0 || reducedMotion()) return;
    sharedFlasher().flash(el, ticker.tickDir);
  }, [price]);
  useEffect(() => {
    const el = ref.current;
    return () => {
      if (el) flasher?.clear(el);
    };
  }, []);
  const dirClass = colored && ticker ? (ticker.dir > 0 ? ' is-up' : ticker.dir < 0 ? ' is-down' : '') : '';
  return (
    <span ref={ref} className={`px num${dirClass}${className ? ` ${className}` : ''}`} data-testid={testId}>
      {ticker ? formatDecimal(capDecimals(ticker.price, decimals), lang) : '--'}
    </span>
  );
}

/** Same output for these props: the ticker object is new on every update, its price often is not. */
function samePrice(a: PriceProps, b: PriceProps): boolean {
  return (
    a.ticker?.priceRaw === b.ticker?.priceRaw &&
    a.ticker?.price === b.ticker?.price &&
    (!a.colored || a.ticker?.dir === b.ticker?.dir) &&
    a.lang === b.lang &&
    a.colored === b.colored &&
    a.className === b.className &&
    a.testId === b.testId &&
    a.decimals === b.decimals
  );
}

export const Price = memo(PriceCell, samePrice);

interface PillProps {
  ticker: TickerView | undefined;
  lang: string;
  plain?: boolean;
}

/** The 24 h change percent as a coloured pill (or plain coloured text with `plain`). */
export const ChangePill = memo(
  function ChangePill({ ticker, lang, plain }: PillProps) {
    const dir = ticker?.dir ?? 0;
    const cls = dir > 0 ? 'is-up' : dir < 0 ? 'is-down' : 'is-flat';
    const text = ticker ? formatDecimal(ticker.changePct, lang) : '--';
    return (
      <span className={`${plain ? 'chg-text' : 'chg-pill'} num ${cls}`} dir="ltr">
        {text}
      </span>
    );
  },
  (a, b) =>
    a.ticker?.changePct === b.ticker?.changePct &&
    a.ticker?.dir === b.ticker?.dir &&
    a.lang === b.lang &&
    a.plain === b.plain,
);

/** Any formatted decimal string from a view, with digit grouping; a price at most `decimals` (NUM-2). */
export const Num = memo(function Num({
  value,
  lang,
  className,
  decimals,
}: {
  value: string | undefined;
  lang: string;
  className?: string;
  decimals?: number;
}) {
  return (
    <span className={`num${className ? ` ${className}` : ''}`}>
      {value === undefined ? '--' : formatDecimal(capDecimals(value, decimals), lang)}
    </span>
  );
});

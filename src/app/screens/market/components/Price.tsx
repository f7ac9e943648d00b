/**
 * A live price: the engine's formatted string with the language's digit grouping, flashing briefly
 * green or red on each tick (tickDir). The flash is a Web Animation started from an effect: no React
 * state per tick beyond the hook that delivered the ticker.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { formatDecimal } from '../../../i18n/format';
import { languageState } from '../../../i18n/index';
import type { TickerView } from '../../../../engine/views';
import './Price.css';

/** Flash colours: lighter than --color-up-soft / --color-down-soft so coloured prices keep AA contrast. */
export const FLASH_UP = '#f2faf6';
export const FLASH_DOWN = '#fef5f6';
export const FLASH_MS = 600;

let reduced: MediaQueryList | undefined;
function reducedMotion(): boolean {
  if (typeof matchMedia === 'undefined') return false;
  reduced ??= matchMedia('(prefers-reduced-motion: reduce)');
  return reduced.matches;
}

interface Props {
  ticker: TickerView | undefined;
  /** Colour the price by the 24 h direction (header style). */
  colored?: boolean;
  className?: string;
  testId?: string;
}

export function Price({ ticker, colored, className, testId }: Props) {
  const { language } = useSnapshot(languageState);
  const ref = useRef<HTMLSpanElement>(null);
  const flash = useRef<{ price: string; dir: number; at: number; anim?: Animation }>({ price: '', dir: 0, at: 0 });
  const price = ticker?.priceRaw;
  useEffect(() => {
    const el = ref.current;
    const f = flash.current;
    const prev = f.price;
    f.price = price ?? '';
    // Flash only when the price itself moved (tickDir keeps the last move's direction across updates).
    if (!el || !ticker || !prev || prev === price || ticker.tickDir === 0 || reducedMotion()) return;
    // At a high tick rate, a flash of the same direction that is still fresh is left running rather than
    // restarted every frame: one Web Animation per cell per half flash at most (no forced layout either way).
    const now = performance.now();
    if (f.anim && f.dir === ticker.tickDir && now - f.at < FLASH_MS / 2) return;
    f.anim?.cancel();
    f.dir = ticker.tickDir;
    f.at = now;
    f.anim = el.animate([{ backgroundColor: ticker.tickDir > 0 ? FLASH_UP : FLASH_DOWN }, { backgroundColor: 'transparent' }], {
      duration: FLASH_MS,
      easing: 'ease-out',
    });
  }, [price]);
  const dirClass = colored && ticker ? (ticker.dir > 0 ? ' is-up' : ticker.dir < 0 ? ' is-down' : '') : '';
  return (
    <span ref={ref} className={`px num${dirClass}${className ? ` ${className}` : ''}`} data-testid={testId}>
      {ticker ? formatDecimal(ticker.price, language) : '--'}
    </span>
  );
}

/** The 24 h change percent as a coloured pill (or plain coloured text with `plain`). */
export function ChangePill({ ticker, plain }: { ticker: TickerView | undefined; plain?: boolean }) {
  const { language } = useSnapshot(languageState);
  const dir = ticker?.dir ?? 0;
  const cls = dir > 0 ? 'is-up' : dir < 0 ? 'is-down' : 'is-flat';
  const text = ticker ? formatDecimal(ticker.changePct, language) : '--';
  return (
    <span className={`${plain ? 'chg-text' : 'chg-pill'} num ${cls}`} dir="ltr">
      {text}
    </span>
  );
}

/** Any formatted decimal string from a view, with digit grouping. */
export function Num({ value, className }: { value: string | undefined; className?: string }) {
  const { language } = useSnapshot(languageState);
  return <span className={`num${className ? ` ${className}` : ''}`}>{value === undefined ? '--' : formatDecimal(value, language)}</span>;
}

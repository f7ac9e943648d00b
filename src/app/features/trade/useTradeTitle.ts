/**
 * A11Y-18: the trade screens' document title, "BTC/USDT 66,884.85 · Spot · OpenEx". The price is written outside
 * React through the title's rename function, at most once a second (no render per tick); before the first price,
 * and on the watchlist tab, the title names the pair and the mode (or the tab) alone.
 */
import { useCallback } from 'react';
import type { TickerView } from '../../../engine';
import { useTickerWriter } from '../../market/hooks';
import { formatDecimal } from '../../i18n/format';
import { capDecimals } from '../../../shared/numberFormat';
import { useLanguage } from '../../ui/Price';
import { useDocumentTitle } from '../../ui/documentTitle';

/** The title's price cadence (A11Y-18). */
export const TITLE_PRICE_MS = 1000;

const SEPARATOR = ' · ';

/** The screen part of the title: the pair, its price when known, and the mode. */
export function tradeTitleName(pair: string | undefined, mode: string, price?: string): string {
  if (!pair) return mode;
  return `${price ? `${pair} ${price}` : pair}${SEPARATOR}${mode}`;
}

/** `symbol` undefined (the watchlist tab): the title names `mode` alone. */
export function useTradeTitle(symbol: string | undefined, pair: string, mode: string, decimals?: number): void {
  const lang = useLanguage();
  const rename = useDocumentTitle(tradeTitleName(symbol ? pair : undefined, mode));
  const write = useCallback(
    (ticker: TickerView | undefined) => {
      if (!symbol || !ticker?.price) return;
      rename(tradeTitleName(pair, mode, formatDecimal(capDecimals(ticker.price, decimals), lang)));
    },
    [symbol, pair, mode, decimals, lang, rename],
  );
  useTickerWriter(symbol, write, TITLE_PRICE_MS);
}

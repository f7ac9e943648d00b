/** The simulator's symbols, read from the listed coin pairs. */
import type Database from 'better-sqlite3';
import type { MarketSymbol } from '../context';
import { lotScaleOf } from '../seed/scales';
import { readCoinLists } from './coinStore';

/**
 * Quantity decimals of the book and its trades (the lot, SIM-12): the pair's precision, fewer for very cheap
 * coins (SHIB, PEPE trade in whole coins) so 24 h volumes in minor units stay far below 2^53 even in flood mode.
 * The seed's spot coinPrecision is this already, so for seeded pairs the book's lot is the pair's precision; a
 * precision an operator raised past it is capped here, and the book refuses amounts finer than its lot.
 */
export function simQtyScale(price: string, precision: number): number {
  return lotScaleOf(price, precision);
}

/** The simulator's symbols: every listed pair (spot first, then any pair only in another list). */
export function marketSymbolsFromDb(db: Database.Database): MarketSymbol[] {
  const lists = readCoinLists(db);
  const out = new Map<string, MarketSymbol>();
  for (const p of lists.currencyList) {
    out.set(p.symbol, {
      symbol: p.symbol,
      coin: p.coin,
      baseCoin: p.baseCoin,
      price: p.amount,
      priceScale: p.basePrecision,
      qtyScale: simQtyScale(p.amount, p.coinPrecision),
    });
  }
  for (const p of lists.contractList) {
    if (!out.has(p.symbol)) {
      out.set(p.symbol, {
        symbol: p.symbol,
        coin: p.coin,
        baseCoin: p.baseCoin,
        price: p.amount,
        priceScale: p.baseScale,
        qtyScale: simQtyScale(p.amount, p.coinScale),
      });
    }
  }
  return [...out.values()];
}

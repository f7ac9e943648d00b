/**
 * The assets overview as pure functions (WAL-1..5): balances of asset/assetBalance valued in USDT from the
 * last prices of the coins' USDT pairs, at decimal precision on decimal strings (never binary floats).
 * - USDT is worth 1 USDT; a coin without a USDT pair or without a price yet has no value (null, shown "--",
 *   never 0) and the total says it leaves such coins out.
 * - Rows sort by value, highest first; coins whose value is unknown follow, then empty balances; ties by code.
 * - "Hide small balances" hides a coin worth less than SMALL_BALANCE_USDT and every empty balance; a coin whose
 *   value is unknown is never hidden as small (we cannot tell that it is).
 */
import { Decimal } from '../../shared/decimal';

export const ACCOUNTS = ['platform', 'finance', 'contract'] as const;
export type AssetAccount = (typeof ACCOUNTS)[number];

/** The coin everything is valued in. */
export const QUOTE_COIN = 'USDT';
/** Decimals a USDT value is shown with (rounded down). */
export const VALUE_DECIMALS = 2;
/** Below this value in USDT a balance counts as small (WAL-4). */
export const SMALL_BALANCE_USDT = '1';

export interface BalanceEntry {
  account: AssetAccount;
  coin: string;
  available: string;
  frozen: string;
}

export interface CoinRow {
  coin: string;
  available: string;
  frozen: string;
  /** available + frozen. */
  total: string;
  /** Exact value in USDT, or null when the coin has no price. */
  value: string | null;
}

export interface Valuation {
  /** Exact sum of the values that are known. */
  value: string;
  /** Coins with a balance but no price: left out of `value`. */
  unpriced: string[];
}

/** Last prices in USDT by coin code (upper case). */
export type Prices = Readonly<Record<string, string | undefined>>;

const plain = (d: Decimal) => d.toFixed();

/** The exact USDT value of `amount` of `coin`, or null without a price. */
export function valueInQuote(coin: string, amount: string, prices: Prices): string | null {
  if (coin.toUpperCase() === QUOTE_COIN) return plain(new Decimal(amount));
  const p = prices[coin.toUpperCase()];
  if (p === undefined || p === '') return null;
  return plain(new Decimal(amount).times(p));
}

/** The rows of one account: one per coin (entries of the same coin add up), valued, unsorted. */
export function accountRows(entries: readonly BalanceEntry[], account: AssetAccount, prices: Prices): CoinRow[] {
  const byCoin = new Map<string, { available: Decimal; frozen: Decimal }>();
  for (const e of entries) {
    if (e.account !== account) continue;
    const coin = e.coin.toUpperCase();
    const prev = byCoin.get(coin);
    const available = new Decimal(e.available);
    const frozen = new Decimal(e.frozen);
    byCoin.set(
      coin,
      prev ? { available: prev.available.plus(available), frozen: prev.frozen.plus(frozen) } : { available, frozen },
    );
  }
  return [...byCoin].map(([coin, b]) => {
    const total = plain(b.available.plus(b.frozen));
    return {
      coin,
      available: plain(b.available),
      frozen: plain(b.frozen),
      total,
      value: valueInQuote(coin, total, prices),
    };
  });
}

/** The sum of the known values of `rows`, and the coins with a balance that could not be valued. */
export function valuate(rows: readonly CoinRow[]): Valuation {
  let sum = new Decimal(0);
  const unpriced: string[] = [];
  for (const r of rows) {
    if (r.value !== null) sum = sum.plus(r.value);
    else if (!new Decimal(r.total).isZero()) unpriced.push(r.coin);
  }
  return { value: plain(sum), unpriced: [...new Set(unpriced)].sort() };
}

/** Every account's rows together (the total of all accounts). */
export function allRows(entries: readonly BalanceEntry[], prices: Prices): CoinRow[] {
  return ACCOUNTS.flatMap((a) => accountRows(entries, a, prices));
}

function rank(r: CoinRow): number {
  if (new Decimal(r.total).isZero()) return 2;
  return r.value === null ? 1 : 0;
}

/** Highest value first; unknown values next; empty balances last; ties by coin code. */
export function sortRows(rows: readonly CoinRow[]): CoinRow[] {
  return [...rows].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb) return ra - rb;
    if (ra === 0) {
      const c = new Decimal(b.value ?? 0).comparedTo(a.value ?? 0);
      if (c !== 0) return c;
    }
    return a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0;
  });
}

/** Is this row small (WAL-4)? Empty balances are; unknown values are not. */
export function isSmall(r: CoinRow): boolean {
  if (new Decimal(r.total).isZero()) return true;
  if (r.value === null) return false;
  return new Decimal(r.value).lessThan(SMALL_BALANCE_USDT);
}

export function visibleRows(rows: readonly CoinRow[], hideSmall: boolean): CoinRow[] {
  return hideSmall ? rows.filter((r) => !isSmall(r)) : [...rows];
}

/** A USDT value for display: rounded down to VALUE_DECIMALS, every one shown ("1234.50"); null → null. */
export function roundValue(value: string | null): string | null {
  return value === null ? null : new Decimal(value).toFixed(VALUE_DECIMALS, Decimal.ROUND_DOWN);
}

/** The coin codes of the entries, upper case, once each (for the prices to watch). */
export function coinsOf(entries: readonly BalanceEntry[]): string[] {
  return [...new Set(entries.map((e) => e.coin.toUpperCase()))].sort();
}

/**
 * Which stream symbol prices each coin in USDT: its USDT pair among the market lists (spot first), if any.
 * `pairs` are the lists' rows; `streamSymbol` turns a row into its symbol on the socket.
 */
export function pricingSymbols<P extends { coin: string; baseCoin: string }>(
  coins: readonly string[],
  pairs: readonly P[],
  streamSymbol: (p: P) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const coin of coins) {
    if (coin === QUOTE_COIN) continue;
    const p = pairs.find((x) => x.coin.toUpperCase() === coin && x.baseCoin.toUpperCase() === QUOTE_COIN);
    if (p) out[coin] = streamSymbol(p);
  }
  return out;
}

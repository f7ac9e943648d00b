/**
 * The display rules of spec 3.4 for the four coin lists, as pure functions (no React, no I/O).
 *
 * - customizeFlag 2 shows showSymbol instead of symbol;
 * - market 'mt5' keeps the coin's case, otherwise the coin is lower-cased (the stream symbol);
 * - coinType 3 needs an extra per-coin volume lookup (endpoint key `coinVolume`);
 * - the four lists (coinList, currencyList, contractList, optionList) merge into one row list, sortable.
 *
 * Sorting compares exact decimal strings; no binary floating point is involved.
 */
import { readFlag } from '../../shared/flags';
import { formatShort } from '../../engine';

export const COIN_LISTS = ['coinList', 'currencyList', 'contractList', 'optionList'] as const;
export type CoinListKey = (typeof COIN_LISTS)[number];

/** The per-coin fields of 3.4 this module reads. Values come from the server as strings or numbers. */
export interface CoinLike {
  coin?: string | null;
  baseCoin?: string | null;
  symbol?: string | null;
  showSymbol?: string | null;
  customizeFlag?: number | string | null;
  market?: string | null;
  coinType?: number | string | null;
  amount?: string | number | null;
  open?: string | number | null;
  sort?: number | string | null;
  logo?: string | null;
  /** A spot pair's price decimals. */
  basePrecision?: number | string | null;
  /** A contract pair's price decimals. */
  baseScale?: number | string | null;
}

export type CoinLists = Partial<Record<CoinListKey, readonly CoinLike[] | null | undefined>>;

export interface MarketRow {
  /** Unique key across the merged lists: "<list>:<stream symbol>". */
  key: string;
  list: CoinListKey;
  /** The symbol on the socket and in REST market calls, e.g. "btcusdt" (mt5: case kept). */
  symbol: string;
  /** What the customer reads, e.g. "BTC/USDT" or the operator's showSymbol. */
  display: string;
  /** Base of the pair as shown ("BTC"), for search and the name sort. */
  base: string;
  /** Quote of the pair as shown ("USDT"). */
  quote: string;
  /** True when the 24 h volume comes from the per-coin volume lookup (coinType 3). */
  volumeLookup: boolean;
  coin: CoinLike;
  /**
   * The pair's own price decimals (NUM-2): the row's own, or else those of the spot or contract pair with the
   * same stream symbol (second contracts and options have none of their own).
   */
  priceDecimals?: number;
}

const isMt5 = (c: CoinLike) => String(c.market ?? '').toLowerCase() === 'mt5';

/** Spec 3.4: "market (value mt5 keeps the coin case, otherwise coin is lower-cased)". */
export function coinCode(c: CoinLike): string {
  const coin = String(c.coin ?? '').trim();
  return isMt5(c) ? coin : coin.toLowerCase();
}

/**
 * The stream symbol of a coin: its `symbol` field without separators when present, else coin + baseCoin.
 * mt5 markets keep their case; all other markets are lower-case (symbols on the socket look like "btcusdt").
 */
export function streamSymbol(c: CoinLike): string {
  const raw = String(c.symbol ?? '').replace(/[^A-Za-z0-9._-]/g, '');
  const joined = raw || `${String(c.coin ?? '').trim()}${String(c.baseCoin ?? '').trim()}`;
  return isMt5(c) ? joined : joined.toLowerCase();
}

/** NUM-2: the pair's own price decimals (a spot pair's basePrecision, a contract's baseScale), if it has them. */
function pairPriceDecimals(c: CoinLike): number | undefined {
  const d = Number(c.basePrecision ?? c.baseScale ?? NaN);
  return Number.isInteger(d) && d >= 0 && d <= 18 ? d : undefined;
}

/** Spec 3.4: "customizeFlag (value 2 means show showSymbol instead of symbol)". */
export function usesShowSymbol(c: CoinLike): boolean {
  return Number(c.customizeFlag) === 2 && !!String(c.showSymbol ?? '').trim();
}

/**
 * The pair as the customer reads it. customizeFlag 2 → showSymbol verbatim. Otherwise the symbol, written
 * as BASE/QUOTE in upper case when the coin and base coin are known (mt5 coins keep their own case).
 */
export function displaySymbol(c: CoinLike): string {
  if (usesShowSymbol(c)) return String(c.showSymbol).trim();
  const coin = String(c.coin ?? '').trim();
  const quote = String(c.baseCoin ?? '').trim();
  if (coin && quote) return `${isMt5(c) ? coin : coin.toUpperCase()}/${quote.toUpperCase()}`;
  const sym = String(c.symbol ?? '').trim();
  return isMt5(c) ? sym : sym.toUpperCase();
}

/** Spec 3.4: "coinType (value 3 triggers an extra volume lookup)". */
export function needsVolumeLookup(c: CoinLike): boolean {
  return Number(c.coinType) === 3;
}

function splitDisplay(display: string, c: CoinLike): { base: string; quote: string } {
  const i = display.indexOf('/');
  if (i > 0) return { base: display.slice(0, i), quote: display.slice(i + 1) };
  return { base: display, quote: String(c.baseCoin ?? '').toUpperCase() };
}

export function toRow(list: CoinListKey, c: CoinLike): MarketRow | null {
  const symbol = streamSymbol(c);
  if (!symbol) return null;
  const display = displaySymbol(c) || symbol.toUpperCase();
  return {
    key: `${list}:${symbol}`,
    list,
    symbol,
    display,
    ...splitDisplay(display, c),
    volumeLookup: needsVolumeLookup(c),
    coin: c,
    priceDecimals: pairPriceDecimals(c),
  };
}

const sortNum = (c: CoinLike) => {
  const n = Number(c.sort);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
};

/** The rows of some lists (all four by default), each list in its operator sort order, in list order. */
export function mergeCoinLists(lists: CoinLists, which: readonly CoinListKey[] = COIN_LISTS): MarketRow[] {
  const out: MarketRow[] = [];
  const decimals = new Map<string, number>();
  for (const c of [...(lists.currencyList ?? []), ...(lists.contractList ?? [])]) {
    const d = pairPriceDecimals(c);
    const s = streamSymbol(c);
    if (d !== undefined && !decimals.has(s)) decimals.set(s, d);
  }
  for (const list of which) {
    const seen = new Set<string>();
    const coins = [...(lists[list] ?? [])].sort((a, b) => sortNum(a) - sortNum(b));
    for (const c of coins) {
      const row = toRow(list, c);
      if (!row || seen.has(row.symbol)) continue;
      seen.add(row.symbol);
      row.priceDecimals ??= decimals.get(row.symbol);
      out.push(row);
    }
  }
  return out;
}

/** Rows whose pair, base or quote contains the query (case-insensitive). Empty query → all rows. */
export function filterRows(rows: readonly MarketRow[], query: string): MarketRow[] {
  const q = query
    .trim()
    .toLowerCase()
    .replace(/[\s/_-]/g, '');
  if (!q) return [...rows];
  return rows.filter((r) => {
    const hay = `${r.display}|${r.symbol}|${r.base}${r.quote}`.toLowerCase().replace(/[\s/_-]/g, '');
    return hay.includes(q);
  });
}

/**
 * Compares two exact decimal strings ("-12.5", "0.0003") without converting to floating point.
 * Anything that is not a decimal string sorts as missing (after every number).
 */
export function compareDecimal(a: string | undefined, b: string | undefined): number {
  const pa = parseDec(a);
  const pb = parseDec(b);
  if (!pa || !pb) return pa ? -1 : pb ? 1 : 0;
  if (pa.neg !== pb.neg) return pa.neg ? -1 : 1;
  const m = compareAbs(pa, pb);
  return pa.neg ? -m : m;
}

interface ParsedDec {
  neg: boolean;
  int: string;
  frac: string;
}
function parseDec(s: string | undefined): ParsedDec | null {
  if (typeof s !== 'string') return null;
  const m = /^([+-])?(\d+)(?:\.(\d+))?$/.exec(s.trim().replace(/[,%]/g, ''));
  if (!m) return null;
  const int = m[2].replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const zero = /^0+$/.test(int) && frac === '';
  return { neg: m[1] === '-' && !zero, int, frac };
}
function compareAbs(a: ParsedDec, b: ParsedDec): number {
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -1 : 1;
  if (a.int !== b.int) return a.int < b.int ? -1 : 1;
  const len = Math.max(a.frac.length, b.frac.length);
  const fa = a.frac.padEnd(len, '0');
  const fb = b.frac.padEnd(len, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

export type SortKey = 'name' | 'price' | 'change' | 'volume';
export type SortDir = 'asc' | 'desc';
/** Sort values per stream symbol, as exact decimal strings (e.g. from the `tickers` call). */
export interface RowStats {
  price?: string;
  change?: string;
  volume?: string;
}

/** A sorted copy. Rows without a value go last in either direction; ties keep list order. */
export function sortRows(
  rows: readonly MarketRow[],
  key: SortKey | null,
  dir: SortDir,
  stats: Readonly<Record<string, RowStats | undefined>> = {},
): MarketRow[] {
  if (!key) return [...rows];
  const sign = dir === 'asc' ? 1 : -1;
  const indexed = rows.map((r, i) => ({ r, i }));
  indexed.sort((x, y) => {
    let c: number;
    if (key === 'name') {
      c = sign * x.r.display.localeCompare(y.r.display, 'en', { sensitivity: 'base', numeric: true });
    } else {
      const a = stats[x.r.symbol]?.[key];
      const b = stats[y.r.symbol]?.[key];
      const ha = parseDec(a) !== null;
      const hb = parseDec(b) !== null;
      if (!ha || !hb) c = ha ? -1 : hb ? 1 : 0;
      else c = sign * compareDecimal(a, b);
    }
    return c || x.i - y.i;
  });
  return indexed.map((e) => e.r);
}

/**
 * Spec 9.2 "shorter number" for a volume from the per-coin lookup: the engine's formatShort (K, M, B, T above
 * 1e3, 1e6, 1e9, 1e12, two decimals cut), on the exact string; the screen writes it in the language's form.
 */
export function shortDecimal(s: string | undefined): string | undefined {
  const p = parseDec(s);
  if (!p) return undefined;
  return formatShort(`${p.neg ? '-' : ''}${p.int}${p.frac ? `.${p.frac}` : ''}`);
}

interface HomeCoinLike {
  coin?: unknown;
  sort?: unknown;
  isOpen?: unknown;
}
const openFlag = (v: unknown) => readFlag(v, true);

/**
 * The home screen's coins (HOME_COIN_SETTING: coin, sort, isOpen): open entries by sort, each matched to its
 * row in the spot list first, then the other lists (by coin code or symbol); an unknown coin gets a
 * "<coin>usdt" spot row so it still shows live data if the market has it.
 */
export function homeRows(setting: readonly HomeCoinLike[] | undefined, lists: CoinLists): MarketRow[] {
  const entries = (setting ?? [])
    .filter((e) => openFlag(e.isOpen) && String(e.coin ?? '').trim() !== '')
    .map((e, i) => ({ coin: String(e.coin).trim(), sort: Number(e.sort), i }))
    .sort((a, b) => (Number.isFinite(a.sort) ? a.sort : 1e9) - (Number.isFinite(b.sort) ? b.sort : 1e9) || a.i - b.i);
  const order: CoinListKey[] = ['currencyList', 'contractList', 'coinList', 'optionList'];
  const out: MarketRow[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    const want = e.coin.toLowerCase();
    let row: MarketRow | null = null;
    for (const list of order) {
      const c = (lists[list] ?? []).find(
        (x) => String(x.coin ?? '').toLowerCase() === want || String(x.symbol ?? '').toLowerCase() === want,
      );
      if (c) {
        row = toRow(list, c);
        break;
      }
    }
    row ??= toRow('currencyList', { coin: e.coin, baseCoin: 'USDT' });
    if (row && !seen.has(row.symbol)) {
      seen.add(row.symbol);
      out.push(row);
    }
  }
  return out;
}

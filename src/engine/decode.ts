/**
 * Decoding and validation of server frames (spec 7.5 and src/shared/protocol.ts).
 *
 * The hot frame types (TRADE, DETAIL, KLINE, HEARTBEAT, DEPTH) are checked by hand, which is several times
 * faster than the zod schema; the rare ones (ACK, ERROR, account streams) go through zod itself.
 * decode.test.ts proves on a corpus of valid and malformed frames that this accepts and rejects exactly
 * what `ServerFrame.safeParse` does. A rejected frame is `null`: the caller counts it; nothing throws.
 */
import { KLINE_INTERVALS, ServerFrame } from '../shared/protocol';

const SYMBOL_RE = /^[A-Za-z0-9._-]+$/;
const INTERVALS: ReadonlySet<string> = new Set(KLINE_INTERVALS);
/** Symbols already seen valid: skips the regex on the hot path. Bounded by the number of markets. */
const knownSymbols = new Set<string>();
const KNOWN_SYMBOLS_MAX = 10_000;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isInt(v: unknown, min: number): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= min;
}
/** Same language as shared/money.ts DecimalStr, /^-?\d+(\.\d+)?$/, by hand (no regex call per field). */
function isDec(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const n = v.length;
  let i = n > 0 && v.charCodeAt(0) === 45 ? 1 : 0;
  const intStart = i;
  let c = 0;
  while (i < n && (c = v.charCodeAt(i)) >= 48 && c <= 57) i++;
  if (i === intStart) return false;
  if (i === n) return true;
  if (c !== 46) return false;
  const fracStart = ++i;
  while (i < n && (c = v.charCodeAt(i)) >= 48 && c <= 57) i++;
  return i === n && i > fracStart;
}
function isSymbol(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  if (knownSymbols.has(v)) return true;
  if (v.length < 1 || v.length > 32 || !SYMBOL_RE.test(v)) return false;
  if (knownSymbols.size < KNOWN_SYMBOLS_MAX) knownSymbols.add(v);
  return true;
}
function hasBase(f: Record<string, unknown>): boolean {
  return isInt(f.seq, 1) && isInt(f.ts, 0) && typeof f.origin === 'string';
}

function isTrade(t: unknown): boolean {
  if (!isObject(t)) return false;
  const side = t.side;
  return isInt(t.id, 0) && isDec(t.price) && isDec(t.qty) && (side === 'buy' || side === 'sell') && isInt(t.ts, 0);
}

function validTrade(f: Record<string, unknown>): boolean {
  if (!hasBase(f) || !isSymbol(f.symbol)) return false;
  const data = f.data;
  if (!isObject(data)) return false;
  const trades = data.trades;
  if (!Array.isArray(trades) || trades.length === 0) return false;
  for (let i = 0; i < trades.length; i++) if (!isTrade(trades[i])) return false;
  return true;
}

function validDetail(f: Record<string, unknown>): boolean {
  if (!hasBase(f) || !isSymbol(f.symbol)) return false;
  const d = f.data;
  if (!isObject(d)) return false;
  return (
    isDec(d.close) &&
    isDec(d.openPrice) &&
    isDec(d.change) &&
    isDec(d.priceChangePercent) &&
    isDec(d.open) &&
    isDec(d.low) &&
    isDec(d.high) &&
    isDec(d.volume) &&
    isDec(d.volume24) &&
    isDec(d.high24) &&
    isDec(d.low24) &&
    (d.amount24 === undefined || isDec(d.amount24))
  );
}

function validKline(f: Record<string, unknown>): boolean {
  if (!hasBase(f) || !isSymbol(f.symbol)) return false;
  if (typeof f.interval !== 'string' || !INTERVALS.has(f.interval)) return false;
  const d = f.data;
  if (!isObject(d)) return false;
  const c = d.tick;
  if (!isObject(c)) return false;
  return isInt(c.t, 0) && isDec(c.open) && isDec(c.high) && isDec(c.low) && isDec(c.close) && isDec(c.vol);
}

function validHeartbeat(f: Record<string, unknown>): boolean {
  if (!hasBase(f)) return false;
  if (f.symbol !== undefined && typeof f.symbol !== 'string') return false;
  const d = f.data;
  return isObject(d) && isInt(d.serverTime, Number.MIN_SAFE_INTEGER);
}

/** [price, amount]: exactly two decimal strings (a zod tuple without rest). */
function isLevels(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    const lv: unknown = v[i];
    if (!Array.isArray(lv) || lv.length !== 2 || !isDec(lv[0]) || !isDec(lv[1])) return false;
  }
  return true;
}

function validDepth(f: Record<string, unknown>): boolean {
  if (!hasBase(f) || !isSymbol(f.symbol)) return false;
  const d = f.data;
  if (!isObject(d)) return false;
  if (!isInt(d.seq, 0)) return false;
  if (d.snapshot !== undefined && typeof d.snapshot !== 'boolean') return false;
  return isLevels(d.bids) && isLevels(d.asks);
}

/** True when the parsed JSON value is a ServerFrame (same verdict as `ServerFrame.safeParse`). */
export function isServerFrame(v: unknown): v is ServerFrame {
  if (!isObject(v)) return false;
  switch (v.type) {
    case 'TRADE':
      return validTrade(v);
    case 'DETAIL':
      return validDetail(v);
    case 'KLINE':
      return validKline(v);
    case 'HEARTBEAT':
      return validHeartbeat(v);
    case 'DEPTH':
      return validDepth(v);
    default:
      return ServerFrame.safeParse(v).success;
  }
}

/** Parses and validates one socket message; `null` for anything that is not a valid ServerFrame. */
export function decodeFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  return isServerFrame(v) ? v : null;
}

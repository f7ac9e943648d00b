/**
 * Validation of the topics a host asks for: a bad one is refused with a message saying what is wrong
 * and what would be right, before anything is subscribed.
 */
import { KLINE_INTERVALS } from '../shared/protocol';
import { DEPTH_GROUPS, type Topic } from './types';

const INTERVALS: ReadonlySet<string> = new Set(KLINE_INTERVALS);

export function checkTopic(t: Topic): void {
  if (!t || typeof t !== 'object') throw new TypeError('topic must be an object { kind, symbol, interval? }');
  if (t.kind === 'account' || t.kind === 'positions') return;
  if (t.kind !== 'ticker' && t.kind !== 'trades' && t.kind !== 'klines' && t.kind !== 'depth' && t.kind !== 'mark') {
    throw new TypeError(
      `unknown topic kind "${String((t as { kind?: unknown }).kind)}": use ticker, trades, klines, depth, mark, account or positions`,
    );
  }
  if (typeof t.symbol !== 'string' || !/^[A-Za-z0-9._-]{1,32}$/.test(t.symbol)) {
    throw new TypeError(`invalid symbol "${String(t.symbol)}"`);
  }
  if (t.kind === 'depth') {
    for (const field of ['pricePrecision', 'amountPrecision'] as const) {
      const v = t[field];
      if (!Number.isInteger(v) || v < 0 || v > 16) {
        throw new TypeError(`depth ${field} must be a whole number of decimals from 0 to 16, not ${String(v)}`);
      }
    }
    if (!DEPTH_GROUPS.includes(t.group)) {
      throw new TypeError(`unknown depth group ${String(t.group)}: use 1, 2 or 5 x 10^k (k from 0 to 8) x the tick`);
    }
  }
  if (t.kind === 'klines' && !INTERVALS.has(t.interval)) {
    throw new TypeError(`unknown interval "${String(t.interval)}": use one of ${KLINE_INTERVALS.join(', ')}`);
  }
}

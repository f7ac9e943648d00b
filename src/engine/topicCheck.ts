/**
 * Validation of the topics a host asks for: a bad one is refused with a message saying what is wrong
 * and what would be right, before anything is subscribed.
 */
import { KLINE_INTERVALS } from '../shared/protocol';
import type { Topic } from './types';

const INTERVALS: ReadonlySet<string> = new Set(KLINE_INTERVALS);

export function checkTopic(t: Topic): void {
  if (!t || typeof t !== 'object') throw new TypeError('topic must be an object { kind, symbol, interval? }');
  if (t.kind === 'account') return;
  if (t.kind !== 'ticker' && t.kind !== 'trades' && t.kind !== 'klines') {
    throw new TypeError(
      `unknown topic kind "${String((t as { kind?: unknown }).kind)}": use ticker, trades, klines or account`,
    );
  }
  if (typeof t.symbol !== 'string' || !/^[A-Za-z0-9._-]{1,32}$/.test(t.symbol)) {
    throw new TypeError(`invalid symbol "${String(t.symbol)}"`);
  }
  if (t.kind === 'klines' && !INTERVALS.has(t.interval)) {
    throw new TypeError(`unknown interval "${String(t.interval)}": use one of ${KLINE_INTERVALS.join(', ')}`);
  }
}

/**
 * The settlement of a second contract (SEC-5, SEC-6) as a pure function of the order and the published trade
 * log: no clock, no database, no market. The exit is the one settlement job's `settlementTrade` (SEC-14,
 * ../settlement/settle.ts); the job feeds it the persisted log and the service writes what it returns through the
 * ledger; the tests reproduce it with an independent scan of the whole log.
 */
import { compareDecimal, secondPayout } from '../../../src/shared/trading/secondRules';
import { settlementTrade, type LoggedTrade } from '../settlement/settle';

export type { LoggedTrade };

/** What settlement needs of an order. */
export interface SettleOrder {
  direction: 'up' | 'down';
  /** The stake, a canonical decimal string. */
  amount: string;
  /** Profit on a win as a fraction of the stake. */
  ratio: string;
  /** The last published trade at or before the order's openTime; its price is the open price. */
  entry: LoggedTrade;
  /** openTime + period, exactly. */
  closeTime: number;
}

export interface Settlement {
  result: 'win' | 'lose' | 'draw';
  /** The last published trade at or before closeTime. */
  exit: LoggedTrade;
  /** Credited back to the user: stake + stake x ratio on a win, the stake on a draw, "0" on a loss. */
  payout: string;
}

/**
 * Settles `order` against `trades`, the symbol's published trades in the order they were published (the log's
 * order; any superset of the trades since the entry will do).
 *
 * - exit = the last trade with entry.time <= time <= closeTime, the later one in the list winning a tie of
 *   times; when the list has none, the entry itself (it is a published trade at or before closeTime, and the
 *   log holds every trade published after it, so nothing came between);
 * - up wins when the exit price is above the open price, down when it is below; an equal price is a draw;
 * - payout: win = stake + stake x ratio (exact, secondRules.secondPayout), draw = the stake, lose = "0".
 */
export function settleSecond(order: SettleOrder, trades: readonly LoggedTrade[]): Settlement {
  const exit = settlementTrade(order.entry, order.closeTime, trades);
  const move = compareDecimal(exit.price, order.entry.price);
  if (move === 0) return { result: 'draw', exit, payout: order.amount };
  const won = order.direction === 'up' ? move > 0 : move < 0;
  if (!won) return { result: 'lose', exit, payout: '0' };
  return { result: 'win', exit, payout: secondPayout(order.amount, order.ratio).win };
}

/**
 * The settlement of options (OPT-6) as a pure function of the orders and the published trade log: no clock, no
 * database, no market. The settlement trade is the one settlement job's `settlementTrade` (SEC-14, OPT-16); the job
 * feeds it the one persisted log (OPT-7) and the adapter (jobs.ts) writes what it returns through the ledger; the
 * tests reproduce it with an independent scan of the whole log.
 */
import { optionPayout } from '../../../src/shared/trading/optionRules';
import { settlementTrade, type LoggedTrade } from '../settlement/settle';

export type { LoggedTrade };

/** What settlement needs of an option. */
export interface SettleOption {
  id: number;
  kind: 'call' | 'put';
  strike: string;
  quantity: string;
  /** Expiry time (ms): settled at the last trade at or before it. */
  expiry: number;
  /** The last trade published when the option was bought (the log holds it and everything published after it). */
  entry: LoggedTrade;
}

export interface OptionSettlement {
  id: number;
  /** The last published trade at or before expiry: its price is the settlement price. */
  exit: LoggedTrade;
  settlePrice: string;
  /** max(S - K, 0) x q for a call, max(K - S, 0) x q for a put, rounded down to 6 decimals ("0.000000" out of the money). */
  payout: string;
}

/**
 * Settles each option against `trades`, the symbol's published trades in the order they were published (the
 * log's order; any superset of the trades since the entries will do):
 *
 * - exit = the last trade with entry.time <= time <= expiry, the later one in the list winning a tie of times;
 *   when the list has none, the entry itself (a published trade before expiry, and the log holds everything
 *   published after it, so nothing came between);
 * - payout = optionPayout(kind, strike, exit price, quantity).
 */
export function settleOptions(orders: readonly SettleOption[], trades: readonly LoggedTrade[]): OptionSettlement[] {
  return orders.map((o) => {
    const exit = settlementTrade(o.entry, o.expiry, trades);
    return {
      id: o.id,
      exit,
      settlePrice: exit.price,
      payout: optionPayout(o.kind, o.strike, exit.price, o.quantity),
    };
  });
}

/**
 * The one pure function both time-settled products (second contracts, SEC-5; options, OPT-6) find their settlement
 * trade with: no clock, no database, no market. The settlement job feeds it the persisted log (store.ts) and hands
 * what it returns to the product's adapter; each product's own rule (result and payout) is applied to its exit
 * (seconds/settle.ts, options/settle.ts). The tests reproduce it with an independent scan of the whole log.
 */

/** A published trade as the log keeps it: the tape id (evidence only, not unique across restarts), time, price. */
export interface LoggedTrade {
  id: number;
  time: number;
  price: string;
}

/**
 * SEC-14, OPT-16: the settlement trade of a row whose entry is `entry` and which settles at `at` (a second contract's
 * closeTime, an option's expiry), from `trades`, a symbol's published trades in publication order (any superset of
 * the trades since the entry will do):
 *
 * - the last trade with entry.time <= time <= at, the later one in the list winning a tie of times;
 * - when the list has none, the entry itself (it is a published trade at or before `at`, and the log holds every
 *   trade published after it, so nothing came between).
 */
export function settlementTrade(entry: LoggedTrade, at: number, trades: readonly LoggedTrade[]): LoggedTrade {
  let exit: LoggedTrade | undefined;
  for (const t of trades) {
    if (t.time > at || t.time < entry.time) continue;
    if (exit === undefined || t.time >= exit.time) exit = t;
  }
  return exit ?? entry;
}

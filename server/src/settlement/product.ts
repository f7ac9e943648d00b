/**
 * What the two time-settled products (second contracts, SEC-14; options, OPT-16) share around the one settlement
 * job: the columns of an order row that opens at a published trade and settles at one, how that row reads as the
 * job's `DueRow` and on the wire (entry, exit), the announcements after the commit (OPT-15 and the SETTLEMENT
 * frame, LIVE-3), and what both take from the server's context. Each product keeps its own rule (result, payout).
 */
import type { SettlementData, Trade } from '../../../src/shared/protocol';
import type { ServerContext } from '../context';
import type { Ledger } from '../ledger/service';
import type { StatusEvent } from '../events/userEvents';
import type { Clock } from '../time/clock';
import type { DueRow, SettlementJob } from './job';
import type { LoggedTrade } from './settle';

/** Told after the commit: a row's status changed (USER_STATUS), a row settled (SETTLEMENT). */
export interface SettlementEvents {
  statusChanged(userId: number, e: StatusEvent): void;
  settlement(userId: number, data: SettlementData): void;
}

/** What both products are built on: the ledger, the one settlement job and what they take from the context. */
export interface ProductDeps {
  ledger: Ledger;
  /** The one settlement job (SEC-14, OPT-16): it logs the pairs, settles and prunes. */
  settlement: SettlementJob;
  clock: Clock;
  /** The last published trade of a symbol on the market's tape, or undefined (unknown symbol, no trade yet). */
  lastTrade(symbol: string): Trade | undefined;
  events?: SettlementEvents;
  /** Runs `fn` after the current synchronous run (announcements after the commit). */
  defer(fn: () => void): void;
}

export function productDeps(ctx: ServerContext, ledger: Ledger, settlement: SettlementJob): ProductDeps {
  const { market, userEvents } = ctx;
  return {
    ledger,
    settlement,
    clock: ctx.clock,
    lastTrade: (symbol) => (market.has(symbol) ? market.recentTrades(symbol, 1)[0] : undefined),
    events: {
      statusChanged: (u, e) => userEvents.statusChanged(u, e),
      settlement: (u, d) => userEvents.settlement(u, d),
    },
    defer: queueMicrotask,
  };
}

/** The entry of an order row: the last trade published when it opened. */
export interface EntryColumns {
  id: number;
  userId: number;
  symbol: string;
  clientOrderId: string | null;
  entryId: number;
  entryTime: number;
  entryPrice: string;
}

/** The settlement of an order row: its exit (the settlement trade), payout and time, once settled. */
export interface SettledColumns {
  status: 'open' | 'settled';
  exitId: number | null;
  exitTime: number | null;
  exitPrice: string | null;
  payout: string | null;
  settleTime: number | null;
}

/** What marks a row settled (a product adds its own result). */
export interface SettledFields {
  exit: LoggedTrade;
  payout: string;
  settleTime: number;
  journalId: number | null;
}

/** The filter both products' order lists take (a product adds its time range). */
export interface OrderFilterBase {
  userId: number;
  status?: 'open' | 'settled';
  symbol?: string;
  clientOrderId?: string;
}

/** The published trade a row opened at, as the log keeps it. */
export function entryOf(r: EntryColumns): LoggedTrade {
  return { id: r.entryId, time: r.entryTime, price: r.entryPrice };
}

/** A row as the job sees it, settling at `at` (a contract's closeTime, an option's expiry). */
export function dueRowOf(r: EntryColumns, at: number): DueRow {
  return { id: r.id, symbol: r.symbol, entry: entryOf(r), at };
}

/** The parameters of a product's "mark settled" statement. */
export function settledParams(id: number, s: SettledFields) {
  return {
    id,
    exitId: s.exit.id,
    exitTime: s.exit.time,
    exitPrice: s.exit.price,
    payout: s.payout,
    settleTime: s.settleTime,
    journalId: s.journalId,
  };
}

/** The wire's entry and exit (null until settled) and the settlement's price, payout and time. */
export function settledView(r: EntryColumns & SettledColumns) {
  const settled = r.status === 'settled';
  return {
    status: r.status,
    entry: entryOf(r),
    exit: settled && r.exitId !== null ? { id: r.exitId, time: r.exitTime!, price: r.exitPrice! } : null,
    exitPrice: settled ? r.exitPrice : null,
    payout: settled ? r.payout : null,
    settleTime: settled ? r.settleTime : null,
  };
}

/** The `where` of an order list: the user, then the filter's fields and the product's `more` (column, value). */
export function orderWhere(f: OrderFilterBase, more: [string, unknown][] = []): [string, unknown[]] {
  const parts = ['user_id = ?'];
  const args: unknown[] = [f.userId];
  const add = (sql: string, v: unknown) => {
    if (v === undefined || v === '') return;
    parts.push(sql);
    args.push(v);
  };
  add('status = ?', f.status);
  add('symbol = ?', f.symbol);
  add('client_order_id = ?', f.clientOrderId);
  for (const [sql, v] of more) add(sql, v);
  return [parts.join(' AND '), args];
}

/** OPT-15, SEC-10: a USER_STATUS push, after the current synchronous run (so after the commit). */
export function announce(deps: Pick<ProductDeps, 'events' | 'defer'>, userId: number, e: StatusEvent): void {
  const events = deps.events;
  if (events) deps.defer(() => events.statusChanged(userId, e));
}

/** What a settled row announces after the commit: its status, then the SETTLEMENT frame with `data`. */
export function announceSettled(events: SettlementEvents | undefined, userId: number, data: SettlementData) {
  return () => {
    if (!events) return;
    events.statusChanged(userId, { kind: data.kind, id: data.id, status: 'settled' });
    events.settlement(userId, data);
  };
}

/**
 * The one settlement job of the time-settled products (SEC-14, OPT-16): second contracts and options. Each product
 * plugs in an adapter that says which of its rows are due and how a settlement moves its money; the plumbing is
 * here once:
 *
 * - `settleDue(now)` (the scheduler's job, every SETTLE_EVERY_MS): for each adapter, the open rows whose time to
 *   settle at (`at`: a contract's closeTime, an option's expiry) is before the server's time, earliest first; for
 *   each row, ONE ledger transaction re-reads it (still open and due, else nothing), finds the settlement trade in
 *   the one persisted log with the one pure function (`settlementTrade`, settle.ts) and hands it to the adapter,
 *   which pays and marks the row settled with its evidence. What the adapter announces runs after the commit. A
 *   row whose settlement throws is logged once and retried after a restart; the others go on.
 * - `prune(now)` (every minute): the log keeps what an open row of either product can still settle at (each
 *   adapter's `keepFrom`) and the last TRADE_LOG_RETENTION_MS; pairs without open rows stop being logged.
 */
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import type { Job } from '../time/scheduler';
import { settlementTrade, type LoggedTrade } from './settle';
import type { SettlementStore } from './store';
import type { TradeLog } from './tradeLog';

/** How often the job looks for due rows: the market's tick, so settlement follows it closely. */
export const SETTLE_EVERY_MS = 10;
/** Rows settled per product per run at most (a backlog after a restart is worked off over a few runs). */
const SETTLE_BATCH = 200;
/** Logged trades are kept this long beyond what an open row still needs (SEC-8, OPT-7). */
export const TRADE_LOG_RETENTION_MS = 15 * 60_000;
const PRUNE_EVERY_MS = 60_000;

/** An open row as the job sees it. */
export interface DueRow {
  id: number;
  symbol: string;
  /** The last trade published when the row opened (the log holds it and everything published after it). */
  entry: LoggedTrade;
  /** The time it settles at: the last trade at or before it is the settlement trade. */
  at: number;
}

/** What a product tells the one job. */
export interface SettlementAdapter {
  /** The product, for logs ("second", "option"). */
  readonly kind: string;
  /** Open rows with `at` before `now`, earliest first, at most `limit`. */
  due(now: number, limit: number): DueRow[];
  /** The earliest `at` of the open rows (at or after `from` when given). */
  nextDue(from?: number): number | undefined;
  /** Row `id` if it is still open (inside the settlement's transaction). */
  open(id: number): DueRow | undefined;
  /**
   * Inside the settlement's transaction: pays row `id` settled by `exit` at the server's time `now`, and marks it
   * settled with its evidence (throws if it was settled meanwhile). Returns what to announce after the commit.
   */
  pay(id: number, exit: LoggedTrade, now: number): () => void;
  /** Symbols with open rows (the log watches them). */
  openSymbols(): string[];
  /** The earliest trade time the log must keep on `symbol` for this product's open rows (undefined: none). */
  keepFrom(symbol: string, log: SettlementStore): number | undefined;
}

export interface SettlementJobDeps {
  store: SettlementStore;
  tradeLog: TradeLog;
  ledger: Pick<Ledger, 'transaction'>;
  clock: Clock;
  /** Runs `fn` after the current synchronous run (announcements after the commit). */
  defer(fn: () => void): void;
  onError?(err: unknown, what: string): void;
}

interface Plugged {
  adapter: SettlementAdapter;
  /** The earliest `at` of an open row (a hint: the job looks at the database only from then on). */
  nextDue: number | undefined;
  /** Rows whose settlement threw (a bug or a broken row): logged once, retried after a restart. */
  failed: Set<number>;
}

export class SettlementJob {
  private readonly plugged = new Map<string, Plugged>();

  constructor(private readonly deps: SettlementJobDeps) {}

  /** Plugs a product in (at mount): its open rows are watched and settled from now on. */
  add(adapter: SettlementAdapter): void {
    if (this.plugged.has(adapter.kind)) throw new Error(`settlement adapter ${adapter.kind} added twice`);
    this.plugged.set(adapter.kind, { adapter, nextDue: adapter.nextDue(), failed: new Set() });
    this.retain();
  }

  /** A row of `kind` opened on `symbol` at `entry`, settling at `at`: the log watches the pair from the entry on. */
  opened(kind: string, symbol: string, entry: LoggedTrade, at: number): void {
    const p = this.plugged.get(kind);
    if (!p) throw new Error(`no settlement adapter ${kind}`);
    this.deps.tradeLog.watch(symbol, entry);
    if (p.nextDue === undefined || at < p.nextDue) p.nextDue = at;
  }

  /**
   * Settles every open row whose time to settle at is before `at` (at most the clock's now), of every product or
   * of `only`. Returns how many were settled.
   */
  settleDue(at: number, only?: string): number {
    // Never ahead of the server's own time, whoever asks.
    const now = Math.min(at, this.deps.clock.now());
    let settled = 0;
    let flushed = false;
    for (const p of this.plugged.values()) {
      if (only !== undefined && p.adapter.kind !== only) continue;
      if (p.nextDue === undefined || now <= p.nextDue) continue;
      if (!flushed) this.deps.tradeLog.flush();
      flushed = true;
      settled += this.settleProduct(p, now);
    }
    if (settled > 0) this.retain();
    return settled;
  }

  private settleProduct(p: Plugged, now: number): number {
    const { adapter, failed } = p;
    const due = adapter.due(now, SETTLE_BATCH);
    let settled = 0;
    for (const row of due) {
      if (failed.has(row.id)) continue;
      try {
        if (this.settleOne(adapter, row.id, now)) settled++;
      } catch (err) {
        failed.add(row.id);
        this.deps.onError?.(err, `settling ${adapter.kind} ${row.id} failed; it stays open until a restart`);
      }
    }
    const backlog = due.length === SETTLE_BATCH && due.some((r) => !failed.has(r.id));
    p.nextDue = backlog ? now : failed.size ? adapter.nextDue(now) : adapter.nextDue();
    return settled;
  }

  /** One row, exactly once: the settlement trade, the money and the row's change to settled in one transaction. */
  private settleOne(adapter: SettlementAdapter, id: number, now: number): boolean {
    const { store, ledger } = this.deps;
    const announce = ledger.transaction(() => {
      const row = adapter.open(id);
      if (!row || row.at >= now) return undefined;
      const last = store.lastTradeBetween(row.symbol, row.entry.time, row.at);
      const exit = settlementTrade(row.entry, row.at, last ? [last] : []);
      return adapter.pay(id, exit, now);
    });
    if (!announce) return false;
    this.deps.defer(announce);
    return true;
  }

  /** Logs exactly the pairs with open rows of some product. */
  private retain(): void {
    const symbols = new Set<string>();
    for (const p of this.plugged.values()) for (const s of p.adapter.openSymbols()) symbols.add(s);
    this.deps.tradeLog.retain(symbols);
  }

  /**
   * SEC-8, OPT-7: drops logged trades older than the retention window, except those an open row of some product
   * can still settle at, and stops logging pairs without open rows. Returns how many trades went.
   */
  prune(now: number): number {
    const { store, tradeLog } = this.deps;
    tradeLog.flush();
    this.retain();
    let n = 0;
    for (const symbol of store.loggedSymbols()) {
      let before = now - TRADE_LOG_RETENTION_MS;
      for (const p of this.plugged.values()) before = Math.min(before, p.adapter.keepFrom(symbol, store) ?? Infinity);
      if (before > Number.MIN_SAFE_INTEGER) n += store.pruneTrades(symbol, before);
    }
    return n;
  }

  /** Writes the queued trades (the server calls it before closing the database). */
  stop(): void {
    this.deps.tradeLog.flush();
  }

  settleJob(): Job {
    return { name: 'settlement', everyMs: SETTLE_EVERY_MS, runAtStart: true, step: (now) => void this.settleDue(now) };
  }

  pruneJob(): Job {
    return { name: 'settlement-trade-log-prune', everyMs: PRUNE_EVERY_MS, step: (now) => void this.prune(now) };
  }
}

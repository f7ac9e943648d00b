/**
 * The options' two scheduled jobs. Settlement (OPT-6; `settleDue`, every SETTLE_EVERY_MS): an open option is
 * settled once the server's time is past its expiry, from the persisted log alone (the pure `settleOptions` of
 * settle.ts); the payout (`option_payout`, from `house:options` to the platform USDT, none out of the money) and
 * the row's change to settled are one transaction guarded by the row's status, so a second run or a restart
 * never settles twice. Pruning (OPT-7; `prune`, every minute): the trade log's and the quotes' retention.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { SettlementData } from '../../../src/shared/protocol';
import { OPTION_COIN } from '../../../src/shared/trading/optionRules';
import type { Job } from '../time/scheduler';
import { announce, OPTIONS_POOL, type OptionsDeps } from './deps';
import { settleOptions, type SettleOption } from './settle';
import type { OrderRow } from './store';

/** How often the settlement job looks for expired options. */
export const SETTLE_EVERY_MS = 50;
const SETTLE_BATCH = 200;
/** Logged trades are kept this long beyond what an open option still needs (OPT-7). */
export const TRADE_LOG_RETENTION_MS = 15 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/** Expired quotes never bought are dropped this long after their expiry. */
const QUOTE_KEEP_MS = 60 * 60_000;

function settleInput(r: OrderRow): SettleOption {
  return {
    id: r.id,
    kind: r.kind,
    strike: r.strike,
    quantity: r.quantity,
    expiry: r.expiry,
    entry: { id: r.entryId, time: r.entryTime, price: r.entryPrice },
  };
}

export class OptionJobs {
  /** The earliest expiry of an open option (a hint: the job looks at the database only from then on). */
  private nextDue: number | undefined;
  /** Options whose settlement threw (a bug or a broken row): logged once, retried after a restart. */
  private readonly failed = new Set<number>();

  constructor(private readonly deps: OptionsDeps) {
    this.nextDue = deps.store.nextExpiry();
    deps.tradeLog.retain(deps.store.openSymbols());
  }

  /** An option was bought that expires at `expiry`: the job looks from then on at the latest. */
  bought(expiry: number): void {
    if (this.nextDue === undefined || expiry < this.nextDue) this.nextDue = expiry;
  }

  /** OPT-6: settles every open option whose expiry is before `at` (at most the clock's now); returns how many. */
  settleDue(at: number): number {
    const now = Math.min(at, this.deps.clock.now());
    if (this.nextDue === undefined || now <= this.nextDue) return 0;
    const { store, tradeLog } = this.deps;
    tradeLog.flush();
    const due = store.due(now, SETTLE_BATCH);
    let settled = 0;
    for (const row of due) {
      if (this.failed.has(row.id)) continue;
      try {
        if (this.settleOne(row.id, now)) settled++;
      } catch (err) {
        this.failed.add(row.id);
        this.deps.onError?.(err, `settling option ${row.id} failed; it stays open until a restart`);
      }
    }
    const backlog = due.length === SETTLE_BATCH && due.some((r) => !this.failed.has(r.id));
    this.nextDue = backlog ? now : this.failed.size ? store.nextExpiry(now) : store.nextExpiry();
    if (settled > 0) tradeLog.retain(store.openSymbols());
    return settled;
  }

  /** One option, exactly once: the payout and the row's change to settled in one transaction. */
  private settleOne(id: number, now: number): boolean {
    const { store, ledger } = this.deps;
    const done = ledger.transaction(() => {
      const row = store.byId(id);
      if (!row || row.status !== 'open' || row.expiry >= now) return undefined;
      const last = store.lastTradeBetween(row.symbol, row.entryTime, row.expiry);
      const [s] = settleOptions([settleInput(row)], last ? [last] : []);
      let journalId: number | null = null;
      if (new Decimal(s.payout).gt(0))
        journalId = ledger.post({
          kind: 'option_payout',
          ref: String(id),
          userId: row.userId,
          memo: `${row.kind} ${row.symbol} ${row.strike} x ${row.quantity} at ${s.settlePrice}`,
          entries: [
            { house: OPTIONS_POOL, coin: OPTION_COIN, amount: `-${s.payout}` },
            { userId: row.userId, account: 'platform', coin: OPTION_COIN, amount: s.payout },
          ],
        }).id;
      if (!store.markSettled(id, { exit: s.exit, payout: s.payout, settleTime: now, journalId }))
        throw new Error(`option ${id} was settled meanwhile`);
      return { row, s };
    });
    if (!done) return false;
    const { row, s } = done;
    announce(this.deps, row.userId, { kind: 'option', id, status: 'settled' });
    const data: SettlementData = {
      kind: 'option',
      id,
      symbol: row.symbol,
      closePrice: s.settlePrice,
      payout: s.payout,
    };
    const events = this.deps.events;
    if (events) this.deps.defer(() => events.settlement(row.userId, data));
    return true;
  }

  settleJob(): Job {
    return { name: 'option-settle', everyMs: SETTLE_EVERY_MS, runAtStart: true, step: (now) => this.settleDue(now) };
  }

  /**
   * OPT-7: drops logged trades no open option can settle at and older than the retention window: on a pair with
   * open options, those before the last trade at or before the earliest open expiry (nothing earlier can be a
   * settlement trade); on a pair without, all of them. Stops logging pairs without open options.
   */
  prune(now: number): number {
    const { store, tradeLog } = this.deps;
    tradeLog.flush();
    tradeLog.retain(store.openSymbols());
    let n = 0;
    for (const symbol of store.loggedSymbols()) {
      const first = store.firstOpenExpiry(symbol);
      const keepFrom =
        first === undefined
          ? Infinity
          : (store.lastTradeBetween(symbol, Number.MIN_SAFE_INTEGER, first)?.time ?? Number.MIN_SAFE_INTEGER);
      const before = Math.min(now - TRADE_LOG_RETENTION_MS, keepFrom);
      if (before > Number.MIN_SAFE_INTEGER) n += store.pruneTrades(symbol, before);
    }
    store.pruneQuotes(now - QUOTE_KEEP_MS);
    return n;
  }

  pruneJob(): Job {
    return { name: 'option-prune', everyMs: PRUNE_EVERY_MS, step: (now) => void this.prune(now) };
  }
}

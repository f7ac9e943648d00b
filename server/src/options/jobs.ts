/**
 * What the one settlement job (SEC-14, OPT-16; ../settlement/job.ts) asks of options, and the quotes' pruning.
 * Settlement (OPT-6): an open option is settled once the server's time is past its expiry, from the one persisted
 * log alone (the job's `settlementTrade`, then the pure `settleOptions` of settle.ts); the payout (`option_payout`,
 * from `house:options` to the platform USDT, none out of the money) and the row's change to settled are one
 * transaction (the job's) guarded by the row's status, so a second run or a restart never settles twice. The
 * log's retention (OPT-7): the job keeps, per pair, the trades from the last one at or before the earliest open
 * expiry on (`keepFrom`); the quotes' retention is here (every minute).
 */
import { Decimal } from '../../../src/shared/decimal';
import type { SettlementData } from '../../../src/shared/protocol';
import { OPTION_COIN } from '../../../src/shared/trading/optionRules';
import type { SettlementAdapter } from '../settlement/job';
import { pick } from '../db/rows';
import { announceSettled, dueRowOf, entryOf } from '../settlement/product';
import type { LoggedTrade } from '../settlement/settle';
import type { Job } from '../time/scheduler';
import { OPTION_KIND, OPTIONS_POOL, type OptionsDeps } from './deps';
import { settleOptions, type SettleOption } from './settle';
import type { OrderRow } from './store';

export { TRADE_LOG_RETENTION_MS } from '../settlement/job';
const PRUNE_EVERY_MS = 60_000;
/** Expired quotes never bought are dropped this long after their expiry. */
const QUOTE_KEEP_MS = 60 * 60_000;

const settleInput = (r: OrderRow): SettleOption => ({
  ...pick(r, ['id', 'kind', 'strike', 'quantity', 'expiry']),
  entry: entryOf(r),
});

const dueRow = (r: OrderRow) => dueRowOf(r, r.expiry);

export class OptionJobs {
  constructor(private readonly deps: OptionsDeps) {}

  /** OPT-16: what the one settlement job asks of options. */
  adapter(): SettlementAdapter {
    const { store } = this.deps;
    return {
      kind: OPTION_KIND,
      due: (now, limit) => store.due(now, limit).map(dueRow),
      nextDue: (from) => store.nextExpiry(from),
      open: (id) => {
        const row = store.byId(id);
        return row && row.status === 'open' ? dueRow(row) : undefined;
      },
      pay: (id, exit, now) => this.pay(id, exit, now),
      openSymbols: () => store.openSymbols(),
      // OPT-7: nothing before the last trade at or before the earliest open expiry can settle an option.
      keepFrom: (symbol, log) => {
        const first = store.firstOpenExpiry(symbol);
        if (first === undefined) return undefined;
        return log.lastTradeBetween(symbol, Number.MIN_SAFE_INTEGER, first)?.time ?? Number.MIN_SAFE_INTEGER;
      },
    };
  }

  /**
   * OPT-6: inside the settlement job's transaction, the payout of option `id` settled at `exit` and its change to
   * settled with the evidence; returns the announcements (after the commit).
   */
  private pay(id: number, exit: LoggedTrade, now: number): () => void {
    const { store, ledger } = this.deps;
    const row = store.byId(id)!;
    const [s] = settleOptions([settleInput(row)], [exit]);
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
    const data: SettlementData = {
      kind: 'option',
      id,
      symbol: row.symbol,
      closePrice: s.settlePrice,
      payout: s.payout,
    };
    return announceSettled(this.deps.events, row.userId, data);
  }

  /** OPT-6: settles every open option whose expiry is before `at` (at most the clock's now); returns how many. */
  settleDue(at: number): number {
    return this.deps.settlement.settleDue(at, OPTION_KIND);
  }

  /** OPT-7: the one settlement log's retention (both products) and the quotes'. Returns how many trades went. */
  prune(now: number): number {
    const n = this.deps.settlement.prune(now);
    this.deps.store.pruneQuotes(now - QUOTE_KEEP_MS);
    return n;
  }

  /** The quotes' retention (the log's is the settlement job's own). */
  pruneJob(): Job {
    return {
      name: 'option-quote-prune',
      everyMs: PRUNE_EVERY_MS,
      step: (now) => void this.deps.store.pruneQuotes(now - QUOTE_KEEP_MS),
    };
  }
}

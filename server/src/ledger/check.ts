/**
 * The ledger check (LEDGER-5), one function for `npm run ledger:check` and the `exchange_ledger_imbalance`
 * gauge: every journal row sums to zero per coin; every user balance (available and frozen) equals the sum of
 * its entries; nothing is negative; frozen equals the sum of the open holds. Reads everything once, in one
 * read transaction, so it sees one consistent state.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { Job } from '../time/scheduler';
import type { LedgerStore } from './store';

export interface LedgerReport {
  journals: number;
  entries: number;
  balances: number;
  openHolds: number;
  /** How many mismatches were found (0 when the books are right). */
  problems: number;
  /** One readable line per mismatch, the first MAX_LINES of them. */
  mismatches: string[];
}

/** At most this many mismatch lines are kept (the count is exact). */
const MAX_LINES = 1000;

export function checkLedger(store: LedgerStore): LedgerReport {
  return store.transaction(() => {
    const counts = store.counts();
    const mismatches: string[] = [];
    let found = 0;
    const fail = (line: string) => {
      found++;
      if (mismatches.length < MAX_LINES) mismatches.push(line);
    };
    const zero = new Decimal(0);

    // Entries: per journal row and coin, and per user balance.
    const fromEntries = new Map<string, { available: Decimal; frozen: Decimal }>();
    let journal = -1;
    let sums = new Map<string, Decimal>();
    const closeJournal = () => {
      for (const [coin, s] of sums) if (!s.isZero()) fail(`journal ${journal}: ${coin} entries sum to ${s.toFixed()}`);
      sums = new Map();
    };
    for (const e of store.eachEntry()) {
      if (e.journalId !== journal) {
        closeJournal();
        journal = e.journalId;
      }
      const a = new Decimal(e.amount);
      sums.set(e.coin, (sums.get(e.coin) ?? zero).plus(a));
      if (e.userId === null) continue;
      const k = `${e.userId}/${e.account}/${e.coin}`;
      const b = fromEntries.get(k) ?? { available: zero, frozen: zero };
      b[e.bucket] = b[e.bucket].plus(a);
      fromEntries.set(k, b);
    }
    closeJournal();

    const fromHolds = new Map<string, Decimal>();
    for (const h of store.eachOpenHold()) {
      const k = `${h.userId}/${h.account}/${h.coin}`;
      fromHolds.set(k, (fromHolds.get(k) ?? zero).plus(h.amount));
    }

    const seen = new Set<string>();
    for (const b of store.eachBalance()) {
      const k = `${b.userId}/${b.account}/${b.coin}`;
      seen.add(k);
      const available = new Decimal(b.available);
      const frozen = new Decimal(b.frozen);
      if (available.isNegative()) fail(`balance ${k}: available ${b.available} is negative`);
      if (frozen.isNegative()) fail(`balance ${k}: frozen ${b.frozen} is negative`);
      const e = fromEntries.get(k) ?? { available: zero, frozen: zero };
      if (!e.available.eq(available))
        fail(`balance ${k}: available ${b.available} but its entries sum to ${e.available.toFixed()}`);
      if (!e.frozen.eq(frozen)) fail(`balance ${k}: frozen ${b.frozen} but its entries sum to ${e.frozen.toFixed()}`);
      const held = fromHolds.get(k) ?? zero;
      if (!held.eq(frozen)) fail(`balance ${k}: frozen ${b.frozen} but open holds sum to ${held.toFixed()}`);
    }
    for (const [k, e] of fromEntries)
      if (!seen.has(k) && (!e.available.isZero() || !e.frozen.isZero()))
        fail(`balance ${k}: no balance row but entries sum to ${e.available.toFixed()} / ${e.frozen.toFixed()}`);
    for (const [k, held] of fromHolds)
      if (!seen.has(k)) fail(`holds ${k}: ${held.toFixed()} open without a balance row`);
    return { ...counts, problems: found, mismatches };
  });
}

/** Every minute (and at start): the check's mismatch count into the gauge; mismatches are logged. */
export function ledgerCheckJob(
  store: LedgerStore,
  gauge: { set(value: number): void },
  log: { error(obj: object, msg?: string): void },
  everyMs = 60_000,
): Job {
  return {
    name: 'ledger-check',
    everyMs,
    runAtStart: true,
    step: () => {
      const r = checkLedger(store);
      gauge.set(r.problems);
      if (r.problems > 0)
        log.error(
          { event: 'ledger_imbalance', problems: r.problems, first: r.mismatches.slice(0, 10) },
          'ledger check failed',
        );
    },
  };
}

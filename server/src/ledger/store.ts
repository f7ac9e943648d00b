/**
 * The ledger's SQL (SQLite through better-sqlite3): journal rows, entries, holds, the balance projection
 * (`user_assets`) and the reads of the ledger check. The rules (service.ts, check.ts) talk only to the
 * `LedgerStore` interface, so a PostgreSQL store can follow: there `transaction` would be a serializable
 * transaction and `balance` a `SELECT ... FOR UPDATE`. Amounts are decimal strings as given; this file does
 * no arithmetic.
 */
import type Database from 'better-sqlite3';
import { breakFrame, frameDepth } from '../db/open';
import { TxCache } from '../db/txCache';
import type { Bucket, HoldState, UserAccount } from './types';

export interface JournalInsert {
  kind: string;
  ref: string;
  userId: number | null;
  time: number;
  memo: string;
}

export interface EntryRow {
  journalId: number;
  userId: number | null;
  account: string;
  bucket: Bucket;
  coin: string;
  amount: string;
}

export interface BalanceRow {
  userId: number;
  account: UserAccount;
  coin: string;
  available: string;
  frozen: string;
}

export interface HoldRow {
  id: number;
  userId: number;
  account: UserAccount;
  coin: string;
  amount: string;
  kind: string;
  ref: string;
  state: HoldState;
  journalId: number;
  closedJournalId: number | null;
  createdAt: number;
  closedAt: number | null;
}

export interface JournalRow {
  id: number;
  kind: string;
  ref: string;
  userId: number | null;
  time: number;
  memo: string;
}

export interface LedgerStore {
  /** Runs `fn` as one transaction (nested calls join the outer one); a throw rolls everything back. */
  transaction<T>(fn: () => T): T;
  /**
   * Runs the ledger's own steps (only this store's writes inside) as one: a throw undoes them. A transaction in
   * SQL; in a write-behind batch (writeBehind.ts) the queued writes are undone in memory, without a savepoint.
   */
  atomic<T>(fn: () => T): T;
  journalByRef(kind: string, ref: string): JournalRow | undefined;
  /** Inserts a journal row; undefined when (kind, ref) is already in the journal (nothing written). */
  insertJournal(row: JournalInsert): number | undefined;
  insertEntry(row: EntryRow): void;
  /** The balance row, read for writing (inside the caller's transaction). */
  balance(userId: number, account: UserAccount, coin: string): { available: string; frozen: string } | undefined;
  putBalance(row: BalanceRow): void;
  balancesOf(userId: number): BalanceRow[];
  insertHold(row: Omit<HoldRow, 'id' | 'state' | 'closedJournalId' | 'closedAt'>): number;
  hold(id: number): HoldRow | undefined;
  /** Closes an open hold; false when it was not open (already released or settled). */
  closeHold(id: number, state: Exclude<HoldState, 'open'>, journalId: number, time: number): boolean;
  /** Lowers an open hold to what is left of it after part was taken (LEDGER-10); false when it was not open. */
  setHoldAmount(id: number, amount: string): boolean;
  // The ledger check's reads.
  counts(): { journals: number; entries: number; balances: number; openHolds: number };
  eachEntry(): Iterable<EntryRow>;
  eachBalance(): Iterable<BalanceRow>;
  eachOpenHold(): Iterable<HoldRow>;
  /** Entries of one journal row (records, tests). */
  entriesOf(journalId: number): EntryRow[];
}

const HOLD_COLS = `id, user_id AS userId, account, coin, amount, kind, ref, state, journal_id AS journalId,
  closed_journal_id AS closedJournalId, created_at AS createdAt, closed_at AS closedAt`;
const ENTRY_COLS = 'journal_id AS journalId, user_id AS userId, account, bucket, coin, amount';

/**
 * `cache` (PERF-71, on unless a caller writes these tables by other statements, as the write-behind store does):
 * the balance rows and holds this store wrote or read in a transaction are answered from memory for the rest of
 * it (`TxCache`: a savepoint that rolls back takes them back, nothing outlives the transaction). The ledger is the
 * only writer of `user_assets` and `ledger_holds`, and every write still goes to SQL at once, so what the memory
 * answers is what SQL would answer there.
 */
export function sqliteLedgerStore(db: Database.Database, opts: { cache?: boolean } = {}): LedgerStore {
  const q = {
    journalByRef: db.prepare(
      'SELECT id, kind, ref, user_id AS userId, created_at AS time, memo FROM ledger_journal WHERE kind = ? AND ref = ?',
    ),
    insertJournal: db.prepare(
      `INSERT INTO ledger_journal (kind, ref, user_id, created_at, memo) VALUES (@kind, @ref, @userId, @time, @memo)
       ON CONFLICT (kind, ref) DO NOTHING`,
    ),
    insertEntry: db.prepare(
      `INSERT INTO ledger_entries (journal_id, user_id, account, bucket, coin, amount)
       VALUES (@journalId, @userId, @account, @bucket, @coin, @amount)`,
    ),
    balance: db.prepare('SELECT available, frozen FROM user_assets WHERE user_id = ? AND account = ? AND coin = ?'),
    putBalance: db.prepare(
      `INSERT INTO user_assets (user_id, account, coin, available, frozen) VALUES (@userId, @account, @coin, @available, @frozen)
       ON CONFLICT (user_id, account, coin) DO UPDATE SET available = excluded.available, frozen = excluded.frozen`,
    ),
    balancesOf: db.prepare(
      'SELECT user_id AS userId, account, coin, available, frozen FROM user_assets WHERE user_id = ? ORDER BY account, coin',
    ),
    insertHold: db.prepare(
      `INSERT INTO ledger_holds (user_id, account, coin, amount, kind, ref, state, journal_id, created_at)
       VALUES (@userId, @account, @coin, @amount, @kind, @ref, 'open', @journalId, @createdAt)`,
    ),
    hold: db.prepare(`SELECT ${HOLD_COLS} FROM ledger_holds WHERE id = ?`),
    closeHold: db.prepare(
      "UPDATE ledger_holds SET state = ?, closed_journal_id = ?, closed_at = ? WHERE id = ? AND state = 'open'",
    ),
    setHoldAmount: db.prepare("UPDATE ledger_holds SET amount = ? WHERE id = ? AND state = 'open'"),
    counts: db.prepare(`SELECT
      (SELECT count(*) FROM ledger_journal) AS journals,
      (SELECT count(*) FROM ledger_entries) AS entries,
      (SELECT count(*) FROM user_assets) AS balances,
      (SELECT count(*) FROM ledger_holds WHERE state = 'open') AS openHolds`),
    eachEntry: db.prepare(`SELECT ${ENTRY_COLS} FROM ledger_entries ORDER BY journal_id, id`),
    eachBalance: db.prepare('SELECT user_id AS userId, account, coin, available, frozen FROM user_assets'),
    eachOpenHold: db.prepare(`SELECT ${HOLD_COLS} FROM ledger_holds WHERE state = 'open'`),
    entriesOf: db.prepare(`SELECT ${ENTRY_COLS} FROM ledger_entries WHERE journal_id = ? ORDER BY id`),
  };
  const cache = opts.cache ?? true;
  type Balance = { available: string; frozen: string };
  const balances = cache ? new TxCache<Balance, string>(db) : undefined;
  const holds = cache ? new TxCache<HoldRow>(db) : undefined;
  const loadBalance = (k: string) => {
    const [userId, account, coin] = k.split('\u0000');
    return q.balance.get(Number(userId), account, coin) as Balance | undefined;
  };
  const loadHold = (id: number) => q.hold.get(id) as HoldRow | undefined;
  /** A kept hold changed by an UPDATE that changed its row. */
  const holdChanged = (id: number, changed: Partial<HoldRow>) => {
    const h = holds?.get(id);
    if (h) holds!.set(id, { ...h, ...changed });
  };
  /** The writes this store made (PERF-73: whether a step that failed had written). */
  let writes = 0;
  return {
    transaction: (fn) => db.transaction(fn)(),
    // PERF-73: inside a transaction frame a step runs without a savepoint of its own. The rules check everything
    // before the first write (service.ts), so a step that fails has written nothing; one that fails after it wrote
    // (an SQL error) breaks the frame it ran in, which then can only roll back.
    atomic: (fn) => {
      if (frameDepth(db) === 0) return db.transaction(fn)();
      const before = writes;
      try {
        return fn();
      } catch (err) {
        if (writes !== before) breakFrame(db);
        throw err;
      }
    },
    journalByRef: (kind, ref) => q.journalByRef.get(kind, ref) as JournalRow | undefined,
    insertJournal: (row) => {
      const r = q.insertJournal.run(row);
      if (r.changes !== 1) return undefined;
      writes++;
      return Number(r.lastInsertRowid);
    },
    insertEntry: (row) => {
      writes++;
      q.insertEntry.run(row);
    },
    balance: (userId, account, coin) =>
      balances
        ? balances.read(`${userId}\u0000${account}\u0000${coin}`, loadBalance)
        : (q.balance.get(userId, account, coin) as Balance | undefined),
    putBalance: (row) => {
      writes++;
      q.putBalance.run(row);
      balances?.set(`${row.userId}\u0000${row.account}\u0000${row.coin}`, {
        available: row.available,
        frozen: row.frozen,
      });
    },
    balancesOf: (userId) => q.balancesOf.all(userId) as BalanceRow[],
    insertHold: (row) => {
      writes++;
      const id = Number(q.insertHold.run(row).lastInsertRowid);
      // The row as stored (the columns' defaults for what the insert leaves out).
      holds?.set(id, { ...row, id, state: 'open', closedJournalId: null, closedAt: null });
      return id;
    },
    hold: (id) => (holds ? holds.read(id, loadHold) : loadHold(id)),
    closeHold: (id, state, journalId, time) => {
      writes++;
      if (q.closeHold.run(state, journalId, time, id).changes !== 1) return false;
      holdChanged(id, { state, closedJournalId: journalId, closedAt: time });
      return true;
    },
    setHoldAmount: (id, amount) => {
      writes++;
      if (q.setHoldAmount.run(amount, id).changes !== 1) return false;
      holdChanged(id, { amount });
      return true;
    },
    counts: () => q.counts.get() as ReturnType<LedgerStore['counts']>,
    eachEntry: () => q.eachEntry.iterate() as Iterable<EntryRow>,
    eachBalance: () => q.eachBalance.iterate() as Iterable<BalanceRow>,
    eachOpenHold: () => q.eachOpenHold.iterate() as Iterable<HoldRow>,
    entriesOf: (journalId) => q.entriesOf.all(journalId) as EntryRow[],
  };
}

/**
 * The ledger's store with write-behind inside a trading-core batch (LEDGER-11): while a batch is open
 * (`begin` .. `end`), the balances and holds the ledger touches are read once from SQL and then kept in memory,
 * and its entries, hold changes and balance projection (`user_assets`) are queued and written by `flush` as
 * multi-row statements, inside the batch's one transaction, before it commits. Journal rows and new holds are
 * written at once, as they are made: they are the rows others refer to (entries, fills, orders' holds), so every
 * foreign key holds when its row is written. Queued parents made SQLite check deferred keys by scanning each
 * child table without an index on its key (spot fills, holds, option orders ...) for every journal row and hold
 * written, a cost that grew with the tables (PERF-58). Outside a batch every call goes straight to SQL, exactly
 * as `sqliteLedgerStore`.
 *
 * What stays exactly as before: the rules (service.ts) check every balance against the value in memory, which
 * is the value the SQL row would have (the server is the only writer inside its own transaction); the rows
 * written are the same rows, in the same transaction, so the ledger check, the records and crash safety do not
 * change; `user_assets` and `ledger_holds` still refuse a negative value by their CHECK constraints, at the flush.
 * The cache lives only for one batch (the operator's CLIs write the same file between batches, SAFE-23).
 *
 * Rollbacks: every change in memory is undone by `rollbackTo(mark)`, and a batch that is refused drops everything
 * (`end`). The mechanism, not the callers: the store watches every savepoint of its connection (db/open.ts
 * `watchSavepoints`), so any `db.transaction` that rolls back inside a batch (the core's around each command, a
 * module's own around a ledger write it catches, the ledger's own steps in `atomic`) undoes what the ledger
 * queued inside it, and SQL undoes the journal rows and holds it wrote. Readers of whole tables (the ledger
 * check's reads) flush first, so they read what the ledger wrote; `balancesOf` and `entriesOf` merge the queue
 * over SQL.
 */
import type Database from 'better-sqlite3';
import { watchSavepoints } from '../db/open';
import type { HoldState } from './types';
import {
  sqliteLedgerStore,
  type BalanceRow,
  type EntryRow,
  type HoldRow,
  type JournalInsert,
  type LedgerStore,
} from './store';

/** The batch's side of the write-behind store (the trading core drives it). */
export interface LedgerBatch {
  /** Opens the batch: from now on, writes are queued and balances and holds kept in memory. */
  begin(): void;
  /** A point to roll the memory back to. */
  mark(): number;
  /** Undoes every change in memory since `mark` (the SQL savepoint around it rolls back too). */
  rollbackTo(mark: number): void;
  /** Writes what is queued (inside the caller's transaction). */
  flush(): void;
  /** Closes the batch: memory dropped (after its commit, or after it was refused and rolled back). */
  end(): void;
  /** A rollback reached behind a flush: the batch must be refused (the core checks before it commits). */
  readonly poisoned: boolean;
}

type Balance = { available: string; frozen: string };

/** Rows per multi-row statement (each statement is prepared once per size up to this). */
const CHUNK = 64;

function key(userId: number, account: string, coin: string): string {
  return `${userId}\u0000${account}\u0000${coin}`;
}

export function writeBehindLedgerStore(db: Database.Database): LedgerStore & LedgerBatch {
  // Its flush writes balances and holds by its own statements: the SQL store keeps none of them in memory.
  const sql = sqliteLedgerStore(db, { cache: false });
  const updateHold = db.prepare(
    `UPDATE ledger_holds SET amount = @amount, state = @state, closed_journal_id = @closedJournalId,
     closed_at = @closedAt WHERE id = @id`,
  );
  const many = new Map<string, Database.Statement>();
  /** INSERT of `n` rows of `cols` (positional parameters), prepared once per (table, n); n a power of two. */
  function insertMany(table: string, cols: readonly string[], n: number, tail: string): Database.Statement {
    const k = `${table}:${n}`;
    let s = many.get(k);
    if (!s) {
      const row = `(${cols.map(() => '?').join(', ')})`;
      s = db.prepare(
        `INSERT INTO ${table} (${cols.join(', ')}) VALUES ${new Array<string>(n).fill(row).join(', ')}${tail}`,
      );
      many.set(k, s);
    }
    return s;
  }
  /** Writes `rows` in chunks of 64, 32, ... 1 rows (at most seven statements prepared per table). */
  function writeRows<R>(table: string, cols: readonly string[], fields: readonly (keyof R)[], rows: R[], tail = '') {
    let at = 0;
    for (let n = CHUNK; n >= 1; n >>= 1)
      while (rows.length - at >= n) {
        const params: unknown[] = [];
        for (let i = at; i < at + n; i++) for (const f of fields) params.push(rows[i][f]);
        insertMany(table, cols, n, tail).run(params);
        at += n;
      }
  }

  let open = false;
  /** Balances read or written in this batch (null: no row). */
  let balances = new Map<string, Balance | null>();
  /** Balances written in this batch: the row as it is now. */
  let dirty = new Map<string, BalanceRow>();
  let holds = new Map<number, HoldRow>();
  let changedHolds = new Set<number>();
  let entries: EntryRow[] = [];
  /** Inverse of every change since the batch began or was last flushed. */
  let undo: (() => void)[] = [];
  /** Marks are positions: `base + undo.length` (a flush moves `base` past every mark taken before it). */
  let base = 0;
  let flushedAt = 0;
  let poisoned = false;

  function reset(): void {
    balances = new Map();
    dirty = new Map();
    holds = new Map();
    changedHolds = new Set();
    entries = [];
    undo = [];
    base = 0;
    flushedAt = 0;
    poisoned = false;
  }

  function cachedHold(id: number): HoldRow | undefined {
    let h = holds.get(id);
    if (h) return h;
    h = sql.hold(id);
    if (h) holds.set(id, h);
    return h;
  }

  /** Replaces a cached hold, remembering the old one. */
  function changeHold(next: HoldRow): void {
    const before = holds.get(next.id)!;
    const wasChanged = changedHolds.has(next.id);
    holds.set(next.id, next);
    changedHolds.add(next.id);
    undo.push(() => {
      holds.set(next.id, before);
      if (!wasChanged) changedHolds.delete(next.id);
    });
  }

  function flush(): void {
    if (!open) return;
    if (entries.length > 0)
      writeRows(
        'ledger_entries',
        ['journal_id', 'user_id', 'account', 'bucket', 'coin', 'amount'],
        ['journalId', 'userId', 'account', 'bucket', 'coin', 'amount'],
        entries,
      );
    for (const id of changedHolds) updateHold.run(holds.get(id)!);
    if (dirty.size > 0)
      writeRows(
        'user_assets',
        ['user_id', 'account', 'coin', 'available', 'frozen'],
        ['userId', 'account', 'coin', 'available', 'frozen'],
        [...dirty.values()],
        ' ON CONFLICT (user_id, account, coin) DO UPDATE SET available = excluded.available, frozen = excluded.frozen',
      );
    entries = [];
    changedHolds = new Set();
    dirty = new Map();
    // What memory holds now is what SQL holds: nothing left to undo; every mark taken before is behind the flush.
    base += undo.length + 1;
    undo = [];
    flushedAt = base;
  }

  const store: LedgerStore & LedgerBatch = {
    begin() {
      reset();
      open = true;
    },
    mark: () => base + undo.length,
    rollbackTo(mark) {
      if (!open) return;
      if (mark < flushedAt) {
        // Rows flushed inside the rolled-back savepoint may belong to the commands around it: memory cannot
        // follow, so the whole batch is refused (`poisoned`: the core rolls it back and reloads).
        poisoned = true;
        while (undo.length > 0) undo.pop()!();
        return;
      }
      while (base + undo.length > mark) undo.pop()!();
    },
    get poisoned() {
      return poisoned;
    },
    flush,
    end() {
      open = false;
      reset();
    },

    // A savepoint's rollback undoes the memory through the watcher below, whoever opened it. The ledger's own
    // steps are one savepoint too: the journal rows and holds they write go to SQL at once.
    transaction: (fn) => db.transaction(fn)(),
    atomic: (fn) => db.transaction(fn)(),
    // Journal rows are written at once (the rows others refer to, see the top of the file): SQL answers.
    journalByRef: (kind, ref) => sql.journalByRef(kind, ref),
    insertJournal: (row: JournalInsert) => sql.insertJournal(row),
    insertEntry(row) {
      if (!open) return sql.insertEntry(row);
      entries.push(row);
      undo.push(() => void entries.pop());
    },
    balance(userId, account, coin) {
      if (!open) return sql.balance(userId, account, coin);
      const k = key(userId, account, coin);
      let b = balances.get(k);
      if (b === undefined) {
        b = sql.balance(userId, account, coin) ?? null;
        balances.set(k, b);
      }
      return b ?? undefined;
    },
    putBalance(row) {
      if (!open) return sql.putBalance(row);
      const k = key(row.userId, row.account, row.coin);
      const was = balances.get(k);
      const wasDirty = dirty.get(k);
      balances.set(k, { available: row.available, frozen: row.frozen });
      dirty.set(k, { ...row });
      undo.push(() => {
        if (was === undefined) balances.delete(k);
        else balances.set(k, was);
        if (wasDirty === undefined) dirty.delete(k);
        else dirty.set(k, wasDirty);
      });
    },
    balancesOf(userId) {
      const rows = sql.balancesOf(userId);
      if (!open || dirty.size === 0) return rows;
      // The rows as written so far, with this batch's queued ones over them (no flush: see rollbackTo).
      const byKey = new Map(rows.map((r) => [key(r.userId, r.account, r.coin), r]));
      for (const [k, r] of dirty) if (r.userId === userId) byKey.set(k, { ...r });
      return [...byKey.values()].sort((a, b) =>
        a.account === b.account ? (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0) : a.account < b.account ? -1 : 1,
      );
    },
    insertHold(row) {
      // Written at once (a row others refer to); kept in memory for the batch's later reads and changes.
      const id = sql.insertHold(row);
      if (!open) return id;
      holds.set(id, { ...row, id, state: 'open', closedJournalId: null, closedAt: null });
      undo.push(() => holds.delete(id));
      return id;
    },
    hold(id) {
      if (!open) return sql.hold(id);
      const h = cachedHold(id);
      return h && { ...h };
    },
    closeHold(id, state: Exclude<HoldState, 'open'>, journalId, time) {
      if (!open) return sql.closeHold(id, state, journalId, time);
      const h = cachedHold(id);
      if (!h || h.state !== 'open') return false;
      changeHold({ ...h, state, closedJournalId: journalId, closedAt: time });
      return true;
    },
    setHoldAmount(id, amount) {
      if (!open) return sql.setHoldAmount(id, amount);
      const h = cachedHold(id);
      if (!h || h.state !== 'open') return false;
      changeHold({ ...h, amount });
      return true;
    },
    counts() {
      flush();
      return sql.counts();
    },
    eachEntry() {
      flush();
      return sql.eachEntry();
    },
    eachBalance() {
      flush();
      return sql.eachBalance();
    },
    eachOpenHold() {
      flush();
      return sql.eachOpenHold();
    },
    entriesOf(journalId) {
      // A journal row's entries are queued together (no flush inside a post): the queue's, or else SQL's.
      const queued = open ? entries.filter((e) => e.journalId === journalId) : [];
      return queued.length > 0 ? queued.map((e) => ({ ...e })) : sql.entriesOf(journalId);
    },
  };
  // Every savepoint of this connection (a module's own `db.transaction` around a ledger write that it catches and
  // carries on after, the core's savepoint around each command) rolls the memory back with the SQL.
  watchSavepoints(db, { mark: () => store.mark(), rollbackTo: (m) => store.rollbackTo(m) });
  return store;
}

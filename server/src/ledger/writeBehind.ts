/**
 * The ledger's store with write-behind inside a trading-core batch (LEDGER-11): while a batch is open
 * (`begin` .. `end`), the balances and holds the ledger touches are read once from SQL and then kept in memory,
 * and its writes (journal rows, entries, holds, the balance projection) are queued and written by `flush` as
 * multi-row statements, inside the batch's one transaction, before it commits. Outside a batch every call goes
 * straight to SQL, exactly as `sqliteLedgerStore`.
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
 * module's own around a ledger write it catches) undoes what the ledger queued inside it; `atomic` does the same
 * for the ledger's own steps without a savepoint. Readers of whole tables
 * (the ledger check's reads) flush first, so they read what the ledger wrote; `balancesOf` and `entriesOf` merge
 * the queue over SQL.
 * Foreign keys: the core defers them to the commit while a batch is open (the spot fills and holds refer to
 * journal rows that are still queued).
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
  type JournalRow,
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

const HOLD_COLS = [
  'id',
  'user_id',
  'account',
  'coin',
  'amount',
  'kind',
  'ref',
  'state',
  'journal_id',
  'closed_journal_id',
  'created_at',
  'closed_at',
] as const;
const HOLD_FIELDS = [
  'id',
  'userId',
  'account',
  'coin',
  'amount',
  'kind',
  'ref',
  'state',
  'journalId',
  'closedJournalId',
  'createdAt',
  'closedAt',
] as const;

/** Rows per multi-row statement (each statement is prepared once per size up to this). */
const CHUNK = 64;

function key(userId: number, account: string, coin: string): string {
  return `${userId}\u0000${account}\u0000${coin}`;
}

export function writeBehindLedgerStore(db: Database.Database): LedgerStore & LedgerBatch {
  const sql = sqliteLedgerStore(db);
  const seq = db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck();
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
  let newHolds = new Set<number>();
  let changedHolds = new Set<number>();
  let journals: JournalRow[] = [];
  let refs = new Map<string, JournalRow>();
  let entries: EntryRow[] = [];
  let nextJournal: number | undefined;
  let nextHold: number | undefined;
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
    newHolds = new Set();
    changedHolds = new Set();
    journals = [];
    refs = new Map();
    entries = [];
    nextJournal = undefined;
    nextHold = undefined;
    undo = [];
    base = 0;
    flushedAt = 0;
    poisoned = false;
  }

  function nextId(table: 'ledger_journal' | 'ledger_holds'): number {
    return ((seq.get(table) as number | undefined) ?? 0) + 1;
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
    if (!newHolds.has(next.id)) changedHolds.add(next.id);
    undo.push(() => {
      holds.set(next.id, before);
      if (!wasChanged) changedHolds.delete(next.id);
    });
  }

  function flush(): void {
    if (!open) return;
    if (journals.length > 0)
      writeRows(
        'ledger_journal',
        ['id', 'kind', 'ref', 'user_id', 'created_at', 'memo'],
        ['id', 'kind', 'ref', 'userId', 'time', 'memo'],
        journals,
      );
    if (entries.length > 0)
      writeRows(
        'ledger_entries',
        ['journal_id', 'user_id', 'account', 'bucket', 'coin', 'amount'],
        ['journalId', 'userId', 'account', 'bucket', 'coin', 'amount'],
        entries,
      );
    if (newHolds.size > 0)
      writeRows(
        'ledger_holds',
        HOLD_COLS,
        HOLD_FIELDS,
        [...newHolds].map((id) => holds.get(id)!),
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
    journals = [];
    entries = [];
    refs = new Map();
    newHolds = new Set();
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

    // A savepoint's rollback undoes the memory through the watcher below, whoever opened it.
    transaction: (fn) => db.transaction(fn)(),
    atomic(fn) {
      if (!open) return sql.transaction(fn);
      // Only this store's writes happen inside (the ledger's own steps): memory rolls back without a savepoint.
      const m = store.mark();
      try {
        return fn();
      } catch (err) {
        store.rollbackTo(m);
        throw err;
      }
    },
    journalByRef(kind, ref) {
      if (open) {
        const j = refs.get(`${kind}\u0000${ref}`);
        if (j) return { ...j };
      }
      return sql.journalByRef(kind, ref);
    },
    insertJournal(row: JournalInsert) {
      if (!open) return sql.insertJournal(row);
      const k = `${row.kind}\u0000${row.ref}`;
      // A (kind, ref) already committed is refused by the unique index at the flush (the batch is refused).
      if (refs.has(k)) return undefined;
      const before = nextJournal;
      const id = nextJournal ?? nextId('ledger_journal');
      nextJournal = id + 1;
      const j = { id, kind: row.kind, ref: row.ref, userId: row.userId, time: row.time, memo: row.memo };
      journals.push(j);
      refs.set(k, j);
      undo.push(() => {
        journals.pop();
        refs.delete(k);
        nextJournal = before;
      });
      return id;
    },
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
      if (!open) return sql.insertHold(row);
      const before = nextHold;
      const id = nextHold ?? nextId('ledger_holds');
      nextHold = id + 1;
      holds.set(id, { ...row, id, state: 'open', closedJournalId: null, closedAt: null });
      newHolds.add(id);
      undo.push(() => {
        holds.delete(id);
        newHolds.delete(id);
        nextHold = before;
      });
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
      if (open && journals.some((j) => j.id === journalId))
        return entries.filter((e) => e.journalId === journalId).map((e) => ({ ...e }));
      return sql.entriesOf(journalId);
    },
  };
  // Every savepoint of this connection (a module's own `db.transaction` around a ledger write that it catches and
  // carries on after, the core's savepoint around each command) rolls the memory back with the SQL.
  watchSavepoints(db, { mark: () => store.mark(), rollbackTo: (m) => store.rollbackTo(m) });
  return store;
}

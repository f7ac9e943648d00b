/**
 * Opens the embedded database `${dataDir}/exchange.db`: WAL journal, `synchronous = FULL` (SAFE-29: a committed
 * transfer survives a power cut), foreign keys on, a busy timeout, then applies pending migrations.
 * `closeDatabase` checkpoints the WAL so the file is whole on its own.
 *
 * Temporary storage in memory (PERF-85): a savepoint inside a transaction (every command of a core batch, and the
 * steps inside it) keeps the pages it changes in a statement journal so that it can roll back alone; with the
 * default `temp_store` that journal is a deleted file under /var/tmp, written page by page (two `pwrite`s a page).
 * It is never part of durability: the WAL and its fsync at COMMIT are (SAFE-29).
 *
 * Files (SAFE-30): the data folder is made 0700 and the database file 0600 before SQLite opens it (SQLite gives
 * its -wal and -shm files the database file's mode); existing ones are chmodded at every open.
 *
 * Two processes (SAFE-23): the server and the operator's CLIs write the same file. Every connection waits up to
 * BUSY_TIMEOUT_MS for the other's write lock, and every write transaction begins IMMEDIATE (this connection's
 * `db.transaction(fn)()` is made immediate here): a deferred transaction that reads first and then writes cannot
 * wait for the lock (SQLite answers SQLITE_BUSY at once when the snapshot it read is stale), which is how a CLI
 * beside the running server failed users' transfers with "database is locked". `.deferred()` stays available for
 * read-only snapshots.
 */
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, type MigrationLog } from './migrate';

export const DB_FILE = 'exchange.db';
export const BUSY_TIMEOUT_MS = 5000;
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** The data folder, 0700 (made if missing, narrowed if it was wider). */
export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dataDir, DATA_DIR_MODE);
}

/** A file under the data folder, 0600: created empty if missing, narrowed if it exists. */
export function privateFile(path: string): void {
  closeSync(openSync(path, 'a', DATA_FILE_MODE));
  chmodSync(path, DATA_FILE_MODE);
}

export async function openDatabase(dataDir: string, log?: MigrationLog): Promise<Database.Database> {
  ensureDataDir(dataDir);
  const file = join(dataDir, DB_FILE);
  privateFile(file);
  for (const side of ['-wal', '-shm']) if (existsSync(file + side)) chmodSync(file + side, DATA_FILE_MODE);
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = FULL');
    // PERF-85: savepoints' statement journals in memory, not in a temporary file of /var/tmp per savepoint.
    db.pragma('temp_store = MEMORY');
    immediateTransactions(db);
    await migrate(db, log);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * What follows a nested transaction (a savepoint) in memory: `mark` when it opens, `rollbackTo` that mark when it
 * rolls back (a release keeps the changes: they belong to the enclosing transaction, which may still roll back to
 * an earlier mark). The ledger's write-behind store (LEDGER-11) registers one, so a module that wraps a ledger
 * write in its own `db.transaction`, catches the failure and carries on undoes the queued write with the SQL.
 */
interface SavepointWatcher {
  mark(): number;
  rollbackTo(mark: number): void;
  /** The outermost transaction began, or ended (committed or rolled back). */
  outer?(): void;
}

const watchers = new WeakMap<Database.Database, SavepointWatcher[]>();

/**
 * PERF-73: per connection, how many transaction frames (the transaction and its savepoints) `db.transaction` has
 * open, and the frames a step broke: a step that runs inside the open frame without a savepoint of its own and
 * fails after it wrote (`breakFrame`) leaves writes only a rollback may take away, so the frame it ran in can no
 * longer commit or release: it rolls back and throws instead, even when its code caught the step's error.
 */
const frames = new WeakMap<Database.Database, { depth: number; broken: number }>();

/** How many frames `db.transaction` has open on `db` now (0: none, or a transaction begun some other way). */
export function frameDepth(db: Database.Database): number {
  return frames.get(db)?.depth ?? 0;
}

/** A step without a savepoint of its own failed after it wrote: the innermost open frame must roll back. */
export function breakFrame(db: Database.Database): void {
  const f = frames.get(db);
  if (!f || f.depth === 0) throw new Error('breakFrame outside a transaction frame');
  if (f.broken === 0 || f.depth < f.broken) f.broken = f.depth;
}

/** Thrown by a frame a step broke (PERF-73) when its code went on to commit or release it. */
class BrokenFrame extends Error {
  constructor() {
    super('a step failed after it wrote and its error was caught: the transaction was rolled back');
    this.name = 'BrokenFrame';
  }
}

/**
 * Registers `w` on `db` (its transactions are routed through `immediateTransactions` first if they were not yet:
 * a test's in-memory database). Every savepoint this connection opens through `db.transaction` then tells it.
 */
export function watchSavepoints(db: Database.Database, w: SavepointWatcher): void {
  if (!watchers.has(db)) immediateTransactions(db);
  watchers.get(db)!.push(w);
}

/**
 * `db.transaction(fn)()` begins IMMEDIATE (nested calls stay savepoints); `.deferred()` and `.exclusive()` begin
 * DEFERRED and EXCLUSIVE (nested, every variant is the same savepoint). Every transaction goes through here, so
 * the watchers see every one.
 * The default path runs on statements prepared once, the way better-sqlite3's own wrapper does (begin or
 * savepoint, commit or release, roll back on a throw, refuse a promise), without building that wrapper and its
 * four variants on every call: the server opens a transaction or savepoint several times per order.
 * Every savepoint opened and rolled back is told to the connection's watchers (SavepointWatcher).
 */
function immediateTransactions(db: Database.Database): void {
  const watched: SavepointWatcher[] = [];
  watchers.set(db, watched);
  const frame = { depth: 0, broken: 0 };
  frames.set(db, frame);
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  const savepoint = db.prepare('SAVEPOINT "_bs3."');
  const release = db.prepare('RELEASE "_bs3."');
  const rollbackTo = db.prepare('ROLLBACK TO "_bs3."');
  const begins = { immediate: begin, deferred: db.prepare('BEGIN DEFERRED'), exclusive: db.prepare('BEGIN EXCLUSIVE') };
  const outerEdge = () => {
    for (const w of watched) w.outer?.();
  };
  const apply = <A extends unknown[], R>(fn: (...args: A) => R, args: A, how: keyof typeof begins): R => {
    const outer = !db.inTransaction;
    const marks = outer || watched.length === 0 ? undefined : watched.map((w) => w.mark());
    if (outer) outerEdge();
    (outer ? begins[how] : savepoint).run();
    const depth = ++frame.depth;
    try {
      const result = fn(...args);
      if (result && typeof (result as { then?: unknown }).then === 'function')
        throw new TypeError('Transaction function cannot return a promise');
      if (frame.broken !== 0 && frame.broken >= depth) throw new BrokenFrame();
      (outer ? commit : release).run();
      frame.depth--;
      if (outer) outerEdge();
      return result;
    } catch (err) {
      frame.depth = depth - 1;
      if (frame.broken >= depth) frame.broken = 0;
      if (db.inTransaction) {
        if (outer) rollback.run();
        else {
          rollbackTo.run();
          release.run();
        }
      }
      // The savepoint's writes are gone from SQL: undo them in memory too (LEDGER-11).
      if (marks) for (let i = 0; i < marks.length; i++) watched[i].rollbackTo(marks[i]);
      if (outer) outerEdge();
      throw err;
    }
  };
  db.transaction = (<A extends unknown[], R>(fn: (...args: A) => R) => {
    const run = (...args: A) => apply(fn, args, 'immediate');
    return Object.assign(run, {
      default: run,
      deferred: (...args: A) => apply(fn, args, 'deferred'),
      immediate: run,
      exclusive: (...args: A) => apply(fn, args, 'exclusive'),
    });
  }) as unknown as typeof db.transaction;
}

/** Checkpoints and truncates the WAL, then closes. Safe to call twice. */
export function closeDatabase(db: Database.Database): void {
  if (!db.open) return;
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/**
 * For the operator's CLIs, beside the running server (SAFE-23): closes without the TRUNCATE checkpoint, which
 * would wait for the server's readers while holding back its writers; the server checkpoints as it goes.
 */
export function closeCliDatabase(db: Database.Database): void {
  if (db.open) db.close();
}

/**
 * Rows kept in memory for one transaction of a connection (CORE-8): a store that is the only writer of its table
 * answers the rows it wrote or read in the transaction from here instead of reading them back. Every write still
 * goes to SQL at once; this only saves the reads. A savepoint that rolls back takes the cache back with it
 * (`watchSavepoints`), and the cache is dropped when the outermost transaction begins and when it ends, so what
 * it answers is what SQL would answer inside the transaction, and nothing outlives it (the operator's CLIs write
 * the same file between transactions, SAFE-23). Outside a transaction it holds nothing.
 */
import type Database from 'better-sqlite3';
import { watchSavepoints } from './open';

export class TxCache<V extends object, K = number> {
  private rows = new Map<K, V>();
  private undo: (() => void)[] = [];

  constructor(private readonly db: Database.Database) {
    watchSavepoints(db, {
      mark: () => this.undo.length,
      rollbackTo: (m) => {
        while (this.undo.length > m) this.undo.pop()!();
      },
      outer: () => {
        this.rows = new Map();
        this.undo = [];
      },
    });
  }

  /** A copy of the row kept for `id` in this transaction, or undefined. */
  get(id: K): V | undefined {
    if (!this.db.inTransaction) return undefined;
    const r = this.rows.get(id);
    return r && { ...r };
  }

  /** Keeps `row` as the row of `id` for the rest of the transaction (nothing outside one). */
  set(id: K, row: V): void {
    if (!this.db.inTransaction) return;
    const rows = this.rows;
    const was = rows.get(id);
    rows.set(id, { ...row });
    this.undo.push(() => {
      if (was === undefined) rows.delete(id);
      else rows.set(id, was);
    });
  }

  /** Whether `id` is kept (an update of a row kept is applied to it; one not kept is left to SQL). */
  has(id: K): boolean {
    return this.db.inTransaction && this.rows.has(id);
  }

  /** The row read from SQL when it is not kept, then kept. */
  read(id: K, load: (id: K) => V | undefined): V | undefined {
    const r = this.get(id);
    if (r) return r;
    const row = load(id);
    if (row) this.set(id, row);
    return row;
  }
}

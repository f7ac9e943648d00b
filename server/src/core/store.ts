/** The journal's and the snapshots' SQL (CORE-4). */
import type Database from 'better-sqlite3';
import type { JournalEntry } from './entries';

export interface SnapshotRow {
  seq: number;
  at: number;
  fingerprint: string;
  state: string;
  hash: string;
}

export interface CoreStore {
  /** Appends entries in order; returns the last seq written. */
  append(entries: readonly JournalEntry[], at: number): number;
  lastSeq(): number;
  /** Entries after `seq`, oldest first. */
  since(seq: number): { seq: number; entry: JournalEntry }[];
  /** Snapshots newest first. */
  snapshots(): SnapshotRow[];
  saveSnapshot(row: SnapshotRow): void;
  /** Keeps the newest `keep` snapshots and the journal after the oldest kept one. */
  prune(keep: number): void;
}

/** Entries per INSERT statement (PERF-88: a statement per size up to this, prepared once). */
const CHUNK = 64;

export function coreStore(db: Database.Database): CoreStore {
  const inserts: Database.Statement[] = [];
  const insertOf = (n: number) =>
    (inserts[n] ??= db.prepare(
      `INSERT INTO core_journal (at, entry) VALUES ${new Array(n).fill('(?, ?)').join(', ')}`,
    ));
  const last = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM core_journal').pluck();
  const since = db.prepare('SELECT seq, entry FROM core_journal WHERE seq > ? ORDER BY seq');
  const snaps = db.prepare('SELECT seq, at, fingerprint, state, hash FROM core_snapshots ORDER BY seq DESC');
  const saveSnap = db.prepare(
    'INSERT OR REPLACE INTO core_snapshots (seq, at, fingerprint, state, hash) VALUES (@seq, @at, @fingerprint, @state, @hash)',
  );
  const kept = db.prepare('SELECT seq FROM core_snapshots ORDER BY seq DESC LIMIT 1 OFFSET ?').pluck();
  const dropSnaps = db.prepare('DELETE FROM core_snapshots WHERE seq < ?');
  const dropJournal = db.prepare('DELETE FROM core_journal WHERE seq <= ?');
  return {
    // PERF-88: a batch's entries in one statement (up to CHUNK): SQLite inserts a VALUES list's rows in its order,
    // so each entry's seq is what a statement an entry gave it, and the last row's is the batch's last seq.
    append(entries, at) {
      let seq = 0;
      for (let i = 0; i < entries.length; i += CHUNK) {
        const n = Math.min(CHUNK, entries.length - i);
        const args: (number | string)[] = [];
        for (let k = i; k < i + n; k++) args.push(at, JSON.stringify(entries[k]));
        seq = Number(insertOf(n).run(...args).lastInsertRowid);
      }
      return seq;
    },
    lastSeq: () => last.get() as number,
    since: (seq) =>
      (since.all(seq) as { seq: number; entry: string }[]).map((r) => ({
        seq: r.seq,
        entry: JSON.parse(r.entry) as JournalEntry,
      })),
    snapshots: () => snaps.all() as SnapshotRow[],
    saveSnapshot: (row) => void saveSnap.run(row),
    prune(keep) {
      const oldest = kept.get(keep - 1) as number | undefined;
      if (oldest === undefined) return;
      dropSnaps.run(oldest);
      dropJournal.run(oldest);
    },
  };
}

/**
 * The financial records' SQL (REC-1..4): read from the ledger journal itself (ledger_journal, ledger_entries of
 * migration 022), grouped per journal row, account and coin of the user. The amounts come back as the raw
 * entries of each group ("bucket:amount" pairs); the service sums them exactly (SQLite would sum in floats).
 */
import type Database from 'better-sqlite3';

export interface RecordFilter {
  userId: number;
  kind?: string;
  coin?: string;
  /** Server ms, inclusive. */
  from?: number;
  /** Server ms, exclusive. */
  to?: number;
}

export interface RecordGroup {
  id: number;
  kind: string;
  ref: string;
  memo: string;
  time: number;
  account: string;
  coin: string;
  /** The group's entries, "bucket:amount" joined by ";". */
  entries: string;
}

export interface RecordsStore {
  page(f: RecordFilter, limit: number, offset: number): RecordGroup[];
  count(f: RecordFilter): number;
}

function where(f: RecordFilter): { sql: string; args: (string | number)[] } {
  const parts = ['e.user_id = ?'];
  const args: (string | number)[] = [f.userId];
  const add = (sql: string, v: string | number) => {
    parts.push(sql);
    args.push(v);
  };
  if (f.kind) {
    // A kind and its sub-kinds: "withdraw" is also "withdraw_done", "withdraw_cancel"... ('_' escaped for LIKE).
    parts.push("(j.kind = ? OR j.kind LIKE ? ESCAPE '!')");
    args.push(f.kind, `${f.kind}!_%`);
  }
  if (f.coin) add('e.coin = ?', f.coin);
  if (f.from !== undefined) add('j.created_at >= ?', f.from);
  if (f.to !== undefined) add('j.created_at < ?', f.to);
  return { sql: parts.join(' AND '), args };
}

export function sqliteRecordsStore(db: Database.Database): RecordsStore {
  return {
    page(f, limit, offset) {
      const w = where(f);
      return db
        .prepare(
          `SELECT j.id, j.kind, j.ref, j.memo, j.created_at AS time, e.account, e.coin,
             group_concat(e.bucket || ':' || e.amount, ';') AS entries
           FROM ledger_entries e JOIN ledger_journal j ON j.id = e.journal_id
           WHERE ${w.sql}
           GROUP BY j.id, e.account, e.coin
           ORDER BY j.created_at DESC, j.id DESC, e.account, e.coin
           LIMIT ? OFFSET ?`,
        )
        .all(...w.args, limit, offset) as RecordGroup[];
    },
    count(f) {
      const w = where(f);
      return (
        db
          .prepare(
            `SELECT count(*) AS n FROM (SELECT 1 FROM ledger_entries e JOIN ledger_journal j ON j.id = e.journal_id
             WHERE ${w.sql} GROUP BY j.id, e.account, e.coin)`,
          )
          .get(...w.args) as { n: number }
      ).n;
    },
  };
}

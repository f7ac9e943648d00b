/**
 * `BENCH_SQL_COUNT=1` in `npm run bench:orders`: loaded into the server (`--import`) to count the SQL statements
 * it runs (every `run`, `get`, `all` and `iterate` of better-sqlite3, transactions' BEGIN, SAVEPOINT, RELEASE and
 * COMMIT included). The count is written to `$DATA_DIR/sql-count` every 50 ms; the bench reads it before and after
 * each client's window (statements per accepted order). By kind (the statement's text, its first 60 characters
 * with the spaces folded) in `$DATA_DIR/sql-kinds.json`: `BENCH_SQL_KINDS=1` prints the commonest per order.
 * Not for production: it wraps every statement call.
 */
import Database from 'better-sqlite3';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

let count = 0;
const kinds = new Map<string, number>();
const kindOf = new Map<string, string>();
const probe = new Database(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
probe.close();
for (const name of ['run', 'get', 'all', 'iterate']) {
  const inner = proto[name];
  proto[name] = function (this: { source: string }, ...args: unknown[]) {
    count++;
    let kind = kindOf.get(this.source);
    if (kind === undefined) {
      kind = this.source.replace(/\s+/g, ' ').trim().slice(0, 60);
      kindOf.set(this.source, kind);
    }
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    return inner.apply(this, args);
  };
}
const dataDir = process.env.DATA_DIR;
if (dataDir) {
  const file = join(dataDir, 'sql-count');
  // Written aside and renamed: a reader never sees the file half written.
  setInterval(() => {
    writeFileSync(`${file}.tmp`, String(count));
    renameSync(`${file}.tmp`, file);
    writeFileSync(`${file}.tmp`, JSON.stringify(Object.fromEntries(kinds)));
    renameSync(`${file}.tmp`, join(dataDir, 'sql-kinds.json'));
  }, 50).unref();
}

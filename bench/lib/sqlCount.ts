/**
 * `BENCH_SQL_COUNT=1` in `npm run bench:orders`: loaded into the server (`--import`) to count the SQL statements
 * it runs (every `run`, `get`, `all` and `iterate` of better-sqlite3, transactions' BEGIN, SAVEPOINT, RELEASE and
 * COMMIT included). The count is written to `$DATA_DIR/sql-count` every 50 ms; the bench reads it before and after
 * each client's window (statements per accepted order). Not for production: it wraps every statement call.
 */
import Database from 'better-sqlite3';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

let count = 0;
const probe = new Database(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
probe.close();
for (const name of ['run', 'get', 'all', 'iterate']) {
  const inner = proto[name];
  proto[name] = function (this: unknown, ...args: unknown[]) {
    count++;
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
  }, 50).unref();
}

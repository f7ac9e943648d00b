/**
 * `BENCH_SQL_COUNT=1` in `npm run bench:orders`: loaded into the server (`--import`) to count the SQL statements
 * it runs (every `run`, `get`, `all` and `iterate` of better-sqlite3, transactions' BEGIN, SAVEPOINT, RELEASE and
 * COMMIT included). The count is written to `$DATA_DIR/sql-count` every 50 ms; the bench reads it before and after
 * each client's window (statements per accepted order). By kind (the statement's text, its first 60 characters
 * with the spaces folded) in `$DATA_DIR/sql-kinds.json`: `BENCH_SQL_KINDS=1` prints the commonest per order;
 * beside them, under the kind `~ values read`, the values the reads returned (rows times their columns: a read
 * that returns more rows, or wider ones, costs more than its one statement says); under `~ CPU ms in statements`
 * the process's CPU time (user and system, `process.cpuUsage`) spent inside statements other than COMMIT, and
 * under `~ CPU ms in COMMIT` that of the commits, whose fsync waits cost no CPU but hold the server's one thread:
 * `~ wall ms in COMMIT` (a loaded machine stretches it).
 * Not for production: it wraps every statement call.
 */
import Database from 'better-sqlite3';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

let count = 0;
const kinds = new Map<string, number>();
const kindOf = new Map<string, string>();
/** The kind under which the values read are counted (rows x columns of every `get` and `all`). */
const VALUES = '~ values read';
const IN_STATEMENTS = '~ CPU ms in statements';
const IN_COMMIT = '~ CPU ms in COMMIT';
const COMMIT_WALL = '~ wall ms in COMMIT';
const valuesOf = (row: unknown) =>
  row && typeof row === 'object' ? Object.keys(row).length : row === undefined ? 0 : 1;
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
    const w0 = performance.now();
    const t0 = process.cpuUsage();
    const out = inner.apply(this, args);
    const used = process.cpuUsage(t0);
    const ms = (used.user + used.system) / 1000;
    const where = kind === 'COMMIT' ? IN_COMMIT : IN_STATEMENTS;
    kinds.set(where, (kinds.get(where) ?? 0) + ms);
    if (kind === 'COMMIT') kinds.set(COMMIT_WALL, (kinds.get(COMMIT_WALL) ?? 0) + performance.now() - w0);
    if (name === 'get') kinds.set(VALUES, (kinds.get(VALUES) ?? 0) + valuesOf(out));
    else if (name === 'all' && Array.isArray(out))
      kinds.set(VALUES, (kinds.get(VALUES) ?? 0) + (out.length ? out.length * valuesOf(out[0]) : 0));
    return out;
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

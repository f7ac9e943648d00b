/**
 * `npm run ledger:check` (LEDGER-5): runs the ledger check on the database in DATA_DIR (default ./data) and
 * prints what it checked; exits 1 with the mismatches when the books are wrong, 0 when they are right.
 * Safe while the server runs (SQLite WAL: the check reads one consistent snapshot).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { DB_FILE, closeCliDatabase, openDatabase } from '../db/open';
import { checkLedger } from './check';
import { sqliteLedgerStore } from './store';

export async function runLedgerCheck(dataDir: string, out: (s: string) => void): Promise<number> {
  if (!existsSync(join(dataDir, DB_FILE))) {
    out(`no database in ${resolve(dataDir)} (set DATA_DIR)`);
    return 2;
  }
  const db = await openDatabase(dataDir);
  try {
    const r = checkLedger(sqliteLedgerStore(db));
    out(
      `ledger check of ${resolve(dataDir)}: ${r.journals} journal rows, ${r.entries} entries, ` +
        `${r.balances} balances, ${r.openHolds} open holds`,
    );
    if (r.problems === 0) {
      out(
        'ok: every journal row sums to zero per coin; every balance equals its entries and its open holds; nothing is negative',
      );
      return 0;
    }
    out(`FAILED: ${r.problems} mismatch${r.problems === 1 ? '' : 'es'}`);
    for (const m of r.mismatches) out(`  ${m}`);
    if (r.problems > r.mismatches.length) out(`  ... and ${r.problems - r.mismatches.length} more`);
    return 1;
  } finally {
    closeCliDatabase(db);
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  runLedgerCheck(loadConfig().dataDir, (s) => process.stdout.write(s + '\n')).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(String(err?.stack ?? err) + '\n');
      process.exit(1);
    },
  );
}

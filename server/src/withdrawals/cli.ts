/**
 * The operator's withdrawal tool (WDR-14), on the database in DATA_DIR (default ./data), safe while the server
 * runs (SQLite WAL with a busy timeout: a second writer waits its turn; the running server announces the
 * changes on the users' sockets within a second):
 *
 *   npm run withdrawals -- list [pending|done|rejected|cancelled]
 *   npm run withdrawals -- approve <id>
 *   npm run withdrawals -- reject <id> [reason...]
 */
import { loadConfig } from '../config';
import { closeCliDatabase, openDatabase } from '../db/open';
import { ApiFail } from '../http/failures';
import { Ledger } from '../ledger/service';
import { sqliteLedgerStore } from '../ledger/store';
import { refusalCode, runCliIfMain } from '../ops/runCli';
import { systemClock } from '../time/clock';
import { createWithdrawals } from './index';

const USAGE = 'usage: npm run withdrawals -- list [status] | approve <id> | reject <id> [reason]';
const STATUSES = ['pending', 'done', 'rejected', 'cancelled'] as const;

export async function runWithdrawalsCli(dataDir: string, args: string[], out: (s: string) => void): Promise<number> {
  const [cmd, arg, ...rest] = args;
  if (!cmd || !['list', 'approve', 'reject'].includes(cmd)) {
    out(USAGE);
    return 2;
  }
  const db = await openDatabase(dataDir);
  try {
    const config = loadConfig();
    const ledger = new Ledger({ store: sqliteLedgerStore(db), clock: systemClock });
    const w = createWithdrawals({
      db,
      ledger,
      clock: systemClock,
      autoApproveMax: config.withdrawAutoApproveMax,
      autoApproveDelayMs: config.withdrawAutoApproveDelayMs,
    });
    if (cmd === 'list') {
      const status = arg as (typeof STATUSES)[number] | undefined;
      if (status !== undefined && !STATUSES.includes(status)) {
        out(`unknown status "${arg}"; one of ${STATUSES.join(', ')}`);
        return 2;
      }
      const rows = w.all(status);
      if (rows.length === 0) out('no withdrawals');
      for (const r of rows)
        out(
          [
            `#${r.id}`,
            r.status.padEnd(9),
            `user ${r.user_id}`,
            `${r.amount} ${r.coin} (+${r.fee} fee)`,
            r.type,
            r.address,
            new Date(r.created_at).toISOString(),
            r.reason,
          ]
            .join('  ')
            .trimEnd(),
        );
      return 0;
    }
    const id = Number(arg);
    if (!Number.isInteger(id) || id <= 0) {
      out(`${cmd}: give the withdrawal's id (a positive integer)`);
      return 2;
    }
    try {
      const r = cmd === 'approve' ? w.approve(id) : w.reject(id, rest.join(' '));
      out(`#${r.id} ${r.status}: ${r.amount} ${r.coin} to ${r.address}`);
      return 0;
    } catch (err) {
      return refusalCode(err, out, (e) => e instanceof ApiFail);
    }
  } finally {
    closeCliDatabase(db);
  }
}

runCliIfMain(import.meta.url, (args, out) => runWithdrawalsCli(loadConfig().dataDir, args, out));

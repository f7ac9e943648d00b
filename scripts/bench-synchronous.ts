/**
 * What `synchronous = FULL` costs (SAFE-29, docs/ledger.md): ledger transfers per second, each its own
 * committed transaction as a user's transfer is, on a fresh database with NORMAL and with FULL, alternating,
 * three runs each; prints the median of each.
 *   node --import tsx scripts/bench-synchronous.ts [transfers per run, default 2000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDatabase, openDatabase } from '../server/src/db/open';
import { Ledger } from '../server/src/ledger/service';
import { sqliteLedgerStore } from '../server/src/ledger/store';
import { systemClock } from '../server/src/time/clock';

async function run(mode: 'NORMAL' | 'FULL', n: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sync-'));
  const db = await openDatabase(dir);
  db.pragma(`synchronous = ${mode}`);
  const ledger = new Ledger({ store: sqliteLedgerStore(db), clock: systemClock });
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++)
    ledger.post({
      kind: 'transfer',
      ref: `t${i}`,
      userId: null,
      memo: 'bench',
      entries: [
        { house: 'house:deposits', coin: 'USDT', amount: '-1' },
        { house: 'house:fees', coin: 'USDT', amount: '1' },
      ],
    });
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
  return n / secs;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 2000);
  const normal: number[] = [];
  const full: number[] = [];
  for (let r = 0; r < 3; r++) {
    normal.push(await run('NORMAL', n));
    full.push(await run('FULL', n));
  }
  const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
  console.log(`NORMAL: ${fmt(normal)} transfers/s, median ${Math.round(median(normal))}`);
  console.log(`FULL:   ${fmt(full)} transfers/s, median ${Math.round(median(full))}`);
  console.log(`FULL costs ${Math.round((1 - median(full) / median(normal)) * 100)} % of the throughput`);
}

void main();

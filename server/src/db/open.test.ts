/** The database file beside the operator's CLIs: busy timeout and immediate writes, durability, file modes. */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetApi } from '../../../src/shared/api/asset';
import { userApi } from '../../../src/shared/api/user';
import { DEMO } from '../identity/demo';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { startTestServer, type TestServer } from '../testing/harness';
import { up as migration040 } from './migrations/040_money_edges';
import { DB_FILE, closeDatabase, openDatabase } from './open';

let ts: TestServer;
const dirs: string[] = [];
const mode = (p: string) => statSync(p).mode & 0o777;

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(async () => {
  await ts.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('[SAFE-30] data files 600, data folders 700', () => {
  it('[SAFE-30] the running server: folder 700; database, -wal, -shm and ops-token 600', () => {
    expect(mode(ts.dataDir)).toBe(0o700);
    for (const f of [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, 'ops-token'])
      expect(mode(join(ts.dataDir, f))).toBe(0o600);
  });

  it('[SAFE-30] existing wider modes are narrowed at start', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'safe30-')), 'data');
    dirs.push(dir);
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, DB_FILE), '', { mode: 0o644 });
    chmodSync(join(dir, DB_FILE), 0o644);
    const db = await openDatabase(dir);
    db.prepare('CREATE TABLE t (x)').run();
    expect(mode(dir)).toBe(0o700);
    for (const f of [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`]) expect(mode(join(dir, f))).toBe(0o600);
    closeDatabase(db);
  });
});

describe('[SAFE-29] durability', () => {
  it('[SAFE-29] every connection runs WAL with synchronous = FULL', () => {
    expect(ts.ctx.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(ts.ctx.db.pragma('synchronous', { simple: true })).toBe(2);
  });
});

describe('[PERF-85] temporary storage in memory', () => {
  /** The deleted temporary files SQLite holds open (a statement journal is `/var/tmp/etilqs_...`). */
  const tempFiles = () =>
    readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter((l) => l.includes('etilqs_'));

  it.runIf(existsSync('/proc/self/fd'))(
    '[PERF-85] a savepoint inside a transaction keeps its statement journal in memory, not in a temporary file',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'perf85-'));
      dirs.push(dir);
      const db = await openDatabase(dir);
      expect(db.pragma('temp_store', { simple: true })).toBe(2);
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      const ins = db.prepare('INSERT INTO t (v) VALUES (?)');
      const upd = db.prepare('UPDATE t SET v = ?');
      db.transaction(() => {
        for (let i = 0; i < 2000; i++) ins.run('x'.repeat(100));
      })();
      const before = tempFiles().length;
      let during = -1;
      db.transaction(() => {
        upd.run('y'.repeat(100));
        // A savepoint that rewrites pages the transaction already changed journals them for its rollback; past
        // 64 KiB (SQLite's statement-journal spill, about 200 KiB here) the default temp_store writes a file.
        try {
          db.transaction(() => {
            upd.run('z'.repeat(100));
            during = tempFiles().length;
            throw new Error('roll the savepoint back');
          })();
        } catch {
          /* rolled back alone */
        }
      })();
      expect(during - before).toBe(0);
      expect(db.prepare('SELECT count(*) FROM t WHERE v = ?').pluck().get('y'.repeat(100))).toBe(2000);
      closeDatabase(db);
    },
  );
});

describe('[SAFE-23] the operator CLI beside the running server', () => {
  it('[SAFE-23] [DB-4] a CLI writing in a loop while the server serves transfers: no user request fails, no CLI call fails', async () => {
    const login = await ts.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } });
    const token = login.data.satoken;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/testing/cliLoop.ts', ts.dataDir, '120'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let running = true;
    void exited.then(() => (running = false));
    const failed: string[] = [];
    let transfers = 0;
    // Transfers (8 at a time, there and back) until the CLI loop is done, and at least 200.
    while (running || transfers < 200) {
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          ts.post(
            assetApi.transferFunds.path,
            i % 2
              ? { fromAccount: 'platform', toAccount: 'contract', coin: 'usdt', amount: '1' }
              : { fromAccount: 'contract', toAccount: 'platform', coin: 'usdt', amount: '1' },
            { satoken: token },
          ),
        ),
      );
      transfers += replies.length;
      for (const r of replies) if (r.body.code !== 200) failed.push(String(r.body.msg));
    }
    expect(await exited, stderr).toBe(0);
    const cli = JSON.parse(stdout.trim().split('\n').at(-1)!) as { runs: number; failures: string[] };
    expect(cli).toEqual({ runs: 120, failures: [] });
    expect(failed).toEqual([]);
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
    // A hang guard above the project's 30 s (a second process compiles the CLI with tsx and runs 120 writes): under
    // load 13 to 19 the loop took longer than 30 s (2026-11-29), alone about 10 s.
  }, 120_000);
});

describe('[SAFE-21] [SAFE-24] migration 040 on rows written before', () => {
  it('[SAFE-21] [SAFE-24] canonicalises stored hashes (keeping a clash as it was) and keys stored amounts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'safe21-'));
    dirs.push(dir);
    const db = await openDatabase(dir);
    db.pragma('foreign_keys = OFF');
    db.exec('DROP INDEX withdrawals_pending_amount; ALTER TABLE withdrawals DROP COLUMN amount_key');
    const h = 'ab'.repeat(32);
    const dep = db.prepare(
      `INSERT INTO deposits (user_id, coin, network, address, memo, amount, tx_hash, confirmations, required, status,
         declared, created_at, updated_at) VALUES (1, 'USDT', ?, 'a', '', '5', ?, 0, 12, 'confirming', 0, 0, 0)`,
    );
    dep.run('USDT-ERC20', h);
    dep.run('USDT-TRC20', `0x${'cd'.repeat(32)}`);
    dep.run('USDT-ERC20', `0X${'ef'.repeat(32)}`);
    dep.run('ETH', `0x${'ef'.repeat(32)}`);
    db.prepare(
      `INSERT INTO withdrawals (user_id, coin, type, address, amount, fee, total, status, created_at, updated_at)
       VALUES (1, 'USDT', 'USDT-TRC20', 'T', '100.5', '0', '100.5', 'pending', 0, 0)`,
    ).run();
    db.transaction(() => migration040(db))();
    expect(db.prepare('SELECT tx_hash FROM deposits ORDER BY id').pluck().all()).toEqual([
      `0x${h}`,
      'cd'.repeat(32),
      `0X${'ef'.repeat(32)}`,
      `0x${'ef'.repeat(32)}`,
    ]);
    expect(db.prepare('SELECT amount_key FROM withdrawals').pluck().get()).toBe(
      `${'100'.padStart(30, '0')}.${'5'.padEnd(30, '0')}`,
    );
    closeDatabase(db);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DB_FILE, closeDatabase, openDatabase } from './open';
import { readSetting } from './settingsStore';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'perf86-'));
  dirs.push(dir);
  const db = await openDatabase(dir);
  // Counts the reads of the settings table this connection runs.
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as { get: (...a: unknown[]) => unknown };
  const get = vi.spyOn(proto, 'get');
  const reads = () =>
    get.mock.contexts.filter((c) => (c as { source: string }).source.includes('FROM settings WHERE key')).length;
  const setRebate = (d: Database.Database, value: object) =>
    d
      .prepare(
        `INSERT INTO settings (key, value, updated_at) VALUES ('FINANCIAL_REBATE_SETTING', ?, 0)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      )
      .run(JSON.stringify(value));
  const rebate = () => readSetting(db, 'FINANCIAL_REBATE_SETTING');
  return { dir, db, reads, setRebate, rebate };
}

describe('[PERF-86] a setting read once a transaction', () => {
  it('[PERF-86] inside a transaction the second read of a key runs no statement; outside one every read does', async () => {
    const { db, reads, rebate } = await setup();
    const first = rebate();
    rebate();
    expect(reads()).toBe(2);
    db.transaction(() => {
      expect(rebate()).toEqual(first);
      expect(rebate()).toEqual(first);
      db.transaction(() => expect(rebate()).toEqual(first))();
    })();
    expect(reads()).toBe(3);
    closeDatabase(db);
  });

  it("[PERF-86] this connection's own writes in the transaction, by any statement, are read back; a rolled-back one is not", async () => {
    const { db, setRebate, rebate } = await setup();
    const before = rebate();
    const changed = { ...before, isOpen: !before.isOpen };
    db.transaction(() => {
      expect(rebate()).toEqual(before);
      expect(() =>
        db.transaction(() => {
          setRebate(db, changed);
          expect(rebate()).toEqual(changed);
          throw new Error('refused');
        })(),
      ).toThrow('refused');
      expect(rebate()).toEqual(before);
      setRebate(db, changed);
      expect(rebate()).toEqual(changed);
    })();
    expect(rebate()).toEqual(changed);
    closeDatabase(db);
  });

  it("[PERF-86] another connection's write between two transactions is read in the second", async () => {
    const { dir, db, setRebate, rebate } = await setup();
    const before = rebate();
    db.transaction(() => expect(rebate()).toEqual(before))();
    const other = new Database(join(dir, DB_FILE));
    const changed = { ...before, isOpen: !before.isOpen };
    setRebate(other, changed);
    other.close();
    db.transaction(() => expect(rebate()).toEqual(changed))();
    closeDatabase(db);
  });
});

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listMigrations, migrate, MIGRATIONS_DIR } from './migrate';
import { closeDatabase, openDatabase } from './open';

const dirs: string[] = [];
function tmp(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function writeMigration(dir: string, file: string, body: string): void {
  writeFileSync(join(dir, file), `export function up(db) { ${body} }\n`);
}

describe('[DB-2] versioned migrations', () => {
  it('applies files in numeric order, each once, recording versions', async () => {
    const dir = tmp('mig-');
    writeMigration(dir, '010_b.mjs', "db.exec('CREATE TABLE b (x INTEGER REFERENCES a(x))');");
    writeMigration(dir, '002_a.mjs', "db.exec('CREATE TABLE a (x INTEGER PRIMARY KEY)');");
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    expect(listMigrations(dir).map((m) => m.version)).toEqual([2, 10]);
    const db = new Database(':memory:');
    expect(await migrate(db, undefined, dir)).toEqual(['002_a', '010_b']);
    expect(await migrate(db, undefined, dir)).toEqual([]);
    const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(rows).toEqual([
      { version: 2, name: '002_a' },
      { version: 10, name: '010_b' },
    ]);
    db.close();
  });

  it('rolls a failing migration back whole and stops: nothing half-applied', async () => {
    const dir = tmp('mig-');
    writeMigration(dir, '001_ok.mjs', "db.exec('CREATE TABLE ok (x)');");
    writeMigration(dir, '002_bad.mjs', "db.exec('CREATE TABLE half (x)'); throw new Error('bad migration');");
    writeMigration(dir, '003_later.mjs', "db.exec('CREATE TABLE later (x)');");
    const db = new Database(':memory:');
    await expect(migrate(db, undefined, dir)).rejects.toThrow('bad migration');
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as Array<{ name: string }>
    ).map((r) => r.name);
    expect(tables).toContain('ok');
    expect(tables).not.toContain('half');
    expect(tables).not.toContain('later');
    expect(db.prepare('SELECT version FROM schema_migrations').all()).toEqual([{ version: 1 }]);
    db.close();
  });

  it('refuses two migrations with the same version', () => {
    const dir = tmp('mig-');
    writeMigration(dir, '005_a.mjs', '');
    writeMigration(dir, '005_b.mjs', '');
    expect(() => listMigrations(dir)).toThrow(/Two migrations with version 5/);
  });

  it('the core owns 001..019 and every real migration exports up(db)', async () => {
    const core = listMigrations(MIGRATIONS_DIR).filter((m) => m.version < 20);
    expect(core.map((m) => m.version)).toEqual([1, 2, 3, 4]);
  });

  it('opens exchange.db in WAL mode with foreign keys on, all migrations applied', async () => {
    const dir = tmp('db-');
    const db = await openDatabase(dir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const versions = (
      db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>
    ).map((r) => r.version);
    expect(versions).toEqual(listMigrations().map((m) => m.version));
    closeDatabase(db);
    closeDatabase(db); // twice is harmless
  });
});

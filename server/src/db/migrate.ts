/**
 * Versioned schema migrations, applied at start-up.
 * Every file `migrations/NNN_name.ts` (NNN = version, three or more digits) exports `up(db)`; they run in
 * numeric order, each in its own transaction, and applied versions are recorded in `schema_migrations`.
 * A migration that throws is rolled back and stops the start: nothing is half-applied.
 * Versions 001..019 belong to the core, 020 and up to the accounts part. This runner is the only place
 * migrations are applied; modules keep their tables here, numbered as today (see each module's README).
 */
import type Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { systemClock, type Clock } from '../time/clock';

export interface MigrationLog {
  info(obj: object, msg?: string): void;
}

export interface MigrationFile {
  version: number;
  name: string;
  file: string;
}

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

const FILE_RE = /^(\d{3,})_([A-Za-z0-9_-]+)\.(ts|js|mjs)$/;

export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  const seen = new Map<number, string>();
  const out: MigrationFile[] = [];
  for (const f of readdirSync(dir)) {
    if (f.endsWith('.d.ts') || f.includes('.test.')) continue;
    const m = FILE_RE.exec(f);
    if (!m) continue;
    const version = Number(m[1]);
    if (seen.has(version)) throw new Error(`Two migrations with version ${version}: ${seen.get(version)} and ${f}`);
    seen.set(version, f);
    out.push({ version, name: `${m[1]}_${m[2]}`, file: join(dir, f) });
  }
  return out.sort((a, b) => a.version - b.version);
}

export function appliedVersions(db: Database.Database): Set<number> {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const rows = db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>;
  return new Set(rows.map((r) => r.version));
}

/**
 * Applies every pending migration; returns the names applied now. Each migration is whole or not at all (its own
 * savepoint) and a failing one stops the run with the ones before it kept, as ever; all of them commit together
 * in one transaction, so a fresh database costs one sync of the journal instead of one per migration.
 */
export async function migrate(
  db: Database.Database,
  log?: MigrationLog,
  dir = MIGRATIONS_DIR,
  clock: Clock = systemClock,
): Promise<string[]> {
  const done = appliedVersions(db);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  // Loaded first (an import cannot run inside a transaction); a file that fails to load stops the run there.
  const loaded: [MigrationFile, (db: Database.Database) => void][] = [];
  let failure: { err: unknown } | undefined;
  for (const m of listMigrations(dir)) {
    if (done.has(m.version)) continue;
    try {
      const mod = (await import(pathToFileURL(m.file).href)) as { up?: (db: Database.Database) => void };
      if (typeof mod.up !== 'function') throw new Error(`Migration ${m.name} does not export up(db)`);
      loaded.push([m, mod.up]);
    } catch (err) {
      failure = { err };
      break;
    }
  }
  const applied: string[] = [];
  if (loaded.length > 0)
    db.transaction(() => {
      for (const [m, up] of loaded) {
        try {
          db.transaction(() => {
            up(db);
            record.run(m.version, m.name, clock.now());
          })();
        } catch (err) {
          failure = { err };
          return;
        }
        applied.push(m.name);
      }
    })();
  for (const name of applied) log?.info({ event: 'migration', migration: name }, `applied migration ${name}`);
  if (failure) throw failure.err;
  return applied;
}

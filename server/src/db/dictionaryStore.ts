/** The language dictionary and the time zone table (spec 3.3, 4.5, 4.6). */
import type Database from 'better-sqlite3';
import type { LanguageEntry, TimeZoneEntry } from '../../../src/shared/schemas/dictionary';

export function readLanguages(db: Database.Database): LanguageEntry[] {
  const rows = db.prepare('SELECT * FROM languages ORDER BY dictSort, dictCode').all() as Array<
    Omit<LanguageEntry, 'status'> & { status: number }
  >;
  return rows.map((r) => ({ ...r, status: r.status === 1 }));
}

/** Replaces the whole dictionary (exactly one entry may be the default). */
export function writeLanguages(db: Database.Database, list: LanguageEntry[]): void {
  const defaults = list.filter((l) => l.isDefault === 'Y').length;
  if (defaults > 1) throw new Error(`languageList: ${defaults} languages are flagged isDefault Y; at most one may be`);
  const ins = db.prepare(
    'INSERT INTO languages (dictCode, dictLabel, dictValue, dictSort, imgUrl, isDefault, status) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    db.prepare('DELETE FROM languages').run();
    for (const l of list)
      ins.run(l.dictCode, l.dictLabel, l.dictValue, l.dictSort, l.imgUrl, l.isDefault, l.status ? 1 : 0);
  })();
}

export function readTimeZones(db: Database.Database): TimeZoneEntry[] {
  return db.prepare('SELECT name, zoneId, offSet, offSetValue FROM time_zones ORDER BY sort').all() as TimeZoneEntry[];
}

export function writeTimeZones(db: Database.Database, list: TimeZoneEntry[]): void {
  const ins = db.prepare('INSERT INTO time_zones (zoneId, name, offSet, offSetValue, sort) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    db.prepare('DELETE FROM time_zones').run();
    list.forEach((z, i) => ins.run(z.zoneId, z.name, z.offSet, z.offSetValue, i + 1));
  })();
}

/**
 * The languages to read an operator text in, best first (OPC-2): the asked one, the operator's default language
 * (the dictionary entry flagged isDefault), then English.
 */
export function textLanguages(db: Database.Database, lang: string): string[] {
  const row = db.prepare("SELECT dictValue FROM languages WHERE isDefault = 'Y' LIMIT 1").get() as
    { dictValue: string } | undefined;
  const def = row?.dictValue.toLowerCase().split(/[-_]/)[0];
  return [...new Set([lang, ...(def ? [def] : []), 'en'])];
}

/** Notices and rule texts by language, falling back to English for ids missing in the asked language. */
import type Database from 'better-sqlite3';
import type { Notice, Rule } from '../../../src/shared/schemas/content';

export const FALLBACK_LANG = 'en';

/** Picks, per id, the row in `lang` if there is one, else the English row. */
function pickLang<T extends { id: number; lang: string }>(rows: T[], lang: string): Array<Omit<T, 'lang'>> {
  const byId = new Map<number, T>();
  for (const r of rows) {
    const have = byId.get(r.id);
    if (!have || (r.lang === lang && have.lang !== lang)) byId.set(r.id, r);
  }
  return [...byId.values()].map(({ lang: _l, ...rest }) => rest);
}

export function readNotices(db: Database.Database, lang: string, key?: string, modelKey?: string): Notice[] {
  const where = ['lang IN (?, ?)'];
  const args: unknown[] = [lang, FALLBACK_LANG];
  if (key) {
    where.push('key = ?');
    args.push(key);
  }
  if (modelKey) {
    where.push("(modelKey = ? OR modelKey = '')");
    args.push(modelKey);
  }
  const rows = db
    .prepare(
      `SELECT id, lang, key, modelKey, title, content, sort, createTime FROM notices WHERE ${where.join(' AND ')}`,
    )
    .all(...args) as Array<Notice & { lang: string }>;
  return pickLang(rows, lang).sort((a, b) => b.createTime - a.createTime || a.sort - b.sort || a.id - b.id);
}

export function readRules(db: Database.Database, lang: string, key: string): Rule[] {
  const rows = db
    .prepare('SELECT id, lang, key, title, content, sort FROM rules WHERE key = ? AND lang IN (?, ?)')
    .all(key, lang, FALLBACK_LANG) as Array<Rule & { lang: string }>;
  return pickLang(rows, lang).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

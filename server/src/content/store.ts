/**
 * Notices and rule texts by language (OPC-2): per id, the row in the asked language, else in the operator's
 * default language, else in English, else whichever there is.
 */
import type Database from 'better-sqlite3';
import type { Notice, Rule } from '../../../src/shared/schemas/content';
import type { AllSettings } from '../../../src/shared/schemas/settings';
import { textLanguages } from '../db/dictionaryStore';

/** Picks, per id, the row in the best of `langs` (earlier is better), else any row of that id. */
function pickLang<T extends { id: number; lang: string }>(rows: T[], langs: string[]): Array<Omit<T, 'lang'>> {
  const rank = (l: string) => {
    const i = langs.indexOf(l);
    return i < 0 ? langs.length : i;
  };
  const byId = new Map<number, T>();
  for (const r of rows) {
    const have = byId.get(r.id);
    if (!have || rank(r.lang) < rank(have.lang)) byId.set(r.id, r);
  }
  return [...byId.values()].map(({ lang: _l, ...rest }) => rest);
}

export function readNotices(db: Database.Database, lang: string, key?: string, modelKey?: string): Notice[] {
  const where = ['1 = 1'];
  const args: unknown[] = [];
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
  return pickLang(rows, textLanguages(db, lang)).sort(
    (a, b) => b.createTime - a.createTime || a.sort - b.sort || a.id - b.id,
  );
}

export function readRules(db: Database.Database, lang: string, key: string): Rule[] {
  const rows = db.prepare('SELECT id, lang, key, title, content, sort FROM rules WHERE key = ?').all(key) as Array<
    Rule & { lang: string }
  >;
  return pickLang(rows, textLanguages(db, lang)).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * OPC-10: the settings' translatable fields in the reader's language: the new-user notice and the VIP levels'
 * titles and descriptions, each from `setting_texts` in the first of OPC-2's languages that has one, else the
 * setting's own value (the operator's default-language text). Every other field is returned as stored.
 */
export function localizeSettings(db: Database.Database, s: AllSettings, lang: string): AllSettings {
  const langs = textLanguages(db, lang);
  const rows = db.prepare('SELECT setting_key AS k, item, lang, text FROM setting_texts').all() as {
    k: string;
    item: string;
    lang: string;
    text: string;
  }[];
  if (rows.length === 0) return s;
  const pick = (k: string, item: string, own: string): string => {
    for (const l of langs) {
      const r = rows.find((x) => x.k === k && x.item === item && x.lang === l);
      if (r) return r.text;
    }
    return own;
  };
  return {
    ...s,
    LOGIN_REGIS_SETTING: {
      ...s.LOGIN_REGIS_SETTING,
      newUserNotice: pick('LOGIN_REGIS_SETTING', 'newUserNotice', s.LOGIN_REGIS_SETTING.newUserNotice),
    },
    VIP_DIRECTIONS_SETTING: s.VIP_DIRECTIONS_SETTING.map((d) => {
      if (typeof d.level !== 'number') return d;
      const out = { ...d };
      for (const f of ['title', 'content'] as const)
        if (typeof d[f] === 'string') out[f] = pick('VIP_DIRECTIONS_SETTING', `${d.level}.${f}`, d[f]);
      return out;
    }),
  };
}

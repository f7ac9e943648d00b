/**
 * The operator's texts per language (OPC-1, OPC-4): finance product names and notices, as the settings tool
 * lists, writes and removes them. A product's `finance_products.name` is its text in the operator's default
 * language; `finance_product_texts` holds a name per language beside it. A notice is one row per (id, language).
 */
import type Database from 'better-sqlite3';
import { SettingError } from '../db/settingsStore';

export type TextKind = 'product' | 'notice';

export interface TextLine {
  kind: TextKind;
  id: number;
  lang: string;
  title: string;
  content?: string;
}

const LANG = /^[a-z]{2,3}$/;

function checkLang(lang: string | undefined): string {
  const l = (lang ?? '').toLowerCase();
  if (!LANG.test(l)) throw new SettingError(`language "${lang ?? ''}" is not a language code such as en, ar or zh`);
  return l;
}

function checkText(label: string, v: string | undefined, max: number): string {
  const t = (v ?? '').trim();
  if (!t) throw new SettingError(`${label} is empty`);
  if (t.length > max) throw new SettingError(`${label} is longer than ${max} characters`);
  return t;
}

export function listTexts(db: Database.Database, kind: TextKind, id?: number): TextLine[] {
  if (kind === 'product') {
    const base = db
      .prepare(`SELECT id, name FROM finance_products ${id === undefined ? '' : 'WHERE id = ?'} ORDER BY sort, id`)
      .all(...(id === undefined ? [] : [id])) as { id: number; name: string }[];
    const texts = db.prepare('SELECT lang, name FROM finance_product_texts WHERE product_id = ? ORDER BY lang');
    return base.flatMap((p) => [
      { kind, id: p.id, lang: '*', title: p.name },
      ...(texts.all(p.id) as { lang: string; name: string }[]).map((t) => ({
        kind,
        id: p.id,
        lang: t.lang,
        title: t.name,
      })),
    ]);
  }
  const rows = db
    .prepare(`SELECT id, lang, title, content FROM notices ${id === undefined ? '' : 'WHERE id = ?'} ORDER BY id, lang`)
    .all(...(id === undefined ? [] : [id])) as { id: number; lang: string; title: string; content: string }[];
  return rows.map((r) => ({ kind, ...r }));
}

/** Sets a product's name in one language. */
export function setProductName(db: Database.Database, id: number, lang: string, name: string): void {
  const l = checkLang(lang);
  const n = checkText('name', name, 64);
  if (!db.prepare('SELECT 1 FROM finance_products WHERE id = ?').get(id)) throw new SettingError(`no product ${id}`);
  db.prepare(
    `INSERT INTO finance_product_texts (product_id, lang, name) VALUES (?, ?, ?)
     ON CONFLICT (product_id, lang) DO UPDATE SET name = excluded.name`,
  ).run(id, l, n);
}

/**
 * Sets a notice's title and text in one language. A new language of an existing notice takes its kind, place and
 * date from the notice; a new notice needs `key` (NOTICE or POPUP) and may name its screen (`modelKey`, HOME...).
 */
export function setNoticeText(
  db: Database.Database,
  id: number,
  lang: string,
  title: string,
  content: string,
  now: number,
  newNotice?: { key: string; modelKey: string },
): void {
  const l = checkLang(lang);
  const t = checkText('title', title, 200);
  const c = checkText('content', content, 5000);
  const have = db.prepare('SELECT key, modelKey, sort, createTime FROM notices WHERE id = ? LIMIT 1').get(id) as
    { key: string; modelKey: string; sort: number; createTime: number } | undefined;
  const meta = have ?? (newNotice && { ...newNotice, sort: 0, createTime: now });
  if (!meta) throw new SettingError(`no notice ${id}; a new notice needs --key NOTICE|POPUP [--model HOME]`);
  if (!['NOTICE', 'POPUP'].includes(meta.key)) throw new SettingError(`key "${meta.key}" is not NOTICE or POPUP`);
  db.prepare(
    `INSERT INTO notices (id, lang, key, modelKey, title, content, sort, createTime) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id, lang) DO UPDATE SET title = excluded.title, content = excluded.content`,
  ).run(id, l, meta.key, meta.modelKey, t, c, meta.sort, meta.createTime);
}

/** Removes one language's text (a product's base name and a notice's last language cannot be removed this way). */
export function deleteText(db: Database.Database, kind: TextKind, id: number, lang: string): boolean {
  const l = checkLang(lang);
  if (kind === 'product')
    return db.prepare('DELETE FROM finance_product_texts WHERE product_id = ? AND lang = ?').run(id, l).changes > 0;
  const n = (db.prepare('SELECT count(*) AS n FROM notices WHERE id = ?').get(id) as { n: number }).n;
  if (n <= 1) throw new SettingError(`notice ${id} has no other language; it would disappear`);
  return db.prepare('DELETE FROM notices WHERE id = ? AND lang = ?').run(id, l).changes > 0;
}

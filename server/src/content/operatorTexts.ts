/**
 * The operator's texts per language (OPC-1, OPC-4, OPC-10, OPC-11): finance product names, notices, announcements,
 * the new-user notice and the VIP descriptions, as the settings tool lists, writes and removes them. A product's `finance_products.name` is its text in the operator's default
 * language; `finance_product_texts` holds a name per language beside it. A notice is one row per (id, language).
 */
import type Database from 'better-sqlite3';
import { SettingError } from '../db/settingsStore';

export type TextKind = 'product' | 'notice' | 'announcement' | 'newuser' | 'vip';

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
  if (kind === 'announcement') {
    const base = db
      .prepare(`SELECT id, title, body FROM announcements ${id === undefined ? '' : 'WHERE id = ?'} ORDER BY id`)
      .all(...(id === undefined ? [] : [id])) as { id: number; title: string; body: string }[];
    const texts = db.prepare(
      'SELECT lang, title, body FROM announcement_texts WHERE announcement_id = ? ORDER BY lang',
    );
    return base.flatMap((a) => [
      { kind, id: a.id, lang: '*', title: a.title, content: a.body },
      ...(texts.all(a.id) as { lang: string; title: string; body: string }[]).map((t) => ({
        kind,
        id: a.id,
        lang: t.lang,
        title: t.title,
        content: t.body,
      })),
    ]);
  }
  if (kind === 'newuser' || kind === 'vip') return listSettingTexts(db, kind, id);
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
export function deleteText(db: Database.Database, kind: 'product' | 'notice', id: number, lang: string): boolean {
  const l = checkLang(lang);
  if (kind === 'product')
    return db.prepare('DELETE FROM finance_product_texts WHERE product_id = ? AND lang = ?').run(id, l).changes > 0;
  const n = (db.prepare('SELECT count(*) AS n FROM notices WHERE id = ?').get(id) as { n: number }).n;
  if (n <= 1) throw new SettingError(`notice ${id} has no other language; it would disappear`);
  return db.prepare('DELETE FROM notices WHERE id = ? AND lang = ?').run(id, l).changes > 0;
}

/** OPC-10: the setting and item a settings text of `kind` lives in. */
function settingItem(kind: 'newuser' | 'vip', level?: number, field?: 'title' | 'content') {
  return kind === 'newuser'
    ? { key: 'LOGIN_REGIS_SETTING', item: 'newUserNotice' }
    : { key: 'VIP_DIRECTIONS_SETTING', item: `${level ?? 0}.${field ?? 'content'}` };
}

function readSettingValue(db: Database.Database, key: string): unknown {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? JSON.parse(row.value) : undefined;
}

function vipLevels(db: Database.Database): { level: number; title: string; content: string }[] {
  const v = readSettingValue(db, 'VIP_DIRECTIONS_SETTING');
  return (Array.isArray(v) ? (v as Record<string, unknown>[]) : [])
    .filter((d) => typeof d.level === 'number')
    .map((d) => ({ level: d.level as number, title: String(d.title ?? ''), content: String(d.content ?? '') }));
}

function listSettingTexts(db: Database.Database, kind: 'newuser' | 'vip', level?: number): TextLine[] {
  const texts = db.prepare('SELECT lang, text FROM setting_texts WHERE setting_key = ? AND item = ? ORDER BY lang');
  const langsOf = (key: string, item: string) => texts.all(key, item) as { lang: string; text: string }[];
  if (kind === 'newuser') {
    const own = (readSettingValue(db, 'LOGIN_REGIS_SETTING') as { newUserNotice?: string } | undefined)?.newUserNotice;
    const { key, item } = settingItem('newuser');
    return [
      { kind, id: 0, lang: '*', title: own ?? '' },
      ...langsOf(key, item).map((t) => ({ kind, id: 0, lang: t.lang, title: t.text })),
    ];
  }
  return vipLevels(db)
    .filter((d) => level === undefined || d.level === level)
    .flatMap((d) => {
      const titles = new Map(langsOf('VIP_DIRECTIONS_SETTING', `${d.level}.title`).map((t) => [t.lang, t.text]));
      const contents = new Map(langsOf('VIP_DIRECTIONS_SETTING', `${d.level}.content`).map((t) => [t.lang, t.text]));
      const langs = [...new Set([...titles.keys(), ...contents.keys()])].sort();
      return [
        { kind, id: d.level, lang: '*', title: d.title, content: d.content },
        ...langs.map((l) => ({
          kind,
          id: d.level,
          lang: l,
          title: titles.get(l) ?? '',
          content: contents.get(l) ?? '',
        })),
      ];
    });
}

/** OPC-11: an announcement's title and text in one language (messages already sent read it at their next read). */
export function setAnnouncementText(db: Database.Database, id: number, lang: string, title: string, body: string) {
  const l = checkLang(lang);
  const t = checkText('title', title, 120);
  const b = checkText('text', body, 5000);
  if (!db.prepare('SELECT 1 FROM announcements WHERE id = ?').get(id)) throw new SettingError(`no announcement ${id}`);
  db.prepare(
    `INSERT INTO announcement_texts (announcement_id, lang, title, body) VALUES (?, ?, ?, ?)
     ON CONFLICT (announcement_id, lang) DO UPDATE SET title = excluded.title, body = excluded.body`,
  ).run(id, l, t, b);
}

/** OPC-10: the new-user notice in one language. */
export function setNewUserNotice(db: Database.Database, lang: string, text: string): void {
  const { key, item } = settingItem('newuser');
  db.prepare(
    `INSERT INTO setting_texts (setting_key, item, lang, text) VALUES (?, ?, ?, ?)
     ON CONFLICT (setting_key, item, lang) DO UPDATE SET text = excluded.text`,
  ).run(key, item, checkLang(lang), checkText('text', text, 2000));
}

/** OPC-10: a VIP level's title and description in one language. */
export function setVipText(db: Database.Database, level: number, lang: string, title: string, content: string) {
  const l = checkLang(lang);
  const t = checkText('title', title, 64);
  const c = checkText('content', content, 2000);
  if (!vipLevels(db).some((d) => d.level === level))
    throw new SettingError(`no VIP level ${level} in VIP_DIRECTIONS_SETTING`);
  const ins = db.prepare(
    `INSERT INTO setting_texts (setting_key, item, lang, text) VALUES (?, ?, ?, ?)
     ON CONFLICT (setting_key, item, lang) DO UPDATE SET text = excluded.text`,
  );
  ins.run('VIP_DIRECTIONS_SETTING', `${level}.title`, l, t);
  ins.run('VIP_DIRECTIONS_SETTING', `${level}.content`, l, c);
}

/** Removes one language's text of an announcement, the new-user notice or a VIP level (OPC-10, OPC-11). */
export function deleteMoreText(
  db: Database.Database,
  kind: 'announcement' | 'newuser' | 'vip',
  id: number,
  lang: string,
): boolean {
  const l = checkLang(lang);
  if (kind === 'announcement')
    return db.prepare('DELETE FROM announcement_texts WHERE announcement_id = ? AND lang = ?').run(id, l).changes > 0;
  const del = db.prepare('DELETE FROM setting_texts WHERE setting_key = ? AND item = ? AND lang = ?');
  if (kind === 'newuser') return del.run('LOGIN_REGIS_SETTING', 'newUserNotice', l).changes > 0;
  const a = del.run('VIP_DIRECTIONS_SETTING', `${id}.title`, l).changes;
  const b = del.run('VIP_DIRECTIONS_SETTING', `${id}.content`, l).changes;
  return a + b > 0;
}

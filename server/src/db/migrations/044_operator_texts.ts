/**
 * Operator content in every language (OPC-1..3). `finance_product_texts`: a product's name per language beside
 * `finance_products.name`, which stays the text in the operator's default language (so every existing row keeps
 * working). The seeded products get their names in the 15 other bundled languages, and the seeded notices (ids
 * 1..4) their titles and texts in the 14 languages the first seed lacked, each only while its English text is still
 * the seed's (an operator's own wording is never given someone else's translation). The old seed's placeholder
 * support and download links (`*.openex.example`, `t.me/openex_support_example`) are removed (OPC-8).
 */
import type Database from 'better-sqlite3';
import { SEED_NOTICES } from '../../seed/content';
import { SEED_NOTICE_TEXTS, seedProductNames } from '../../seed/operatorTexts';

const PLACEHOLDERS = [
  'https://support.openex.example/chat',
  'https://t.me/openex_support_example',
  'https://download.openex.example/openex.apk',
  'https://download.openex.example/ios',
];

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE finance_product_texts (
      product_id INTEGER NOT NULL REFERENCES finance_products(id),
      lang TEXT NOT NULL,
      name TEXT NOT NULL,
      PRIMARY KEY (product_id, lang)
    );
  `);
  const insName = db.prepare('INSERT OR IGNORE INTO finance_product_texts (product_id, lang, name) VALUES (?, ?, ?)');
  for (const p of db.prepare('SELECT id, name FROM finance_products').all() as { id: number; name: string }[]) {
    for (const [lang, name] of Object.entries(seedProductNames(p.name) ?? {})) insName.run(p.id, lang, name);
  }

  const en = db.prepare(
    "SELECT key, modelKey, title, content, sort, createTime FROM notices WHERE id = ? AND lang = 'en'",
  );
  const insNotice = db.prepare(
    `INSERT OR IGNORE INTO notices (id, lang, key, modelKey, title, content, sort, createTime)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const seed of SEED_NOTICES) {
    const row = en.get(seed.id) as
      { key: string; modelKey: string; title: string; content: string; sort: number; createTime: number } | undefined;
    if (!row || row.title !== seed.en.title || row.content !== seed.en.content) continue;
    for (const [lang, t] of Object.entries(SEED_NOTICE_TEXTS[seed.id] ?? {}))
      insNotice.run(seed.id, lang, row.key, row.modelKey, t.title, t.content, row.sort, row.createTime);
  }

  for (const key of ['SUPPORT_STAFF_SETTING', 'DOWNLOAD_SETTING']) {
    const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    if (!row) continue;
    const list = JSON.parse(row.value) as { url?: string }[];
    if (!Array.isArray(list)) continue;
    const kept = list.filter((e) => !PLACEHOLDERS.includes(String(e.url ?? '')));
    if (kept.length !== list.length)
      db.prepare('UPDATE settings SET value = ? WHERE key = ?').run(JSON.stringify(kept), key);
  }
}

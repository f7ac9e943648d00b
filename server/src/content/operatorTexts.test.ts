/**
 * The operator's texts per language (OPC-1..4): finance product names and notices in the reader's language, the
 * fallback to the operator's default language, the settings tool's `text` commands, and migration 044 on a
 * database written before it.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSettingsCli } from '../db/settingsCli';
import { up as up044 } from '../db/migrations/044_operator_texts';
import { startTestServer, type TestServer } from '../testing/harness';
import { TEXT_LANGUAGES } from '../seed/operatorTexts';

const dataDir = mkdtempSync(join(tmpdir(), 'exchange-texts-'));
let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ dataDir });
});
afterAll(async () => {
  await ts.stop(true);
  rmSync(dataDir, { recursive: true, force: true });
});

const names = async (lang: string) =>
  ((await ts.get('/api/finance/products', { lang })).body.data as { id: number; name: string }[]).map((p) => p.name);
const notices = async (lang: string) =>
  ((await ts.get('/api/notice/list?key=NOTICE', { lang })).body.data as { id: number; title: string }[]).map(
    (n) => n.title,
  );

describe('operator texts per language', () => {
  it('[OPC-1][OPC-3] product names and notices come in each of the 16 languages', async () => {
    expect((await names('en'))[0]).toBe('USDT Flexible');
    expect((await names('ar'))[0]).toBe('USDT مرن');
    expect((await names('de')).slice(0, 3)).toEqual(['USDT Flexibel', 'USDT 7 Tage', 'USDT 30 Tage']);
    expect((await names('zh'))[0]).toBe('USDT 活期');
    const english = await notices('en');
    for (const lang of TEXT_LANGUAGES) {
      const n = await names(lang);
      expect(n).toHaveLength(6);
      const t = await notices(lang);
      expect(t).toHaveLength(english.length);
      if (lang !== 'en')
        expect(
          t.some((x, i) => x !== english[i]),
          lang,
        ).toBe(true);
    }
  });

  it('[OPC-2] a language without a text falls back to the default language, then English', async () => {
    expect((await names('xx'))[0]).toBe('USDT Flexible');
    // The operator makes German the default language: a reader in an unknown language gets German.
    ts.ctx.db.prepare("UPDATE languages SET isDefault = CASE WHEN dictValue = 'de' THEN 'Y' ELSE 'N' END").run();
    try {
      expect((await names('xx'))[0]).toBe('USDT Flexibel');
      expect((await notices('xx'))[0]).toBe((await notices('de'))[0]);
    } finally {
      ts.ctx.db.prepare("UPDATE languages SET isDefault = CASE WHEN dictValue = 'en' THEN 'Y' ELSE 'N' END").run();
    }
  });

  it('[OPC-4] the settings tool lists, sets and removes a text; the server shows it at once', async () => {
    const out: string[] = [];
    const cli = (...args: string[]) => runSettingsCli(['text', ...args], dataDir, (s) => out.push(s));
    expect(await cli('set', 'product', '1', 'fr', 'USDT à la demande')).toBe(0);
    expect((await names('fr'))[0]).toBe('USDT à la demande');
    expect(await cli('list', 'product', '1')).toBe(0);
    expect(out).toContain('product 1 fr "USDT à la demande"');
    expect(out).toContain('product 1 * "USDT Flexible"');
    expect(await cli('set', 'notice', '4', 'fr', 'Sécurité', 'Ne donnez jamais vos codes.')).toBe(0);
    const popup = await ts.get('/api/notice/list?key=POPUP', { lang: 'fr' });
    expect(popup.body.data[0].title).toBe('Sécurité');
    expect(await cli('delete', 'product', '1', 'fr')).toBe(0);
    expect((await names('fr'))[0]).toBe('USDT Flexible');
    // Refusals name what is wrong and write nothing.
    out.length = 0;
    expect(await cli('set', 'product', '999', 'fr', 'X')).toBe(1);
    expect(await cli('set', 'product', '1', 'french', 'X')).toBe(1);
    expect(await cli('set', 'notice', '77', 'fr', 'T', 'C')).toBe(1);
    expect(out).toEqual([
      'no product 999',
      'language "french" is not a language code such as en, ar or zh',
      'no notice 77; a new notice needs --key NOTICE|POPUP [--model HOME]',
    ]);
    expect(await cli('set', 'notice', '77', 'fr', 'Nouveau', 'Texte', '--key', 'NOTICE', '--model', 'HOME')).toBe(0);
    expect((await notices('fr'))[0]).toBe('Nouveau');
    expect((await notices('en'))[0]).toBe('Nouveau'); // the only language it has
  });

  it('[OPC-3][OPC-8] migration 044 keeps existing rows: names stay the default text, an operator wording is kept', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE finance_products (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE notices (id INTEGER NOT NULL, lang TEXT NOT NULL, key TEXT NOT NULL, modelKey TEXT NOT NULL DEFAULT '',
        title TEXT NOT NULL, content TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0, createTime INTEGER NOT NULL,
        PRIMARY KEY (id, lang));
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER);
      INSERT INTO finance_products VALUES (1, 'USDT Flexible'), (2, 'Our own product');
      INSERT INTO notices VALUES (4, 'en', 'POPUP', 'HOME', 'Stay safe',
        'OpenEx staff will never ask for your password or verification codes.', 1, 5);
      INSERT INTO notices VALUES (1, 'en', 'NOTICE', 'HOME', 'Rewritten by the operator', 'Ours.', 1, 6);
      INSERT INTO settings VALUES ('SUPPORT_STAFF_SETTING', '[{"name":"Live chat","url":"https://support.openex.example/chat","imgUrl":""},{"name":"Desk","url":"https://help.example.org","imgUrl":""}]', 0);`);
    up044(db);
    const texts = db
      .prepare('SELECT product_id AS id, count(*) AS n FROM finance_product_texts GROUP BY product_id')
      .all();
    expect(texts).toEqual([{ id: 1, n: 15 }]);
    expect(db.prepare('SELECT name FROM finance_products WHERE id = 1').get()).toEqual({ name: 'USDT Flexible' });
    const langs = db.prepare('SELECT id, count(*) AS n FROM notices GROUP BY id ORDER BY id').all();
    expect(langs).toEqual([
      { id: 1, n: 1 },
      { id: 4, n: 15 },
    ]);
    const support = JSON.parse((db.prepare('SELECT value FROM settings').get() as { value: string }).value);
    expect(support.map((s: { name: string }) => s.name)).toEqual(['Desk']);
    db.close();
  });
});

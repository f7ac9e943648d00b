/**
 * The operator's texts per language (OPC-1..4, OPC-10, OPC-11): finance product names, notices, announcements, the
 * new-user notice and the VIP descriptions in the reader's language, the fallback to the operator's default
 * language, the settings tool's `text` commands, and migrations 044 and 045 on a database written before them.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSettingsCli } from '../db/settingsCli';
import { up as up044 } from '../db/migrations/044_operator_texts';
import { up as up045 } from '../db/migrations/045_more_operator_texts';
import { readFileSync } from 'node:fs';
import { startTestServer, type TestServer } from '../testing/harness';
import { SEED_NEW_USER_NOTICE, SEED_NEW_USER_NOTICE_EN, TEXT_LANGUAGES } from '../seed/operatorTexts';

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

const settingsIn = async (lang: string) =>
  (await ts.get('/api/common/getAllSetting', { lang })).body.data as {
    LOGIN_REGIS_SETTING: { newUserNotice: string };
    VIP_DIRECTIONS_SETTING: { level: number; title: string; content: string }[];
  };
/** Runs `fn` with `code` as the operator's default language (the languageList entry flagged isDefault). */
async function withDefault(code: string, fn: () => Promise<void>) {
  const flag = ts.ctx.db.prepare("UPDATE languages SET isDefault = CASE WHEN dictValue = ? THEN 'Y' ELSE 'N' END");
  flag.run(code);
  try {
    await fn();
  } finally {
    flag.run('en');
  }
}

describe('the rest of the operator texts per language', () => {
  it('[OPC-10] the new-user notice and the VIP descriptions come in all 16 languages, with the fallback', async () => {
    for (const lang of TEXT_LANGUAGES) {
      const s = await settingsIn(lang);
      expect(s.LOGIN_REGIS_SETTING.newUserNotice, lang).toBe(
        lang === 'en' ? SEED_NEW_USER_NOTICE_EN : SEED_NEW_USER_NOTICE[lang],
      );
      expect(s.VIP_DIRECTIONS_SETTING).toHaveLength(3);
      if (lang !== 'en') expect(s.VIP_DIRECTIONS_SETTING[1].content, lang).not.toMatch(/Reached/);
    }
    expect((await settingsIn('ar')).VIP_DIRECTIONS_SETTING[1].content).toContain('101 USDT');
    expect((await settingsIn('de')).VIP_DIRECTIONS_SETTING[1].content).toContain('2,5 %');
    // requested language without a text: the operator's default; without one there: English (the setting's own)
    ts.ctx.db.prepare("DELETE FROM setting_texts WHERE item = 'newUserNotice' AND lang = 'fr'").run();
    try {
      expect((await settingsIn('fr')).LOGIN_REGIS_SETTING.newUserNotice).toBe(SEED_NEW_USER_NOTICE_EN);
      await withDefault('de', async () => {
        expect((await settingsIn('fr')).LOGIN_REGIS_SETTING.newUserNotice).toBe(SEED_NEW_USER_NOTICE.de);
        expect((await settingsIn('xx')).VIP_DIRECTIONS_SETTING[0].content).toBe('Jedes neue Konto beginnt hier.');
      });
      expect((await settingsIn('xx')).LOGIN_REGIS_SETTING.newUserNotice).toBe(SEED_NEW_USER_NOTICE_EN);
    } finally {
      ts.ctx.db
        .prepare("INSERT INTO setting_texts VALUES ('LOGIN_REGIS_SETTING', 'newUserNotice', 'fr', ?)")
        .run(SEED_NEW_USER_NOTICE.fr);
    }
  });

  it('[OPC-11] an announcement reads in the reader language, else the default language, else the text sent', async () => {
    const opsToken = readFileSync(join(dataDir, 'ops-token'), 'utf8').trim();
    const token = await ts.signUp('announce-texts@example.com');
    const id = ts.acc.sessions.resolve(token)!;
    const sent = await ts.post(
      '/api/_ops/announce',
      {
        title: 'Maintenance',
        body: 'Sunday 02:00 UTC.',
        texts: {
          ar: { title: 'صيانة', body: 'الأحد 02:00 UTC.' },
          de: { title: 'Wartung', body: 'Sonntag 02:00 UTC.' },
        },
        userIds: [id],
      },
      { 'x-ops-token': opsToken },
    );
    expect(sent.body.code, sent.body.msg).toBe(200);
    const read = async (lang: string) => {
      const r = await ts.get('/api/message/list?pageSize=10', { satoken: token, lang });
      const m = (r.body.data.rows as { kind: string; title: string; body: string }[]).find(
        (x) => x.kind === 'announcement',
      )!;
      const d = await ts.get(`/api/message/detail?id=${(m as unknown as { id: number }).id}`, { satoken: token, lang });
      expect(d.body.data.title).toBe(m.title);
      return `${m.title} / ${m.body}`;
    };
    expect(await read('ar')).toBe('صيانة / الأحد 02:00 UTC.');
    expect(await read('de')).toBe('Wartung / Sonntag 02:00 UTC.');
    expect(await read('fr')).toBe('Maintenance / Sunday 02:00 UTC.');
    await withDefault('de', async () => expect(await read('fr')).toBe('Wartung / Sonntag 02:00 UTC.'));
    // a single text is the default (as before); a bad language code is refused, nothing sent
    const bad = await ts.post(
      '/api/_ops/announce',
      { title: 'x', body: 'y', texts: { arabic: { title: 'x', body: 'y' } }, userIds: [id] },
      { 'x-ops-token': opsToken },
    );
    expect(bad.body.msg).toContain('language code');
    // the settings tool edits it; the reader sees it at the next read
    const out: string[] = [];
    const cli = (...args: string[]) => runSettingsCli(['text', ...args], dataDir, (s) => out.push(s));
    const announcement = String(sent.body.data.id);
    expect(await cli('set', 'announcement', announcement, 'fr', 'Maintenance prévue', 'Dimanche 02:00 UTC.')).toBe(0);
    expect(await read('fr')).toBe('Maintenance prévue / Dimanche 02:00 UTC.');
    expect(await cli('delete', 'announcement', announcement, 'ar')).toBe(0);
    expect(await read('ar')).toBe('Maintenance / Sunday 02:00 UTC.');
    expect(await cli('list', 'announcement', announcement)).toBe(0);
    expect(out).toContain(`announcement ${announcement} * "Maintenance" "Sunday 02:00 UTC."`);
  });

  it('[OPC-10] the settings tool sets and removes the new-user notice and a VIP level text per language', async () => {
    const out: string[] = [];
    const cli = (...args: string[]) => runSettingsCli(['text', ...args], dataDir, (s) => out.push(s));
    expect(await cli('set', 'newuser', 'it', 'Benvenuto!')).toBe(0);
    expect((await settingsIn('it')).LOGIN_REGIS_SETTING.newUserNotice).toBe('Benvenuto!');
    expect(await cli('set', 'vip', '0', 'it', 'Livello 0', 'Si parte da qui.')).toBe(0);
    expect((await settingsIn('it')).VIP_DIRECTIONS_SETTING[0]).toMatchObject({
      title: 'Livello 0',
      content: 'Si parte da qui.',
    });
    expect(await cli('list', 'newuser')).toBe(0);
    expect(out).toContain('newuser 0 it "Benvenuto!"');
    expect(await cli('delete', 'newuser', 'it')).toBe(0);
    expect(await cli('delete', 'vip', '0', 'it')).toBe(0);
    expect((await settingsIn('it')).LOGIN_REGIS_SETTING.newUserNotice).toBe(SEED_NEW_USER_NOTICE_EN);
    expect((await settingsIn('it')).VIP_DIRECTIONS_SETTING[0].title).toBe('VIP 0');
    out.length = 0;
    expect(await cli('set', 'vip', '9', 'it', 'T', 'C')).toBe(1);
    expect(await cli('set', 'announcement', '9999', 'it', 'T', 'C')).toBe(1);
    expect(await cli('set', 'newuser', 'italian', 'x')).toBe(1);
    expect(out).toEqual([
      'no VIP level 9 in VIP_DIRECTIONS_SETTING',
      'no announcement 9999',
      'language "italian" is not a language code such as en, ar or zh',
    ]);
  });

  it('[OPC-10] migration 045 translates the seed texts of an existing database, never an operator wording', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE announcements (id INTEGER PRIMARY KEY);
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER);`);
    db.prepare('INSERT INTO settings VALUES (?, ?, 0)').run(
      'LOGIN_REGIS_SETTING',
      JSON.stringify({ newUserNotice: SEED_NEW_USER_NOTICE_EN }),
    );
    db.prepare('INSERT INTO settings VALUES (?, ?, 0)').run(
      'VIP_DIRECTIONS_SETTING',
      JSON.stringify([
        { level: 0, title: 'VIP 0', content: 'Every new account starts here.' },
        { level: 1, title: 'VIP 1', content: 'Our own wording.' },
      ]),
    );
    up045(db);
    const n = db.prepare('SELECT item, count(*) AS n FROM setting_texts GROUP BY item ORDER BY item').all();
    expect(n).toEqual([
      { item: '0.content', n: 15 },
      { item: 'newUserNotice', n: 15 },
    ]);
    db.close();
  });
});

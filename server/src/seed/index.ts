/**
 * Seeds an empty database: settings, language dictionary, time zones, the four coin lists, notices and rules.
 * Idempotent: each part is written only when its table is empty, in one transaction with the others, so a
 * restart never duplicates or overwrites what an operator changed. The one exception: generated spot coins
 * (MARKET_COINS above 50, marketCoins.ts) missing from a non-empty spot list are added; nothing is removed.
 */
import type Database from 'better-sqlite3';
import { COIN_LIST_NAMES } from '../../../src/shared/schemas/coins';
import { countCoins, insertCoinRows } from '../market/coinStore';
import { writeLanguages, writeTimeZones } from '../db/dictionaryStore';
import { STORED_SETTING_KEYS, writeSetting } from '../db/settingsStore';
import { SEED_NOTICES, SEED_RULES, type SeedText } from './content';
import { SEED_NOTICE_TEXTS, seedSettingTexts } from './operatorTexts';
import { SEED_COINS, type SeedCoin } from './coinTable';
import { contractPairs, optionPairs, secondCoins, spotPairs } from './coins';
import { seedSettings } from './settings';
import { systemClock } from '../time/clock';

export interface SeedLog {
  info(obj: object, msg?: string): void;
}

const count = (db: Database.Database, table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** The seed's creation times: spaced a day apart, newest first by id order. */
const DAY = 86_400_000;

function insertTexts(db: Database.Database, table: 'notices' | 'rules', texts: SeedText[], now: number): void {
  for (const t of texts) {
    if (table === 'notices') {
      // OPC-3: the notices in every bundled language.
      const all = { en: t.en, zh: t.zh, ...SEED_NOTICE_TEXTS[t.id] };
      for (const [lang, text] of Object.entries(all))
        db.prepare(
          'INSERT INTO notices (id, lang, key, modelKey, title, content, sort, createTime) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(t.id, lang, t.key, t.modelKey ?? '', text.title, text.content, t.sort, now - t.id * DAY);
      continue;
    }
    for (const lang of ['en', 'zh'] as const) {
      db.prepare('INSERT INTO rules (id, lang, key, title, content, sort) VALUES (?, ?, ?, ?, ?, ?)').run(
        t.id,
        lang,
        t.key,
        t[lang].title,
        t[lang].content,
        t.sort,
      );
    }
  }
}

/** Generated spot coins (beyond the table's) missing from a filled spot list, with fresh ids. */
function missingGeneratedSpot(db: Database.Database, spot: readonly SeedCoin[]): Array<Record<string, unknown>> {
  const have = new Set(
    (db.prepare('SELECT symbol FROM coin_spot').all() as Array<{ symbol: string }>).map((r) => r.symbol),
  );
  let id = (db.prepare('SELECT max(id) AS id FROM coin_spot').get() as { id: number | null }).id ?? 0;
  const rows = spotPairs(spot).slice(SEED_COINS.length);
  return rows.filter((r) => !have.has(r.symbol)).map((r) => ({ ...r, id: ++id }));
}

/**
 * Returns the parts seeded now (empty when everything was already there).
 * `spot`: the coins of the spot list (currencyList), marketCoins(MARKET_COINS, MARKET_SEED); the other lists
 * hold the 50 of the table.
 */
export function seedDatabase(
  db: Database.Database,
  log?: SeedLog,
  now = systemClock.now(),
  spot: readonly SeedCoin[] = SEED_COINS,
): string[] {
  const seeded: string[] = [];
  db.transaction(() => {
    const s = seedSettings();
    const have = new Set((db.prepare('SELECT key FROM settings').all() as Array<{ key: string }>).map((r) => r.key));
    const missing = STORED_SETTING_KEYS.filter((k) => !have.has(k));
    for (const k of missing) writeSetting(db, k, s[k], now);
    if (missing.length) seeded.push(`settings(${missing.length})`);
    // OPC-10: the seed's new-user notice and VIP descriptions in every language (only while still the seed's).
    if (missing.includes('LOGIN_REGIS_SETTING') || missing.includes('VIP_DIRECTIONS_SETTING')) seedSettingTexts(db);
    if (count(db, 'languages') === 0) {
      writeLanguages(db, s.languageList);
      seeded.push('languages');
    }
    if (count(db, 'time_zones') === 0) {
      writeTimeZones(db, s.timeZoneList);
      seeded.push('time_zones');
    }
    const builders = {
      coinList: secondCoins,
      currencyList: () => spotPairs(spot),
      contractList: contractPairs,
      optionList: optionPairs,
    };
    for (const list of COIN_LIST_NAMES) {
      if (countCoins(db, list) === 0) {
        insertCoinRows(db, list, builders[list]() as unknown as Array<Record<string, unknown>>);
        seeded.push(list);
      } else if (list === 'currencyList' && spot.length > SEED_COINS.length) {
        const extra = missingGeneratedSpot(db, spot);
        insertCoinRows(db, list, extra);
        if (extra.length) seeded.push(`currencyList(+${extra.length})`);
      }
    }
    if (count(db, 'notices') === 0) {
      insertTexts(db, 'notices', SEED_NOTICES, now);
      seeded.push('notices');
    }
    if (count(db, 'rules') === 0) {
      insertTexts(db, 'rules', SEED_RULES, now);
      seeded.push('rules');
    }
  })();
  if (seeded.length) log?.info({ event: 'seed', parts: seeded }, `seeded ${seeded.join(', ')}`);
  return seeded;
}

/**
 * Reads and writes platform settings (spec 3.3). Every write is validated against the key's schema, so a
 * bad value is refused with a message naming the field and nothing is stored. On read, a row that no longer
 * validates (e.g. hand-edited SQL) falls back to the built-in default for that key, with a warning.
 */
import { checkVipTable } from '../../../src/shared/rewards/vipRules';
import { rebateRatiosProblem } from '../../../src/shared/rewards/rebateRules';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { SETTING_SCHEMAS, SETTING_KEYS, type AllSettings, type SettingKey } from '../../../src/shared/schemas/settings';
import { buildDefaultSettings } from '../../../src/shared/defaultSettings';
import { readLanguages, readTimeZones, writeLanguages } from './dictionaryStore';
import { frameDepth, watchSavepoints } from './open';

export interface WarnLog {
  warn(obj: object, msg?: string): void;
}

/** Keys stored in the settings table; languageList lives in its own table. */
export const STORED_SETTING_KEYS = SETTING_KEYS.filter((k) => k !== 'languageList');

export class SettingError extends Error {}

export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as string[]).includes(key);
}

/** Readable one-line summary of zod issues: "LOGIN_REGIS_SETTING.credits: expected number". */
export function describeIssues(prefix: string, err: z.ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${[prefix, ...i.path.map(String)].filter(Boolean).join('.')}: ${i.message}`)
    .join('; ');
}

export function validateSetting(key: string, value: unknown): unknown {
  if (!isSettingKey(key)) throw new SettingError(`Unknown setting ${key}; known: ${SETTING_KEYS.join(', ')}`);
  const r = (SETTING_SCHEMAS[key] as z.ZodTypeAny).safeParse(value);
  if (!r.success) throw new SettingError(`Invalid ${key}: ${describeIssues(key, r.error)}`);
  return r.data;
}

/**
 * Rules across a setting's fields that its schema cannot say (the operator tool refuses a value that breaks them;
 * the server also refuses such a value at use, for a value written another way): VIP-2, the VIP table whole
 * (checked with VIP_DIRECTIONS_SETTING's discounts as stored); REB-2, the rebate ratios.
 */
export function settingProblem(db: Database.Database, key: string, value: unknown): string | null {
  if (key === 'VIP_LEVEL_SETTING' || key === 'VIP_DIRECTIONS_SETTING') {
    const table = (key === 'VIP_LEVEL_SETTING' ? value : readStoredSetting(db, 'VIP_LEVEL_SETTING')) as
      Record<string, unknown> | undefined;
    const dirs = (key === 'VIP_DIRECTIONS_SETTING' ? value : readStoredSetting(db, 'VIP_DIRECTIONS_SETTING')) as
      Record<string, unknown>[] | undefined;
    if (!table) return null;
    const r = checkVipTable(table, Array.isArray(dirs) ? dirs : []);
    return r.ok ? null : `Invalid VIP table: ${r.problem}`;
  }
  if (key === 'FINANCIAL_REBATE_SETTING') {
    const v = value as { oneRatio: string; twoRatio: string; threeRatio: string };
    const p = rebateRatiosProblem([v.oneRatio, v.twoRatio, v.threeRatio]);
    return p ? `Invalid FINANCIAL_REBATE_SETTING: ${p}` : null;
  }
  return null;
}

export function writeSetting(db: Database.Database, key: string, value: unknown, now: number): void {
  const v = validateSetting(key, value);
  if (key === 'languageList') {
    writeLanguages(db, v as AllSettings['languageList']);
    return;
  }
  db.prepare(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(key, JSON.stringify(v), now);
}

/** The value stored for `key` as it is, or undefined (the operator tool shows and merges this). */
export function readStoredSetting(db: Database.Database, key: SettingKey): unknown {
  if (key === 'languageList') return readLanguages(db);
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? JSON.parse(row.value) : undefined;
}

type StoredKey = Exclude<SettingKey, 'languageList'>;

/**
 * One setting, typed by the shared schema: the stored value when it validates, else the built-in default
 * (with a warning). Read on every call (inside a transaction once, PERF-86), so an operator's change applies at
 * once.
 */
export function readSetting<K extends StoredKey>(db: Database.Database, key: K, log?: WarnLog): AllSettings[K] {
  let c = readCache.get(db);
  if (!c) {
    c = { select: db.prepare('SELECT value FROM settings WHERE key = ?').pluck(), parsed: new Map() };
    readCache.set(db, c);
  }
  const raw = storedText(db, c.select, key);
  const hit = c.parsed.get(key);
  if (hit && hit.raw === raw) return hit.value as AllSettings[K];
  const value = parseStored(key, raw, log);
  c.parsed.set(key, { raw, value });
  return value as AllSettings[K];
}

/**
 * Per database: the statement prepared once, and each key's last stored text with its parsed value. The row is
 * read on every call outside a transaction and once a transaction inside one (PERF-86: another process, the
 * operator's tool, may have written it between transactions); only an unchanged text skips the JSON and schema
 * parse (a trading fee discount reads the VIP table on every order). Callers treat the value as read-only, as
 * they do the shared defaults.
 */
const readCache = new WeakMap<
  Database.Database,
  { select: Database.Statement; parsed: Map<string, { raw: string | undefined; value: unknown }> }
>();

/**
 * PERF-86: inside a transaction a setting's stored text, once read, is answered from memory for the rest of it
 * (a trading fee discount and a rebate read theirs on every fill of a batch). No other connection can commit
 * while this one holds a write transaction, and a read transaction sees one snapshot; this connection's own
 * writes to `settings`, whatever code runs them, drop the memory (temporary triggers), and so does every
 * savepoint rolled back and the start and end of the outermost transaction. Outside a transaction every read
 * goes to SQL (the operator's tool may have written). Made outside a transaction only: a temporary trigger
 * made inside one would roll back with it.
 */
const txTexts = new WeakMap<Database.Database, Map<string, string | undefined> | null>();
let txTextsMade = 0;

function txTextsOf(db: Database.Database): Map<string, string | undefined> | undefined {
  const known = txTexts.get(db);
  if (known !== undefined) return known ?? undefined;
  if (db.inTransaction) return undefined;
  const texts = new Map<string, string | undefined>();
  const name = `perf86_settings_drop_${++txTextsMade}`;
  try {
    db.function(name, { deterministic: false, varargs: false }, () => {
      texts.clear();
      return null;
    });
    for (const op of ['INSERT', 'UPDATE', 'DELETE'])
      db.exec(
        `CREATE TEMP TRIGGER ${name}_${op.toLowerCase()} AFTER ${op} ON main.settings BEGIN SELECT ${name}(); END`,
      );
  } catch {
    // No settings table on this connection (yet): every read goes to SQL.
    txTexts.set(db, null);
    return undefined;
  }
  const drop = () => texts.clear();
  watchSavepoints(db, { mark: () => 0, rollbackTo: drop, outer: drop });
  txTexts.set(db, texts);
  return texts;
}

function storedText(db: Database.Database, select: Database.Statement, key: string): string | undefined {
  const texts = txTextsOf(db);
  if (!texts || frameDepth(db) === 0) return select.get(key) as string | undefined;
  if (texts.has(key)) return texts.get(key);
  const raw = select.get(key) as string | undefined;
  texts.set(key, raw);
  return raw;
}

function parseStored(key: StoredKey, raw: string | undefined, log?: WarnLog): unknown {
  if (raw !== undefined) {
    const r = (SETTING_SCHEMAS[key] as z.ZodTypeAny).safeParse(JSON.parse(raw));
    if (r.success) return r.data;
    log?.warn(
      { event: 'setting_invalid', key, error: describeIssues(key, r.error) },
      `stored setting ${key} is invalid; serving the default`,
    );
  }
  return DEFAULTS[key];
}

const DEFAULTS = buildDefaultSettings('en');

/** Every setting, the language list and the time zone table: the data of getAllSetting. */
export function readAllSettings(db: Database.Database, log?: WarnLog): AllSettings {
  const defaults = DEFAULTS;
  const rows = db.prepare('SELECT key, value FROM settings').all() as Array<{ key: string; value: string }>;
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const out: Record<string, unknown> = {};
  for (const key of STORED_SETTING_KEYS) {
    out[key] = parseStored(key, stored.get(key), log);
  }
  const langs = readLanguages(db);
  out.languageList = langs.length > 0 ? langs : defaults.languageList;
  const zones = readTimeZones(db);
  out.timeZoneList = zones.length > 0 ? zones : defaults.timeZoneList;
  return out as AllSettings;
}

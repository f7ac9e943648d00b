/**
 * Operator tool for platform settings (README "Configuration"). Works on the database in DATA_DIR
 * (default ./data); the running server reads settings on every request, so a change shows at once.
 *
 *   node --import tsx server/src/db/settingsCli.ts list
 *   node --import tsx server/src/db/settingsCli.ts get WITHDRAWAL_SETTING
 *   node --import tsx server/src/db/settingsCli.ts set WITHDRAWAL_SETTING '{"ratio":"5", ...}'
 *   node --import tsx server/src/db/settingsCli.ts merge LOGIN_REGIS_SETTING '{"inviteCodeRequired":true}'
 *   node --import tsx server/src/db/settingsCli.ts set languageList @languages.json
 *   node --import tsx server/src/db/settingsCli.ts text list product|notice [ID]
 *   node --import tsx server/src/db/settingsCli.ts text set product 1 ar "USDT مرن"
 *   node --import tsx server/src/db/settingsCli.ts text set notice 4 de "Titel" "Text" [--key NOTICE|POPUP] [--model HOME]
 *   node --import tsx server/src/db/settingsCli.ts text delete product|notice|announcement|vip ID LANG
 *   node --import tsx server/src/db/settingsCli.ts text list announcement|vip [ID] | text list newuser
 *   node --import tsx server/src/db/settingsCli.ts text set announcement 3 ar "العنوان" "النص"
 *   node --import tsx server/src/db/settingsCli.ts text set newuser ar "مرحبًا بك ..." | text delete newuser LANG
 *   node --import tsx server/src/db/settingsCli.ts text set vip 1 ar "VIP 1" "الوصف"
 *
 * `text` edits the operator's texts per language (OPC-4, OPC-10, OPC-11): finance product names, notices,
 * announcements, the new-user notice and the VIP level descriptions. A reader gets the text in their language,
 * else in the default language of languageList, else English (OPC-2), else the text as first written.
 *
 * Values are validated against the key's schema (src/shared/schemas/settings.ts); an invalid value is refused
 * with the failing field and nothing is written, and so is a value that breaks a rule across its fields (an
 * inconsistent VIP table, VIP-2; rebate ratios above 100 % together, REB-2). `merge` shallow-merges an object into
 * the stored object.
 */
import type Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SETTING_KEYS, type SettingKey } from '../../../src/shared/schemas/settings';
import {
  deleteMoreText,
  deleteText,
  listTexts,
  setAnnouncementText,
  setNewUserNotice,
  setNoticeText,
  setProductName,
  setVipText,
  type TextKind,
} from '../content/operatorTexts';
import { closeCliDatabase, openDatabase } from './open';
import { loadConfig } from '../config';
import { refusalCode, runCliIfMain } from '../ops/runCli';
import { systemClock } from '../time/clock';
import {
  SettingError,
  isSettingKey,
  readStoredSetting,
  settingProblem,
  validateSetting,
  writeSetting,
} from './settingsStore';

const USAGE = `usage: settingsCli.ts list | get KEY | set KEY JSON|@file | merge KEY JSON|@file
       settingsCli.ts text list product|notice|announcement|vip [ID] | text list newuser
       settingsCli.ts text set product ID LANG NAME
       settingsCli.ts text set notice ID LANG TITLE CONTENT [--key NOTICE|POPUP] [--model HOME]
       settingsCli.ts text set announcement ID LANG TITLE TEXT | text set vip LEVEL LANG TITLE CONTENT
       settingsCli.ts text set newuser LANG TEXT | text delete newuser LANG
       settingsCli.ts text delete product|notice|announcement|vip ID LANG
keys: ${SETTING_KEYS.join(', ')}`;

const TEXT_KINDS: readonly TextKind[] = ['product', 'notice', 'announcement', 'newuser', 'vip'];
const isTextKind = (k: string | undefined): k is TextKind => (TEXT_KINDS as readonly string[]).includes(k ?? '');

/** `text ...` (OPC-4, OPC-10, OPC-11): the operator's texts per language. */
function runText(db: Database.Database, argv: string[], out: (s: string) => void): number {
  const flags = new Map<string, string>();
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--key' || argv[i] === '--model') flags.set(argv[i], argv[++i] ?? '');
    else args.push(argv[i]);
  }
  // The new-user notice is one text (no id): `text set newuser LANG TEXT` reads as if its id were 0.
  if (args[1] === 'newuser') args.splice(2, 0, '0');
  const [sub, kind, rawId, lang, a, b] = args;
  if (!isTextKind(kind) || !['list', 'set', 'delete'].includes(sub ?? '')) {
    out(USAGE);
    return 2;
  }
  const id = rawId === undefined ? undefined : Number(rawId);
  const least = kind === 'vip' || kind === 'newuser' ? 0 : 1;
  if (id !== undefined && !(Number.isInteger(id) && id >= least))
    throw new SettingError(`"${rawId}" is not ${kind === 'vip' ? 'a VIP level' : 'an id'}`);
  if (sub === 'list') {
    for (const t of listTexts(db, kind, id))
      out(
        `${t.kind} ${t.id} ${t.lang} ${JSON.stringify(t.title)}${t.content === undefined ? '' : ` ${JSON.stringify(t.content)}`}`,
      );
    return 0;
  }
  if (id === undefined) throw new SettingError('missing id');
  if (sub === 'delete') {
    const gone =
      kind === 'product' || kind === 'notice'
        ? deleteText(db, kind, id, lang ?? '')
        : deleteMoreText(db, kind, id, lang ?? '');
    out(gone ? `${kind} ${id} ${lang} removed` : `${kind} ${id} has no ${lang} text`);
    return 0;
  }
  db.transaction(() => {
    if (kind === 'product') setProductName(db, id, lang ?? '', a ?? '');
    else if (kind === 'announcement') setAnnouncementText(db, id, lang ?? '', a ?? '', b ?? '');
    else if (kind === 'newuser') setNewUserNotice(db, lang ?? '', a ?? '');
    else if (kind === 'vip') setVipText(db, id, lang ?? '', a ?? '', b ?? '');
    else {
      const key = flags.get('--key');
      setNoticeText(
        db,
        id,
        lang ?? '',
        a ?? '',
        b ?? '',
        systemClock.now(),
        key ? { key, modelKey: flags.get('--model') ?? '' } : undefined,
      );
    }
  })();
  out(`${kind} ${id} ${lang} updated`);
  return 0;
}

function parseValue(raw: string | undefined): unknown {
  if (raw === undefined) throw new SettingError('missing value');
  const text = raw.startsWith('@') ? readFileSync(resolve(raw.slice(1)), 'utf8') : raw;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new SettingError(`value is not valid JSON: ${(err as Error).message}`);
  }
}

export async function runSettingsCli(argv: string[], dataDir: string, out: (s: string) => void): Promise<number> {
  const [cmd, key, raw] = argv;
  if (cmd === 'text') {
    const db = await openDatabase(dataDir);
    try {
      return runText(db, argv.slice(1), out);
    } catch (err) {
      return refusalCode(err, out, (e) => e instanceof SettingError);
    } finally {
      closeCliDatabase(db);
    }
  }
  if (!cmd || !['list', 'get', 'set', 'merge'].includes(cmd)) {
    out(USAGE);
    return 2;
  }
  if (cmd !== 'list' && (!key || !isSettingKey(key))) {
    out(`unknown setting "${key ?? ''}"\n${USAGE}`);
    return 2;
  }
  const db = await openDatabase(dataDir);
  try {
    if (cmd === 'list') {
      for (const k of SETTING_KEYS) out(`${k} ${JSON.stringify(readStoredSetting(db, k))}`);
    } else if (cmd === 'get') {
      out(JSON.stringify(readStoredSetting(db, key as SettingKey), null, 2));
    } else {
      let value = parseValue(raw);
      if (cmd === 'merge') {
        const cur = readStoredSetting(db, key as SettingKey);
        if (
          typeof cur !== 'object' ||
          cur === null ||
          Array.isArray(cur) ||
          typeof value !== 'object' ||
          value === null ||
          Array.isArray(value)
        ) {
          throw new SettingError(`merge needs an object setting and an object value; use set for ${key}`);
        }
        value = { ...cur, ...value };
      }
      const checked = validateSetting(key as string, value);
      const problem = settingProblem(db, key as string, checked);
      if (problem) throw new SettingError(problem);
      db.transaction(() => writeSetting(db, key as string, checked, systemClock.now()))();
      out(`${key} updated`);
    }
    return 0;
  } catch (err) {
    return refusalCode(err, out, (e) => e instanceof SettingError || e.message.startsWith('languageList'));
  } finally {
    closeCliDatabase(db);
  }
}

runCliIfMain(import.meta.url, (args, out) => runSettingsCli(args, loadConfig().dataDir, out));

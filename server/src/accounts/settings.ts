/**
 * The platform settings the accounts part obeys: LOGIN_REGIS_SETTING and AUTH_LIMIT (spec 3.3).
 * Read from the core's settings table on every call (so an operator's change applies at once);
 * a missing or unreadable entry falls back to the defaults below, field by field.
 */
import type Database from 'better-sqlite3';
import { buildDefaultSettings } from '../../../src/shared/defaultSettings';

export interface LoginSettings {
  emailIsOpen: boolean;
  phoneIsOpen: boolean;
  ordinaryIsOpen: boolean;
  addressIsOpen: boolean;
  credits: number;
  inviteCodeRequired: boolean;
  emailCode: boolean;
  phoneCode: boolean;
  accountCode: boolean;
  walletOnly: boolean;
  autoLogin: boolean;
  withdrawAddressCode: boolean;
}

export interface AuthLimitSettings {
  isOpenPrimary: boolean;
  isOpenSenior: boolean;
  primaryLimit: string;
  seniorLimit: string;
}

/** Fallbacks when the settings table has no entry: the app's built-in defaults (spec 9.3), so both sides agree. */
const BUILT_IN = buildDefaultSettings();
export const DEFAULT_LOGIN: LoginSettings = (({ serviceType: _s, newUserNotice: _n, authenticationCode: _a, withdrawPwdCode: _w, ...rest }) => rest)(
  BUILT_IN.LOGIN_REGIS_SETTING,
);

/** Spec 9.3: primary limit 1.001, senior 2.002 (senior on). */
export const DEFAULT_AUTH_LIMIT: AuthLimitSettings = { ...BUILT_IN.AUTH_LIMIT };

export interface AccountSettings {
  login(): LoginSettings;
  authLimit(): AuthLimitSettings;
}

/** Flags may be stored as booleans, 0/1 or "true"/"1"/"Y". */
function flag(v: unknown, dflt: boolean): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return ['1', 'true', 'y', 'yes', 'on'].includes(v.toLowerCase());
  return dflt;
}

function merge<T extends object>(dflt: T, raw: unknown): T {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ...dflt };
  const r = raw as Record<string, unknown>;
  const out = { ...dflt } as Record<string, unknown>;
  for (const [k, d] of Object.entries(dflt)) {
    if (!(k in r)) continue;
    if (typeof d === 'boolean') out[k] = flag(r[k], d);
    else if (typeof d === 'number') out[k] = Number.isFinite(Number(r[k])) ? Number(r[k]) : d;
    else if (typeof d === 'string' && (typeof r[k] === 'string' || typeof r[k] === 'number')) out[k] = String(r[k]);
  }
  return out as T;
}

/** Reads `key` from a key/value settings table; tolerant of the table's exact column names. */
function readSetting(db: Database.Database, key: string): unknown {
  for (const sql of [
    'SELECT value FROM settings WHERE key = ?',
    'SELECT value FROM settings WHERE name = ?',
    'SELECT value FROM platform_settings WHERE key = ?',
  ]) {
    try {
      const row = db.prepare(sql).get(key) as { value: unknown } | undefined;
      if (row === undefined) continue;
      return typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
    } catch {
      /* no such table/column or not JSON: try the next form */
    }
  }
  return undefined;
}

export function dbSettings(db: Database.Database): AccountSettings {
  return {
    login: () => merge(DEFAULT_LOGIN, readSetting(db, 'LOGIN_REGIS_SETTING')),
    authLimit: () => merge(DEFAULT_AUTH_LIMIT, readSetting(db, 'AUTH_LIMIT')),
  };
}

/** Fixed settings with overrides, for tests. */
export function fixedSettings(login: Partial<LoginSettings> = {}, auth: Partial<AuthLimitSettings> = {}): AccountSettings & {
  set(login: Partial<LoginSettings>, auth?: Partial<AuthLimitSettings>): void;
} {
  let l = { ...DEFAULT_LOGIN, ...login };
  let a = { ...DEFAULT_AUTH_LIMIT, ...auth };
  return {
    login: () => l,
    authLimit: () => a,
    set(nl, na = {}) {
      l = { ...l, ...nl };
      a = { ...a, ...na };
    },
  };
}

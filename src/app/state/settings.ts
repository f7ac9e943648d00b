/**
 * Platform settings store (spec 3.3, 4.3, 4.4). Plain valtio state: screens read it with useSnapshot.
 * - `config` holds the platform settings keyed as in 3.3 (LOGIN_REGIS_SETTING, PLAYING_SETTING, ...);
 * - `coins` the four coin lists of 3.4;
 * - `languageList`, `timezone`, `timezoneOffset`, `hasOption` are derived from the config on every replace.
 * Replacing goes through `applyConfig` / `applyCoins` only, which also persist (StorageKeys.settings / coinList).
 */
import { proxy, ref } from 'valtio';
import { StorageKeys } from '../../shared/storageKeys';
import { DEFAULT_SETTINGS } from '../../shared/defaultSettings';
import { AllSettings } from '../../shared/schemas/settings';
import { CoinLists } from '../../shared/schemas/coins';
import type { LanguageEntry } from '../../shared/schemas/dictionary';
import { readJson, writeJson } from './storage';
import { resolveTimeZone } from './timezone';

/** The platform config: every key of 3.3 plus the language list and the 38-zone table (validated). */
export type PlatformConfig = AllSettings;
export type LanguageItem = LanguageEntry;
export type { CoinLists };

export interface SettingsState {
  /** True once start-up step 3 is done and the app may mount (4.3). */
  ready: boolean;
  /** Where the current config came from. */
  source: 'defaults' | 'cache' | 'server';
  config: PlatformConfig;
  coins: CoinLists;
  languageList: LanguageItem[];
  timezone: string;
  timezoneOffset: string;
  /** Minutes east of UTC of the chosen zone (for date formatting). */
  offsetMinutes: number;
  hasOption: boolean;
}

const EMPTY_COINS: CoinLists = { coinList: [], currencyList: [], contractList: [], optionList: [] };

export const settings = proxy<SettingsState>({
  ready: false,
  source: 'defaults',
  config: ref(DEFAULT_SETTINGS) as PlatformConfig,
  coins: ref({ ...EMPTY_COINS }) as CoinLists,
  languageList: [],
  timezone: '',
  timezoneOffset: '',
  offsetMinutes: 0,
  hasOption: false,
});

/** The offered languages (status on), in dictionary order. */
function languagesOf(config: PlatformConfig): LanguageItem[] {
  return config.languageList.filter((l) => l.status).sort((a, b) => a.dictSort - b.dictSort);
}

/** Spec 3.5 hasOption: the playing settings have an open options entry. */
function hasOptionOf(config: PlatformConfig): boolean {
  return config.PLAYING_SETTING.some((p) => /option/i.test(p.name) && p.isOpen);
}

/** Replaces the config (4.4 on code 200, or the defaults/cache of 4.3 step 1) and derives the rest. */
export function applyConfig(
  config: PlatformConfig,
  source: SettingsState['source'],
  persist = source === 'server',
): void {
  settings.config = ref(config) as PlatformConfig;
  settings.source = source;
  settings.languageList = languagesOf(config);
  const z = resolveTimeZone(config.timeZone, config.timeZoneList);
  settings.timezone = z.timezone;
  settings.timezoneOffset = z.timezoneOffset;
  settings.offsetMinutes = z.offsetMinutes;
  settings.hasOption = hasOptionOf(config);
  if (persist) writeJson(StorageKeys.settings, config);
}

export function applyCoins(coins: CoinLists, persist = true): void {
  settings.coins = ref(coins) as CoinLists;
  if (persist) writeJson(StorageKeys.coinList, coins);
}

/** The persisted config, if present and still valid against today's schema. */
export function cachedConfig(): PlatformConfig | undefined {
  const r = AllSettings.safeParse(readJson(StorageKeys.settings));
  return r.success ? r.data : undefined;
}

export function cachedCoins(): CoinLists | undefined {
  const r = CoinLists.safeParse(readJson(StorageKeys.coinList));
  return r.success ? r.data : undefined;
}

// Derive the time zone, language list and hasOption of the built-in defaults right away.
applyConfig(DEFAULT_SETTINGS, 'defaults', false);

/** Loosely reads an object-valued setting by any key (kept for callers written before the typed config). */
export function settingObject<T = Record<string, unknown>>(config: PlatformConfig, key: string): T | undefined {
  const v = (config as Record<string, unknown>)[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as T) : undefined;
}

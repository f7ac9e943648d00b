/**
 * Platform settings store (spec 3.3, 4.3, 4.4). Plain valtio state: screens read it with useSnapshot.
 * - `config` holds the platform settings keyed as in 3.3 (LOGIN_REGIS_SETTING, PLAYING_SETTING, ...);
 * - `coins` the four coin lists of 3.4;
 * - `languageList`, `timezone`, `timezoneOffset`, `hasOption` are derived from the config on every replace.
 * Replacing goes through `applyConfig` / `applyCoins` only, which also persist (StorageKeys.settings / coinList).
 */
import { proxy, ref } from 'valtio';
import { StorageKeys } from '../../shared/storageKeys';
import { readJson, writeJson } from './storage';
import { resolveTimeZone } from './timezone';

/** A platform config as the getAllSetting reply carries it: setting key → value (object or list). */
export type PlatformConfig = Record<string, unknown>;

export interface LanguageItem {
  dictLabel: string;
  dictValue: string;
  dictSort: number;
  imgUrl: string;
  isDefault: 'Y' | 'N';
  status: boolean;
}

/** A coin entry, the fields the shell and market screens read (spec 3.4). */
export type CoinItem = Record<string, unknown> & {
  symbol?: string;
  coin?: string;
  baseCoin?: string;
  showSymbol?: string;
  customizeFlag?: number | string;
  market?: string;
  coinType?: number | string;
  amount?: string | number;
  open?: string | number;
  logo?: string;
  sort?: number;
};

export interface CoinLists {
  coinList: CoinItem[];
  currencyList: CoinItem[];
  contractList: CoinItem[];
  optionList: CoinItem[];
}

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
  config: {},
  coins: { ...EMPTY_COINS },
  languageList: [],
  ...(() => {
    const z = resolveTimeZone(undefined);
    return { timezone: z.timezone, timezoneOffset: z.timezoneOffset, offsetMinutes: z.offsetMinutes };
  })(),
  hasOption: false,
});

function asList(v: unknown): Record<string, unknown>[] {
  if (Array.isArray(v)) return v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null);
  if (typeof v === 'string') {
    try {
      return asList(JSON.parse(v));
    } catch {
      return [];
    }
  }
  return [];
}

function asObject(v: unknown): Record<string, unknown> | undefined {
  if (typeof v === 'string') {
    try {
      return asObject(JSON.parse(v));
    } catch {
      return undefined;
    }
  }
  if (Array.isArray(v)) return asObject(v[0]);
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
}

/** Reads a list-valued setting (PLAYING_SETTING, HOME_COIN_SETTING, ...), tolerating a JSON string. */
export function settingList<T = Record<string, unknown>>(config: PlatformConfig, key: string): T[] {
  return asList(config[key]) as T[];
}

/** Reads an object-valued setting (LOGIN_REGIS_SETTING, timeZone, ...). */
export function settingObject<T = Record<string, unknown>>(config: PlatformConfig, key: string): T | undefined {
  return asObject(config[key]) as T | undefined;
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'Y' || v === 'true';

function languagesOf(config: PlatformConfig): LanguageItem[] {
  const raw = settingList(config, 'languageList').length ? settingList(config, 'languageList') : settingList(config, 'LANGUAGE_SETTING');
  return raw
    .map((r) => ({
      dictLabel: String(r.dictLabel ?? r.dictValue ?? ''),
      dictValue: String(r.dictValue ?? ''),
      dictSort: Number(r.dictSort ?? 0),
      imgUrl: String(r.imgUrl ?? ''),
      isDefault: (r.isDefault === 'Y' ? 'Y' : 'N') as 'Y' | 'N',
      status: r.status === undefined ? true : truthy(r.status) || r.status === '0',
    }))
    .filter((l) => l.dictValue !== '' && l.status)
    .sort((a, b) => a.dictSort - b.dictSort);
}

/**
 * Spec 3.5 hasOption: the platform offers options when the playing settings have an open options
 * entry or the option coin list is not empty.
 */
function hasOptionOf(config: PlatformConfig, coins: CoinLists): boolean {
  const playing = settingList<{ name?: string; isOpen?: unknown }>(config, 'PLAYING_SETTING');
  const entry = playing.find((p) => /option/i.test(String(p.name ?? '')));
  if (entry) return truthy(entry.isOpen);
  return coins.optionList.length > 0;
}

/** Replaces the config (4.4 on code 200, or the defaults/cache of 4.3 step 1) and derives the rest. */
export function applyConfig(config: PlatformConfig, source: SettingsState['source'], persist = source === 'server'): void {
  settings.config = ref(config) as PlatformConfig;
  settings.source = source;
  settings.languageList = languagesOf(config);
  const z = resolveTimeZone(settingObject(config, 'timeZone'));
  settings.timezone = z.timezone;
  settings.timezoneOffset = z.timezoneOffset;
  settings.offsetMinutes = z.offsetMinutes;
  settings.hasOption = hasOptionOf(config, settings.coins);
  if (persist) writeJson(StorageKeys.settings, config);
}

export function applyCoins(coins: Partial<CoinLists>, persist = true): void {
  const next: CoinLists = {
    coinList: asList(coins.coinList) as CoinItem[],
    currencyList: asList(coins.currencyList) as CoinItem[],
    contractList: asList(coins.contractList) as CoinItem[],
    optionList: asList(coins.optionList) as CoinItem[],
  };
  settings.coins = ref(next) as CoinLists;
  settings.hasOption = hasOptionOf(settings.config, next);
  if (persist) writeJson(StorageKeys.coinList, next);
}

export function cachedConfig(): PlatformConfig | undefined {
  const c = readJson<PlatformConfig>(StorageKeys.settings);
  return c && typeof c === 'object' && !Array.isArray(c) ? c : undefined;
}

export function cachedCoins(): Partial<CoinLists> | undefined {
  const c = readJson<Partial<CoinLists>>(StorageKeys.coinList);
  return c && typeof c === 'object' && !Array.isArray(c) ? c : undefined;
}

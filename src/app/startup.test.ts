import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../shared/defaultSettings';
import { StorageKeys } from '../shared/storageKeys';
import { memoryStorage } from './state/testing/memoryStorage';

const coins = { coinList: [], currencyList: [], contractList: [], optionList: [] };

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let settingsReply: () => Response;
let calls: string[];

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('localStorage', memoryStorage());
  calls = [];
  settingsReply = () => reply({ code: 200, msg: 'ok', data: DEFAULT_SETTINGS });
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(String(url));
    if (String(url).includes('getAllSetting')) return settingsReply();
    if (String(url).includes('getCoinList')) return reply({ code: 200, msg: 'ok', data: coins });
    return reply({ code: 0, msg: 'no' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function load() {
  const settings = await import('./state/settings');
  const startup = await import('./startup');
  return { ...settings, ...startup };
}

describe('[spec 4.4] settings', () => {
  it('[spec 4.4] code 200 replaces the config, derives time zone, language list and hasOption, and persists', async () => {
    const changed = structuredClone(DEFAULT_SETTINGS);
    changed.timeZone = { zoneId: 'Asia/Tokyo', offSet: '+09:00', offSetValue: 9 };
    changed.PLAYING_SETTING = changed.PLAYING_SETTING.map((p) => ({ ...p, isOpen: p.name !== 'Option' }));
    settingsReply = () => reply({ code: 200, msg: 'ok', data: changed });
    const { refreshSettings, settings } = await load();
    expect(await refreshSettings()).toBe(true);
    expect(settings.source).toBe('server');
    expect(settings.timezone).toBe('Asia/Tokyo');
    expect(settings.timezoneOffset).toBe('+09:00');
    expect(settings.hasOption).toBe(false);
    expect(settings.languageList.every((l) => l.status)).toBe(true);
    expect(JSON.parse(localStorage.getItem(StorageKeys.settings)!).timeZone.zoneId).toBe('Asia/Tokyo');
  });

  it('[spec 4.4] any other code is ignored silently; the built-in defaults stay', async () => {
    settingsReply = () => reply({ code: 0, msg: 'maintenance', data: { timeZone: 'x' } });
    const { refreshSettings, settings } = await load();
    expect(await refreshSettings()).toBe(false);
    expect(settings.source).toBe('defaults');
    expect(settings.config).toEqual(DEFAULT_SETTINGS);
    expect(localStorage.getItem(StorageKeys.settings)).toBeNull();
  });

  it('[spec 4.4] a network failure or a reply that fails the schema keeps the defaults', async () => {
    settingsReply = () => reply({ code: 200, msg: 'ok', data: { PLAYING_SETTING: 'broken' } });
    const { refreshSettings, settings } = await load();
    expect(await refreshSettings()).toBe(false);
    settingsReply = () => reply({}, 502);
    expect(await refreshSettings()).toBe(false);
    expect(settings.config).toEqual(DEFAULT_SETTINGS);
  });
});

describe('[spec 4.3] start-up', () => {
  it('[spec 4.3] step 1 loads the cached config and coin lists before the server answers', async () => {
    const cached = structuredClone(DEFAULT_SETTINGS);
    cached.SUPPORT_STAFF_SETTING = [{ name: 'Desk', url: 'https://example.test', imgUrl: '' }];
    localStorage.setItem(StorageKeys.settings, JSON.stringify(cached));
    localStorage.setItem(StorageKeys.coinList, JSON.stringify(coins));
    const { loadLocal, settings } = await load();
    loadLocal();
    expect(settings.source).toBe('cache');
    expect(settings.config.SUPPORT_STAFF_SETTING[0].name).toBe('Desk');
  });

  it('[spec 4.3] a corrupt cache is ignored', async () => {
    localStorage.setItem(StorageKeys.settings, '{"not":"settings"');
    const { loadLocal, settings } = await load();
    loadLocal();
    expect(settings.source).toBe('defaults');
  });

  it('[spec 4.3] step 3: the stored language wins, else the default-flagged one, else en', async () => {
    const { pickLanguage, applyConfig } = await load();
    // The defaults flag zh (spec 9.1).
    expect(pickLanguage()).toBe('zh');
    localStorage.setItem(StorageKeys.language, 'fr');
    expect(pickLanguage()).toBe('fr');
    localStorage.removeItem(StorageKeys.language);
    const none = structuredClone(DEFAULT_SETTINGS);
    none.languageList = none.languageList.map((l) => ({ ...l, isDefault: 'N' as const }));
    applyConfig(none, 'server', false);
    expect(pickLanguage()).toBe('en');
  });

  it("[DEPLOY-2] with no stored or default-flagged language, config.json's defaultLanguage takes the place of en", async () => {
    const { pickLanguage, applyConfig } = await load();
    const { setRuntimeConfig } = await import('./api/runtimeConfig');
    const none = structuredClone(DEFAULT_SETTINGS);
    none.languageList = none.languageList.map((l) => ({ ...l, isDefault: 'N' as const }));
    applyConfig(none, 'server', false);
    setRuntimeConfig({ defaultLanguage: 'de' });
    expect(pickLanguage()).toBe('de');
    setRuntimeConfig({ defaultLanguage: 'xx' });
    expect(pickLanguage()).toBe('en');
    localStorage.setItem(StorageKeys.language, 'fr');
    expect(pickLanguage()).toBe('fr');
  });

  it('[spec 4.3] startUp refreshes settings and coin lists, then marks the store ready', async () => {
    const { startUp, settings } = await load();
    await startUp();
    expect(calls.some((u) => u.includes('/api/common/getAllSetting'))).toBe(true);
    expect(calls.some((u) => u.includes('/api/common/getCoinList'))).toBe(true);
    expect(settings.ready).toBe(true);
  });

  it('[PERF-54] the messages of the screen it opens on load beside the settings calls, in the stored language', async () => {
    localStorage.setItem(StorageKeys.language, 'fr');
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(String(url));
      if (String(url).includes('getAllSetting')) return new Promise<Response>((r) => (answer = r));
      return Promise.resolve(reply({ code: 200, msg: 'ok', data: coins }));
    });
    const { startUp, settings } = await load();
    const { i18n } = await import('./i18n/index');
    const started = startUp({ namespaces: ['market'] });
    // The settings have not answered; the messages are in already.
    // Both languages load side by side; wait for both (either may land first).
    await vi.waitFor(
      () => {
        expect(i18n.hasResourceBundle('fr', 'market')).toBe(true);
        expect(i18n.hasResourceBundle('en', 'market')).toBe(true);
      },
      { timeout: 15_000 },
    );
    expect(i18n.hasResourceBundle('fr', 'common')).toBe(true);
    expect(settings.ready).toBe(false);
    answer(reply({ code: 200, msg: 'ok', data: DEFAULT_SETTINGS }));
    await started;
    expect(settings.ready).toBe(true);
  });

  it('[PERF-100] the number formatter of the guessed language is built while the settings calls are on the wire', async () => {
    localStorage.setItem(StorageKeys.language, 'de');
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(String(url));
      if (String(url).includes('getAllSetting')) return new Promise<Response>((r) => (answer = r));
      return Promise.resolve(reply({ code: 200, msg: 'ok', data: coins }));
    });
    const built: string[] = [];
    const NumberFormat = Intl.NumberFormat;
    const spy = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (locale, options) {
      built.push(`${String(locale)}${options?.notation ? ` ${options.notation}` : ''}`);
      return new NumberFormat(locale, options);
    });
    onTestFinished(() => spy.mockRestore());
    const { startUp, settings } = await load();
    const started = startUp();
    await vi.waitFor(() => expect(built).toEqual(expect.arrayContaining(['de-u-nu-latn', 'de-u-nu-latn compact'])));
    expect(settings.ready).toBe(false);
    // Built once: the prices that follow use the cached formatters.
    const { localize } = await import('../shared/numberFormat');
    const count = built.length;
    expect(localize('1234567.5', 'de')).toBe('1.234.567,5');
    expect(localize('3.68K', 'de')).toBe('3680');
    expect(built.length).toBe(count);
    answer(reply({ code: 200, msg: 'ok', data: DEFAULT_SETTINGS }));
    await started;
    expect(settings.ready).toBe(true);
  });

  it("[PERF-97] a first visit guesses config.json's default language, else en, not the built-in defaults' flag", async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(String(url));
      if (String(url).includes('getAllSetting')) return new Promise<Response>((r) => (answer = r));
      return Promise.resolve(reply({ code: 200, msg: 'ok', data: coins }));
    });
    const { startUp, settings, guessLanguage, applyConfig } = await load();
    const { i18n } = await import('./i18n/index');
    // No stored choice, no cached settings: the built-in defaults (which flag zh) are in the store.
    expect(settings.source).toBe('defaults');
    expect(guessLanguage()).toBe('en');
    const started = startUp({ namespaces: ['market'] });
    await vi.waitFor(() => expect(i18n.hasResourceBundle('en', 'market')).toBe(true), { timeout: 15_000 });
    expect(i18n.hasResourceBundle('zh', 'market')).toBe(false);
    answer(reply({ code: 200, msg: 'ok', data: DEFAULT_SETTINGS }));
    await started;
    // The server's flag decides the language shown, as before (spec 4.3 step 3).
    expect(i18n.language).toBe('zh');
    const { setRuntimeConfig } = await import('./api/runtimeConfig');
    applyConfig(DEFAULT_SETTINGS, 'defaults', false);
    setRuntimeConfig({ defaultLanguage: 'de' });
    expect(guessLanguage()).toBe('de');
    // Cached settings are local state: their flag is the guess (PERF-54).
    applyConfig(DEFAULT_SETTINGS, 'cache', false);
    expect(guessLanguage()).toBe('zh');
    localStorage.setItem(StorageKeys.language, 'fr');
    expect(guessLanguage()).toBe('fr');
  });

  it('[OPC-10] a language chosen after start-up asks for the settings again (their operator texts are per language)', async () => {
    const { startUp } = await load();
    const { languageState, setLanguage } = await import('./i18n/index');
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(String(url));
      if (String(url).includes('getAllSetting')) {
        asked.push(languageState.language);
        return settingsReply();
      }
      return reply({ code: 200, msg: 'ok', data: coins });
    });
    await startUp();
    expect(asked).toEqual(['en']);
    await setLanguage('ar');
    await vi.waitFor(() => expect(asked).toEqual(['en', 'ar']));
  });
});

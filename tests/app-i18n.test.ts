/**
 * Languages (spec 4.5, 4.3 step 3, 4.4) against the real server, and the message files themselves:
 * every language has the keys of English and no value left in English where the language has its own word.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appWithDemoUser,
  DESKTOP,
  gotoApp,
  LANGUAGE_KEY,
  PHONE,
  seedStorage,
  TOKEN_KEY,
  visitorPage,
} from './app-support';

const LOCALES = join(process.cwd(), 'src/app/i18n/locales');
const LANGS = ['ar', 'da', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt', 'ru', 'th', 'tr', 'vi', 'zh'];

type Tree = { [k: string]: string | Tree };
function flatten(t: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}
function load(lang: string, ns: string): Record<string, string> {
  return flatten(JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Tree);
}

/**
 * A value may equal the English one when nothing translatable is left once placeholders ({{x}}),
 * tickers and units in capitals (BTC, USDT, K, 24H), numbers and punctuation are removed,
 * or when the word is the same in that language (listed here, one by one).
 */
const SAME_WORD: Record<string, readonly string[]> = {
  '*': ['common:brand'],
  // Words these languages use as they are (exchange terms, short units), not English left behind.
  fr: [
    'common:nav.option',
    'common:title.option',
    'common:nav.menu',
    'common:title.message',
    'common:title.messageDetail',
    'common:ui.notifications',
    'trade:total',
    'trade:col.total',
    'trade:maxAmount',
    'trade:pages',
    'trade:col.action',
    'seconds:unit.s',
    'seconds:unit.min',
    'seconds:unit.h',
    'futures:col.action',
    'futures:pages',
    'options:tenor.5m',
    'options:tenor.15m',
    'options:tenor.1h',
    'finance:kind.flexible',
    'finance:product.min',
    'finance:col.kind',
    'finance:form.minPlaceholder',
    'proxy:programme.participant',
    'proxy:records.commission',
    'proxy:pager.label',
    'proxy:earnings.commissionUsdt',
    'invite:source.options',
  ],
  it: [
    'common:nav.menu',
    'trade:maxAmount',
    'seconds:unit.min',
    'futures:stopLoss',
    'futures:takeProfit',
    'futures:tpslAtOpen',
    'options:tenor.5m',
    'options:tenor.15m',
    'invite:source.futures',
  ],
  pt: [
    'common:nav.menu',
    'trade:total',
    'trade:col.total',
    'seconds:unit.min',
    'seconds:unit.h',
    'options:tenor.5m',
    'options:tenor.15m',
    'options:tenor.1h',
  ],
  da: [
    'common:nav.menu',
    'trade:limit',
    'trade:col.status',
    'trade:role.maker',
    'trade:role.taker',
    'futures:limit',
    'futures:margin',
    'futures:col.margin',
    'futures:sizeMargin',
    'finance:product.min',
    'finance:col.kind',
    'finance:form.minPlaceholder',
  ],
  pl: [
    'common:nav.menu',
    'trade:limit',
    'seconds:unit.min',
    'options:tenor.5m',
    'options:tenor.15m',
    'finance:product.min',
    'finance:form.minPlaceholder',
  ],
  de: [
    'trade:limit',
    'trade:col.status',
    'trade:role.maker',
    'trade:role.taker',
    'futures:limit',
    'futures:margin',
    'futures:col.margin',
    'futures:sizeMargin',
    'futures:col.order',
    'futures:col.status',
    'futures:long',
    'futures:short',
    'futures:optional',
    'futures:tab.funding',
    'finance:filter.coin',
    'finance:col.coin',
  ],
  es: [
    'trade:total',
    'trade:col.total',
    'seconds:unit.min',
    'seconds:unit.h',
    'options:tenor.5m',
    'options:tenor.15m',
    'options:tenor.1h',
    'finance:kind.flexible',
  ],
  tr: ['trade:limit', 'futures:limit', 'finance:filter.coin', 'finance:col.coin'],
  vi: ['finance:filter.coin', 'finance:col.coin'],
};
function untranslatable(value: string): boolean {
  const rest = value
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\b[A-Z0-9]{1,6}\b/g, ' ')
    .replace(/[^\p{L}]+/gu, '');
  return rest === '';
}

const namespaces = existsSync(join(LOCALES, 'en'))
  ? readdirSync(join(LOCALES, 'en'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
  : [];

describe('[spec 4.5] message files', () => {
  it('[spec 4.5] the common, market and account namespaces exist in English', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common']));
  });

  for (const ns of namespaces) {
    it(`[spec 4.5] ${ns}: all 16 languages have a file with exactly the keys of English`, () => {
      const en = Object.keys(load('en', ns)).sort();
      const problems: string[] = [];
      for (const lang of LANGS) {
        const file = join(LOCALES, lang, `${ns}.json`);
        if (!existsSync(file)) {
          problems.push(`${lang}/${ns}.json missing`);
          continue;
        }
        const keys = Object.keys(load(lang, ns)).sort();
        const missing = en.filter((k) => !keys.includes(k));
        const extra = keys.filter((k) => !en.includes(k));
        if (missing.length) problems.push(`${lang}/${ns}: missing ${missing.join(', ')}`);
        if (extra.length) problems.push(`${lang}/${ns}: extra ${extra.join(', ')}`);
      }
      expect(problems).toEqual([]);
    });

    it(`[spec 4.5] ${ns}: no value is left in English where the language has its own word`, () => {
      const en = load('en', ns);
      const problems: string[] = [];
      for (const lang of LANGS.filter((l) => l !== 'en')) {
        if (!existsSync(join(LOCALES, lang, `${ns}.json`))) continue; // reported by the key test
        const tr = load(lang, ns);
        const allowed = [...(SAME_WORD['*'] ?? []), ...(SAME_WORD[lang] ?? [])];
        for (const [k, v] of Object.entries(tr)) {
          if (en[k] === undefined || v !== en[k]) continue;
          if (allowed.includes(`${ns}:${k}`) || untranslatable(v)) continue;
          problems.push(`${lang}/${ns}:${k} = ${JSON.stringify(v)}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it(`[spec 4.5] ${ns}: placeholders ({{x}}) are kept in every language`, () => {
      const en = load('en', ns);
      const problems: string[] = [];
      const vars = (s: string) =>
        (s.match(/\{\{\s*\w+\s*\}\}/g) ?? [])
          .map((x) => x.replace(/\s/g, ''))
          .sort()
          .join(',');
      for (const lang of LANGS) {
        if (!existsSync(join(LOCALES, lang, `${ns}.json`))) continue;
        for (const [k, v] of Object.entries(load(lang, ns)))
          if (en[k] !== undefined && vars(v) !== vars(en[k])) problems.push(`${lang}/${ns}:${k}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('[spec 4.5] switching languages in the browser', () => {
  const env = appWithDemoUser();
  /**
   * PERF-69: the block's tests share one context whose storage is cleared after each test; each stores what a fresh
   * context of its own would have started with (the token, the language or none) before its first load.
   */
  const visitor = visitorPage(() => env.app.browser);
  const pageWith = async (size: { width: number; height: number }, entries: Record<string, string | null>) => {
    const page = await visitor(size);
    await seedStorage(page, env.app.server.url, entries);
    return page;
  };

  it('[spec 4.5] switching to Arabic sets lang="ar" and dir="rtl", translates the shell, mirrors the layout and is remembered', async () => {
    const page = await pageWith(PHONE, { [TOKEN_KEY]: env.token });
    try {
      await gotoApp(page, env.app.server.url + '/langList');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'en',
        'ltr',
      ]);
      await page.locator('button[data-lang="ar"]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'ar');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'ar',
        'rtl',
      ]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('اللغة');
      expect(await page.evaluate(() => localStorage.getItem('openex:language'))).toBe('ar');
      // Mirrored: the back button sits on the right.
      const back = await page.getByRole('button', { name: 'رجوع' }).boundingBox();
      expect(back!.x).toBeGreaterThan(390 / 2);
      // Remembered across a reload.
      await gotoApp(page, env.app.server.url + '/');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'ar',
        'rtl',
      ]);
      expect(await page.locator('nav[data-testid="tabbar"] a[href="/"]').textContent()).toContain('الرئيسية');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it('[spec 4.5] every bundled language loads its own messages and sets <html lang>', async () => {
    const page = await pageWith(DESKTOP, { [TOKEN_KEY]: env.token });
    /** The shell's main navigation in `lang`: found by its translated name, its first link's text. */
    const firstNavLabel = (tr: Record<string, string>) =>
      page.getByRole('navigation', { name: tr['nav.main'] }).getByRole('link').first().textContent();
    try {
      // Each language the settings offer is chosen from the list, as a person switches (no page load); one they do
      // not offer (disabled in the dictionary, so not in the list) is stored and loaded at start-up, as before.
      // The last one offered is then also loaded from storage at start-up.
      await gotoApp(page, env.app.server.url + '/langList');
      const en = load('en', 'common');
      const offered = await page.$$eval('.langlist__list button[data-lang]', (bs) =>
        bs.map((b) => b.getAttribute('data-lang') ?? ''),
      );
      const others = LANGS.filter((l) => l !== 'en');
      // Most are switched in the app: a list that offered none would make this the old test, one load a language.
      expect(others.filter((l) => offered.includes(l)).length).toBeGreaterThan(others.length / 2);
      for (const lang of others) {
        if (offered.includes(lang)) {
          await page.locator(`button[data-lang="${lang}"]`).click();
          // The switch is done once <html lang> is set and the list is no longer busy (a click while busy is ignored).
          await page.waitForFunction(
            (l) => document.documentElement.lang === l && !document.querySelector('.langlist__list .spinner'),
            lang,
          );
        } else {
          await page.evaluate((l) => localStorage.setItem('openex:language', l), lang);
          await gotoApp(page, env.app.server.url + '/langList');
        }
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        const tr = load(lang, 'common');
        const label = await firstNavLabel(tr);
        expect(label, lang).toBe(tr['nav.markets']);
        expect(label).not.toBe(en['nav.markets']);
      }
      const last = others.filter((l) => offered.includes(l)).at(-1)!;
      await page.locator(`button[data-lang="${last}"]`).click();
      await page.waitForFunction(
        (l) => document.documentElement.lang === l && !document.querySelector('.langlist__list .spinner'),
        last,
      );
      expect(await page.evaluate(() => localStorage.getItem('openex:language'))).toBe(last);
      await gotoApp(page, env.app.server.url + '/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(last);
      expect(await firstNavLabel(load(last, 'common'))).toBe(load(last, 'common')['nav.markets']);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it('[spec 4.3] with no stored language the default-flagged language of the settings is used, else English', async () => {
    const page = await pageWith(PHONE, { [LANGUAGE_KEY]: null });
    try {
      await page.route('**/api/common/getAllSetting', async (route) => {
        const res = await route.fetch();
        const json = await res.json();
        json.data.languageList = json.data.languageList.map((l: { dictValue: string }) => ({
          ...l,
          isDefault: l.dictValue === 'de' ? 'Y' : 'N',
        }));
        await route.fulfill({ response: res, json });
      });
      await gotoApp(page, env.app.server.url + '/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      // Picking is not choosing: nothing was stored.
      expect(await page.evaluate(() => localStorage.getItem('openex:language'))).toBeNull();

      await page.unroute('**/api/common/getAllSetting');
      await page.route('**/api/common/getAllSetting', async (route) => {
        const res = await route.fetch();
        const json = await res.json();
        json.data.languageList = json.data.languageList.map((l: object) => ({ ...l, isDefault: 'N' }));
        await route.fulfill({ response: res, json });
      });
      await page.evaluate(() => localStorage.removeItem('openex:settings'));
      await gotoApp(page, env.app.server.url + '/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it('[spec 4.5] an unknown stored language falls back to English', async () => {
    const page = await pageWith(PHONE, { [LANGUAGE_KEY]: 'xx' });
    try {
      await gotoApp(page, env.app.server.url + '/');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'en',
        'ltr',
      ]);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it('[spec 4.4] settings: code 200 replaces and persists; any other code is ignored and the earlier config stays', async () => {
    const page = await visitor(PHONE);
    try {
      await gotoApp(page, env.app.server.url + '/');
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('openex:settings') ?? 'null'));
      expect(stored?.PLAYING_SETTING?.length).toBeGreaterThan(0);
      expect(stored?.timeZoneList?.length).toBe(38);

      // A reply with code 0 must not replace the stored config.
      await page.route('**/api/common/getAllSetting', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ code: 0, msg: 'nope', data: { broken: true } }),
        }),
      );
      await page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem('openex:settings')!);
        s.SUPPORT_STAFF_SETTING = [{ name: 'Cached desk', url: 'https://example.invalid/chat', imgUrl: '' }];
        localStorage.setItem('openex:settings', JSON.stringify(s));
      });
      await gotoApp(page, env.app.server.url + '/');
      const after = await page.evaluate(() => JSON.parse(localStorage.getItem('openex:settings')!));
      expect(after.SUPPORT_STAFF_SETTING[0].name).toBe('Cached desk');
      expect(after.broken).toBeUndefined();
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});

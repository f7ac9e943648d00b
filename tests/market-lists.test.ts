/**
 * MKT-1 to MKT-4, TRADE-1 and CONTENT-1 against the real server and Chromium: markets (spec 3.4 lists, sorting, row → trade),
 * search (across the four lists, recent searches), the trade header tabs (spec 2.4), the content screens
 * (help, help detail, about, terms, download) and axe-core on the screens not covered by app-a11y.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  appWithDemoUser,
  DESKTOP,
  gotoApp,
  keptPage,
  navigateInApp,
  newContext,
  PHONE,
  visit,
  waitForContent,
} from './app-support';
import { axeSerious } from './helpers/axe';

const env = appWithDemoUser();

async function api<T>(path: string): Promise<T> {
  const r = (await (await fetch(env.app.server.url + path)).json()) as { code: number; data: T };
  expect(r.code).toBe(200);
  return r.data;
}

/**
 * One page per size and language, kept with the app loaded: the tests reach their screens inside it (`visit`),
 * each test after the first of a page without a load; the search's recent list is the only storage they change.
 */
const kept = new Map(
  [PHONE, DESKTOP].flatMap((viewport) =>
    ['en', 'ar'].map((language) => [
      `${viewport.width}:${language}`,
      keptPage(() => newContext(env.app.browser, { viewport, token: env.token, language, bypassCSP: true })),
    ]),
  ),
);

async function withPage(
  viewport: { width: number; height: number },
  fn: (page: Page) => Promise<void>,
  language = 'en',
): Promise<void> {
  await fn(await kept.get(`${viewport.width}:${language}`)!());
}

const url = () => env.app.server.url;

describe('[MKT-1] markets (/store, spec 3.4)', () => {
  it('[spec 3.4] one tab per coin list; sorting by price puts the highest price first; a row opens its trade screen', async () => {
    await withPage(DESKTOP, async (page) => {
      await visit(page, url(), '/store');
      const tabs = await page.$$eval('[role="tab"]', (els) => els.map((e) => e.textContent));
      expect(tabs).toEqual(['Second contracts', 'Spot trading', 'Futures', 'Options']);
      const coins = await api<{ coinList: unknown[] }>('/api/common/getCoinList');
      // [PERF-42] the table tells the whole list (plus its header row); the rows themselves are virtual.
      expect(await page.getAttribute('#mk-panel table', 'aria-rowcount')).toBe(String(coins.coinList.length + 1));

      await page.click('th button:has-text("Last price")');
      await page.waitForFunction(() =>
        document.querySelector('th[aria-sort="descending"]')?.textContent?.includes('Last price'),
      );
      expect(page.url()).toContain('sort=price');
      const tickers = await api<Record<string, { close: string }>>('/api/market/tickers');
      const top = Object.entries(tickers).sort((a, b) => Number(b[1].close) - Number(a[1].close))[0][0];
      await page.waitForFunction(
        (sym) => document.querySelector('#mk-panel .mt-row')?.getAttribute('data-symbol') === sym,
        top,
        { timeout: 15_000 },
      );

      await page.click('th button:has-text("Last price")');
      await page.waitForFunction(() =>
        document.querySelector('th[aria-sort="ascending"]')?.textContent?.includes('Last price'),
      );

      await page.click('[role="tab"]:has-text("Spot trading")');
      await page.waitForSelector('[role="tab"][aria-selected="true"]:has-text("Spot trading")');
      expect(page.url()).toContain('list=currencyList');
      // Sorted by price, ascending: ETH is near the end of the virtual list (PERF-40), rendered once scrolled to.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.click('#mk-panel .mt-row[data-symbol="ethusdt"] td:last-child');
      await page.waitForURL(/\/trade\?symbol=ethusdt/);
    });
  });

  it('[spec 3.4] customizeFlag 2 rows show the showSymbol; other rows show BASE/QUOTE', async () => {
    const coins = await api<{
      currencyList: Array<{
        symbol: string;
        showSymbol: string;
        customizeFlag: number;
        coin: string;
        baseCoin: string;
      }>;
    }>('/api/common/getCoinList');
    await withPage(PHONE, async (page) => {
      await visit(page, url(), '/store?list=currencyList');
      const shown = await page.$$eval('#mk-panel .mt-row', (els) =>
        els.map((e) => [e.getAttribute('data-symbol'), e.querySelector('.mt-pair')?.textContent ?? '']),
      );
      for (const [sym, text] of shown) {
        const c = coins.currencyList.find((x) => x.symbol === sym)!;
        expect(text).toBe(c.customizeFlag === 2 ? c.showSymbol : `${c.coin.toUpperCase()}/${c.baseCoin.toUpperCase()}`);
      }
    });
  });
});

/** Counts React commits in the page (the devtools hook React calls after each commit). */
const COUNT_COMMITS = `window.__commits = 0;
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true, renderers: new Map(),
  inject() { return 1; }, checkDCE() {},
  onCommitFiberRoot() { window.__commits++; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
};`;

describe('[PERF-40] virtual market lists', () => {
  it('[PERF-40][PERF-41][PERF-44][PERF-45] markets on the phone: rows on screen only, prices tick without a React commit, scrolling moves the rows and the watched symbols', async () => {
    const coins = await api<{ currencyList: Array<{ symbol: string }> }>('/api/common/getCoinList');
    const total = coins.currencyList.length;
    expect(total).toBeGreaterThan(40);
    // A tab of its own (in the phone's kept context): the commit counter is installed before the app loads.
    await withPage(PHONE, async (kept) => {
      const page = await kept.context().newPage();
      try {
        await page.addInitScript(COUNT_COMMITS);
        await gotoApp(page, url() + '/store?list=currencyList');
        await page.waitForFunction(() =>
          [...document.querySelectorAll('#mk-panel .mt-row .px')].some((e) => e.textContent !== '--'),
        );
        const shown = await page.$$eval('#mk-panel .mt-row', (els) => els.length);
        expect(shown).toBeLessThan(total);
        expect(await page.getAttribute('#mk-panel .mt-row >> nth=0', 'aria-rowindex')).toBe('2');

        // Five price changes in the rows on screen, then how many React commits they cost.
        await page.evaluate(() => {
          const w = window as unknown as { __changes: number; __commits: number; __before: number };
          w.__changes = 0;
          w.__before = w.__commits;
          new MutationObserver((ms) => (w.__changes += ms.length)).observe(document.querySelector('#mk-panel tbody')!, {
            subtree: true,
            childList: true,
            characterData: true,
          });
        });
        await page.waitForFunction(() => (window as unknown as { __changes: number }).__changes >= 5, null, {
          timeout: 30_000,
        });
        const commits = await page.evaluate(() => {
          const w = window as unknown as { __commits: number; __before: number };
          return w.__commits - w.__before;
        });
        expect(commits).toBe(0);

        const watchedBefore = await page.evaluate(() => window.__openex!.watching());
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const last = coins.currencyList.at(-1)!.symbol;
        await page.waitForSelector(`#mk-panel .mt-row[data-symbol="${last}"]`);
        expect(await page.getAttribute('#mk-panel .mt-row >> nth=0', 'aria-rowindex')).not.toBe('2');
        await page.waitForFunction((sym) => window.__openex!.watching().some((k) => k.includes(sym)), last);
        expect(watchedBefore.some((k) => k.includes(last))).toBe(false);
      } finally {
        await page.close();
      }
    });
  });

  it('[PERF-43][PERF-46] the pair panel: End and Home move focus to the last and first pair through the virtual rows; Enter opens a pair', async () => {
    await withPage(DESKTOP, async (page) => {
      await visit(page, url(), '/trade?symbol=btcusdt');
      await page.waitForSelector('.pp-list .mt-row');
      const count = Number(await page.getAttribute('.pp-list table', 'aria-rowcount'));
      expect(await page.$$eval('.pp-list .mt-row', (els) => els.length)).toBeLessThan(count - 1);
      await page.focus('.pp-list .mt-row >> nth=0 >> .mt-pair');
      await page.keyboard.press('End');
      await page.waitForFunction(
        (n) => document.activeElement?.closest('tr')?.getAttribute('aria-rowindex') === String(n),
        count,
      );
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('mt-pair');
      await page.keyboard.press('Home');
      await page.waitForFunction(() => document.activeElement?.closest('tr')?.getAttribute('aria-rowindex') === '2');
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction(() => document.activeElement?.closest('tr')?.getAttribute('aria-rowindex') === '3');
      const sym = await page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-symbol'));
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`symbol=${sym}`));
    });
  });
});

describe('[PERF-101] a short list renders whole', () => {
  it('[PERF-101][PERF-43] home: every row rendered; Page Down moves focus by the rows that fit the view, measured from the row', async () => {
    await withPage(PHONE, async (page) => {
      await visit(page, url(), '/');
      await page.waitForSelector('.home .mt-row');
      const count = Number(await page.getAttribute('.home table', 'aria-rowcount')) - 1;
      expect(count).toBeLessThanOrEqual(40);
      expect(await page.$$eval('.home .mt-row', (els) => els.length)).toBe(count);
      await page.focus('.home .mt-row >> nth=0 >> .mt-pair');
      const expected = await page.evaluate((n) => {
        const row = document.querySelector('.home .mt-row')!.getBoundingClientRect().height;
        return Math.min(n - 1, Math.max(1, Math.floor(window.innerHeight / row) - 1)) + 2;
      }, count);
      expect(expected).toBeGreaterThan(3);
      await page.keyboard.press('PageDown');
      await page.waitForFunction(
        (n) => document.activeElement?.closest('tr')?.getAttribute('aria-rowindex') === String(n),
        expected,
      );
    });
  });
});

describe('[MKT-4] search (/search)', () => {
  it('filters the four lists, opens the trade screen, and remembers the search', async () => {
    await withPage(PHONE, async (page) => {
      await visit(page, url(), '/search');
      await page.fill('input[type="search"]', 'eth');
      await page.waitForSelector('.mt-row[data-symbol="ethusdt"]');
      const tags = await page.$$eval('.mt-row[data-symbol="ethusdt"] .mt-tag', (els) => els.map((e) => e.textContent));
      expect(tags).toEqual(['Second contracts', 'Spot trading', 'Futures', 'Options']);
      await page.click('.mt-row[data-symbol="ethusdt"] >> nth=1');
      await page.waitForURL(/\/trade\?symbol=ethusdt/);
      await page.goto(env.app.server.url + '/search');
      await page.waitForSelector('.search-chip');
      expect(await page.$$eval('.search-chip', (els) => els.map((e) => e.textContent))).toContain('eth');
      await page.fill('input[type="search"]', 'nosuchcoin');
      await page.waitForSelector('text=No pairs match');
    });
  });
});

describe('[TRADE-1] trade header tabs (spec 2.4)', () => {
  it('[spec 2.4] Optional (watchlist) is always first, then PLAYING_SETTING; tabs switch the route', async () => {
    await withPage(PHONE, async (page) => {
      await visit(page, url(), '/flash?symbol=btcusdt');
      const modes = await page.$$eval('.trade-tabs a', (els) => els.map((e) => e.getAttribute('data-mode')));
      expect(modes).toEqual(['Optional', 'SecondContract', 'BBTrading', 'Ustandard', 'Option']);
      expect(await page.getAttribute('.trade-tabs a[data-mode="SecondContract"]', 'aria-current')).toBe('page');
      await page.click('.trade-tabs a[data-mode="Ustandard"]');
      await page.waitForURL(/\/contract\?symbol=btcusdt/);
      await page.click('.trade-tabs a[data-mode="Optional"]');
      await page.waitForURL(/tab=optional/);
      // The demo user's watchlist (getUserCoin) or its empty state.
      await page.waitForSelector('.mt-row, .empty-state');
    });
  });
  it('an unknown symbol in the link falls back to the first pair of the mode, with a message', async () => {
    const coins = await api<{ currencyList: Array<{ symbol: string; sort: number }> }>('/api/common/getCoinList');
    const first = [...coins.currencyList].sort((a, b) => a.sort - b.sort)[0].symbol;
    await withPage(PHONE, async (page) => {
      // A link: loaded (the trade modes share one screen, which an in-app move would keep).
      await gotoApp(page, url() + '/trade?symbol=nosuchpair');
      await page.waitForURL(new RegExp(`/trade\\?symbol=${first}$`));
      await page.waitForSelector('text=nosuchpair is not listed');
    });
  });
});

describe('[CONTENT-1] content screens', () => {
  it('help lists the HELP texts and a detail shows the text; about, terms and download show server content', async () => {
    const help = await api<Array<{ id: number; title: string; content: string }>>('/api/option/rules/list?key=HELP');
    expect(help.length).toBeGreaterThan(0);
    await withPage(PHONE, async (page) => {
      await visit(page, url(), '/help');
      await page.waitForSelector('.help-item');
      expect(await page.$$eval('.help-item', (els) => els.map((e) => e.textContent))).toEqual(help.map((h) => h.title));
      await page.click('.help-item >> nth=0');
      await page.waitForURL(new RegExp(`/helpDetail/${help[0].id}$`));
      await page.waitForSelector('.mk-article-title');
      expect(await page.textContent('.mk-article-title')).toBe(help[0].title);

      // Loaded: the detail screen shown keeps itself on an in-app move to another article.
      await gotoApp(page, url() + '/helpDetail/999999');
      await page.waitForSelector('text=This article was not found');

      // The other content screens through the app's own navigation: what is checked is their content, not a load.
      const about = await api<Array<{ content: string }>>('/api/option/rules/list?key=ABOUT');
      await navigateInApp(page, '/about');
      await page.waitForSelector('.mk-text p');
      expect(await page.textContent('.mk-text p')).toBe(about[0].content.split(/\n\s*\n/)[0].trim());

      await navigateInApp(page, '/termService');
      await page.waitForSelector('#terms-h');
      await page.waitForFunction(() => document.querySelectorAll('.mk-text p').length > 1);

      const settings = await api<{ DOWNLOAD_SETTING: Array<{ name: string; url: string; isOpen: boolean }> }>(
        '/api/common/getAllSetting',
      );
      await navigateInApp(page, '/download');
      const open = settings.DOWNLOAD_SETTING.filter((d) => d.isOpen && /^https?:/.test(d.url));
      if (open.length) {
        await page.waitForSelector('.dl-btn');
        const hrefs = await page.$$eval('.dl-btn', (els) => els.map((e) => e.getAttribute('href')));
        expect(hrefs.sort()).toEqual(open.map((d) => d.url).sort());
      } else {
        await page.waitForSelector('.empty-state');
      }
    });
  });
});

describe('[A11Y-1] accessibility of the other market screens', () => {
  const paths = ['/search', '/help', '/helpDetail/101', '/about', '/termService', '/download', '/flash?tab=optional'];
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const language of ['en', 'ar']) {
      it(`no serious or critical axe violation, ${label}, ${language}`, async () => {
        const found: string[] = [];
        await withPage(
          viewport,
          async (page) => {
            // At most one page load; the other screens are reached through the app's own navigation.
            await visit(page, url(), paths[0]);
            for (const path of paths) {
              if (path !== paths[0]) await navigateInApp(page, path);
              await waitForContent(page);
              for (const v of await axeSerious(page)) {
                found.push(
                  `${path} ${v.id} (${v.impact}): ${v.nodes
                    .slice(0, 3)
                    .map((n) => n.target.join(' '))
                    .join(' | ')}`,
                );
              }
            }
          },
          language,
        );
        expect(found).toEqual([]);
      });
    }
  }
});

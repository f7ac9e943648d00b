import { startServer } from './helpers/server';
import { launchBrowser } from './helpers/browser';
import { DESKTOP, PHONE, loginToken, newContext, gotoApp, waitForContent } from './app-support';

const server = await startServer({ STATIC_DIR: `${process.cwd()}/dist` });
console.log('server pid', server.proc.pid);
const token = await loginToken(server);
const browser = await launchBrowser();
const only = process.argv[2];
try {
  for (const lang of ['en', 'ar']) {
    for (const [vpName, vp] of [['desk', DESKTOP], ['phone', PHONE]] as const) {
      for (const [name, path] of [['spot', '/trade?symbol=btcusdt'], ['futures', '/contract?symbol=btcusdt']]) {
        if (only && !`${lang}-${vpName}-${name}`.includes(only)) continue;
        const ctx = await newContext(browser, { viewport: vp, token, language: lang });
        await ctx.addInitScript('window.__name = (f) => f');
        const page = await ctx.newPage();
        await gotoApp(page, `${server.url}${path}`);
        await waitForContent(page, 40_000).catch((e) => console.log('waitForContent', String(e).slice(0, 100)));
        await page.waitForSelector('[data-rows]', { timeout: 20_000 }).catch(() => undefined);
        await page.waitForTimeout(2500);
        const info = await page.evaluate(() => {
          const ob = document.querySelector('[data-rows]');
          const asks = Array.from(document.querySelectorAll('.ob-side--ask table tr, .ob-side--ask button')).map((e) => e.textContent);
          return {
            rows: ob?.getAttribute('data-rows'),
            header: document.querySelector('[data-testid=header-price]')?.textContent,
            stats: Array.from(document.querySelectorAll('.ph-val')).map((e) => e.textContent),
            mid: document.querySelector('.ob-last')?.textContent,
            group: (document.querySelector('.ob select') as HTMLSelectElement | null)?.value,
            asks: asks.slice(0, 12),
          };
        });
        console.log(lang, vpName, name, JSON.stringify(info));
        await page.screenshot({ path: `/tmp/num26-shots/${lang}-${vpName}-${name}.png` });
        await ctx.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

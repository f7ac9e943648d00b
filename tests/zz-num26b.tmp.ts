import { startServer } from './helpers/server';
import { launchBrowser } from './helpers/browser';
import { DESKTOP, PHONE, loginToken, newContext, gotoApp, waitForContent } from './app-support';

const server = await startServer({ STATIC_DIR: `${process.cwd()}/dist` });
const token = await loginToken(server);
const browser = await launchBrowser();
try {
  for (const [lang, vp, vpName] of [
    ['en', DESKTOP, 'desk'],
    ['ar', DESKTOP, 'desk'],
    ['de', DESKTOP, 'desk'],
    ['ar', PHONE, 'phone'],
    ['en', PHONE, 'phone'],
  ] as const) {
    const ctx = await newContext(browser, { viewport: vp, token, language: lang });
    await ctx.addInitScript('window.__name = (f) => f');
    const page = await ctx.newPage();
    await gotoApp(page, `${server.url}/trade?symbol=dotusdt`);
    await waitForContent(page, 40_000).catch((e) => console.log('waitForContent', String(e).slice(0, 100)));
    for (const iv of ['1d', '1w']) {
      const b = page.locator(`[data-interval="${iv}"]`);
      if (!(await b.count())) {
        console.log('no interval', iv, await page.locator('[data-interval]').evaluateAll((e) => e.map((x) => x.getAttribute('data-interval'))));
        continue;
      }
      await b.first().click();
      await page.waitForTimeout(2500);
      const kc = page.locator('.kc').first();
      await kc.screenshot({ path: `/tmp/num26-shots/axis-${lang}-${vpName}-${iv}.png` });
    }
    console.log(lang, vpName, await page.getByTestId('header-price').textContent(), await page.locator('.ph-val').allTextContents());
    await page.screenshot({ path: `/tmp/num26-shots/dot-${lang}-${vpName}.png` });
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

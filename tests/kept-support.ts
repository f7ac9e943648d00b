/**
 * PERF-70: what the trade, records, market and rewards files add to PERF-69's kept pages (`keptPage`, `visit`,
 * `seedStorage` in tests/app-support.ts), for tests that run one after another on one app.
 */
import { afterEach } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { keptPage, navigateInApp, visit } from './app-support';

/**
 * PERF-70: a {@link keptPage} that is parked on about:blank when a test on it fails, so the next test loads the app
 * anew rather than starting from whatever the failed one left open (a dialog, a hidden document, a held route).
 */
export function keptPageParkedOnFailure(make: () => Promise<BrowserContext>): () => Promise<Page> {
  const get = keptPage(make);
  let last: Page | undefined;
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && last && !last.isClosed())
      await last.goto('about:blank').catch(() => undefined);
  });
  return async () => (last = await get());
}

/**
 * PERF-70: opens `path` on the app at `base` with its screen mounted anew, as {@link visit} does, but without a load
 * when the page already shows that route (another pair of /trade, the same screen again): it moves to `via` inside
 * the app first, so the screen is left (its state with it) and mounted again on the way back.
 */
export async function reach(page: Page, base: string, path: string, via = '/wallet'): Promise<void> {
  const here = page.url().startsWith(base) ? new URL(page.url()) : undefined;
  if (
    here &&
    here.pathname === new URL(path, base).pathname &&
    here.pathname !== via &&
    (await page.locator('.layout').count()) > 0
  )
    await navigateInApp(page, via);
  await visit(page, base, path);
}

/**
 * Makes a tab hidden the way a browser does when the tab is in the background: the page's
 * visibilityState becomes "hidden" and requestAnimationFrame stops. Headless Chromium keeps every page
 * visible, so we ask the renderer through CDP to treat the page as hidden.
 */
import type { Page } from 'playwright-core';

export async function hideTab(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Emulation of a backgrounded page: hidden visibility and no animation frames.
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false }).catch(() => {});
  await cdp.send('Page.setWebLifecycleState', { state: 'hidden' } as never).catch(() => {});
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

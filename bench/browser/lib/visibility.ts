/**
 * Makes a tab hidden for B2. Headless Chromium keeps every page visible and CDP has no visibility
 * emulation (minimising the window or Page.setWebLifecycleState did not stop rAF, see
 * tests/engine-tabs.test.ts), so we override document.visibilityState and dispatch visibilitychange,
 * exactly as a backgrounded tab would see it. The market client checks visibility before it grants the
 * worker a credit; the naive client, like the front ends it stands for, ignores visibility.
 * (A string, not a function: tsx would wrap a function with helpers the page does not have.)
 */
import type { Page } from 'playwright-core';

export async function hideTab(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

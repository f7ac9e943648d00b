/**
 * The tab's one market client. Importing it starts nothing: the worker starts with the first watch or
 * diagnostics call. It also installs `window.__openex` (debug.ts) and follows test-platform changes made in
 * other tabs (a change in this tab must call `marketClient.setTestPlatform`).
 */
import { StorageKeys } from '../../shared/storageKeys';
import { parseTestPlatform } from '../../shared/testPlatform';
import { createMarketClient, type MarketClient } from './client';
import { createDebugHandle } from './debug';
import { browserTabEnv } from './tabEnv';

export const marketClient: MarketClient = createMarketClient(browserTabEnv());

if (typeof window !== 'undefined') {
  window.__openex = createDebugHandle(marketClient);
  window.addEventListener('storage', (ev: StorageEvent) => {
    if (ev.key === StorageKeys.testPlatform) marketClient.setTestPlatform(parseTestPlatform(ev.newValue));
  });
}

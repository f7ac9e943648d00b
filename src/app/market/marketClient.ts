/**
 * The tab's one market client. Importing it starts nothing: the worker starts with the first watch or
 * diagnostics call. It also installs `window.__openex` (debug.ts) and follows test-platform changes made in
 * other tabs (a change in this tab must call `marketClient.setTestPlatform`), and keeps the last prices shown for an
 * offline start (priceSnapshot.ts).
 */
import { topicKey } from '../../engine';
import { StorageKeys } from '../../shared/storageKeys';
import { parseTestPlatform } from '../../shared/testPlatform';
import { createMarketClient, type MarketClient } from './client';
import { createDebugHandle } from './debug';
import { readJson, writeJson } from '../state/storage';
import { browserTabEnv } from './tabEnv';
import { clock } from '../time/clock';

export const marketClient: MarketClient = createMarketClient(browserTabEnv());

if (typeof window !== 'undefined') {
  window.__openex = createDebugHandle(marketClient);
  window.addEventListener('storage', (ev: StorageEvent) => {
    if (ev.key === StorageKeys.testPlatform) marketClient.setTestPlatform(parseTestPlatform(ev.newValue));
  });
  // PERF-24: the last prices shown, saved every few seconds and shown at a start with no connection yet; its own
  // small chunk, loaded beside the first screen rather than in front of it (PERF-10).
  void import('./priceSnapshot').then(({ installPriceSnapshot }) =>
    installPriceSnapshot(marketClient.store, {
      tickerKey: (symbol) => topicKey({ kind: 'ticker', symbol }),
      read: () => readJson(StorageKeys.lastPrices),
      write: (snap) => writeJson(StorageKeys.lastPrices, snap),
      now: () => clock.now(),
      setInterval: (fn, ms) => clock.setInterval(fn, ms),
      clearInterval: (h) => clock.clearInterval(h as number),
    }),
  );
}

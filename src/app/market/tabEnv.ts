/**
 * The browser side of {@link ClientEnv}: rAF, page visibility, Web Locks, storage. The only file of the
 * tab-side client that touches these globals; unit tests pass fakes instead.
 */
import { nanoid } from 'nanoid';
import { StorageKeys } from '../../shared/storageKeys';
import { parseTestPlatform } from '../../shared/testPlatform';
import { readString } from '../state/storage';
import type { ClientEnv } from './clientEnv';
import { openMarketWorker } from './connect';
import { clock } from '../time/clock';
import { runtimeConfig } from '../api/runtimeConfig';

export function browserTabEnv(): ClientEnv {
  return {
    openWorker: openMarketWorker,
    requestFrame: (cb) => {
      clock.requestFrame((ts) => cb(clock.timeOrigin() + ts));
    },
    isHidden: () => document.visibilityState === 'hidden',
    onVisible: (cb) => {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState !== 'hidden') cb();
      });
    },
    onPageHide: (cb) => {
      addEventListener('pagehide', (ev) => {
        if (!(ev as PageTransitionEvent).persisted) cb();
      });
    },
    holdLock: (name) => {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return Promise.resolve(undefined);
      return new Promise<(() => void) | undefined>((resolve) => {
        locks
          .request(name, () => new Promise<void>((release) => resolve(() => release())))
          .catch(() => resolve(undefined));
      });
    },
    newId: () => nanoid(),
    readTestPlatform: () => parseTestPlatform(readString(StorageKeys.testPlatform)),
    readEndpoints: () => {
      const { apiBase, socketUrls } = runtimeConfig();
      return { apiBase, socketUrls };
    },
    paintNow: () => clock.timeOrigin() + clock.monotonic(),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h),
  };
}

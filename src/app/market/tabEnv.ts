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

export function browserTabEnv(): ClientEnv {
  return {
    openWorker: openMarketWorker,
    requestFrame: (cb) => {
      requestAnimationFrame((ts) => cb(performance.timeOrigin + ts));
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
    paintNow: () => performance.timeOrigin + performance.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
}

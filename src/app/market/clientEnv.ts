/**
 * Everything the tab-side market client needs from the browser, in one object: tabEnv.ts gives the real one,
 * unit tests pass fakes.
 */
import type { TestPlatform } from '../../shared/testPlatform';
import type { WorkerHandle } from './connect';
import type { Endpoints } from '../../workers/bases';

export interface ClientEnv {
  openWorker(): WorkerHandle;
  /** requestAnimationFrame; the callback gets the frame's time as epoch ms (timeOrigin + rAF timestamp). */
  requestFrame(cb: (frameTime: number) => void): void;
  isHidden(): boolean;
  onVisible(cb: () => void): void;
  onPageHide(cb: () => void): void;
  /**
   * Takes the lock for the rest of the tab's life (or until the returned release is called); resolves once
   * held, with undefined where Web Locks do not exist.
   */
  holdLock(name: string): Promise<(() => void) | undefined>;
  newId(): string;
  readTestPlatform(): TestPlatform | null;
  /** DEPLOY-3: the API base and socket URLs of config.json (read before the worker starts); null: same origin. */
  readEndpoints?(): Endpoints | null;
  /** Epoch ms with sub-ms precision (performance.timeOrigin + performance.now()). */
  paintNow(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
}

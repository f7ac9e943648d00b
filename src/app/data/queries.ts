/** The app's one query cache, on the browser's timers. Tests build their own QueryCache on the fake clock. */
import { QueryCache } from './queryCache';
import { clock } from '../time/clock';

export const queries = new QueryCache({
  now: () => clock.now(),
  setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
  clearTimeout: (h) => clock.clearTimeout(h),
});

/** Fetches again every shown query whose key starts with `prefix` (see queryKey); forgets the others. */
export function invalidate(prefix: string): void {
  queries.invalidate(prefix);
}

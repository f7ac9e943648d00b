import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the copy-trading area (spec 2.1, 2.4): follow (flow orders are in features/flow).
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const COPY_PATHS = APP_PATHS.copy;

/** The tabs of /follow, in the URL as `?tab=` (FOLUI-1). */
export const FOLLOW_TABS = ['leaders', 'mine', 'programme'] as const;
export type FollowTab = (typeof FOLLOW_TABS)[number];

/** The /follow link of a tab, or of a trader's page (`?trader=ID`, FOLUI-3). */
export function followPath(opts: { tab?: FollowTab; trader?: number } = {}): string {
  if (opts.trader !== undefined) return `${COPY_PATHS.follow}?trader=${opts.trader}`;
  return opts.tab && opts.tab !== 'leaders' ? `${COPY_PATHS.follow}?tab=${opts.tab}` : COPY_PATHS.follow;
}

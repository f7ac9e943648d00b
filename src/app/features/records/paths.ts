import { APP_PATHS } from '../../ui/appPaths';

/**
 * The trade records screen (RECS rules): one screen, a tab per product (spec 7.4 record/*).
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const RECORDS_PATHS = APP_PATHS.records;

export const RECORD_TABS = ['futures', 'spot', 'second', 'option', 'broker'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

/** The records screen open on `tab`. */
export function recordsHref(tab: RecordTab): string {
  return `${RECORDS_PATHS.records}?tab=${tab}`;
}

/** The trade records screen (RECS rules): one screen, a tab per product (spec 7.4 record/*). */
export const RECORDS_PATHS = { records: '/records' } as const;

export const RECORD_TABS = ['futures', 'spot', 'second', 'option', 'broker'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

/** The records screen open on `tab`. */
export function recordsHref(tab: RecordTab): string {
  return `${RECORDS_PATHS.records}?tab=${tab}`;
}

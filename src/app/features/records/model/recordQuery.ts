/**
 * The records screen's pure parts (RECS-7, RECS-9): which tab a URL opens, which coin list a tab's pair filter
 * offers, and the query a tab sends for a filter and a page. No React, no I/O.
 */
import type { RecordQuery } from '../../../../shared/schemas/records';
import type { CoinListKey } from '../../../market/coins';
import { rangeStart, type RangePreset } from '../../../ui/RecordTable';
import { RECORD_TABS, type RecordTab } from '../paths';

/** Rows per page on every tab. */
export const RECORDS_PAGE_SIZE = 20;

/** RECS-7: the tab of `?tab=`; missing or unknown opens futures. */
export function tabOf(param: string | null): RecordTab {
  return (RECORD_TABS as readonly string[]).includes(param ?? '') ? (param as RecordTab) : 'futures';
}

/** The coin list whose pairs a tab's pair filter offers (copy trading follows futures traders). */
export const TAB_PAIRS: Record<RecordTab, CoinListKey> = {
  futures: 'contractList',
  spot: 'currencyList',
  second: 'coinList',
  option: 'optionList',
  broker: 'contractList',
};

export interface RecordFilter {
  /** '' = every pair. */
  symbol: string;
  range: RangePreset;
  /** When the range was chosen (ms): the window is counted back from then. */
  chosenAt: number;
}

/** RECS-9: what a tab sends for a filter and a page: the pair, the window start (no end: up to now), the page. */
export function recordQuery(f: RecordFilter, pageNum: number, pageSize = RECORDS_PAGE_SIZE): RecordQuery {
  const q: RecordQuery = { pageNum, pageSize };
  if (f.symbol) q.symbol = f.symbol;
  const from = rangeStart(f.range, f.chosenAt);
  if (from !== undefined) q.from = from;
  return q;
}

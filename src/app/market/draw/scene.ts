/**
 * What one canvas shows (PERF-30): its kind and the data it was last given, turned into a draw list. Shared by
 * the drawing worker and the main-thread fallback, so both draw the same pixels from the same messages.
 */
import type { DepthView } from '../../../engine';
import { bookSideDrawList, tapeDrawList, type DrawLayout, type DrawOp, type TapeRow } from './drawList';

export type SceneKind = 'book-ask' | 'book-bid' | 'tape';

/** A book side's levels (best first) and the level whose hidden button has keyboard focus (-1: none). */
export interface BookSideData {
  levels: readonly DepthView['asks'][number][];
  focus: number;
  /** The level under the pointer (-1: none). */
  hover?: number;
}

export type SceneData = BookSideData | readonly TapeRow[];

export function sceneOps(kind: SceneKind, data: SceneData, layout: DrawLayout): DrawOp[] {
  if (kind === 'tape') return tapeDrawList(data as readonly TapeRow[], layout);
  const d = data as BookSideData;
  return bookSideDrawList(kind === 'book-ask' ? 'ask' : 'bid', d.levels, layout, d.focus, d.hover ?? -1);
}

/** Tab to drawing worker (PERF-31): one worker per tab serves every canvas of the tab by id. */
export type DrawMessage =
  | { t: 'open'; id: number; kind: SceneKind; canvas: OffscreenCanvas }
  | { t: 'layout'; id: number; layout: DrawLayout }
  | { t: 'data'; id: number; data: SceneData }
  | { t: 'close'; id: number }
  /** Several of the above, in order, from one task of the tab (PERF-65). */
  | { t: 'batch'; msgs: readonly Exclude<DrawMessage, { t: 'open' } | { t: 'batch' }>[] };

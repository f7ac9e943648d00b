/**
 * What one canvas shows (PERF-30): its kind and the data it was last given, turned into a draw list. Shared by
 * the drawing worker and the main-thread fallback, so both draw the same pixels from the same messages.
 */
import type { DepthView } from '../../../engine';
import type { DrawFeed, TapeRow } from '../../../workers/drawWire';
import { bookSideDrawList, tapeDrawList, type DrawLayout, type DrawOp } from './drawList';

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

/**
 * Tab to drawing worker (PERF-31, PERF-36): one worker per tab serves every canvas of the tab by id. The tab
 * sends the structure (open, layout, what a canvas shows, the book's focused and hovered level, visibility) and
 * the market worker's port; the ticks come through that port (drawWire.ts), not from the tab.
 */
export type DrawMessage =
  | { t: 'open'; id: number; kind: SceneKind; canvas: OffscreenCanvas }
  | { t: 'layout'; id: number; layout: DrawLayout }
  | { t: 'feed'; id: number; feed: DrawFeed | null }
  | { t: 'marks'; id: number; focus: number; hover: number }
  | { t: 'port'; port: MessagePort }
  | { t: 'visible'; on: boolean }
  | { t: 'close'; id: number };

/**
 * What crosses between the market worker and a tab's drawing worker (PERF-36): the tab makes a MessageChannel,
 * hands one end to its drawing worker and the other to the market worker (`HostTabApi.attachDraw`), so the book
 * and the tape reach their canvases without passing through the tab's main thread.
 *
 * - The drawing worker names what each canvas shows ({@link DrawFeed}: a topic, the rows drawn, and for the
 *   tape the language and time zone of its times) and grants credits, like a tab (WORK-7): the market worker
 *   sends one {@link DrawFrame} per credit, holding the newest scene data of every canvas whose topic changed,
 *   at most once per the feed's cadence.
 * - The scene data is built in the market worker, beside the engine's own formatting: a book side's first
 *   `rows` levels, the tape's first `rows` trades with their times formatted.
 */
import type { DepthView, Topic } from '../engine';

/** A book side's level as drawn: the engine's strings and its share of the largest total. */
export type DrawLevel = DepthView['asks'][number];

/** A trade as the tape draws it: its time already formatted (language, platform time zone). */
export interface TapeRow {
  price: string;
  qty: string;
  buy: boolean;
  time: string;
}

type DepthTopic = Extract<Topic, { kind: 'depth' }>;

/** What one canvas shows. `everyMs`: at most one new scene per that many ms (0: every frame). */
export type DrawFeed =
  | { kind: 'book'; topic: DepthTopic; side: 'ask' | 'bid'; rows: number; everyMs: number }
  | {
      kind: 'tape';
      symbol: string;
      rows: number;
      /** BCP 47 language of the times. */
      lang: string;
      /** The platform time zone's offset from UTC (spec 4.6). */
      offsetMinutes: number;
      /** NUM-2: the pair's price decimals, when it has them. */
      priceDecimals?: number;
      everyMs: number;
    };

export type TapeFeed = Extract<DrawFeed, { kind: 'tape' }>;

/** Scene data of one canvas: a book side's levels (best first) or the tape's rows (newest first). */
export type FeedData = { levels: readonly DrawLevel[] } | { rows: readonly TapeRow[] };

/** Market worker to drawing worker: one message per credit. */
export interface DrawFrame {
  t: 'frame';
  /** Counter from 1 on this port. */
  n: number;
  scenes: { id: number; data: FeedData }[];
}

/** Drawing worker to market worker. */
export type DrawToHost =
  | { t: 'feed'; id: number; feed: DrawFeed }
  | { t: 'unfeed'; id: number }
  /** The drawing worker drew the last frame and may receive the next one (it is visible). */
  | { t: 'credit' };

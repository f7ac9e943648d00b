/**
 * A tab's drawing feed in the market worker (PERF-36): the drawing worker's port, served as a session of the
 * host of its own (its topics, its credits, a cadence per topic), whose batches become scene data: a book
 * side's first rows, the tape's first rows with each trade's time formatted once. The main thread of the tab
 * never sees these frames.
 */
import { topicKey, type DepthView, type TradesView } from '../engine';
import { bookScene, TapeText } from './drawScene';
import type { HostSession } from './host';
import type { DrawFeed, DrawFrame, DrawToHost } from './drawWire';
import type { Batch } from './wire';

/** The port end the market worker holds (a MessagePort; a fake in tests). */
export interface DrawPort {
  postMessage(m: DrawFrame): void;
  onmessage: ((ev: MessageEvent<DrawToHost>) => void) | null;
  start?(): void;
  close?(): void;
}

/** The topic a feed reads. */
function feedTopic(f: DrawFeed) {
  return f.kind === 'book' ? f.topic : ({ kind: 'trades', symbol: f.symbol } as const);
}

/** The scenes of a batch: one per feed whose topic the batch carries. */
function drawScenes(
  batch: Batch,
  feeds: ReadonlyMap<number, DrawFeed>,
  tapes: Map<number, TapeText>,
): DrawFrame['scenes'] {
  const scenes: DrawFrame['scenes'] = [];
  let depths: Map<string, DepthView> | undefined;
  let trades: Map<string, TradesView> | undefined;
  for (const [id, f] of feeds) {
    if (f.kind === 'book') {
      depths ??= new Map((batch.depths ?? []).map((v) => [depthKey(v), v]));
      const v = depths.get(topicKey(f.topic));
      if (v) scenes.push({ id, data: bookScene(v, f.side, f.rows) });
    } else {
      trades ??= new Map(batch.trades.map((v) => [v.symbol, v]));
      const v = trades.get(f.symbol);
      if (!v) continue;
      let text = tapes.get(id);
      if (!text) tapes.set(id, (text = new TapeText()));
      scenes.push({ id, data: { rows: text.rows(v.trades, f) } });
    }
  }
  return scenes;
}

function depthKey(v: DepthView): string {
  const { symbol, pricePrecision, amountPrecision, group } = v;
  return topicKey({ kind: 'depth', symbol, pricePrecision, amountPrecision, group });
}

/**
 * Serves a drawing worker's port for `tab` (PERF-36): its feeds become watched topics of a draw session at
 * their cadences; each batch of that session is posted as one frame. Returns the draw session (closed with the
 * tab, or when the tab attaches a new port).
 */
export function serveDraw(tab: HostSession, port: DrawPort): HostSession {
  const feeds = new Map<number, DrawFeed>();
  const tapes = new Map<number, TapeText>();
  let n = 0;
  const s = tab.openDraw({
    send(batch) {
      port.postMessage({ t: 'frame', n: ++n, scenes: drawScenes(batch, feeds, tapes) });
    },
  });
  /** A key's cadence in the session: the shortest of its feeds' cadences. */
  const cadenceOf = (topic: ReturnType<typeof feedTopic>) => {
    const key = topicKey(topic);
    let ms = Infinity;
    for (const f of feeds.values()) if (topicKey(feedTopic(f)) === key) ms = Math.min(ms, f.everyMs);
    if (ms !== Infinity) s.setCadence(topic, ms);
  };
  const drop = (id: number) => {
    const f = feeds.get(id);
    if (!f) return;
    feeds.delete(id);
    tapes.delete(id);
    s.unwatch(feedTopic(f));
    cadenceOf(feedTopic(f));
  };
  port.onmessage = (ev) => {
    const m = ev.data;
    if (s.closed) return;
    if (m?.t === 'credit') s.credit();
    else if (m?.t === 'feed') {
      const f = m.feed;
      drop(m.id);
      feeds.set(m.id, f);
      const topic = feedTopic(f);
      s.watch(topic);
      cadenceOf(topic);
      s.refresh(topic);
    } else if (m?.t === 'unfeed') drop(m.id);
  };
  port.start?.();
  return s;
}

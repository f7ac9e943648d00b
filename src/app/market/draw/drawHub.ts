/**
 * The drawing worker's state (PERF-31, PERF-36), apart from the worker's globals so tests drive it with fakes:
 * its canvases' painters, what each shows (a feed, forwarded to the market worker's port), the book's focused
 * and hovered level, and the credits it grants the market worker: one after each frame it drew, on its next
 * animation frame, and none while the tab is hidden. A frame that arrives hidden is kept and drawn when the tab
 * shows, and the credit then brings the newest state at once.
 */
import type { DrawFeed, DrawFrame, DrawLevel, DrawToHost, FeedData } from '../../../workers/drawWire';
import type { DrawLayout } from './drawList';
import type { DrawMessage, SceneData, SceneKind } from './scene';

/** What the hub needs of a painter (painter.ts). */
export interface PainterLike {
  setLayout(layout: DrawLayout): void;
  setData(data: SceneData): void;
}

/** The drawing worker's end of the market worker's channel. */
export interface HubPort {
  postMessage(m: DrawToHost): void;
  onmessage: ((ev: MessageEvent<DrawFrame>) => void) | null;
  close?(): void;
}

export interface HubDeps {
  /** A painter for a transferred canvas, or null when it has no 2D context. */
  painter(kind: SceneKind, canvas: OffscreenCanvas): PainterLike | null;
  /** The next animation frame of the worker (requestAnimationFrame where it exists). */
  nextFrame(fn: () => void): void;
}

interface Canvas {
  painter: PainterLike;
  feed: DrawFeed | null;
  levels: readonly DrawLevel[] | null;
  focus: number;
  hover: number;
}

export class DrawHub {
  private readonly canvases = new Map<number, Canvas>();
  private port: HubPort | null = null;
  private visible = true;
  private creditDue = false;
  private readonly pending = new Map<number, FeedData>();
  /** Frames received and credits granted (tests). */
  frames = 0;
  credits = 0;

  constructor(private readonly deps: HubDeps) {}

  onMessage(m: DrawMessage): void {
    if (m.t === 'open') {
      const painter = this.deps.painter(m.kind, m.canvas);
      if (painter) this.canvases.set(m.id, { painter, feed: null, levels: null, focus: -1, hover: -1 });
    } else if (m.t === 'layout') this.canvases.get(m.id)?.painter.setLayout(m.layout);
    else if (m.t === 'feed') this.setFeed(m.id, m.feed);
    else if (m.t === 'marks') {
      const c = this.canvases.get(m.id);
      if (!c) return;
      c.focus = m.focus;
      c.hover = m.hover;
      if (c.levels) c.painter.setData({ levels: c.levels, focus: c.focus, hover: c.hover });
    } else if (m.t === 'port') this.setPort(m.port);
    else if (m.t === 'visible') {
      this.visible = m.on;
      if (!m.on) return;
      for (const [id, data] of this.pending) this.apply(id, data);
      this.pending.clear();
      this.grant();
    } else {
      this.setFeed(m.id, null);
      this.canvases.delete(m.id);
      this.pending.delete(m.id);
    }
  }

  /** A new market-worker port (the first, or after the market worker restarted): every feed is told again. */
  setPort(port: HubPort): void {
    this.port?.close?.();
    this.port = port;
    port.onmessage = (ev) => this.onFrame(ev.data);
    for (const [id, c] of this.canvases) if (c.feed) port.postMessage({ t: 'feed', id, feed: c.feed });
    this.grant();
  }

  private setFeed(id: number, feed: DrawFeed | null): void {
    const c = this.canvases.get(id);
    if (!c || (!c.feed && !feed)) return;
    c.feed = feed;
    this.port?.postMessage(feed ? { t: 'feed', id, feed } : { t: 'unfeed', id });
  }

  private onFrame(f: DrawFrame): void {
    if (f?.t !== 'frame') return;
    this.frames++;
    for (const s of f.scenes) {
      if (this.visible) this.apply(s.id, s.data);
      else this.pending.set(s.id, s.data);
    }
    this.grant();
  }

  private apply(id: number, data: FeedData): void {
    const c = this.canvases.get(id);
    if (!c) return;
    if ('levels' in data) {
      c.levels = data.levels;
      c.painter.setData({ levels: data.levels, focus: c.focus, hover: c.hover });
    } else c.painter.setData(data.rows);
  }

  /** The next credit, on the next animation frame, while visible (one batch per frame, none hidden). */
  private grant(): void {
    if (!this.port || !this.visible || this.creditDue) return;
    this.creditDue = true;
    this.deps.nextFrame(() => {
      this.creditDue = false;
      if (!this.port || !this.visible) return;
      this.credits++;
      this.port.postMessage({ t: 'credit' });
    });
  }
}

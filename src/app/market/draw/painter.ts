/**
 * One canvas's painter (PERF-31): the latest layout and data, drawn at once when either changes. The same class
 * runs in the drawing worker (on an OffscreenCanvas) and on the main thread (the fallback).
 */
import { Renderer, type Ctx2D } from './renderer';
import { sceneOps, type DrawMessage, type SceneData, type SceneKind } from './scene';
import type { DrawLayout } from './drawList';

export class Painter {
  private renderer: Renderer;
  private layout: DrawLayout | null = null;
  private data: SceneData | null = null;
  /** Draws done (diagnostics and tests). */
  draws = 0;

  constructor(
    private kind: SceneKind,
    ctx: Ctx2D,
  ) {
    this.renderer = new Renderer(ctx);
  }

  setLayout(layout: DrawLayout, paint = true): void {
    this.layout = layout;
    this.renderer.resize(layout);
    if (paint) this.paint();
  }

  setData(data: SceneData, paint = true): void {
    this.data = data;
    if (paint) this.paint();
  }

  /** Draws the latest layout and data (after setLayout / setData with `paint` false). */
  paint(): void {
    if (!this.layout) return;
    this.renderer.draw(this.data ? sceneOps(this.kind, this.data, this.layout) : [], this.layout);
    this.draws++;
  }
}

/**
 * The drawing worker's canvases by id (PERF-31), applying the tab's messages. A batch (PERF-65) sets every
 * layout and data it carries first and then draws each canvas it touched once, so one message a frame is one
 * drawing a canvas.
 */
export class Painters {
  private byId = new Map<number, Painter>();

  take(m: DrawMessage): void {
    if (m.t === 'open') {
      const ctx = m.canvas.getContext('2d');
      if (ctx) this.byId.set(m.id, new Painter(m.kind, ctx as unknown as Ctx2D));
    } else if (m.t === 'batch') {
      const touched = new Set<Painter>();
      for (const x of m.msgs) {
        const p = this.byId.get(x.id);
        if (!p) continue;
        if (x.t === 'close') {
          touched.delete(p);
          this.byId.delete(x.id);
        } else {
          if (x.t === 'layout') p.setLayout(x.layout, false);
          else p.setData(x.data, false);
          touched.add(p);
        }
      }
      for (const p of touched) p.paint();
    } else if (m.t === 'close') this.byId.delete(m.id);
    else if (m.t === 'layout') this.byId.get(m.id)?.setLayout(m.layout);
    else this.byId.get(m.id)?.setData(m.data);
  }

  /** The painter of a canvas (tests). */
  get(id: number): Painter | undefined {
    return this.byId.get(id);
  }
}

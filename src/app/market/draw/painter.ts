/**
 * One canvas's painter (PERF-31): the latest layout and data, drawn at once when either changes. The same class
 * runs in the drawing worker (on an OffscreenCanvas) and on the main thread (the fallback).
 */
import { Renderer, type Ctx2D } from './renderer';
import { sceneOps, type SceneData, type SceneKind } from './scene';
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

  setLayout(layout: DrawLayout): void {
    this.layout = layout;
    this.renderer.resize(layout);
    this.paint();
  }

  setData(data: SceneData): void {
    this.data = data;
    this.paint();
  }

  private paint(): void {
    if (!this.layout) return;
    this.renderer.draw(this.data ? sceneOps(this.kind, this.data, this.layout) : [], this.layout);
    this.draws++;
  }
}

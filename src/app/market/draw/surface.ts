/**
 * A canvas of the tab and who draws it (PERF-31): where the browser can transfer a canvas to a worker
 * (`OffscreenCanvas`, `transferControlToOffscreen`), the tab's one drawing worker draws it; elsewhere, or when
 * switched off (`?offscreen=0` in the page's address, or `window.__openexOffscreen = false` before the canvas
 * mounts), a Painter on the main thread draws it. Either way the caller sends a layout (structural).
 * - Worker (PERF-36): the caller says what the canvas shows (`feed`) and the book's focused and hovered level
 *   (`setMarks`); the drawing worker gets the ticks from the market worker through a port of its own.
 * - Main: the caller hands each tick's scene data to `setData` (the fallback keeps the main thread's feed).
 */
import type { DrawFeed } from '../../../workers/drawWire';
import type { DrawLayout } from './drawList';
import { Painter } from './painter';
import type { Ctx2D } from './renderer';
import type { DrawMessage, SceneData, SceneKind } from './scene';

declare global {
  interface Window {
    /** Tests: false draws every canvas on the main thread (PERF-31). */
    __openexOffscreen?: boolean;
  }
}

export type SurfaceMode = 'worker' | 'main';

export interface Surface {
  readonly mode: SurfaceMode;
  setLayout(layout: DrawLayout): void;
  /** Main: draw this scene data now. */
  setData(data: SceneData): void;
  /** Worker: what the canvas shows, fed by the market worker (null: nothing). */
  feed(feed: DrawFeed | null): void;
  /** Worker: the book's level with the keyboard focus and the one under the pointer (-1: none). */
  setMarks(focus: number, hover: number): void;
  dispose(): void;
}

/** Read once, when the first canvas mounts: the flag of the address the page was opened with. */
const offParam = typeof location !== 'undefined' && new URLSearchParams(location.search).get('offscreen') === '0';

export function offscreenAllowed(): boolean {
  if (offParam || window.__openexOffscreen === false) return false;
  return typeof OffscreenCanvas !== 'undefined' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype;
}

let worker: Worker | null | undefined;
let nextId = 0;

function drawWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./draw.worker.ts', import.meta.url), { type: 'module', name: 'openex-draw' });
  } catch {
    worker = null;
  }
  const w = worker;
  if (w) {
    // PERF-36: the market worker feeds the drawing worker directly (a new port after each worker restart).
    // The client loads with the app; imported here on first use so the surface module stays light in tests.
    void import('../marketClient').then(({ marketClient }) =>
      marketClient.drawPorts((port) => w.postMessage({ t: 'port', port } satisfies DrawMessage, [port])),
    );
    const visible = () =>
      w.postMessage({ t: 'visible', on: document.visibilityState !== 'hidden' } satisfies DrawMessage);
    document.addEventListener('visibilitychange', visible);
    visible();
  }
  return worker;
}

/**
 * A canvas can be transferred once: a surface disposed and created again for the same element within a task
 * (React's strict remount) keeps its worker-side painter.
 */
const transferred = new WeakMap<HTMLCanvasElement, { id: number; closing: boolean; feed: string }>();

function workerSurface(canvas: HTMLCanvasElement, kind: SceneKind, w: Worker): Surface {
  let entry = transferred.get(canvas);
  if (!entry) {
    const off = canvas.transferControlToOffscreen();
    entry = { id: ++nextId, closing: false, feed: 'null' };
    transferred.set(canvas, entry);
    const open: DrawMessage = { t: 'open', id: entry.id, kind, canvas: off };
    w.postMessage(open, [off]);
  }
  const e = entry;
  e.closing = false;
  const post = (m: DrawMessage) => w.postMessage(m);
  return {
    mode: 'worker',
    setLayout: (layout) => post({ t: 'layout', id: e.id, layout }),
    setData: () => undefined,
    feed(feed) {
      const key = JSON.stringify(feed);
      if (key === e.feed) return;
      e.feed = key;
      post({ t: 'feed', id: e.id, feed });
    },
    setMarks: (focus, hover) => post({ t: 'marks', id: e.id, focus, hover }),
    dispose() {
      e.closing = true;
      queueMicrotask(() => {
        if (!e.closing) return;
        transferred.delete(canvas);
        post({ t: 'close', id: e.id });
      });
    },
  };
}

/** Main-thread painters by canvas: a surface made again for the same element keeps its last data. */
const painters = new WeakMap<HTMLCanvasElement, Painter>();

function mainSurface(canvas: HTMLCanvasElement, kind: SceneKind): Surface | null {
  let painter = painters.get(canvas);
  if (!painter) {
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    painter = new Painter(kind, ctx as unknown as Ctx2D);
    painters.set(canvas, painter);
  }
  const p = painter;
  return {
    mode: 'main',
    setLayout: (layout) => p.setLayout(layout),
    setData: (data) => p.setData(data),
    feed: () => undefined,
    setMarks: () => undefined,
    dispose: () => undefined,
  };
}

/** The mode a canvas mounted now would get (a component decides before mounting where its ticks go). */
export function expectedMode(): SurfaceMode {
  return typeof window !== 'undefined' && offscreenAllowed() ? 'worker' : 'main';
}

/** The surface of a mounted canvas; null when it cannot be drawn at all (no 2D context). */
export function createSurface(canvas: HTMLCanvasElement, kind: SceneKind): Surface | null {
  const w = transferred.has(canvas) || offscreenAllowed() ? drawWorker() : null;
  const s = w ? workerSurface(canvas, kind, w) : mainSurface(canvas, kind);
  canvas.dataset.renderer = s?.mode ?? 'none';
  return s;
}

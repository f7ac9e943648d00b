/**
 * A canvas of the tab and who draws it (PERF-31): where the browser can transfer a canvas to a worker
 * (`OffscreenCanvas`, `transferControlToOffscreen`), the tab's one drawing worker draws it; elsewhere, or when
 * switched off (`?offscreen=0` in the page's address, or `window.__openexOffscreen = false` before the canvas
 * mounts), a Painter on the main thread draws it from the same messages. Either way the caller only sends a
 * layout (structural) and data (ticks).
 */
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
  setData(data: SceneData): void;
  dispose(): void;
}

/** Read once, when the first canvas mounts: the flag of the address the page was opened with. */
const offParam = typeof location !== 'undefined' && new URLSearchParams(location.search).get('offscreen') === '0';

export function offscreenAllowed(): boolean {
  if (offParam || window.__openexOffscreen === false) return false;
  return typeof OffscreenCanvas !== 'undefined' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype;
}

let worker: Worker | null | undefined;
let outbox: Outbox | null = null;
let nextId = 0;

type Queued = Exclude<DrawMessage, { t: 'open' } | { t: 'batch' }>;

/**
 * Layouts, data and closes for the drawing worker, held until the end of the task and posted as one message
 * (PERF-65): the canvases a frame's batch ticks (both book sides, the tape) cost the main thread one
 * postMessage, and the worker one wake-up, instead of one each. A canvas's newer message of a kind replaces
 * the older one not yet sent (only the newest book is drawn anyway); a close drops what its canvas still had
 * waiting. `open` carries a transfer and is posted by the caller at once (the worker sees it before anything
 * this outbox sends for that canvas).
 */
export class Outbox {
  private pending = new Map<string, Queued>();
  private scheduled = false;

  constructor(
    private readonly port: { postMessage(m: DrawMessage): void },
    // Called as a plain function: the browser's queueMicrotask throws when called as a method of another object.
    private readonly defer: (f: () => void) => void = (f) => queueMicrotask(f),
  ) {}

  send(m: Queued): void {
    if (m.t === 'close') {
      this.pending.delete(`layout:${m.id}`);
      this.pending.delete(`data:${m.id}`);
    }
    const key = `${m.t}:${m.id}`;
    // Delete first: a replaced message moves behind the others (a layout sent between two data keeps its place).
    this.pending.delete(key);
    this.pending.set(key, m);
    if (this.scheduled) return;
    this.scheduled = true;
    this.defer(this.flush);
  }

  readonly flush = (): void => {
    this.scheduled = false;
    if (this.pending.size === 0) return;
    const msgs = [...this.pending.values()];
    this.pending.clear();
    this.port.postMessage(msgs.length === 1 ? msgs[0] : { t: 'batch', msgs });
  };
}

function drawWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./draw.worker.ts', import.meta.url), { type: 'module', name: 'openex-draw' });
    outbox = new Outbox(worker);
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * A canvas can be transferred once: a surface disposed and created again for the same element within a task
 * (React's strict remount) keeps its worker-side painter.
 */
const transferred = new WeakMap<HTMLCanvasElement, { id: number; closing: boolean }>();

function workerSurface(canvas: HTMLCanvasElement, kind: SceneKind, w: Worker, out: Outbox): Surface {
  let entry = transferred.get(canvas);
  if (!entry) {
    const off = canvas.transferControlToOffscreen();
    entry = { id: ++nextId, closing: false };
    transferred.set(canvas, entry);
    const open: DrawMessage = { t: 'open', id: entry.id, kind, canvas: off };
    w.postMessage(open, [off]);
  }
  const e = entry;
  e.closing = false;
  const post = (m: Queued) => out.send(m);
  return {
    mode: 'worker',
    setLayout: (layout) => post({ t: 'layout', id: e.id, layout }),
    setData: (data) => post({ t: 'data', id: e.id, data }),
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
    dispose: () => undefined,
  };
}

/** The surface of a mounted canvas; null when it cannot be drawn at all (no 2D context). */
export function createSurface(canvas: HTMLCanvasElement, kind: SceneKind): Surface | null {
  const w = transferred.has(canvas) || offscreenAllowed() ? drawWorker() : null;
  const s = w && outbox ? workerSurface(canvas, kind, w, outbox) : mainSurface(canvas, kind);
  canvas.dataset.renderer = s?.mode ?? 'none';
  return s;
}

/**
 * The tab's frame loop: batches from the worker wait for the next requestAnimationFrame, are applied to the
 * store there, and then the worker gets its next credit, at most one batch per frame and nothing while the
 * tab is hidden. The credit names when the next frame is due (less CREDIT_LEAD_MS), from the display's frame
 * period measured over consecutive frames, so the worker sends the newest data just in time for it.
 */
import {
  CREDIT_LEAD_MS,
  FRAME_PERIOD_MAX_MS,
  FRAME_PERIOD_MIN_MS,
  FRAME_PERIOD_MS,
  type Batch,
} from '../../workers/wire';
import type { ClientEnv } from './clientEnv';
import type { MarketStore } from './store';

/** Tick-to-paint samples kept (ring). */
export const TICK_SAMPLES = 512;

export interface FrameLoopDeps {
  env: Pick<ClientEnv, 'requestFrame' | 'isHidden' | 'paintNow'>;
  store: MarketStore;
  isWatched(key: string): boolean;
  /** The port of the current worker session, if one is connected. */
  port(): MessagePort | undefined;
}

export class FrameLoop {
  private pending: Batch[] = [];
  private scheduled = false;
  private creditOut = false;
  /** The display's frame period as measured from consecutive rAF times, and the last frame's time. */
  private period = FRAME_PERIOD_MS;
  private lastFrameTime = 0;
  private batches = 0;
  private frames = 0;
  private readonly samples = new Float64Array(TICK_SAMPLES);
  private sampleCount = 0;

  constructor(private readonly deps: FrameLoopDeps) {}

  /** A batch arrived: it is applied on the next frame. */
  onBatch(b: Batch): void {
    this.pending.push(b);
    this.creditOut = false;
    this.schedule();
  }

  /** A new worker session: no credit is out on it yet. */
  connected(): void {
    this.creditOut = false;
    this.schedule();
  }

  /** The session failed: what it sent is dropped. */
  dropPending(): void {
    this.pending = [];
  }

  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.deps.env.requestFrame(this.frame);
  }

  /** Batches applied, frames that applied one, and the last TICK_SAMPLES tick-to-paint samples (oldest first). */
  stats(): { batches: number; frames: number; tickToPaintMs: number[] } {
    const n = Math.min(this.sampleCount, TICK_SAMPLES);
    const out: number[] = [];
    for (let i = this.sampleCount - n; i < this.sampleCount; i++) out.push(this.samples[i % TICK_SAMPLES]);
    return { batches: this.batches, frames: this.frames, tickToPaintMs: out };
  }

  /** The rAF callback: apply what arrived, then grant the next credit (only while visible). */
  private readonly frame = (frameTime: number): void => {
    const { env, store } = this.deps;
    this.scheduled = false;
    const gap = frameTime - this.lastFrameTime;
    const period = this.period;
    // Consecutive frames only (an idle tab skips frames); a smoothed estimate within sane bounds.
    if (gap > period * 0.5 && gap < period * 1.5)
      this.period = Math.min(FRAME_PERIOD_MAX_MS, Math.max(FRAME_PERIOD_MIN_MS, period * 0.9 + gap * 0.1));
    this.lastFrameTime = frameTime;
    if (this.pending.length > 0) {
      const list = this.pending;
      this.pending = [];
      let newest = 0;
      for (const b of list) if (b.newestTs > newest) newest = b.newestTs;
      // The browser benchmark (bench/browser) measures tick-to-paint from this hand-over; absent in the product.
      if (newest > 0) benchProbe()?.delivered(newest);
      for (const b of list) {
        store.apply(b, this.deps.isWatched, frameTime);
        this.batches++;
      }
      this.frames++;
      if (newest > 0) this.samples[this.sampleCount++ % TICK_SAMPLES] = env.paintNow() - newest;
    } else {
      // apply() tells the cadenced listeners that are due; on a frame without a batch, this does.
      store.flushDue(frameTime);
    }
    // Cadenced listeners (list rows) hear about changes on a later frame: keep frames coming until they have.
    if (store.hasDue()) this.schedule();
    const port = this.deps.port();
    if (port && !this.creditOut && !env.isHidden()) {
      this.creditOut = true;
      port.postMessage({ t: 'credit', at: frameTime + this.period - CREDIT_LEAD_MS });
    }
  };
}

function benchProbe(): { delivered(ts: number): void } | undefined {
  return (globalThis as { __benchProbe?: { delivered(ts: number): void } }).__benchProbe;
}

/**
 * The app's fake clock for tests (CLOCK-1), the app's counterpart of the engine's `FakeTime`: time moves only
 * when the test calls `advance()`, which fires the timers and intervals falling due, in due order (a timer
 * scheduled by a firing one fires in the same advance if due); `frame()` runs the animation frames requested
 * so far. Use: `const fake = new FakeClock(); const restore = installClock(fake); ... restore();`
 */
import type { AppClock, TimerHandle } from './clock';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
  /** Repeat period of an interval. */
  every?: number;
}

export class FakeClock implements AppClock {
  private wall: number;
  private mono = 0;
  private nextId = 1;
  private pending: Pending[] = [];
  private frames = new Map<number, (frameTime: number) => void>();

  constructor(start = Date.UTC(2024, 0, 1)) {
    this.wall = start;
  }

  now(): number {
    return this.wall;
  }

  monotonic(): number {
    return this.mono;
  }

  timeOrigin(): number {
    return this.wall - this.mono;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.pending.push({ id, at: this.mono + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.pending = this.pending.filter((p) => p.id !== handle);
  }

  setInterval(fn: () => void, ms: number): TimerHandle {
    const every = Math.max(1, ms);
    const id = this.nextId++;
    this.pending.push({ id, at: this.mono + every, fn, every });
    return id;
  }

  clearInterval(handle: TimerHandle): void {
    this.clearTimeout(handle);
  }

  requestFrame(cb: (frameTime: number) => void): TimerHandle {
    const id = this.nextId++;
    this.frames.set(id, cb);
    return id;
  }

  cancelFrame(handle: TimerHandle): void {
    this.frames.delete(handle as number);
  }

  /** Timers and intervals waiting. */
  get timerCount(): number {
    return this.pending.length;
  }

  /** Frames requested and not yet run. */
  get frameCount(): number {
    return this.frames.size;
  }

  /** Moves both clocks forward by `ms`, firing every timer and interval that falls due, in order. */
  advance(ms: number): void {
    const end = this.mono + ms;
    for (;;) {
      let next: Pending | undefined;
      for (const p of this.pending)
        if (p.at <= end && (!next || p.at < next.at || (p.at === next.at && p.id < next.id))) next = p;
      if (!next) break;
      this.moveTo(Math.max(this.mono, next.at));
      if (next.every === undefined) this.pending = this.pending.filter((p) => p !== next);
      else next.at += next.every;
      next.fn();
    }
    this.moveTo(end);
  }

  /** Runs the frames requested so far, with the current monotonic time; frames they request wait for the next call. */
  frame(): void {
    const due = [...this.frames.values()];
    this.frames.clear();
    for (const cb of due) cb(this.mono);
  }

  private moveTo(mono: number): void {
    this.wall += mono - this.mono;
    this.mono = mono;
  }
}

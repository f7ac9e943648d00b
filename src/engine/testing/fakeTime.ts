/**
 * The one fake clock and timers (engine, worker host and tab client tests; implements `EngineDeps`' Clock and
 * Timers): time moves only when the test calls advance().
 * Timers fire in due order; a timer scheduled by a firing timer fires in the same advance() if due.
 */
import type { Clock, TimerHandle, Timers } from '../types';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

export class FakeTime implements Clock, Timers {
  private t: number;
  private nextId = 1;
  private pending: Pending[] = [];

  constructor(start = Date.UTC(2024, 0, 1)) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.pending.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.pending = this.pending.filter((p) => p.id !== handle);
  }

  /** Number of timers waiting. */
  get timerCount(): number {
    return this.pending.length;
  }

  /** Moves time forward by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: Pending | undefined;
      for (const p of this.pending)
        if (p.at <= end && (!next || p.at < next.at || (p.at === next.at && p.id < next.id))) next = p;
      if (!next) break;
      this.pending = this.pending.filter((p) => p !== next);
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = end;
  }

  /** Sets the clock to an absolute time (firing what falls due on the way). */
  advanceTo(at: number): void {
    if (at > this.t) this.advance(at - this.t);
  }
}

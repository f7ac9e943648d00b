/** Fake clock and timers for the worker host's tests (no wall clock involved). */
import type { Clock, TimerHandle, Timers } from '../../engine/types';

export class FakeTime implements Clock, Timers {
  private t = 1_700_000_000_000;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  }
  clearTimeout(h: TimerHandle): void {
    this.timers.delete(h as number);
  }
  pending(): number {
    return this.timers.size;
  }
  /** Moves time forward, firing due timers in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = end;
  }
}

/** A manual microtask queue: `schedule` collects, `run` drains. */
export class ManualQueue {
  private q: (() => void)[] = [];
  schedule = (fn: () => void): void => {
    this.q.push(fn);
  };
  run(): void {
    while (this.q.length) this.q.shift()!();
  }
  get size(): number {
    return this.q.length;
  }
}

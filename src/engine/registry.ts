/**
 * Reference counting with a grace period (ENG-6).
 *
 * The first acquire of a key calls onFirst; when the last holder releases it, onLast runs after
 * `graceMs`, unless the key is acquired again meanwhile, which then costs nothing (no churn when a
 * route change releases and re-acquires the same thing). Release functions are idempotent.
 */
import { RefCounter } from '../shared/refCounter';
import type { TimerHandle, Timers } from './types';

export class RefRegistry {
  private readonly counts = new RefCounter();
  private readonly grace = new Map<string, TimerHandle>();

  constructor(
    private readonly timers: Timers,
    private readonly graceMs: number,
    private readonly onFirst: (key: string) => void,
    private readonly onLast: (key: string) => void,
  ) {}

  /** Takes one reference on `key`; the returned function gives it back (once, however often called). */
  acquire(key: string): () => void {
    if (this.counts.add(key)) {
      const pending = this.grace.get(key);
      if (pending !== undefined) {
        this.timers.clearTimeout(pending);
        this.grace.delete(key);
      } else {
        this.onFirst(key);
      }
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(key);
    };
  }

  private release(key: string): void {
    if (!this.counts.remove(key)) return;
    if (this.graceMs <= 0) {
      this.onLast(key);
      return;
    }
    this.grace.set(
      key,
      this.timers.setTimeout(() => {
        this.grace.delete(key);
        this.onLast(key);
      }, this.graceMs),
    );
  }

  /** References currently held on `key` (0 while in its grace period). */
  count(key: string): number {
    return this.counts.count(key);
  }

  /** True while the key is held or in its grace period (its state is still alive). */
  has(key: string): boolean {
    return this.counts.has(key) || this.grace.has(key);
  }

  /** Keys held or in grace. */
  keys(): string[] {
    return [...new Set([...this.counts.keys(), ...this.grace.keys()])];
  }

  get size(): number {
    return this.counts.size + this.grace.size;
  }

  /** Drops everything without calling onLast (engine disposal). */
  clear(): void {
    for (const t of this.grace.values()) this.timers.clearTimeout(t);
    this.grace.clear();
    this.counts.clear();
  }
}

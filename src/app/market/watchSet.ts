/**
 * The topics one tab watches, reference-counted across its hooks. The first watch of a topic calls `onFirst`;
 * when the last hook lets go, the topic stays watched for `graceMs` (a route change that releases and watches
 * the same topic again costs nothing) and then `onLast` runs. Release functions are idempotent.
 */
import { topicKey, type Topic } from '../../engine';
import { RefCounter } from '../../shared/refCounter';

interface Watched {
  topic: Topic;
  timer: unknown;
}

export interface WatchSetDeps {
  graceMs: number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
  onFirst(topic: Topic): void;
  onLast(topic: Topic, key: string): void;
}

export class WatchSet {
  private readonly holders = new RefCounter();
  private readonly watched = new Map<string, Watched>();

  constructor(private readonly deps: WatchSetDeps) {}

  watch(topic: Topic): () => void {
    const key = topicKey(topic);
    this.holders.add(key);
    let w = this.watched.get(key);
    if (w) {
      if (w.timer !== undefined) this.deps.clearTimeout(w.timer);
      w.timer = undefined;
    } else {
      w = { topic, timer: undefined };
      this.watched.set(key, w);
      this.deps.onFirst(topic);
    }
    const entry = w;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (!this.holders.remove(key)) return;
      entry.timer = this.deps.setTimeout(() => {
        entry.timer = undefined;
        if (this.holders.has(key) || this.watched.get(key) !== entry) return;
        this.watched.delete(key);
        this.deps.onLast(entry.topic, key);
      }, this.deps.graceMs);
    };
  }

  /** True while `key` is watched or in its grace period. */
  has(key: string): boolean {
    return this.watched.has(key);
  }

  /** Keys watched, including those in their grace period. */
  keys(): string[] {
    return [...this.watched.keys()];
  }

  topics(): Topic[] {
    return [...this.watched.values()].map((w) => w.topic);
  }
}

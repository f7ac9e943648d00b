/**
 * Host-level interest: how many tabs watch each topic, and the engine's hold on it. The engine sees one
 * acquire per topic while at least one tab watches it; moving to a new engine re-acquires everything.
 */
import type { MarketEngine, Topic } from '../engine';
import { RefCounter } from '../shared/refCounter';

interface Entry {
  topic: Topic;
  release?: () => void;
}

export class Interest {
  private entries = new Map<string, Entry>();
  private readonly tabs = new RefCounter();
  private engine: MarketEngine | undefined;

  /** A tab started watching `key`. */
  add(topic: Topic, key: string): void {
    if (!this.tabs.add(key)) return;
    const e: Entry = { topic };
    this.entries.set(key, e);
    if (this.engine) e.release = this.engine.acquire(topic);
  }

  /** A tab stopped watching `key`. */
  remove(key: string): void {
    if (!this.tabs.remove(key)) return;
    this.entries.get(key)?.release?.();
    this.entries.delete(key);
  }

  /** Acquires every watched topic on `engine` (after releasing them on the previous one). */
  attach(engine: MarketEngine): void {
    this.detach();
    this.engine = engine;
    for (const e of this.entries.values()) e.release = engine.acquire(e.topic);
  }

  detach(): void {
    for (const e of this.entries.values()) {
      e.release?.();
      e.release = undefined;
    }
    this.engine = undefined;
  }
}

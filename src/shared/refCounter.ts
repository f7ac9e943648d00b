/**
 * The one reference counter: how many holders each key has. `add` says when a key gets its first holder and
 * `remove` when it loses its last, so the caller starts and stops the real thing (a server subscription, an
 * engine topic, a worker watch) exactly once. Grace periods and per-key data stay with the caller.
 */
export class RefCounter<K = string> {
  private readonly counts = new Map<K, number>();

  /** One more holder of `key`; true when it is the first. */
  add(key: K): boolean {
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n === 1;
  }

  /** One holder fewer; true when that was the last (the key is then gone). A key without holders: false. */
  remove(key: K): boolean {
    const n = this.counts.get(key);
    if (n === undefined) return false;
    if (n > 1) {
      this.counts.set(key, n - 1);
      return false;
    }
    this.counts.delete(key);
    return true;
  }

  /** Forgets `key` and all its holders. */
  delete(key: K): void {
    this.counts.delete(key);
  }

  /** Holders of `key` (0 when none). */
  count(key: K): number {
    return this.counts.get(key) ?? 0;
  }

  has(key: K): boolean {
    return this.counts.has(key);
  }

  keys(): IterableIterator<K> {
    return this.counts.keys();
  }

  get size(): number {
    return this.counts.size;
  }

  clear(): void {
    this.counts.clear();
  }
}

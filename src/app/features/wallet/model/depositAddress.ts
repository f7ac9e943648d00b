/**
 * The deposit address book of the app (DEP-9, spec 4.7 and 9.1): an address once fetched is kept for the
 * session (per user, coin and network) and never asked again; lookups of uncached ones are spaced at least
 * 5 s apart (the spec's debounce), a later one waiting for its turn; the same key asked twice shares one fetch.
 */
export const ADDRESS_LOOKUP_GAP_MS = 5000;

export interface AddressBookTimers {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export class AddressBook<T> {
  private readonly cache = new Map<string, T>();
  private readonly pending = new Map<string, Promise<T>>();
  private nextSlot = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly timers: AddressBookTimers,
    private readonly gapMs = ADDRESS_LOOKUP_GAP_MS,
  ) {}

  cached(key: string): T | undefined {
    return this.cache.get(key);
  }

  load(key: string, fetch: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = this.pending.get(key);
    if (running) return running;
    const now = this.timers.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + this.gapMs;
    const p = (async () => {
      try {
        if (at > now) await this.timers.sleep(at - now);
        const v = await fetch();
        this.cache.set(key, v);
        return v;
      } finally {
        this.pending.delete(key);
      }
    })();
    this.pending.set(key, p);
    return p;
  }
}

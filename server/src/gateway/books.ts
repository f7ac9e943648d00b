/**
 * The gateway mirror's books (BUS-14, DEPTH-5): one `DepthMirror` per held depth subject, fetched from the core
 * when the subject is held and kept by its deltas. A delta is applied only when its book seq is the mirror's + 1;
 * an older one is dropped; a newer one means deltas were lost: the book is fetched again (deltas arriving
 * meanwhile are kept and applied after it) and the jump is passed on, so clients resync too. A book's first
 * readers wait for it (`ready`).
 */
import type { DepthBook } from '../context';
import { decodeJson, encodeJson, type BusClient } from '../bus/publisher';
import { RPC_DEPTH } from '../bus/subjects';
import { DepthMirror } from '../market/depthMirror';

export interface MirrorLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** How long a request to the core may take. */
export const RPC_TIMEOUT_MS = 5_000;
/** Deltas kept per book while its snapshot is on the way; messages queued per symbol while its state is. */
export const MAX_WAITING = 1_000;

interface Book {
  mirror?: DepthMirror;
  /** Deltas that arrived while the book was being fetched. */
  waiting?: DepthBook[];
  /** A fetch is in flight (a failed one is tried again at the next delta). */
  fetching?: boolean;
}

type DepthListener = (symbol: string, delta: DepthBook) => void;

export class BookMirrors {
  private readonly books = new Map<string, Book>();
  private readonly listeners = new Set<DepthListener>();

  /** `ready` is told when a fetch of `symbol`'s book ends (its waiting snapshots go out then). */
  constructor(
    private readonly bus: BusClient,
    private readonly log: MirrorLog,
    private readonly stats: { gaps: number; bookFetches: number },
    private readonly ready: (symbol: string) => void,
  ) {}

  /** The book as the hub reads it; undefined while it is being fetched. */
  book(symbol: string, limit: number): DepthBook | undefined {
    return this.books.get(symbol)?.mirror?.book(limit);
  }

  loaded(symbol: string): boolean {
    return this.books.get(symbol)?.mirror !== undefined;
  }

  onDepth(l: DepthListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** A newly held book: fetched now. */
  hold(symbol: string): void {
    this.books.set(symbol, { waiting: [] });
    this.fetchSoon(symbol);
  }

  release(symbol: string): void {
    this.books.delete(symbol);
  }

  /** Every book in `symbols` taken anew (a reload). */
  async refetch(symbols: string[]): Promise<void> {
    for (const s of symbols) this.books.set(s, { waiting: [] });
    await Promise.all(symbols.map((s) => this.fetch(s)));
  }

  private fetchSoon(symbol: string): void {
    void this.fetch(symbol).catch((err) => this.log.warn({ event: 'gateway_book_failed', symbol, err }));
  }

  private async fetch(symbol: string): Promise<void> {
    const book = this.books.get(symbol);
    if (!book) return;
    book.waiting ??= [];
    book.mirror = undefined;
    book.fetching = true;
    this.stats.bookFetches++;
    let snap: DepthBook | null;
    try {
      snap = decodeJson<DepthBook | null>(await this.bus.request(RPC_DEPTH, encodeJson({ symbol }), RPC_TIMEOUT_MS));
    } finally {
      book.fetching = false;
    }
    // Released (or taken anew) meanwhile.
    if (this.books.get(symbol) !== book) return;
    if (snap) {
      const mirror = new DepthMirror(snap);
      for (const d of book.waiting ?? []) if (d.seq === mirror.seq + 1) mirror.apply(d);
      book.mirror = mirror;
      book.waiting = undefined;
    }
    // Waiting snapshots go out now, before the next delta.
    this.ready(symbol);
  }

  /** A delta from the bus, in the core's order. */
  onDelta(symbol: string, delta: DepthBook): void {
    const book = this.books.get(symbol);
    if (!book) return;
    if (!book.mirror) {
      // Kept for after the book arrives; the newest are enough (the book will be at least as new as the oldest).
      const waiting = (book.waiting ??= []);
      waiting.push(delta);
      if (waiting.length > MAX_WAITING) waiting.shift();
      if (!book.fetching) this.fetchSoon(symbol);
      return;
    }
    if (delta.seq <= book.mirror.seq) return;
    if (delta.seq !== book.mirror.seq + 1) {
      this.stats.gaps++;
      book.waiting = [delta];
      this.fetchSoon(symbol);
      // The hub passes the jump on: its clients see it in data.seq and resync (DEPTH-5).
      for (const l of this.listeners) l(symbol, delta);
      return;
    }
    book.mirror.apply(delta);
    for (const l of this.listeners) l(symbol, delta);
  }
}

/**
 * The `depth` topics (BOOK-1 to BOOK-5): per symbol, one book fed by one server DEPTH subscription, shared by
 * every grouping and every tab; per topic (symbol, precisions, group), a grouped view built when asked.
 *
 * Sync (BOOK-2). After the server acknowledges the subscription it sends a snapshot (`snapshot: true`), then
 * deltas whose `data.seq` is the previous one + 1. A snapshot replaces the book. A delta that skips a seq,
 * or arrives before any snapshot, or a gap in the socket's own seq, means the book may be wrong: the book
 * asks the REST snapshot (same seq numbering) and buffers the deltas that keep arriving; the reply replaces the
 * book, the buffered deltas it already contains (seq <= its seq) are dropped and the later ones applied in
 * order. A socket that goes down makes every book forget its seq (the server may have restarted) and wait for
 * the snapshot of its subscription on the next socket; meanwhile the view shows the last book as 'syncing'. A failed REST snapshot is retried while the book is held.
 *
 * Views (BOOK-4). A change marks a view dirty (and is reported to onChange) only if it can alter what the
 * view shows: a level within the view's visible groups, a new status, a snapshot. A dirty view is rebuilt
 * when the host asks for it (once per tab frame at most) and keeps its version when nothing shown changed.
 */
import type { DepthFrame, DepthLevel } from '../shared/protocol';
import { DEPTH_BUFFER_MAX, DEPTH_REST_LIMIT, DEPTH_RESYNC_SPACING_MS, SEED_RETRY_MS } from './constants';
import { Book } from './depthBook';
import { buildDepthView, PriceStrings, type ViewLimits } from './depthView';
import { fetchDepth } from './rest';
import { topicKey, type DepthTopic, type EngineDeps, type TimerHandle } from './types';
import type { DepthView } from './views';

type DepthData = DepthFrame['data'];

export interface DepthHost {
  /** Holds the symbol's server DEPTH subscription; returns its release. */
  subscribe(symbol: string): () => void;
  /** The engine's next version number. */
  nextVersion(): number;
  /** Tells the engine's listeners (for changes outside a frame: REST replies). */
  emit(keys: ReadonlySet<string>): void;
}

/** One grouped view of a book. */
class Grouping {
  readonly key: string;
  view: DepthView | undefined;
  dirty = true;
  limits: ViewLimits | undefined;
  readonly prices = new PriceStrings();
  constructor(readonly topic: DepthTopic) {
    this.key = topicKey(topic);
  }
}

/** One symbol's book and its sync state. */
class SymbolBook {
  readonly book = new Book();
  readonly groupings = new Map<string, Grouping>();
  /** Every grouping's key, emitted as is when all changed (no allocation). */
  allKeys: ReadonlySet<string> = new Set();
  /** Seq of the last applied frame; -1 before the first snapshot on this socket. */
  seq = -1;
  /** True while the book follows the stream (a snapshot was applied and no gap since). */
  synced = false;
  status: DepthView['status'] = 'syncing';
  error: string | null = null;
  /** Deltas received while not synced, in arrival order. */
  buffer: DepthData[] = [];
  /** Generation of the REST snapshot on its way (a reply of another generation is dropped). */
  restGen = 0;
  restPending = false;
  /** Clock time of the last REST request (resyncs are spaced, see resync()). */
  lastRequest = -Infinity;
  retry: TimerHandle | undefined;
  release: () => void = () => {};
  constructor(readonly symbol: string) {}

  rebuildKeys(): void {
    this.allKeys = new Set(this.groupings.keys());
  }
}

export class DepthStreams {
  private readonly books = new Map<string, SymbolBook>();
  /** Scratch set of changed keys, valid until the next frame. */
  private readonly changed = new Set<string>();
  framesApplied = 0;
  levelsApplied = 0;
  resyncs = 0;
  /** Frames whose levels were not a valid book (BOOK-5): refused whole, the book resyncs. */
  refused = 0;

  constructor(
    private readonly deps: Pick<EngineDeps, 'clock' | 'httpGet' | 'timers' | 'log'>,
    private readonly host: DepthHost,
  ) {}

  /** A depth topic opened (the engine's registry calls this once per topic). */
  open(topic: DepthTopic): void {
    let sb = this.books.get(topic.symbol);
    if (!sb) {
      sb = new SymbolBook(topic.symbol);
      this.books.set(topic.symbol, sb);
      sb.release = this.host.subscribe(topic.symbol);
    }
    const g = new Grouping(topic);
    sb.groupings.set(g.key, g);
    sb.rebuildKeys();
  }

  close(topic: DepthTopic): void {
    const sb = this.books.get(topic.symbol);
    if (!sb) return;
    sb.groupings.delete(topicKey(topic));
    sb.rebuildKeys();
    if (sb.groupings.size > 0) return;
    this.drop(sb);
  }

  view(topic: DepthTopic): DepthView | undefined {
    const sb = this.books.get(topic.symbol);
    const g = sb?.groupings.get(topicKey(topic));
    if (!sb || !g) return undefined;
    if (g.dirty || !g.view) {
      const built = buildDepthView(
        sb.book,
        topic,
        { status: sb.status, error: sb.error, seq: sb.seq },
        g.view,
        this.host.nextVersion,
        g.prices,
      );
      g.view = built.view;
      g.limits = built.limits;
      g.dirty = false;
    }
    return g.view;
  }

  /** A DEPTH frame (decoded and valid by the protocol): returns the keys whose views may have changed. */
  onFrame(f: DepthFrame): ReadonlySet<string> | null {
    const sb = this.books.get(f.symbol);
    if (!sb) return null;
    const d = f.data;
    if (d.snapshot) {
      if (this.snapshot(sb, d)) this.count(d.bids.length + d.asks.length);
      else this.resync(sb);
      return this.markAll(sb);
    }
    if (!sb.synced) {
      // Before any snapshot (or while resyncing): kept for after the snapshot.
      const was = sb.status;
      this.hold(sb, d);
      this.resync(sb);
      return sb.status === was ? null : this.markAll(sb);
    }
    if (d.seq <= sb.seq) return null; // already in the book (a snapshot newer than this delta)
    if (d.seq !== sb.seq + 1) {
      this.deps.log?.('depth_gap', { symbol: sb.symbol, expected: sb.seq + 1, got: d.seq });
      sb.synced = false;
      this.hold(sb, d);
      this.resync(sb);
      return this.markAll(sb);
    }
    if (!this.applyDelta(sb, d)) {
      this.resync(sb);
      return this.markAll(sb);
    }
    return this.touched(sb, d.bids.length, d.asks.length);
  }

  /**
   * The socket went down, or a new one opened: every book forgets its seq (the server may have restarted) and
   * waits for the snapshot that follows its subscription on the new socket, showing its last levels meanwhile.
   */
  onSocketReset(): ReadonlySet<string> | null {
    if (this.books.size === 0) return null;
    const changed = this.changed;
    changed.clear();
    for (const sb of this.books.values()) {
      this.cancelRest(sb);
      sb.synced = false;
      sb.seq = -1;
      sb.buffer = [];
      sb.status = 'syncing';
      sb.error = null;
      for (const g of sb.groupings.values()) {
        g.dirty = true;
        changed.add(g.key);
      }
    }
    return changed;
  }

  /**
   * Frames were lost on the socket (its own seq jumped): a book may have missed its last delta with nothing
   * after it to show the hole, so each asks the REST snapshot. A book in step keeps applying deltas meanwhile
   * and takes the reply only if it is newer.
   */
  onConnectionGap(): void {
    for (const sb of this.books.values()) this.resync(sb);
  }

  /** The server refused the symbol's DEPTH subscription (ERROR for its subscribe op). */
  onRefused(symbol: string, message: string): ReadonlySet<string> | null {
    const sb = this.books.get(symbol);
    if (!sb) return null;
    sb.status = 'error';
    sb.error = message;
    return this.markAll(sb);
  }

  dispose(): void {
    for (const sb of this.books.values()) this.cancelRest(sb);
    this.books.clear();
  }

  // ------------------------------------------------------------------ sync

  private drop(sb: SymbolBook): void {
    this.cancelRest(sb);
    this.books.delete(sb.symbol);
    sb.release();
  }

  private cancelRest(sb: SymbolBook): void {
    sb.restGen++;
    sb.restPending = false;
    if (sb.retry !== undefined) this.deps.timers.clearTimeout(sb.retry);
    sb.retry = undefined;
  }

  private hold(sb: SymbolBook, d: DepthData): void {
    sb.buffer.push(d);
    if (sb.buffer.length > DEPTH_BUFFER_MAX) sb.buffer.shift();
  }

  /**
   * Replaces the book with a snapshot (socket or REST) and applies the buffered deltas after it; a REST reply
   * still on its way is dropped. False, changing nothing, when its levels are not a valid book.
   */
  private snapshot(sb: SymbolBook, d: { seq: number; bids: DepthLevel[]; asks: DepthLevel[] }): boolean {
    if (!sb.book.apply(d.bids, d.asks, true)) {
      this.refuse(sb);
      sb.synced = false;
      return false;
    }
    this.cancelRest(sb);
    sb.seq = d.seq;
    sb.synced = true;
    sb.status = 'live';
    sb.error = null;
    this.drain(sb);
    return true;
  }

  /** Applies the buffered deltas that follow the book's seq; a hole (or a refused delta) resyncs again. */
  private drain(sb: SymbolBook): void {
    const buf = sb.buffer;
    sb.buffer = [];
    for (let i = 0; i < buf.length; i++) {
      const d = buf[i];
      if (d.seq <= sb.seq) continue;
      const next = d.seq === sb.seq + 1;
      if (!next || !this.applyDelta(sb, d)) {
        sb.synced = false;
        sb.buffer = buf.slice(next ? i + 1 : i);
        this.resync(sb);
        return;
      }
    }
  }

  private applyDelta(sb: SymbolBook, d: DepthData): boolean {
    if (!sb.book.apply(d.bids, d.asks, false)) {
      this.refuse(sb);
      sb.synced = false;
      return false;
    }
    sb.seq = d.seq;
    this.count(d.bids.length + d.asks.length);
    return true;
  }

  private count(levels: number): void {
    this.framesApplied++;
    this.levelsApplied += levels;
  }

  private refuse(sb: SymbolBook): void {
    this.refused++;
    this.deps.log?.('depth_refused', { symbol: sb.symbol, problem: sb.book.problem });
  }

  /**
   * Asks the REST snapshot unless one is on its way or waiting to be retried. Requests are at least
   * DEPTH_RESYNC_SPACING_MS apart, so a server that keeps sending what cannot be applied is not asked in a loop.
   */
  private resync(sb: SymbolBook): void {
    if (!sb.synced && sb.status !== 'error') sb.status = 'syncing';
    if (sb.restPending || sb.retry !== undefined) return;
    this.resyncs++;
    const wait = sb.lastRequest + DEPTH_RESYNC_SPACING_MS - this.deps.clock.now();
    if (wait > 0) sb.retry = this.deps.timers.setTimeout(() => this.request(sb), wait);
    else this.request(sb);
  }

  private request(sb: SymbolBook): void {
    sb.retry = undefined;
    if (this.books.get(sb.symbol) !== sb) return;
    const gen = ++sb.restGen;
    sb.restPending = true;
    sb.lastRequest = this.deps.clock.now();
    fetchDepth(this.deps.httpGet, sb.symbol, DEPTH_REST_LIMIT)
      .then((snap) => {
        if (gen !== sb.restGen || this.books.get(sb.symbol) !== sb) return;
        sb.restPending = false;
        // In step and at least as new: nothing was missed (a later hole shows as a gap in the deltas).
        if (sb.synced && snap.seq <= sb.seq) return;
        if (!this.snapshot(sb, snap)) throw new Error(`invalid depth snapshot: ${sb.book.problem}`);
        this.host.emit(this.markAll(sb));
      })
      .catch((err: unknown) => {
        if (gen !== sb.restGen || this.books.get(sb.symbol) !== sb) return;
        sb.restPending = false;
        this.deps.log?.('depth_resync_failed', { symbol: sb.symbol, error: String(err) });
        if (!sb.synced) {
          sb.status = 'error';
          sb.error = err instanceof Error ? err.message : String(err);
          this.host.emit(this.markAll(sb));
        }
        sb.retry = this.deps.timers.setTimeout(() => this.request(sb), SEED_RETRY_MS);
      });
  }

  // ------------------------------------------------------------------ changes

  private markAll(sb: SymbolBook): ReadonlySet<string> {
    for (const g of sb.groupings.values()) g.dirty = true;
    return sb.allKeys;
  }

  /**
   * After a delta: marks dirty the clean views it can change (a level at or inside a view's last visible
   * group, BOOK-4), and returns their keys: the prebuilt set when all, null when none.
   */
  private touched(sb: SymbolBook, nBids: number, nAsks: number): ReadonlySet<string> | null {
    const book = sb.book;
    const changed = this.changed;
    changed.clear();
    for (const g of sb.groupings.values()) {
      // Already dirty: its key was reported when it turned dirty and no one has read the view since.
      if (g.dirty) continue;
      const lim = g.limits;
      let hit = !lim || lim.scale !== book.priceScale;
      if (lim && !hit) {
        for (let i = 0; i < nBids && !hit; i++) hit = book.unitsAt(i) >= lim.bidLimit;
        for (let i = nBids; i < nBids + nAsks && !hit; i++) hit = book.unitsAt(i) <= lim.askLimit;
      }
      if (!hit) continue;
      g.dirty = true;
      changed.add(g.key);
    }
    if (changed.size === 0) return null;
    return changed.size === sb.groupings.size ? sb.allKeys : changed;
  }
}

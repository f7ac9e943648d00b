/**
 * A gateway's copy of the market (BUS-7), built from the bus alone: what the socket hub reads (tickers, live
 * candles, books, marks) and the events it fans out, in the core's order. At start (and whenever the core's epoch
 * changes) it asks the core for the market's state and every book's whole depth; then each subject's messages
 * are applied in sequence:
 *
 * - trade, kline, detail of one tick arrive in that order; the tick reaches the hub when its detail has arrived,
 *   so the hub's TRADE, KLINE, DETAIL read the same candle and ticker the core's own hub reads.
 * - depth: a delta is applied only when its book seq is the mirror's + 1; an older one is dropped; a newer one
 *   means deltas were lost: the book is fetched again (deltas arriving meanwhile are kept and applied after it)
 *   and the hub passes the jump on, so clients resync too (DEPTH-5).
 */
import type { Candle, KlineInterval, PriceInfo, Trade } from '../../../src/shared/protocol';
import type { MarkTick } from '../../../src/shared/schemas/futures';
import type { DepthBook } from '../context';
import { decodeJson, decodeMessage, encodeJson, type BusClient, type BusMessage } from '../bus/publisher';
import { RPC_DEPTH, RPC_MARKET, SUBJECT_ROOT, type MarketState } from '../bus/subjects';
import { DepthMirror } from '../market/depthMirror';
import type { HubMarket, HubMarks } from '../ws/hub';

export interface MirrorLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** How long a request to the core may take. */
const RPC_TIMEOUT_MS = 5_000;
/** Deltas kept per book while its snapshot is on the way. */
const MAX_WAITING = 1_000;

interface Book {
  mirror?: DepthMirror;
  /** Deltas that arrived while the book was being fetched. */
  waiting?: DepthBook[];
  /** A fetch is in flight (a failed one is tried again at the next delta). */
  fetching?: boolean;
}

type Listener<A extends unknown[]> = (...args: A) => void;

export class MarketMirror implements HubMarket, HubMarks {
  private epoch = '';
  private symbolSet = new Set<string>();
  private bookSet = new Set<string>();
  private tickers = new Map<string, PriceInfo>();
  private candles = new Map<string, Partial<Record<KlineInterval, Candle>>>();
  private markMap = new Map<string, MarkTick>();
  private pending = new Map<string, Trade[]>();
  private depth = new Map<string, Book>();
  private lastSeq = new Map<string, number>();
  private readonly tradeListeners = new Set<Listener<[string, Trade[]]>>();
  private readonly depthListeners = new Set<Listener<[string, DepthBook]>>();
  private readonly markListeners = new Set<Listener<[MarkTick[]]>>();
  private off: (() => void) | undefined;
  private reloading: Promise<void> | undefined;
  /** Gaps seen per kind, books fetched again, epochs seen (metrics, tests). */
  readonly stats = { gaps: 0, bookFetches: 0, reloads: 0 };

  constructor(
    private readonly bus: BusClient,
    private readonly log: MirrorLog,
  ) {}

  async start(): Promise<void> {
    this.off ??= this.bus.subscribe(`${SUBJECT_ROOT}.md.*.*`, (subject, payload) => this.onMessage(subject, payload));
    await this.reload();
  }

  /** Takes the core's state anew (BUS-11: after the bus came back, messages may have been lost). */
  resync(): Promise<void> {
    return this.reload();
  }

  stop(): void {
    this.off?.();
    this.off = undefined;
  }

  // ------------------------------------------------------------------ what the hub reads

  readonly books = {
    has: (symbol: string) => this.bookSet.has(symbol),
    depth: (symbol: string, limit: number) => this.depth.get(symbol)?.mirror?.book(limit),
    onDepth: (l: Listener<[string, DepthBook]>) => this.listen(this.depthListeners, l),
  };

  has(symbol: string): boolean {
    return this.symbolSet.has(symbol);
  }

  ticker(symbol: string): PriceInfo | undefined {
    return this.tickers.get(symbol);
  }

  /** The live candle only (what the hub asks: `limit` 1); history is the core's REST. */
  history(symbol: string, interval: KlineInterval): Candle[] {
    const c = this.candles.get(symbol)?.[interval];
    return c ? [c] : [];
  }

  onTrades(l: Listener<[string, Trade[]]>): () => void {
    return this.listen(this.tradeListeners, l);
  }

  current(symbol: string): MarkTick | undefined {
    return this.markMap.get(symbol);
  }

  onMark(l: Listener<[MarkTick[]]>): () => void {
    return this.listen(this.markListeners, l);
  }

  private listen<A extends unknown[]>(set: Set<Listener<A>>, l: Listener<A>): () => void {
    set.add(l);
    return () => set.delete(l);
  }

  // ------------------------------------------------------------------ the core's state

  /** Fetches the market's state and every book; once at a time. */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const state = decodeJson<MarketState>(await this.bus.request(RPC_MARKET, encodeJson({}), RPC_TIMEOUT_MS));
        this.stats.reloads++;
        this.epoch = state.epoch;
        this.lastSeq.clear();
        this.symbolSet = new Set(state.symbols);
        this.bookSet = new Set(state.books);
        this.tickers = new Map(Object.entries(state.tickers));
        this.candles = new Map(Object.entries(state.candles));
        this.markMap = new Map(Object.entries(state.marks));
        this.depth = new Map(state.books.map((s) => [s, { waiting: [] }]));
        await Promise.all(state.books.map((s) => this.fetchBook(s)));
        this.log.info({ event: 'gateway_mirror_loaded', symbols: state.symbols.length, epoch: state.epoch });
      } finally {
        this.reloading = undefined;
      }
    })();
    return this.reloading;
  }

  private async fetchBook(symbol: string): Promise<void> {
    const book = this.depth.get(symbol) ?? { waiting: [] };
    book.waiting ??= [];
    book.mirror = undefined;
    book.fetching = true;
    this.depth.set(symbol, book);
    this.stats.bookFetches++;
    let snap: DepthBook | null;
    try {
      snap = decodeJson<DepthBook | null>(await this.bus.request(RPC_DEPTH, encodeJson({ symbol }), RPC_TIMEOUT_MS));
    } finally {
      book.fetching = false;
    }
    if (!snap) return;
    const mirror = new DepthMirror(snap);
    for (const d of book.waiting ?? []) if (d.seq === mirror.seq + 1) mirror.apply(d);
    book.mirror = mirror;
    book.waiting = undefined;
  }

  // ------------------------------------------------------------------ the bus

  private onMessage(subject: string, payload: Uint8Array): void {
    const [, , symbol, channel] = subject.split('.');
    const msg = decodeMessage(payload);
    if (msg.e !== this.epoch) {
      // The core started again (or we are still loading): its sequences began again; take its state anew.
      if (!this.reloading) void this.reload().catch((err) => this.log.warn({ event: 'gateway_reload_failed', err }));
      return;
    }
    const last = this.lastSeq.get(subject) ?? 0;
    if (msg.q <= last) return;
    if (last > 0 && msg.q !== last + 1) this.stats.gaps++;
    this.lastSeq.set(subject, msg.q);
    this.apply(symbol, channel, msg);
  }

  private apply(symbol: string, channel: string, msg: BusMessage): void {
    switch (channel) {
      case 'trade':
        this.pending.set(symbol, msg.d as Trade[]);
        return;
      case 'kline':
        this.candles.set(symbol, msg.d as Partial<Record<KlineInterval, Candle>>);
        return;
      case 'detail': {
        this.tickers.set(symbol, msg.d as PriceInfo);
        const trades = this.pending.get(symbol);
        this.pending.delete(symbol);
        if (trades) for (const l of this.tradeListeners) l(symbol, trades);
        return;
      }
      case 'depth':
        this.onDelta(symbol, msg.d as DepthBook);
        return;
      case 'mark': {
        const tick = msg.d as MarkTick;
        this.markMap.set(symbol, tick);
        for (const l of this.markListeners) l([tick]);
        return;
      }
    }
  }

  private onDelta(symbol: string, delta: DepthBook): void {
    const book = this.depth.get(symbol);
    if (!book) return;
    if (!book.mirror) {
      // Kept for after the book arrives; the newest are enough (the book will be at least as new as the oldest).
      const waiting = (book.waiting ??= []);
      waiting.push(delta);
      if (waiting.length > MAX_WAITING) waiting.shift();
      if (!book.fetching)
        void this.fetchBook(symbol).catch((err) => this.log.warn({ event: 'gateway_book_failed', symbol, err }));
      return;
    }
    if (delta.seq <= book.mirror.seq) return;
    if (delta.seq !== book.mirror.seq + 1) {
      this.stats.gaps++;
      book.waiting = [delta];
      void this.fetchBook(symbol).catch((err) => this.log.warn({ event: 'gateway_book_failed', symbol, err }));
      // The hub passes the jump on: its clients see it in data.seq and resync (DEPTH-5).
      for (const l of this.depthListeners) l(symbol, delta);
      return;
    }
    book.mirror.apply(delta);
    for (const l of this.depthListeners) l(symbol, delta);
  }
}

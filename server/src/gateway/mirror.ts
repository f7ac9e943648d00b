/**
 * A gateway's copy of the market (BUS-7), built from the bus alone: what the socket hub reads (tickers, live
 * candles, books, marks) and the events it fans out, in the core's order. It holds a symbol's subjects only while
 * the hub's sockets want them (BUS-14): the hub tells it each stream's first subscriber and last release (`hold`).
 * At start it asks the core only for the lists of symbols and books (so the hub can refuse an unknown one); no
 * market subject is held.
 *
 * - DETAIL holds the symbol's `detail`; TRADE `trade` and `detail`; KLINE `kline` and `detail`; DEPTH `depth`;
 *   MARK `mark`. Counted per subject: the last stream to let go releases it.
 * - A newly held `detail`, `kline` or `mark` takes its state (ticker, live candles, mark) from the core
 *   (`ox.rpc.market` with that symbol, which answers each subject's last seq too); until then its messages are
 *   queued, the hub's first frame of the stream waits (`defer`), and afterwards the queued messages newer than
 *   the answer are applied in order. A `trade` held with a loading `detail` waits with it; with a live `detail`
 *   it is live at once (trades have no state: the next tick's trades come with it).
 * - trade, kline, detail of one tick arrive in that order; the tick reaches the hub when its detail has arrived,
 *   so the hub's TRADE, KLINE, DETAIL read the same candle and ticker the core's own hub reads. A tick whose
 *   trades this gateway did not hold reaches the hub without them (KLINE and DETAIL only).
 * - depth: the book is fetched when the subject is held and kept by its deltas (`BookMirrors`, DEPTH-5). A DEPTH
 *   subscriber's snapshot waits for the book.
 * - When the core's epoch changes, or the bus came back (BUS-11), every held subject takes its state anew.
 */
import type { Candle, KlineInterval, PriceInfo, Trade } from '../../../src/shared/protocol';
import type { MarkTick } from '../../../src/shared/schemas/futures';
import type { DepthBook } from '../context';
import { decodeJson, decodeMessage, encodeJson, type BusClient, type BusMessage } from '../bus/publisher';
import { marketSubject, RPC_MARKET, subjectToken, type MarketChannel, type MarketState } from '../bus/subjects';
import type { HubInterest, HubMarket, HubMarks, MarketStreamType } from '../ws/hub';
import { BookMirrors, MAX_WAITING, RPC_TIMEOUT_MS, type MirrorLog } from './books';

/** The subjects each stream holds (the detail closes a tick: TRADE and KLINE frames go out with it). */
const HOLDS: Record<MarketStreamType, MarketChannel[]> = {
  DETAIL: ['detail'],
  TRADE: ['detail', 'trade'],
  KLINE: ['detail', 'kline'],
  DEPTH: ['depth'],
  MARK: ['mark'],
};

/** One held market subject. */
interface Held {
  subject: string;
  symbol: string;
  channel: MarketChannel;
  /** Streams holding it. */
  n: number;
  release: () => void;
  /** Waiting for its state from the core: its messages are queued meanwhile. */
  loading: boolean;
  /** The last seq applied (0: none yet, the next is taken as it comes). */
  last: number;
}

type Listener<A extends unknown[]> = (...args: A) => void;

export class MarketMirror implements HubMarket, HubMarks, HubInterest {
  private epoch = '';
  /** Epochs of the core's earlier starts: their late messages are dropped. */
  private readonly pastEpochs = new Set<string>();
  private symbolSet = new Set<string>();
  private bookSet = new Set<string>();
  private readonly tickers = new Map<string, PriceInfo>();
  private readonly candles = new Map<string, Partial<Record<KlineInterval, Candle>>>();
  private readonly markMap = new Map<string, MarkTick>();
  private readonly pending = new Map<string, Trade[]>();
  private readonly held = new Map<string, Held>();
  /** Per symbol: messages of its loading subjects, in arrival order. */
  private readonly queued = new Map<string, { h: Held; msg: BusMessage }[]>();
  /** Symbols whose state request is in flight; those to ask again after it. */
  private readonly loads = new Set<string>();
  private readonly again = new Set<string>();
  /** Symbols to ask for at the end of this turn. */
  private readonly toLoad = new Set<string>();
  /** Per subject: the hub's first frames waiting for its state. */
  private readonly waiters = new Map<string, (() => void)[]>();
  private readonly tradeListeners = new Set<Listener<[string, Trade[]]>>();
  private readonly markListeners = new Set<Listener<[MarkTick[]]>>();
  private reloading: Promise<void> | undefined;
  /**
   * Gaps seen, books fetched, full reloads (start, epoch, resync), symbol states asked, market messages received
   * (metrics, tests).
   */
  readonly stats = { gaps: 0, bookFetches: 0, reloads: 0, loads: 0, messages: 0 };
  private readonly depth: BookMirrors;

  /**
   * `acquire` holds a subject on the bus and returns its release (the gateway's `Interest`, which routes the
   * subject's messages to `onMessage`); by default a subscription of its own.
   */
  constructor(
    private readonly bus: BusClient,
    private readonly log: MirrorLog,
    private readonly acquire: (subject: string) => () => void = (subject) =>
      bus.subscribe(subject, (s, payload) => this.onMessage(s, payload)),
  ) {
    this.depth = new BookMirrors(bus, log, this.stats, (symbol) => this.wake(marketSubject(symbol, 'depth')));
  }

  async start(): Promise<void> {
    await this.reload();
  }

  /** Takes the core's state anew (BUS-11: after the bus came back, messages may have been lost). */
  resync(): Promise<void> {
    return this.reload();
  }

  stop(): void {
    for (const h of this.held.values()) h.release();
    this.held.clear();
  }

  /** Market subjects held now (`/healthz`, tests). */
  get subjects(): number {
    return this.held.size;
  }

  holds(subject: string): boolean {
    return this.held.has(subject);
  }

  // ------------------------------------------------------------------ what the hub reads

  readonly books = {
    has: (symbol: string) => this.bookSet.has(symbol),
    depth: (symbol: string, limit: number) => this.depth.book(symbol, limit),
    onDepth: (l: Listener<[string, DepthBook]>) => this.depth.onDepth(l),
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

  // ------------------------------------------------------------------ interest (BUS-14)

  hold(type: MarketStreamType, symbol: string): () => void {
    if (!subjectToken(symbol)) return () => undefined;
    const releases = HOLDS[type].map((c) => this.holdSubject(symbol, c));
    return () => releases.forEach((r) => r());
  }

  defer(type: MarketStreamType, symbol: string, then: () => void): boolean {
    if (type === 'TRADE' || !subjectToken(symbol)) return false;
    const h = this.held.get(marketSubject(symbol, HOLDS[type].at(-1)!));
    if (!h) return false;
    if (type === 'DEPTH' ? this.depth.loaded(symbol) : !h.loading) return false;
    const list = this.waiters.get(h.subject);
    if (list) list.push(then);
    else this.waiters.set(h.subject, [then]);
    return true;
  }

  private holdSubject(symbol: string, channel: MarketChannel): () => void {
    const subject = marketSubject(symbol, channel);
    let h = this.held.get(subject);
    if (h) h.n++;
    else {
      h = { subject, symbol, channel, n: 1, release: () => undefined, loading: false, last: 0 };
      this.held.set(subject, h);
      // Held on the bus before the state is asked: every message after the core's answer reaches us.
      h.release = this.acquire(subject);
      this.begin(h);
    }
    const held = h;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--held.n > 0 || this.held.get(subject) !== held) return;
      this.held.delete(subject);
      this.forget(held);
      held.release();
    };
  }

  private begin(h: Held): void {
    switch (h.channel) {
      case 'depth':
        this.depth.hold(h.symbol);
        return;
      case 'trade':
        // Trades have no state: live at once, unless the tick's detail is still loading (they wait with it).
        h.loading = this.held.get(marketSubject(h.symbol, 'detail'))?.loading ?? false;
        if (h.loading) this.load(h.symbol);
        return;
      default:
        h.loading = true;
        this.load(h.symbol);
    }
  }

  /** What a released subject leaves behind goes with it. */
  private forget(h: Held): void {
    this.waiters.delete(h.subject);
    const kept: Record<MarketChannel, { delete(symbol: string): unknown }> = {
      trade: this.pending,
      kline: this.candles,
      detail: this.tickers,
      mark: this.markMap,
      depth: { delete: (symbol) => this.depth.release(symbol) },
    };
    kept[h.channel].delete(h.symbol);
  }

  // ------------------------------------------------------------------ the core's state

  /** Fetches the lists of symbols and books and the state of every held subject; once at a time. */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const asked = [...this.held.values()];
        for (const h of asked) if (h.channel !== 'depth') h.loading = true;
        const symbols = [...new Set(asked.map((h) => h.symbol))];
        const state = decodeJson<MarketState>(
          await this.bus.request(RPC_MARKET, encodeJson({ symbols }), RPC_TIMEOUT_MS),
        );
        this.stats.reloads++;
        this.newEpoch(state.epoch);
        this.symbolSet = new Set(state.symbols);
        this.bookSet = new Set(state.books);
        this.applyState(state, asked);
        const books = [...this.held.values()].filter((h) => h.channel === 'depth').map((h) => h.symbol);
        await this.depth.refetch(books);
        this.log.info({ event: 'gateway_mirror_loaded', symbols: state.symbols.length, epoch: state.epoch });
      } finally {
        this.reloading = undefined;
        // Subjects held while this was in flight ask for their own state.
        for (const h of this.held.values()) if (h.loading) this.load(h.symbol);
      }
    })();
    return this.reloading;
  }

  private newEpoch(epoch: string): void {
    if (epoch === this.epoch) return;
    if (this.epoch) this.pastEpochs.add(this.epoch);
    this.epoch = epoch;
    // Its sequences begin again.
    for (const h of this.held.values()) h.last = 0;
  }

  /**
   * Asks the core for the state of `symbol`'s loading subjects: after this turn's holds, in one request for every
   * symbol held in the turn (a page subscribing every ticker asks once).
   */
  private load(symbol: string): void {
    if (this.loads.has(symbol)) {
      this.again.add(symbol);
      return;
    }
    if (this.toLoad.size === 0) void Promise.resolve().then(() => this.flushLoads());
    this.toLoad.add(symbol);
  }

  private flushLoads(): void {
    const symbols = new Set(this.toLoad);
    this.toLoad.clear();
    // A reload in flight asks again for what it did not take when it ends.
    if (this.reloading) return;
    const asked = [...this.held.values()].filter((h) => h.loading && symbols.has(h.symbol));
    const syms = [...new Set(asked.map((h) => h.symbol))];
    if (syms.length === 0) return;
    for (const s of syms) this.loads.add(s);
    this.stats.loads++;
    void (async () => {
      try {
        const state = decodeJson<MarketState>(
          await this.bus.request(RPC_MARKET, encodeJson({ symbols: syms }), RPC_TIMEOUT_MS),
        );
        if (state.epoch !== this.epoch) {
          // The core started again: everything is taken anew.
          if (!this.pastEpochs.has(state.epoch)) this.startReload();
          return;
        }
        this.applyState(state, asked);
      } catch (err) {
        this.log.warn({ event: 'gateway_symbol_failed', symbols: syms, err });
      } finally {
        for (const s of syms) {
          this.loads.delete(s);
          if (this.again.delete(s)) this.load(s);
        }
      }
    })();
  }

  /** Sets the state of the `asked` subjects still loading, then applies their queued messages newer than it. */
  private applyState(state: MarketState, asked: Held[]): void {
    const ready: Held[] = [];
    for (const h of asked) {
      if (!h.loading || this.held.get(h.subject) !== h) continue;
      const s = h.symbol;
      if (h.channel === 'detail') {
        const t = state.tickers[s];
        if (t) this.tickers.set(s, t);
        else this.tickers.delete(s);
      } else if (h.channel === 'kline') this.candles.set(s, state.candles[s] ?? {});
      else if (h.channel === 'mark') {
        const m = state.marks[s];
        if (m) this.markMap.set(s, m);
        else this.markMap.delete(s);
      } else if (h.channel === 'trade') this.pending.delete(s);
      // A core without seqs in its answer: every queued message is applied (they are snapshots).
      h.last = state.seqs?.[h.subject] ?? 0;
      h.loading = false;
      ready.push(h);
    }
    for (const symbol of new Set(ready.map((h) => h.symbol))) this.replay(symbol, ready);
  }

  /**
   * Applies `symbol`'s queued messages of subjects now live, in arrival order. The hub's waiting first frames go
   * out before the first queued message that reaches the hub (a tick's detail, a mark), else at the end: a new
   * subscriber gets the state, then what is newer.
   */
  private replay(symbol: string, ready: Held[]): void {
    let fired = false;
    const fire = () => {
      if (fired) return;
      fired = true;
      for (const h of ready) if (h.symbol === symbol) this.wake(h.subject);
    };
    const queue = this.queued.get(symbol) ?? [];
    this.queued.delete(symbol);
    const keep: typeof queue = [];
    for (const item of queue) {
      if (this.held.get(item.h.subject) !== item.h) continue;
      if (item.h.loading) {
        keep.push(item);
        continue;
      }
      if (item.h.channel === 'detail' || item.h.channel === 'mark') fire();
      this.process(item.h, item.msg);
    }
    fire();
    if (keep.length) this.queued.set(symbol, [...keep, ...(this.queued.get(symbol) ?? [])]);
  }

  private startReload(): void {
    if (!this.reloading) void this.reload().catch((err) => this.log.warn({ event: 'gateway_reload_failed', err }));
  }

  /** The hub's first frames waiting for `subject`'s state go out. */
  private wake(subject: string): void {
    const list = this.waiters.get(subject);
    this.waiters.delete(subject);
    for (const then of list ?? []) then();
  }

  // ------------------------------------------------------------------ the bus

  /** A message on a held market subject (routed here by the gateway's interest). */
  onMessage(subject: string, payload: Uint8Array): void {
    const h = this.held.get(subject);
    if (!h) return; // released meanwhile
    this.stats.messages++;
    const msg = decodeMessage(payload);
    if (h.loading) {
      let queue = this.queued.get(h.symbol);
      if (!queue) this.queued.set(h.symbol, (queue = []));
      queue.push({ h, msg });
      if (queue.length > MAX_WAITING) queue.shift();
      // A failed ask is tried again at the next message.
      if (!this.loads.has(h.symbol) && !this.reloading) this.load(h.symbol);
      return;
    }
    this.process(h, msg);
  }

  private process(h: Held, msg: BusMessage): void {
    if (msg.e !== this.epoch) {
      // The core started again (or we are still loading): its sequences began again; take its state anew.
      if (!this.pastEpochs.has(msg.e)) this.startReload();
      return;
    }
    if (msg.q <= h.last) return;
    if (h.last > 0 && msg.q !== h.last + 1) this.stats.gaps++;
    h.last = msg.q;
    this.apply(h.symbol, h.channel, msg);
  }

  private apply(symbol: string, channel: MarketChannel, msg: BusMessage): void {
    switch (channel) {
      case 'trade':
        this.pending.set(symbol, msg.d as Trade[]);
        return;
      case 'kline':
        this.candles.set(symbol, msg.d as Partial<Record<KlineInterval, Candle>>);
        return;
      case 'detail': {
        this.tickers.set(symbol, msg.d as PriceInfo);
        const trades = this.pending.get(symbol) ?? [];
        this.pending.delete(symbol);
        for (const l of this.tradeListeners) l(symbol, trades);
        return;
      }
      case 'depth':
        this.depth.onDelta(symbol, msg.d as DepthBook);
        return;
      case 'mark': {
        const tick = msg.d as MarkTick;
        this.markMap.set(symbol, tick);
        for (const l of this.markListeners) l([tick]);
        return;
      }
    }
  }
}

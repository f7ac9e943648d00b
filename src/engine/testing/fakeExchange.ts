/**
 * A tiny in-memory exchange for engine tests: it makes trades, serves them on fake sockets exactly
 * like the protocol says (ACK per op, per tick TRADE then KLINE then DETAIL, per-socket seq), and
 * answers the REST seed calls. Its candles are built by an independent, simple reference with
 * decimal.js, so tests can check the engine's candles against "the server's history" exactly.
 */
import { Decimal } from '../../shared/decimal';
import {
  candleOpenTime,
  subscriptionKey,
  type Candle,
  type KlineInterval,
  type PriceInfo,
  type Trade,
} from '../../shared/protocol';
import type { HttpGet } from '../types';
import type { FakeSocket, FakeSocketFactory } from './fakeSocket';
import type { FakeTime } from './fakeTime';

interface Session {
  sock: FakeSocket;
  seq: number;
  subs: Set<string>;
  /** The token of each private stream held (LIVE-1). */
  tokens: Map<string, string>;
}

export interface TradeInput {
  symbol: string;
  price: string;
  qty: string;
  side?: 'buy' | 'sell';
  /** Defaults to the fake clock's now. */
  ts?: number;
}

export class FakeExchange {
  readonly trades = new Map<string, Trade[]>();
  private sessions: Session[] = [];
  private nextId = 1;
  /** REST replies are computed when asked and held here until released (when holdHttp is on). */
  holdHttp = false;
  private held: (() => void)[] = [];
  /** Frames withheld by dropFrames(n) (the client sees a seq gap). */
  private toDrop = 0;
  readonly httpLog: string[] = [];
  private readonly stats = new Map<
    string,
    { n: number; first: Decimal; high: Decimal; low: Decimal; vol: Decimal; amount: Decimal }
  >();

  constructor(
    private readonly time: FakeTime,
    readonly symbols: string[],
  ) {
    for (const s of symbols) this.trades.set(s, []);
  }

  /** Serves every socket the engine opens from now on (opens it at once). */
  attach(factory: FakeSocketFactory): void {
    factory.onCreate = (sock) => {
      queueMicrotask(() => {
        if (this.accepting && sock.readyState === 0 && !sock.closedByClient) this.accept(sock);
      });
    };
  }

  /** When false, new sockets stay connecting (server unreachable). */
  accepting = true;
  /** The next this many subscribe/unsubscribe frames are answered THROTTLED and not acted on. */
  throttleNext = 0;

  /** Accepts (opens) a socket. */
  accept(sock: FakeSocket): void {
    const session: Session = { sock, seq: 0, subs: new Set(), tokens: new Map() };
    this.sessions.push(session);
    sock.onSend = (f) => {
      if (this.throttleNext > 0) {
        this.throttleNext--;
        this.send(session, {
          type: 'ERROR',
          origin: 'fake',
          data: { reason: 'THROTTLED', message: 'slow down', id: f.id },
        });
        return;
      }
      const key = subscriptionKey(f as never);
      const privateStream =
        f.type === 'OWNCOIN' || f.type === 'USER_STATUS' || f.type === 'SETTLEMENT' || f.type === 'POSITION';
      if (privateStream && f.op === 'subscribe') {
        const balances = this.accounts.get(f.token as string);
        if (!balances) {
          this.send(session, {
            type: 'ERROR',
            origin: 'fake',
            data: { reason: 'UNAUTHORIZED', message: 'no session', id: f.id },
          });
          return;
        }
        session.tokens.set(f.type as string, f.token as string);
        session.subs.add(key);
        this.send(session, { type: 'ACK', origin: 'fake', data: { op: f.op, key } });
        if (f.type === 'OWNCOIN') this.send(session, { type: 'OWNCOIN', origin: 'fake', data: { balances } });
        if (f.type === 'POSITION')
          this.send(session, {
            type: 'POSITION',
            origin: 'fake',
            data: { positions: this.positions.get(f.token as string) ?? [] },
          });
        return;
      }
      if (f.op === 'subscribe') session.subs.add(key);
      else session.subs.delete(key);
      this.send(session, { type: 'ACK', origin: 'fake', data: { op: f.op, key } });
      if (f.op === 'subscribe' && f.type === 'DETAIL') {
        const info = this.priceInfo(f.symbol as string);
        if (info) this.send(session, { type: 'DETAIL', symbol: f.symbol, origin: 'fake', data: info });
      }
      if (f.op === 'subscribe' && f.type === 'MARK') {
        const m = this.marks.get(f.symbol as string);
        if (m) this.send(session, { type: 'MARK', symbol: f.symbol, origin: 'fake', data: m });
      }
      if (f.op === 'subscribe' && f.type === 'DEPTH') {
        const snap = this.depthSnapshot(f.symbol as string, Infinity);
        if (snap && !this.depthWithholdSnapshot)
          this.send(session, {
            type: 'DEPTH',
            symbol: f.symbol,
            origin: 'fake',
            data: { seq: snap.seq, snapshot: true, bids: snap.bids, asks: snap.asks },
          });
      }
      if (f.op === 'subscribe' && f.type === 'KLINE') {
        const c = this.history(f.symbol as string, f.interval as KlineInterval, 1);
        if (c.length)
          this.send(session, {
            type: 'KLINE',
            symbol: f.symbol,
            interval: f.interval,
            origin: 'fake',
            data: { tick: c[0] },
          });
      }
    };
    sock.serverOpen();
  }

  private send(s: Session, frame: Record<string, unknown>): void {
    if (s.sock.readyState !== 1) return;
    s.seq++;
    if (this.toDrop > 0) {
      this.toDrop--;
      return;
    }
    s.sock.serverSend({ ...frame, seq: s.seq, ts: this.time.now() });
  }

  /** LIVE-1: the sessions the fake knows, token -> balances. */
  readonly accounts = new Map<string, unknown[]>();

  /** New balances for a token's user: an OWNCOIN frame to every socket subscribed with that token. */
  setBalances(token: string, balances: unknown[]): void {
    this.accounts.set(token, balances);
    for (const s of this.sessions)
      if (s.subs.has('OWNCOIN') && s.tokens.get('OWNCOIN') === token)
        this.send(s, { type: 'OWNCOIN', origin: 'fake', data: { balances } });
  }

  /** A SETTLEMENT frame (LIVE-3) to every socket subscribed with that token. */
  pushSettlement(token: string, data: Record<string, unknown>): void {
    for (const s of this.sessions)
      if (s.subs.has('SETTLEMENT') && s.tokens.get('SETTLEMENT') === token)
        this.send(s, { type: 'SETTLEMENT', origin: 'fake', data });
  }

  /** LIVE-4: the open positions of each token's user (rows as the server sends them, unchecked). */
  readonly positions = new Map<string, unknown[]>();

  /** New positions for a token's user: a POSITION frame (with `event` if given) to its subscribers. */
  setPositions(token: string, positions: unknown[], event?: Record<string, unknown>): void {
    this.positions.set(token, positions);
    for (const s of this.sessions)
      if (s.subs.has('POSITION') && s.tokens.get('POSITION') === token)
        this.send(s, { type: 'POSITION', origin: 'fake', data: event ? { positions, event } : { positions } });
  }

  /** LIVE-5: the current mark of each symbol. */
  readonly marks = new Map<
    string,
    { price: string; time: number; index: string; basis: string; tradeId: number; tradeTime: number }
  >();
  private markTradeId = 0;

  /** A mark update of `symbol` at `price` (time: the fake clock's now; FUT-3: index = mark unless given): a MARK frame to its subscribers. */
  mark(symbol: string, price: string, time = this.time.now(), index = price): void {
    const basis = new Decimal(price).minus(index).toFixed();
    const m = { price, time, index, basis, tradeId: ++this.markTradeId, tradeTime: time };
    this.marks.set(symbol, m);
    for (const s of this.sessions)
      if (s.subs.has(`MARK:${symbol}`)) this.send(s, { type: 'MARK', symbol, origin: 'fake', data: m });
  }

  /** Any frame, as is, to every open socket (a malformed one, for robustness tests). */
  raw(frame: Record<string, unknown>): void {
    for (const s of this.sessions) this.send(s, frame);
  }

  /** A USER_STATUS frame to every socket subscribed with that token. */
  pushStatus(token: string, data: Record<string, unknown>): void {
    for (const s of this.sessions)
      if (s.subs.has('USER_STATUS') && s.tokens.get('USER_STATUS') === token)
        this.send(s, { type: 'USER_STATUS', origin: 'fake', data });
  }

  /** A HEARTBEAT frame to every socket subscribed to HEARTBEAT. */
  heartbeat(): void {
    for (const s of this.sessions) {
      if (s.subs.has('HEARTBEAT'))
        this.send(s, { type: 'HEARTBEAT', origin: 'fake', data: { serverTime: this.time.now() } });
    }
  }

  /** Lose the next n frames of every socket (a gap in seq). */
  dropFrames(n: number): void {
    this.toDrop = n;
  }

  /** Drops every socket abruptly. */
  dropAll(): void {
    for (const s of this.sessions) if (s.sock.readyState === 1) s.sock.serverClose();
    this.sessions = [];
  }

  /** Subscriptions of the open sockets, key -> count. */
  subscriptions(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const s of this.sessions) if (s.sock.readyState === 1) for (const k of s.subs) out[k] = (out[k] ?? 0) + 1;
    return out;
  }

  get openSockets(): number {
    return this.sessions.filter((s) => s.sock.readyState === 1).length;
  }

  /** One server tick: makes the trades, then per symbol TRADE, KLINE (subscribed intervals), DETAIL. */
  tick(inputs: TradeInput[]): Trade[] {
    const made: Trade[] = [];
    const bySymbol = new Map<string, Trade[]>();
    for (const i of inputs) {
      const t: Trade = {
        id: this.nextId++,
        price: i.price,
        qty: i.qty,
        side: i.side ?? 'buy',
        ts: i.ts ?? this.time.now(),
      };
      this.trades.get(i.symbol)!.push(t);
      made.push(t);
      if (!bySymbol.has(i.symbol)) bySymbol.set(i.symbol, []);
      bySymbol.get(i.symbol)!.push(t);
    }
    for (const [symbol, trades] of bySymbol) {
      for (const s of [...this.sessions]) {
        if (s.subs.has(`TRADE:${symbol}`)) this.send(s, { type: 'TRADE', symbol, origin: 'fake', data: { trades } });
        for (const key of s.subs) {
          if (!key.startsWith(`KLINE:${symbol}:`)) continue;
          const interval = key.split(':')[2] as KlineInterval;
          const tick = this.history(symbol, interval, 1)[0];
          this.send(s, { type: 'KLINE', symbol, interval, origin: 'fake', data: { tick } });
        }
        if (s.subs.has(`DETAIL:${symbol}`))
          this.send(s, { type: 'DETAIL', symbol, origin: 'fake', data: this.priceInfo(symbol) });
      }
    }
    return made;
  }

  /** Reference candles (decimal.js), oldest first, the last `limit` (opening before `endTime` ms if given). */
  history(symbol: string, interval: KlineInterval, limit: number, endTime?: number): Candle[] {
    if (endTime !== undefined) {
      const older = this.history(symbol, interval, Infinity).filter((c) => c.t < endTime);
      return older.slice(Math.max(0, older.length - limit));
    }
    const all = this.trades.get(symbol) ?? [];
    // Walk back from the newest trade to the first trade of the oldest candle asked for.
    let from = all.length;
    let candles = 0;
    let t = NaN;
    while (from > 0) {
      const ot = candleOpenTime(all[from - 1].ts, interval);
      if (ot !== t) {
        if (candles === limit) break;
        candles++;
        t = ot;
      }
      from--;
    }
    const out: Candle[] = [];
    let cur: { t: number; open: Decimal; high: Decimal; low: Decimal; close: Decimal; vol: Decimal } | null = null;
    for (let i = from; i < all.length; i++) {
      const tr = all[i];
      const ot = candleOpenTime(tr.ts, interval);
      const p = new Decimal(tr.price);
      if (!cur || cur.t !== ot) {
        if (cur) out.push(toCandle(cur));
        cur = { t: ot, open: p, high: p, low: p, close: p, vol: new Decimal(0) };
      }
      if (p.gt(cur.high)) cur.high = p;
      if (p.lt(cur.low)) cur.low = p;
      cur.close = p;
      cur.vol = cur.vol.plus(tr.qty);
    }
    if (cur) out.push(toCandle(cur));
    return out;
  }

  /** 24 h statistics (here: over every trade made), kept up to date per trade. */
  priceInfo(symbol: string): PriceInfo | undefined {
    const ts = this.trades.get(symbol) ?? [];
    if (ts.length === 0) return undefined;
    let st = this.stats.get(symbol);
    if (!st || st.n > ts.length) {
      st = {
        n: 0,
        first: new Decimal(ts[0].price),
        high: new Decimal(ts[0].price),
        low: new Decimal(ts[0].price),
        vol: new Decimal(0),
        amount: new Decimal(0),
      };
      this.stats.set(symbol, st);
    }
    for (; st.n < ts.length; st.n++) {
      const t = ts[st.n];
      const p = new Decimal(t.price);
      if (p.gt(st.high)) st.high = p;
      if (p.lt(st.low)) st.low = p;
      st.vol = st.vol.plus(t.qty);
      st.amount = st.amount.plus(p.times(t.qty));
    }
    const last = new Decimal(ts[ts.length - 1].price);
    const change = last.minus(st.first);
    return {
      close: ts[ts.length - 1].price, // DETAIL.close is the last trade's price, as on the wire
      openPrice: st.first.toFixed(),
      change: change.toFixed(),
      priceChangePercent: change.div(st.first).times(100).toFixed(),
      open: st.first.toFixed(),
      low: st.low.toFixed(),
      high: st.high.toFixed(),
      volume: st.vol.toFixed(),
      volume24: st.vol.toFixed(),
      high24: st.high.toFixed(),
      low24: st.low.toFixed(),
      amount24: st.amount.toFixed(),
    };
  }

  // ---------------------------------------------------------------- depth (BOOK rules)

  /** Reference books (decimal.js), per symbol: price (normalized string) -> amount, and the depth seq. */
  private readonly books = new Map<string, { seq: number; bids: Map<string, Decimal>; asks: Map<string, Decimal> }>();
  /** The next this many depth deltas are made but not sent (a gap in the depth seq only). */
  depthDropNext = 0;
  /** When true, a DEPTH subscription gets its ACK but no snapshot. */
  depthWithholdSnapshot = false;

  private book(symbol: string) {
    let b = this.books.get(symbol);
    if (!b) this.books.set(symbol, (b = { seq: 0, bids: new Map(), asks: new Map() }));
    return b;
  }

  /**
   * One depth change: each level's new total ("0" removes it), applied to the reference book, then one delta
   * (seq + 1) to every socket subscribed to DEPTH:symbol. Returns the delta's seq.
   */
  depth(symbol: string, change: { bids?: [string, string][]; asks?: [string, string][] }): number {
    const b = this.book(symbol);
    const norm = (levels: [string, string][] = []) => levels.map(([p, a]) => [p, a] as [string, string]);
    const bids = norm(change.bids);
    const asks = norm(change.asks);
    for (const [side, levels] of [
      [b.bids, bids],
      [b.asks, asks],
    ] as const) {
      for (const [p, a] of levels) {
        const key = new Decimal(p).toFixed();
        const amt = new Decimal(a);
        if (amt.isZero()) side.delete(key);
        else side.set(key, amt);
      }
    }
    b.seq++;
    if (this.depthDropNext > 0) {
      this.depthDropNext--;
      return b.seq;
    }
    for (const s of [...this.sessions]) {
      if (s.subs.has(`DEPTH:${symbol}`))
        this.send(s, { type: 'DEPTH', symbol, origin: 'fake', data: { seq: b.seq, bids, asks } });
    }
    return b.seq;
  }

  /** Sends a frame as is (with each socket's next seq and the time) to every open socket. */
  broadcast(frame: Record<string, unknown>): void {
    for (const s of [...this.sessions]) this.send(s, frame);
  }

  /** The reference book best first (bids high to low, asks low to high), at most `limit` levels a side. */
  depthSnapshot(
    symbol: string,
    limit: number,
  ): { symbol: string; seq: number; bids: [string, string][]; asks: [string, string][] } | undefined {
    if (!this.trades.has(symbol)) return undefined;
    const b = this.book(symbol);
    const side = (m: Map<string, Decimal>, desc: boolean) =>
      [...m.entries()]
        .sort((x, y) => (desc ? new Decimal(y[0]).cmp(x[0]) : new Decimal(x[0]).cmp(y[0])))
        .slice(0, limit)
        .map(([p, a]) => [p, a.toFixed()] as [string, string]);
    return { symbol, seq: b.seq, bids: side(b.bids, true), asks: side(b.asks, false) };
  }

  /** The REST side, as the engine's httpGet. */
  readonly httpGet: HttpGet = (path: string) => {
    this.httpLog.push(path);
    const body = this.answer(path);
    if (!this.holdHttp) return Promise.resolve(body);
    return new Promise((resolve) => this.held.push(() => resolve(body)));
  };

  /** Delivers the held REST replies (computed when they were asked). */
  releaseHttp(): void {
    const h = this.held;
    this.held = [];
    for (const fn of h) fn();
  }

  get heldHttp(): number {
    return this.held.length;
  }

  private answer(path: string): unknown {
    const url = new URL(path, 'http://x');
    const symbol = url.searchParams.get('symbol') ?? '';
    if (!this.trades.has(symbol)) return { code: 0, msg: 'unknown symbol', data: null };
    const limit = Number(url.searchParams.get('limit') ?? 100);
    if (url.pathname === '/api/market/kline') {
      const end = url.searchParams.get('endTime');
      const interval = url.searchParams.get('interval') as KlineInterval;
      return {
        code: 200,
        msg: 'success',
        data: this.history(symbol, interval, limit, end === null ? undefined : Number(end)),
      };
    }
    if (url.pathname === '/api/market/ticker') return { code: 200, msg: 'success', data: this.priceInfo(symbol) };
    if (url.pathname === '/api/market/depth')
      return { code: 200, msg: 'success', data: this.depthSnapshot(symbol, limit) };
    if (url.pathname === '/api/market/trades')
      return { code: 200, msg: 'success', data: this.trades.get(symbol)!.slice(-limit) };
    return { code: 0, msg: 'not found', data: null };
  }
}

function toCandle(c: { t: number; open: Decimal; high: Decimal; low: Decimal; close: Decimal; vol: Decimal }): Candle {
  return {
    t: c.t,
    open: c.open.toFixed(),
    high: c.high.toFixed(),
    low: c.low.toFixed(),
    close: c.close.toFixed(),
    vol: c.vol.toFixed(),
  };
}

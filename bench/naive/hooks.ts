/**
 * The naive baseline for the browser benchmark (PERF-B1 to PERF-B6): the same hook signatures as
 * src/app/market/hooks.ts, built the way the exchange front ends we compared build theirs:
 * one WebSocket per tab on the main thread, and a React state update per message.
 * Klines come from REST history plus the server's KLINE frames (no client-side building),
 * values are formatted on the main thread per message. The benchmark swaps this module in for
 * the real hooks at build time, so both clients render the very same screens on the same feed.
 * Not part of the product.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KlineInterval, ServerFrame } from '../../src/shared/protocol';
import type {
  ConnectionHealth,
  DepthView,
  KlineView,
  LivePosition,
  MarkView,
  PositionsView,
  TickerView,
  TradesView,
  TradeView,
} from '../../src/engine';
import { Position } from '../../src/shared/schemas/futures';
import { markFigures } from '../../src/shared/trading/futuresRules';
import { Decimal } from '../../src/shared/decimal';
import type { DepthStep } from '../../src/app/market/hooks';

// Not market data on the socket: the naive client uses the product's own (the benchmark does not measure them).
export { useLiveAccount, useTickerPrices } from '../../src/app/market/hooks';
export type { DepthStep } from '../../src/app/market/hooks';
type DepthRowView = DepthView['asks'][number];
import { formatChangePct, formatPrice, formatShort, formatSignedPrice, decimalsOf } from '../../src/engine';

type Listener = (msg: ServerFrame) => void;

let socket: WebSocket | null = null;
const listeners = new Set<Listener>();
const pending: string[] = [];
const subCounts = new Map<string, number>();

declare global {
  interface Window {
    __benchProbe?: { delivered(ts: number): void };
    __naive?: { messages: number; depth?: number };
  }
}
window.__naive = { messages: 0 };

function connect(): WebSocket {
  if (socket) return socket;
  const proto = location.protocol === 'http:' ? 'ws:' : 'wss:';
  const ws = new WebSocket(`${proto}//${location.host}/ws/${Math.random().toString(36).slice(2)}`);
  ws.onopen = () => {
    for (const p of pending.splice(0)) ws.send(p);
  };
  ws.onmessage = (ev) => {
    window.__naive!.messages++;
    const msg = JSON.parse(ev.data as string) as ServerFrame;
    for (const l of listeners) l(msg);
  };
  ws.onclose = () => {
    socket = null;
    setTimeout(() => {
      connect();
      for (const key of subCounts.keys()) send(JSON.parse(key));
    }, 3000);
  };
  socket = ws;
  return ws;
}

function send(frame: object): void {
  const ws = connect();
  const s = JSON.stringify(frame);
  if (ws.readyState === 1) ws.send(s);
  else pending.push(s);
}

function subscribe(frame: { type: string; symbol?: string; interval?: string }, l: Listener): () => void {
  const key = JSON.stringify({ op: 'subscribe', ...frame });
  listeners.add(l);
  const n = subCounts.get(key) ?? 0;
  subCounts.set(key, n + 1);
  if (n === 0) send({ op: 'subscribe', ...frame });
  return () => {
    listeners.delete(l);
    const m = (subCounts.get(key) ?? 1) - 1;
    if (m <= 0) {
      subCounts.delete(key);
      send({ op: 'unsubscribe', ...frame });
    } else subCounts.set(key, m);
  };
}

function sign(raw: string): 1 | -1 | 0 {
  return raw.startsWith('-') ? -1 : /^[0.]+$/.test(raw) ? 0 : 1;
}

/** The naive client re-renders on every message: a cadence is ignored. */
export function useTicker(symbol: string | undefined, _everyMs = 0): TickerView | undefined {
  const [view, setView] = useState<TickerView | undefined>(undefined);
  useEffect(() => {
    if (!symbol) return;
    let last = '';
    return subscribe({ type: 'DETAIL', symbol }, (msg) => {
      if (msg.type !== 'DETAIL' || msg.symbol !== symbol) return;
      const d = msg.data;
      const tickDir = last === '' ? 0 : Number(d.close) > Number(last) ? 1 : Number(d.close) < Number(last) ? -1 : 0;
      last = d.close;
      window.__benchProbe?.delivered(msg.ts);
      setView({
        symbol,
        price: formatPrice(d.close),
        priceRaw: d.close,
        changePct: formatChangePct(d.priceChangePercent),
        change: formatSignedPrice(d.change),
        dir: sign(d.change),
        tickDir,
        high24: formatPrice(d.high24),
        low24: formatPrice(d.low24),
        open24: formatPrice(d.openPrice),
        vol24: formatShort(d.volume24),
        amount24: formatShort(d.amount24 ?? '0'),
        ts: msg.ts,
      });
    });
  }, [symbol]);
  return view;
}

/** The pair lists' live cells, naively: a React state update per DETAIL message (useTicker), written after each commit. */
export function useTickerWriter(
  symbol: string | undefined,
  write: (ticker: TickerView | undefined) => void,
  _everyMs = 0,
): void {
  const view = useTicker(symbol);
  useLayoutEffect(() => {
    write(view);
  }, [view, write]);
}

export function useTrades(symbol: string | undefined, _everyMs = 0): TradesView | undefined {
  const [view, setView] = useState<TradesView | undefined>(undefined);
  useEffect(() => {
    if (!symbol) return;
    let trades: TradeView[] = [];
    let version = 0;
    return subscribe({ type: 'TRADE', symbol }, (msg) => {
      if (msg.type !== 'TRADE' || msg.symbol !== symbol) return;
      const add = msg.data.trades.map((t) => ({
        id: t.id,
        price: formatPrice(t.price),
        qty: t.qty,
        side: t.side,
        ts: t.ts,
      }));
      trades = [...add.reverse(), ...trades].slice(0, 50);
      window.__benchProbe?.delivered(msg.data.trades[msg.data.trades.length - 1].ts);
      setView({ symbol, version: ++version, trades });
    });
  }, [symbol]);
  return view;
}

interface Row {
  t: number;
  open: string;
  high: string;
  low: string;
  close: string;
  vol: string;
}

function toView(symbol: string, interval: KlineInterval, rows: Row[], version: number): KlineView {
  const n = rows.length;
  const v: KlineView = {
    symbol,
    interval,
    version,
    length: n,
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
    lastClose: n ? formatPrice(rows[n - 1].close) : '',
    priceDecimals: n ? decimalsOf(formatPrice(rows[n - 1].close)) : 2,
  };
  rows.forEach((r, i) => {
    v.time[i] = r.t / 1000;
    v.open[i] = Number(r.open);
    v.high[i] = Number(r.high);
    v.low[i] = Number(r.low);
    v.close[i] = Number(r.close);
    v.volume[i] = Number(r.vol);
  });
  return v;
}

/** The mounted kline series, so that loadOlderKlines can prepend a page (key "symbol/interval"). */
const mountedSeries = new Map<string, { rows: () => Row[]; prepend(older: Row[]): number }>();

/** Older history the naive way: one REST page before the first candle, prepended, the whole view rebuilt. */
export async function loadOlderKlines(symbol: string, interval: KlineInterval): Promise<number> {
  const s = mountedSeries.get(`${symbol}/${interval}`);
  const first = s?.rows()[0];
  if (!s || !first) return 0;
  const j = await (
    await fetch(`/api/market/kline?symbol=${symbol}&interval=${interval}&limit=2000&endTime=${first.t}`)
  ).json();
  return Array.isArray(j.data) ? s.prepend(j.data as Row[]) : 0;
}

export function useKlines(symbol: string | undefined, interval: KlineInterval, _everyMs = 0): KlineView | undefined {
  const [view, setView] = useState<KlineView | undefined>(undefined);
  useEffect(() => {
    if (!symbol) return;
    let rows: Row[] = [];
    let version = 0;
    let alive = true;
    const key = `${symbol}/${interval}`;
    mountedSeries.set(key, {
      rows: () => rows,
      prepend(older) {
        const first = rows[0];
        const room = 6000 - rows.length;
        const fresh = older.filter((r) => !first || r.t < first.t);
        const add = room > 0 ? fresh.slice(Math.max(0, fresh.length - room)) : [];
        if (!alive || add.length === 0) return 0;
        rows = [...add, ...rows];
        setView(toView(symbol, interval, rows, ++version));
        return add.length;
      },
    });
    fetch(`/api/market/kline?symbol=${symbol}&interval=${interval}&limit=1000`)
      .then((r) => r.json())
      .then((j) => {
        if (!alive || !Array.isArray(j.data)) return;
        rows = j.data;
        setView(toView(symbol, interval, rows, ++version));
      });
    const off = subscribe({ type: 'KLINE', symbol, interval }, (msg) => {
      if (msg.type !== 'KLINE' || msg.symbol !== symbol || msg.interval !== interval) return;
      const tick = msg.data.tick as Row;
      const last = rows[rows.length - 1];
      if (last && last.t === tick.t) rows = [...rows.slice(0, -1), tick];
      else if (!last || tick.t > last.t) rows = [...rows, tick].slice(-6000);
      window.__benchProbe?.delivered(msg.ts);
      setView(toView(symbol, interval, rows, ++version));
    });
    return () => {
      alive = false;
      mountedSeries.delete(key);
      off();
    };
  }, [symbol, interval]);
  return view;
}

export function useConnectionHealth(): ConnectionHealth {
  return 'live';
}

/**
 * The naive order book: the DEPTH stream on the tab's own socket, a price -> amount map per side, and on every
 * message the grouped 30-row view rebuilt with floats on the main thread and set as React state.
 */
export function useDepth(symbol: string | undefined, step: DepthStep, _everyMs = 0): DepthView | undefined {
  const [view, setView] = useState<DepthView | undefined>(undefined);
  const { pricePrecision: pp, amountPrecision: ap, group } = step;
  useEffect(() => {
    if (!symbol) return;
    const bids = new Map<string, string>();
    const asks = new Map<string, string>();
    let version = 0;
    const size = group / 10 ** pp;
    const side = (m: Map<string, string>, isBid: boolean): DepthRowView[] => {
      const groups = new Map<number, number>();
      for (const [p, a] of m) {
        const k = isBid ? Math.floor(Number(p) / size) : Math.ceil(Number(p) / size);
        groups.set(k, (groups.get(k) ?? 0) + Number(a));
      }
      const keys = [...groups.keys()].sort((x, y) => (isBid ? y - x : x - y)).slice(0, 30);
      let total = 0;
      return keys.map((k) => {
        total += groups.get(k)!;
        return { price: (k * size).toFixed(pp), amount: groups.get(k)!.toFixed(ap), total: total.toFixed(ap), fill: 0 };
      });
    };
    return subscribe({ type: 'DEPTH', symbol }, (msg) => {
      if (msg.type !== 'DEPTH' || msg.symbol !== symbol) return;
      window.__naive!.depth = (window.__naive!.depth ?? 0) + 1;
      if (msg.data.snapshot) {
        bids.clear();
        asks.clear();
      }
      for (const [p, a] of msg.data.bids)
        if (Number(a) === 0) bids.delete(p);
        else bids.set(p, a);
      for (const [p, a] of msg.data.asks)
        if (Number(a) === 0) asks.delete(p);
        else asks.set(p, a);
      const b = side(bids, true);
      const a = side(asks, false);
      const max = Math.max(Number(b.at(-1)?.total ?? 0), Number(a.at(-1)?.total ?? 0));
      for (const r of [...a, ...b]) r.fill = max > 0 ? Number(r.total) / max : 0;
      const bestBid = Math.max(...[...bids.keys()].map(Number));
      const bestAsk = Math.min(...[...asks.keys()].map(Number));
      setView({
        symbol,
        pricePrecision: pp,
        amountPrecision: ap,
        group,
        version: ++version,
        status: 'live',
        error: null,
        asks: a,
        bids: b,
        spread: bids.size && asks.size ? (bestAsk - bestBid).toFixed(pp) : null,
        maxTotal: max.toFixed(ap),
        seq: msg.data.seq,
      });
    });
  }, [symbol, pp, ap, group]);
  return view;
}

export function useMark(symbol: string | undefined, _everyMs = 0): MarkView | undefined {
  const [view, setView] = useState<MarkView | undefined>(undefined);
  useEffect(() => {
    if (!symbol) return;
    return subscribe({ type: 'MARK', symbol }, (msg) => {
      if (msg.type !== 'MARK' || msg.symbol !== symbol) return;
      setView({ symbol, price: msg.data.price, index: msg.data.index, time: msg.data.time, tradeId: msg.data.tradeId });
    });
  }, [symbol]);
  return view;
}

/**
 * The naive positions: the POSITION stream and a MARK subscription per position's pair on the main thread, every
 * position re-valued and a React update on every message.
 */
export function usePositions(_everyMs = 0): PositionsView | undefined {
  const [view, setView] = useState<PositionsView | undefined>(undefined);
  useEffect(() => {
    const token = localStorage.getItem('openex:token');
    if (!token) return;
    let rows: Position[] = [];
    const marks = new Map<string, string>();
    const markSubs = new Map<string, () => void>();
    let version = 0;
    const publish = () => {
      const positions: LivePosition[] = rows.map((p) => {
        const mark = marks.get(p.symbol);
        if (!mark) return { ...p, mark: null };
        const pair = { shareNumber: new Decimal(p.quantity).div(p.shares).toFixed(), lossRate: p.lossRate };
        return { ...p, mark: { price: mark, time: Date.now(), ...markFigures(pair, p, mark) } };
      });
      setView({ version: ++version, positions, eventCount: 0, lastEvent: null, authorized: true });
    };
    const onMark = (msg: ServerFrame) => {
      if (msg.type !== 'MARK') return;
      marks.set(msg.symbol, msg.data.price);
      publish();
    };
    const off = subscribe({ type: 'POSITION', token } as { type: string }, (msg) => {
      if (msg.type !== 'POSITION') return;
      rows = msg.data.positions.flatMap((r) => {
        const p = Position.safeParse(r);
        return p.success ? [p.data] : [];
      });
      for (const sym of new Set(rows.map((p) => p.symbol)))
        if (!markSubs.has(sym)) markSubs.set(sym, subscribe({ type: 'MARK', symbol: sym }, onMark));
      publish();
    });
    return () => {
      off();
      for (const u of markSubs.values()) u();
    };
  }, []);
  return view;
}

/**
 * The naive client has no structure (PERF-84): every positions message is a React update of every hook that hears
 * the positions, as usePositions.
 */
export function usePositionStructure(): PositionsView | undefined {
  return usePositions();
}

/**
 * The naive client writes nothing outside React (PERF-83): its structure is the live view, so the positions list
 * renders every figure itself at each message, and a writer would only add a subscription of its own.
 */
export function usePositionsWriter(_write: (view: PositionsView | undefined) => void, _everyMs = 0): void {}

/**
 * The canvases' feeds (PERF-33) the naive way: a React state update per message (useDepth / useTrades above),
 * then the view handed to the canvas after the commit.
 */
export function useDepthFeed(
  symbol: string | undefined,
  step: DepthStep,
  _everyMs: number,
  listener: (view: DepthView | undefined) => void,
): void {
  const view = useDepth(symbol, step);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => latest.current(view), [view]);
}

export function useTradesFeed(
  symbol: string | undefined,
  _everyMs: number,
  listener: (view: TradesView | undefined) => void,
): void {
  const view = useTrades(symbol);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => latest.current(view), [view]);
}

/** The chart's feed (PERF-56) the naive way: a React state update per message (useKlines), handed on after the commit. */
export function useKlinesFeed(
  symbol: string | undefined,
  interval: KlineInterval,
  apply: (view: KlineView | undefined) => void,
): boolean {
  const view = useKlines(symbol, interval);
  useLayoutEffect(() => {
    apply(view);
  }, [view, apply]);
  return (view?.length ?? 0) > 0;
}

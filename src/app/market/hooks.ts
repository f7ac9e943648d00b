/**
 * The bridge from the market worker to React (WORK-17). Screens use only these hooks; each commits
 * at most once per animation frame, because the store notifies once per applied batch and the worker sends
 * a tab at most one batch per frame. A hook watches its topic while mounted (subscribe = watch), so the
 * worker streams only what some mounted screen shows.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  topicKey,
  type AccountView,
  type ConnectionHealth,
  type DepthGroup,
  type DepthView,
  type KlineView,
  type MarkView,
  type PositionsView,
  type TickerView,
  type Topic,
  type TradesView,
} from '../../engine';
import type { KlineInterval } from '../../shared/protocol';
import { marketClient } from './marketClient';
import { structureKeeper } from './positionStructure';
import { ACCOUNT_TOPIC_KEY, POSITIONS_TOPIC_KEY, type Snapshot } from './store';

const noopUnsubscribe = () => undefined;
const none = () => undefined;

function useTopic(topic: Topic | undefined, everyMs = 0): Snapshot | undefined {
  const key = topic ? topicKey(topic) : '';
  // The topic object is rebuilt each render; the key identifies it.
  const latestTopic = useRef(topic);
  useEffect(() => {
    latestTopic.current = topic;
  });
  const subscribe = useCallback(
    (onChange: () => void) => {
      const topic = latestTopic.current;
      if (!topic) return noopUnsubscribe;
      const unwatch = marketClient.watch(topic);
      const unsubscribe = marketClient.store.subscribe(key, onChange, everyMs);
      return () => {
        unsubscribe();
        unwatch();
      };
    },
    [key, everyMs],
  );
  const get = useCallback(() => (key ? marketClient.store.get(key) : undefined), [key]);
  return useSyncExternalStore(subscribe, get, none);
}

/** `everyMs`: at most one update per that many ms (see cadence.ts, for list rows); default every frame. */
export function useTicker(symbol: string | undefined, everyMs = 0): TickerView | undefined {
  return useTopic(symbol ? { kind: 'ticker', symbol } : undefined, everyMs) as TickerView | undefined;
}

/**
 * The ticker of `symbol` handed to `write` instead of to React state (PERF-44): on mount, whenever `write`
 * changes (the caller's language or layout), and on each change at most once per `everyMs` (or per frame), in
 * the frame loop's animation frame. For live cells of list rows, which write the engine's formatted strings into
 * their own text nodes: a tick costs no React render and no commit. Watches the topic while mounted, like
 * useTicker, so the worker streams only the symbols of mounted rows.
 */
export function useTickerWriter(
  symbol: string | undefined,
  write: (ticker: TickerView | undefined) => void,
  everyMs = 0,
): void {
  const latest = useRef(write);
  useLayoutEffect(() => {
    latest.current = write;
    if (symbol) write(marketClient.store.get(topicKey({ kind: 'ticker', symbol })) as TickerView | undefined);
  }, [symbol, write]);
  useEffect(() => {
    if (!symbol) return;
    const topic: Topic = { kind: 'ticker', symbol };
    const key = topicKey(topic);
    const unwatch = marketClient.watch(topic);
    const unsubscribe = marketClient.store.subscribe(
      key,
      () => latest.current(marketClient.store.get(key) as TickerView | undefined),
      everyMs,
    );
    // A ticker that arrived between the render and this subscription.
    latest.current(marketClient.store.get(key) as TickerView | undefined);
    return () => {
      unsubscribe();
      unwatch();
    };
  }, [symbol, everyMs]);
}

/**
 * The klines of a series handed to `apply` instead of to React state (PERF-56), for the chart: on mount, whenever
 * `apply` changes (the chart's display settings), and on each change at most once per frame, in the frame loop's
 * animation frame. A tick costs the chart's drawing and no React render. Returns whether the series has candles
 * yet (a state that changes when the series fills or empties, for the loading sign), and watches the topic while
 * mounted, like useKlines.
 */
export function useKlinesFeed(
  symbol: string | undefined,
  interval: KlineInterval,
  apply: (view: KlineView | undefined) => void,
): boolean {
  const [filled, setFilled] = useState(false);
  const key = symbol ? topicKey({ kind: 'klines', symbol, interval }) : '';
  const latest = useRef(apply);
  const deliver = useCallback(() => {
    const view = key ? (marketClient.store.get(key) as KlineView | undefined) : undefined;
    setFilled((view?.length ?? 0) > 0);
    latest.current(view);
  }, [key]);
  useLayoutEffect(() => {
    latest.current = apply;
    deliver();
  }, [apply, deliver]);
  useEffect(() => {
    if (!symbol) return;
    const unwatch = marketClient.watch({ kind: 'klines', symbol, interval });
    const unsubscribe = marketClient.store.subscribe(key, deliver);
    // A patch that arrived between the render and this subscription.
    deliver();
    return () => {
      unsubscribe();
      unwatch();
    };
  }, [symbol, interval, key, deliver]);
  return filled;
}

export function useKlines(symbol: string | undefined, interval: KlineInterval, everyMs = 0): KlineView | undefined {
  return useTopic(symbol ? { kind: 'klines', symbol, interval } : undefined, everyMs) as KlineView | undefined;
}

export function useTrades(symbol: string | undefined, everyMs = 0): TradesView | undefined {
  return useTopic(symbol ? { kind: 'trades', symbol } : undefined, everyMs) as TradesView | undefined;
}

/** How a book is grouped: the pair's precisions and the multiple of its tick (10^-pricePrecision). */
export interface DepthStep {
  pricePrecision: number;
  amountPrecision: number;
  group: DepthGroup;
}

/** The depth topic of a symbol at a grouping step (the book's snapshot and its canvas feed share it). */
function depthTopic(symbol: string | undefined, step: DepthStep): Topic | undefined {
  return symbol
    ? {
        kind: 'depth',
        symbol,
        pricePrecision: step.pricePrecision,
        amountPrecision: step.amountPrecision,
        group: step.group,
      }
    : undefined;
}

/**
 * The order book of `symbol` grouped by `step` (BOOK-3, BOOK-4): at most 30 rows a side with cumulative
 * totals, the spread and the largest total, built in the worker. Undefined until the first batch carries it;
 * a new value only when what it shows changed, at most once per frame.
 */
export function useDepth(symbol: string | undefined, step: DepthStep, everyMs = 0): DepthView | undefined {
  const topic = depthTopic(symbol, step);
  return useTopic(topic, everyMs) as DepthView | undefined;
}

const ACCOUNT_TOPIC: Topic = { kind: 'account' };
const subscribeAccount = (onChange: () => void) => {
  const unwatch = marketClient.watch(ACCOUNT_TOPIC);
  const unsubscribe = marketClient.store.subscribe(ACCOUNT_TOPIC_KEY, onChange, 0);
  return () => {
    unsubscribe();
    unwatch();
  };
};
const getAccount = () => marketClient.store.account;

/**
 * The signed-in user's live balances and deposit/withdrawal states (LIVE-1, LIVE-2), pushed by the server
 * through the one worker: undefined until the first batch, `balances` null until the first OWNCOIN frame.
 * Commits only when the account changes (never per market tick).
 */
export function useLiveAccount(): AccountView | undefined {
  return useSyncExternalStore(subscribeAccount, getAccount, none);
}

/**
 * Older candles for a series a chart shows (it scrolled to its left edge): resolves with how many were added,
 * 0 when there is nothing older or the series is full; rejects when the request failed (ask again later).
 * The longer series arrives through useKlines.
 */
export function loadOlderKlines(symbol: string, interval: KlineInterval): Promise<number> {
  return marketClient.loadOlderKlines(symbol, interval);
}

const subscribeHealth = (onChange: () => void) => {
  marketClient.start();
  return marketClient.store.subscribeHealth(onChange);
};
const getHealth = () => marketClient.store.health;
const serverHealth = (): ConnectionHealth => 'connecting';

export function useConnectionHealth(): ConnectionHealth {
  return useSyncExternalStore(subscribeHealth, getHealth, serverHealth);
}

const NO_PRICES: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The last prices (exact, as on the wire) of several symbols, for a view that sums them (WORK-18): one listener
 * for all, told at most every `everyMs`, so the component commits at most once per cadence. Symbols without a
 * ticker yet are absent from the result. The result keeps its identity until some price changed.
 */
export function useTickerPrices(symbols: readonly string[], everyMs = 0): Readonly<Record<string, string>> {
  const list = [...new Set(symbols)].sort().join(',');
  const cache = useRef<{ list: string; snaps: (Snapshot | undefined)[]; value: Readonly<Record<string, string>> }>(
    undefined,
  );
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!list) return noopUnsubscribe;
      const topics: Topic[] = list.split(',').map((symbol) => ({ kind: 'ticker', symbol }));
      const unwatch = topics.map((t) => marketClient.watch(t));
      const unsubscribe = marketClient.store.subscribeMany(topics.map(topicKey), onChange, everyMs);
      return () => {
        unsubscribe();
        unwatch.forEach(call);
      };
    },
    [list, everyMs],
  );
  const get = useCallback(() => {
    if (!list) return NO_PRICES;
    const syms = list.split(',');
    const snaps = syms.map((symbol) => marketClient.store.get(topicKey({ kind: 'ticker', symbol })));
    const c = cache.current;
    if (c && c.list === list && c.snaps.every((s, i) => s === snaps[i])) return c.value;
    const value: Record<string, string> = {};
    syms.forEach((s, i) => {
      const p = (snaps[i] as TickerView | undefined)?.priceRaw;
      if (p) value[s] = p;
    });
    cache.current = { list, snaps, value };
    return value;
  }, [list]);
  return useSyncExternalStore(subscribe, get, () => NO_PRICES);
}

function call(fn: () => void): void {
  fn();
}

/**
 * The mark price of `symbol` (FUT-3), from the worker's `mark` topic (MARK stream, LIVE-5; WORK-20); undefined
 * until the first mark. At most one commit per frame (or per `everyMs`).
 */
export function useMark(symbol: string | undefined, everyMs = 0): MarkView | undefined {
  return useTopic(symbol ? { kind: 'mark', symbol } : undefined, everyMs) as MarkView | undefined;
}

const POSITIONS_TOPIC: Topic = { kind: 'positions' };
const getPositions = () => marketClient.store.positions;

/**
 * The user's open futures positions valued at the latest marks (LIVE-4, WORK-19), from the worker: the figures
 * are computed there, and this commits at most once per frame (or per `everyMs`), never once per tick.
 * Undefined until the first batch; `positions` null until the first POSITION frame or without a session.
 */
export function usePositions(everyMs = 0): PositionsView | undefined {
  return useSyncExternalStore(usePositionsSubscribe(everyMs), getPositions, none);
}

function usePositionsSubscribe(everyMs: number): (onChange: () => void) => () => void {
  return useCallback(
    (onChange: () => void) => {
      const unwatch = marketClient.watch(POSITIONS_TOPIC);
      const unsubscribe = marketClient.store.subscribe(POSITIONS_TOPIC_KEY, onChange, everyMs);
      return () => {
        unsubscribe();
        unwatch();
      };
    },
    [everyMs],
  );
}

const keepStructure = structureKeeper();
const getPositionStructure = () => keepStructure(marketClient.store.positions);

/**
 * The positions view's structure (PERF-84): the view as it was when its structure last changed (a position
 * opened, closed or resized, any field of a row but its live figures, a first mark, an event, the session). A
 * mark that only moves the figures commits nothing; the rows' `mark` figures here are those of that moment, so
 * a component that shows them live takes them from `usePositionsWriter`.
 */
export function usePositionStructure(): PositionsView | undefined {
  return useSyncExternalStore(usePositionsSubscribe(0), getPositionStructure, none);
}

/**
 * The positions view handed to `write` instead of to React state (PERF-83), for live cells written outside
 * React: on mount, whenever `write` changes (a new function each render writes after every render), and on each
 * change at most once per frame (or per `everyMs`), in the frame loop's animation frame. Watches the positions
 * while mounted, like usePositions.
 */
export function usePositionsWriter(write: (view: PositionsView | undefined) => void, everyMs = 0): void {
  const latest = useRef(write);
  useLayoutEffect(() => {
    latest.current = write;
    write(getPositions());
  }, [write]);
  useEffect(() => {
    const unwatch = marketClient.watch(POSITIONS_TOPIC);
    const unsubscribe = marketClient.store.subscribe(
      POSITIONS_TOPIC_KEY,
      () => latest.current(getPositions()),
      everyMs,
    );
    // A view that arrived between the render and this subscription.
    latest.current(getPositions());
    return () => {
      unsubscribe();
      unwatch();
    };
  }, [everyMs]);
}

/**
 * A tick path without React (PERF-33): `listener` gets the topic's view on every change (at most once per frame,
 * or per `everyMs`), the current one at once when it subscribes, and the latest again when the page shows after
 * being hidden (so a canvas draws the newest state at once). The component never re-renders for it; only a
 * change of topic re-subscribes. For canvases: screens still never touch the worker.
 */
function useTopicFeed(topic: Topic | undefined, everyMs: number, listener: (view: Snapshot | undefined) => void): void {
  const key = topic ? topicKey(topic) : '';
  const latestTopic = useRef(topic);
  const latestListener = useRef(listener);
  useEffect(() => {
    latestTopic.current = topic;
    latestListener.current = listener;
  });
  useEffect(() => {
    const t = latestTopic.current;
    if (!t || !key) return;
    const tell = () => latestListener.current(marketClient.store.get(key));
    const unwatch = marketClient.watch(t);
    const unsubscribe = marketClient.store.subscribe(key, tell, everyMs);
    const onShow = () => {
      if (document.visibilityState === 'visible') tell();
    };
    document.addEventListener('visibilitychange', onShow);
    tell();
    return () => {
      document.removeEventListener('visibilitychange', onShow);
      unsubscribe();
      unwatch();
    };
  }, [key, everyMs]);
}

/** useDepth's book for a canvas, outside React (PERF-33). */
export function useDepthFeed(
  symbol: string | undefined,
  step: DepthStep,
  everyMs: number,
  listener: (view: DepthView | undefined) => void,
): void {
  const topic = depthTopic(symbol, step);
  useTopicFeed(topic, everyMs, listener as (v: Snapshot | undefined) => void);
}

/** useTrades' list for a canvas, outside React (PERF-33). */
export function useTradesFeed(
  symbol: string | undefined,
  everyMs: number,
  listener: (view: TradesView | undefined) => void,
): void {
  useTopicFeed(symbol ? { kind: 'trades', symbol } : undefined, everyMs, listener as (v: Snapshot | undefined) => void);
}

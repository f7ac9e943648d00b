/**
 * Builds one tab's batch from the engine's current views: tickers and trades as their view objects
 * (structured clone), klines as patches since the version this tab last received, order books as their view
 * objects when their version moved past the one this tab holds (BOOK-4), marks as their view objects and the
 * positions view when its version moved (WORK-19, WORK-20).
 */
import type { KlinePatch, MarketEngine, Topic } from '../engine';
import type { AccountView, DepthView, MarkView, PositionsView, TickerView, TradesView } from '../engine';
import type { Batch } from './wire';

/**
 * A patch whose rows are compact copies: the engine may hand out subarrays of its ring buffers, and
 * structured clone copies a view's WHOLE underlying buffer, so each row array is sliced to its length
 * (a fresh buffer, transferable at no cost).
 */
export function compactPatch(p: KlinePatch): { patch: KlinePatch; buffers: ArrayBuffer[] } {
  const n = p.rows.length;
  const r = p.rows;
  const rows = {
    length: n,
    time: r.time.slice(0, n),
    open: r.open.slice(0, n),
    high: r.high.slice(0, n),
    low: r.low.slice(0, n),
    close: r.close.slice(0, n),
    volume: r.volume.slice(0, n),
  };
  const buffers = [rows.time, rows.open, rows.high, rows.low, rows.close, rows.volume].map(
    (a) => a.buffer as ArrayBuffer,
  );
  return { patch: { ...p, rows }, buffers };
}

export interface BuiltBatch {
  batch: Batch;
  transfer: ArrayBuffer[];
  /** Number of topic entries in the batch (0 means only health, or nothing). */
  items: number;
}

/**
 * @param keys the changed topic keys to include
 * @param topics this tab's watched topics by key
 * @param klineVersions version of each kline series and depth view this tab holds (updated here)
 */
export function buildBatch(
  engine: MarketEngine,
  keys: Iterable<string>,
  topics: ReadonlyMap<string, Topic>,
  klineVersions: Map<string, number>,
  n: number,
): BuiltBatch {
  const tickers: TickerView[] = [];
  const trades: TradesView[] = [];
  const klines: KlinePatch[] = [];
  const depths: DepthView[] = [];
  const transfer: ArrayBuffer[] = [];
  let account: AccountView | undefined;
  let marks: MarkView[] | undefined;
  let positions: PositionsView | undefined;
  let newestTs = 0;
  for (const key of keys) {
    const topic = topics.get(key);
    if (!topic) continue;
    if (topic.kind === 'account') {
      account = engine.accountView();
    } else if (topic.kind === 'positions') {
      // Built here, once per change for every tab (WORK-19); a tab gets it only when its version moved.
      const v = engine.positionsView();
      if (klineVersions.get(key) === v.version) continue;
      positions = v;
      klineVersions.set(key, v.version);
    } else if (topic.kind === 'mark') {
      const v = engine.markView(topic.symbol);
      if (!v) continue;
      (marks ??= []).push(v);
    } else if (topic.kind === 'ticker') {
      const v = engine.tickerView(topic.symbol);
      if (!v) continue;
      tickers.push(v);
      if (v.ts > newestTs) newestTs = v.ts;
    } else if (topic.kind === 'trades') {
      const v = engine.tradesView(topic.symbol);
      if (!v) continue;
      trades.push(v);
      const ts = v.trades[0]?.ts ?? 0;
      if (ts > newestTs) newestTs = ts;
    } else if (topic.kind === 'depth') {
      const v = engine.depthView(topic);
      if (!v || klineVersions.get(key) === v.version) continue;
      depths.push(v);
      klineVersions.set(key, v.version);
    } else {
      const since = klineVersions.get(key) ?? 0;
      const p = engine.klinePatch(topic.symbol, topic.interval, since);
      if (!p || (!p.full && p.version === since)) continue;
      const { patch, buffers } = compactPatch(p);
      klines.push(patch);
      transfer.push(...buffers);
      klineVersions.set(key, p.version);
    }
  }
  const batch: Batch = { t: 'batch', n, tickers, trades, klines, newestTs };
  if (account) batch.account = account;
  if (depths.length) batch.depths = depths;
  if (marks) batch.marks = marks;
  if (positions) batch.positions = positions;
  return {
    batch,
    transfer,
    items:
      tickers.length +
      trades.length +
      klines.length +
      depths.length +
      (account ? 1 : 0) +
      (marks?.length ?? 0) +
      (positions ? 1 : 0),
  };
}

/**
 * The last prices a tab showed, kept for an offline start (PERF-24): every SNAPSHOT_EVERY_MS, while the
 * connection is live, the tickers the tab holds (the ones its screens watch, as the engine formatted them) are
 * written to local storage; at the next start they are put into the store as saved tickers, shown until the
 * connection is live for the first time. Nothing here formats or computes a price: the strings
 * are the engine's.
 */
import type { TickerView } from '../../engine';
import type { MarketStore } from './store';

/** How often the tickers on screen are saved: calm, a few seconds (a write is a few KB of JSON). */
export const SNAPSHOT_EVERY_MS = 5_000;
/** At most this many tickers are saved (home shows fewer; a long list keeps its first ones). */
export const SNAPSHOT_MAX = 60;

const FIELDS = [
  'symbol',
  'price',
  'priceRaw',
  'changePct',
  'change',
  'high24',
  'low24',
  'open24',
  'vol24',
  'amount24',
] as const;
type SavedTicker = Pick<TickerView, (typeof FIELDS)[number] | 'dir'>;

export interface PriceSnapshot {
  v: 1;
  /** When it was written (ms since the epoch). */
  at: number;
  tickers: SavedTicker[];
}

/** The snapshot of `tickers` (at most SNAPSHOT_MAX, sorted by symbol so equal sets write equal text). */
export function snapshotOf(tickers: readonly TickerView[], at: number): PriceSnapshot {
  const saved = [...tickers]
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .slice(0, SNAPSHOT_MAX)
    .map((t) => {
      const s = { dir: t.dir } as SavedTicker;
      for (const f of FIELDS) s[f] = t[f];
      return s;
    });
  return { v: 1, at, tickers: saved };
}

/** The tickers of a stored snapshot as views (no flash, no server time); anything malformed is left out. */
export function tickersOfSnapshot(raw: unknown): TickerView[] {
  if (!raw || typeof raw !== 'object') return [];
  const snap = raw as Partial<PriceSnapshot>;
  if (snap.v !== 1 || !Array.isArray(snap.tickers)) return [];
  const out: TickerView[] = [];
  for (const t of snap.tickers.slice(0, SNAPSHOT_MAX) as unknown[]) {
    if (!t || typeof t !== 'object') continue;
    const r = t as Record<string, unknown>;
    if (!FIELDS.every((f) => typeof r[f] === 'string') || !isDirection(r.dir)) continue;
    const view = { dir: r.dir, tickDir: 0, ts: 0 } as TickerView;
    for (const f of FIELDS) view[f] = r[f] as string;
    out.push(view);
  }
  return out;
}

function isDirection(d: unknown): d is TickerView['dir'] {
  return d === 1 || d === -1 || d === 0;
}

export interface SnapshotDeps {
  /** The store key of a symbol's ticker (the engine's topicKey). */
  tickerKey(symbol: string): string;
  read(): unknown;
  write(snap: PriceSnapshot): void;
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * Puts the saved prices into `store` for symbols with no ticker yet, and saves the live ones every
 * SNAPSHOT_EVERY_MS while the connection is live (a tab that never connected keeps the snapshot it found). A live
 * ticker replaces its saved one (a new object in the store); the first time the connection is live, the saved
 * ones still there are dropped, so a saved price never stands beside live ones (their rows wait for their live
 * ticker, which the worker sends as soon as it is connected). Returns the stop function.
 */
export function installPriceSnapshot(store: MarketStore, deps: SnapshotDeps): () => void {
  const seeded = new Map<string, TickerView>();
  const prefix = deps.tickerKey('');
  if (store.health !== 'live') {
    const fresh = tickersOfSnapshot(deps.read()).filter((t) => !store.get(deps.tickerKey(t.symbol)));
    for (const t of fresh) seeded.set(deps.tickerKey(t.symbol), t);
    if (fresh.length > 0) store.apply({ t: 'batch', n: 0, tickers: fresh, trades: [], klines: [], newestTs: 0 });
  }
  const isSaved = (k: string) => seeded.get(k) === store.get(k);
  const stopHealth = store.subscribeHealth(() => {
    if (store.health !== 'live' || seeded.size === 0) return;
    for (const k of seeded.keys()) if (isSaved(k)) store.drop(k);
    seeded.clear();
  });
  let last = '';
  const handle = deps.setInterval(() => {
    if (store.health !== 'live') return;
    const tickers = store
      .keys()
      .filter((k) => k.startsWith(prefix) && !isSaved(k))
      .map((k) => store.get(k) as TickerView);
    if (tickers.length === 0) return;
    const snap = snapshotOf(tickers, deps.now());
    const key = JSON.stringify(snap.tickers);
    if (key === last) return;
    last = key;
    deps.write(snap);
  }, SNAPSHOT_EVERY_MS);
  return () => {
    stopHealth();
    deps.clearInterval(handle);
  };
}

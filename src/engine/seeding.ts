/**
 * Seeding state from REST (ENG-10, ENG-11): kline history, recent trades, the 24 h ticker.
 *
 * A seed of a series or of the recent trades asks REST only once the server has confirmed, on the
 * current socket, the subscription that feeds it (its ACK, or a first frame of that key): then every
 * trade is either in the REST reply or arrives on the socket, and the stores merge the two without
 * doubles (klineSeries.ts, trades.ts). Each seed carries a generation; a reply for an older
 * generation, or for a store no longer current, is dropped. Failed requests are retried after
 * SEED_RETRY_MS while the store is still current.
 */
import { SEED_RETRY_MS, TRADES_KEPT } from './constants';
import type { KlineSeries } from './klineSeries';
import { fetchKlines, fetchTicker, fetchTrades } from './rest';
import type { TickerStore } from './ticker';
import type { TradesStore } from './trades';
import type { EngineDeps, TimerHandle } from './types';

export type Seedable = KlineSeries | TradesStore | TickerStore;

export interface SeederHost {
  /** False once the store was dropped or replaced. */
  isCurrent(store: Seedable): boolean;
  /** The store took a reply: bump its version and tell listeners. */
  seeded(store: Seedable): void;
}

export class Seeder {
  /** Server keys confirmed on the current socket, and seeds waiting for one. */
  private readonly liveKeys = new Set<string>();
  private readonly waiters = new Map<string, (() => void)[]>();
  private readonly retries = new Set<TimerHandle>();

  constructor(
    private readonly deps: Pick<EngineDeps, 'httpGet' | 'timers' | 'log'>,
    private readonly seedLimit: number,
    private readonly host: SeederHost,
  ) {}

  /** True while some seed waits for a confirmation (frames then mark their keys live). */
  get waiting(): boolean {
    return this.waiters.size > 0;
  }

  /** The server confirmed `key` on the current socket. */
  markLive(key: string): void {
    this.liveKeys.add(key);
    const w = this.waiters.get(key);
    if (!w) return;
    this.waiters.delete(key);
    for (const fn of w) fn();
  }

  /** `key` was unsubscribed: a new subscription must be confirmed again. */
  forget(key: string): void {
    this.liveKeys.delete(key);
  }

  /** A new socket (or none): nothing is confirmed, pending waits are void (their stores re-seed). */
  reset(): void {
    this.liveKeys.clear();
    this.waiters.clear();
  }

  dispose(): void {
    this.reset();
    for (const t of this.retries) this.deps.timers.clearTimeout(t);
    this.retries.clear();
  }

  series(s: KlineSeries): void {
    const gen = s.beginSeed();
    this.whenLive(s.serverKey, () => this.requestSeries(s, gen));
  }

  trades(store: TradesStore): void {
    const gen = ++store.seedGen;
    this.whenLive(store.serverKey, () => this.requestTrades(store, gen));
  }

  /** After a gap: the REST ticker, unless a DETAIL frame overtakes it. */
  ticker(ticker: TickerStore): void {
    const at = ticker.details;
    fetchTicker(this.deps.httpGet, ticker.symbol).then(
      (info) => {
        if (this.host.isCurrent(ticker) && ticker.applyRest(info, at)) this.host.seeded(ticker);
      },
      (err: unknown) => this.deps.log?.('seed_failed', { key: ticker.key, error: String(err) }),
    );
  }

  private whenLive(key: string, fn: () => void): void {
    if (this.liveKeys.has(key)) {
      fn();
      return;
    }
    const w = this.waiters.get(key);
    if (w) w.push(fn);
    else this.waiters.set(key, [fn]);
  }

  private retry(fn: () => void): void {
    const h = this.deps.timers.setTimeout(() => {
      this.retries.delete(h);
      fn();
    }, SEED_RETRY_MS);
    this.retries.add(h);
  }

  private requestSeries(s: KlineSeries, gen: number): void {
    if (s.seedGen !== gen || !this.host.isCurrent(s)) return;
    fetchKlines(this.deps.httpGet, s.symbol, s.interval, this.seedLimit).then(
      (candles) => {
        if (this.host.isCurrent(s) && s.completeSeed(gen, candles)) this.host.seeded(s);
      },
      (err: unknown) => {
        this.deps.log?.('seed_failed', { key: s.key, error: String(err) });
        if (s.seedGen === gen) this.retry(() => this.requestSeries(s, gen));
      },
    );
  }

  private requestTrades(store: TradesStore, gen: number): void {
    if (store.seedGen !== gen || !this.host.isCurrent(store)) return;
    fetchTrades(this.deps.httpGet, store.symbol, TRADES_KEPT).then(
      (trades) => {
        if (store.seedGen === gen && this.host.isCurrent(store) && store.merge(trades)) this.host.seeded(store);
      },
      (err: unknown) => {
        this.deps.log?.('seed_failed', { key: store.key, error: String(err) });
        if (store.seedGen === gen) this.retry(() => this.requestTrades(store, gen));
      },
    );
  }
}

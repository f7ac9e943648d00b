/**
 * Paging a chart back in time (ENG-17): a series is seeded with one page (KLINE_SEED_LIMIT) and, when
 * the user scrolls left, gets the page before its oldest candle from REST (open time < endTime), up to
 * its capacity, like a major exchange's chart.
 *
 * - Only for a current, seeded series; 0 when it is full, not seeded, or the server has nothing older.
 * - One request per series at a time: calls while one is on the way share it.
 * - The reply is validated (rest.ts) and applied all at once or not at all: a reseed (reconnect, gap),
 *   a replaced series or a moved oldest candle while it was on the way discards it (0).
 * - A page that adds candles makes a new version whose klinePatch is full for every older version
 *   (host.seeded: commit + onChange of the series' key).
 * - A failed or invalid reply rejects (the series is unchanged); the caller may ask again.
 */
import { KLINE_PAGE_LIMIT } from './constants';
import type { KlineSeries } from './klineSeries';
import { fetchKlines } from './rest';
import type { EngineDeps } from './types';

export interface OlderKlinesHost {
  /** False once the series was dropped or replaced (or the engine disposed). */
  isCurrent(s: KlineSeries): boolean;
  /** The series took a page: bump its version and tell listeners. */
  seeded(s: KlineSeries): void;
}

export class OlderKlines {
  private readonly inflight = new Map<KlineSeries, Promise<number>>();

  constructor(
    private readonly deps: Pick<EngineDeps, 'httpGet' | 'log'>,
    private readonly host: OlderKlinesHost,
  ) {}

  /** Loads the page before the oldest candle of `s`; resolves with the number of candles added. */
  load(s: KlineSeries | undefined): Promise<number> {
    if (!s || !this.host.isCurrent(s)) return Promise.resolve(0);
    const running = this.inflight.get(s);
    if (running) return running;
    const oldest = s.oldestTime();
    const room = s.room;
    if (s.seeding || !(oldest >= 0) || room <= 0) return Promise.resolve(0);
    const gen = s.seedGen;
    const limit = Math.min(KLINE_PAGE_LIMIT, room);
    const p = fetchKlines(this.deps.httpGet, s.symbol, s.interval, limit, oldest * 1000)
      .then(
        (candles) => {
          if (!this.host.isCurrent(s) || s.seedGen !== gen) return 0;
          const added = s.prependOlder(oldest, candles);
          if (added > 0) this.host.seeded(s);
          return added;
        },
        (err: unknown) => {
          this.deps.log?.('older_klines_failed', { key: s.key, error: String(err) });
          throw err;
        },
      )
      .finally(() => this.inflight.delete(s));
    this.inflight.set(s, p);
    return p;
  }
}

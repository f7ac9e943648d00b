/**
 * Scene data from the engine's views (PERF-36): what a canvas of the book or the tape is given, built where the
 * views are (the market worker), and by the same code on the main thread for the fallback renderer and the
 * accessible table (PERF-31, PERF-32), so every path shows the same strings.
 */
import type { DepthView, TradeView } from '../engine';
import { capDecimals } from '../shared/numberFormat';
import type { FeedData, TapeFeed, TapeRow } from './drawWire';

/**
 * Trade times as the tape shows them (PERF-35): hours, minutes and seconds in the platform time zone, 24-hour,
 * Latin digits; the same options as the tab's `formatDateTime(ts, { style: 'time' })`. Each trade's time and
 * price are made once per language, zone and decimals (trades come and go by id).
 */
export class TapeText {
  private key = '';
  private fmt: Intl.DateTimeFormat | undefined;
  private offsetMs = 0;
  private decimals: number | undefined;
  private readonly times = new Map<number, string>();
  private readonly prices = new Map<number, string>();

  rows(
    trades: readonly TradeView[],
    f: Pick<TapeFeed, 'rows' | 'lang' | 'offsetMinutes' | 'priceDecimals'>,
  ): TapeRow[] {
    const key = `${f.lang}|${f.offsetMinutes}|${f.priceDecimals ?? ''}`;
    if (key !== this.key || !this.fmt) {
      this.key = key;
      this.fmt = tapeTimeFormat(f.lang);
      this.offsetMs = f.offsetMinutes * 60_000;
      this.decimals = f.priceDecimals;
      this.times.clear();
      this.prices.clear();
    }
    const n = Math.min(trades.length, f.rows);
    const out = new Array<TapeRow>(n);
    for (let i = 0; i < n; i++) {
      const t = trades[i];
      let time = this.times.get(t.id);
      if (time === undefined) {
        time = Number.isFinite(t.ts) ? this.fmt.format(new Date(t.ts + this.offsetMs)) : '--';
        this.times.set(t.id, time);
      }
      let price = this.prices.get(t.id);
      if (price === undefined) {
        price = capDecimals(t.price, this.decimals);
        this.prices.set(t.id, price);
      }
      out[i] = { price, qty: t.qty, buy: t.side === 'buy', time };
    }
    // Forget the trades no longer kept.
    if (this.times.size > trades.length * 2) {
      const keep = new Set(trades.map((x) => x.id));
      for (const map of [this.times, this.prices]) for (const id of map.keys()) if (!keep.has(id)) map.delete(id);
    }
    return out;
  }
}

function tapeTimeFormat(lang: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(lang, TIME_OPTIONS);
  } catch {
    return new Intl.DateTimeFormat('en', TIME_OPTIONS);
  }
}

const TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'UTC',
  hourCycle: 'h23',
  numberingSystem: 'latn',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** A book side's levels as drawn: the first `rows` of the side, best first. */
export function bookScene(view: DepthView, side: 'ask' | 'bid', rows: number): FeedData {
  const all = side === 'ask' ? view.asks : view.bids;
  return { levels: all.length > rows ? all.slice(0, rows) : all };
}

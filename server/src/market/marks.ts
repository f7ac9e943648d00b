/**
 * The mark prices (FUT-3): once per mark interval, every pair that has traded gets a mark tick: the last public
 * trade at or before the update's time. Nothing but the tape goes in, so anyone holding the published trades and
 * the tick times computes the same marks (`markAt` is that function). Futures value positions, liquidate and
 * trigger take-profits and stop-losses at these ticks only.
 */
import type { Trade } from '../../../src/shared/protocol';
import type { MarkTick } from '../../../src/shared/schemas/futures';
import type { Market, Marks } from '../context';
import type { Scheduler } from '../time/scheduler';

/** Ticks kept per symbol (10 minutes at the default 1 s interval). */
export const MARKS_KEPT = 600;

/** The mark at `time` from a tape (oldest first): its last trade at or before `time`, or undefined. */
export function markAt(symbol: string, tape: readonly Trade[], time: number): MarkTick | undefined {
  let last: Trade | undefined;
  for (const t of tape) {
    if (t.ts > time) break;
    if (!last || t.ts > last.ts || (t.ts === last.ts && t.id > last.id)) last = t;
  }
  return last && { symbol, price: last.price, time, tradeId: last.id, tradeTime: last.ts };
}

type MarkListener = (ticks: MarkTick[]) => void;

export class MarkBoard implements Marks {
  private readonly last = new Map<string, Trade>();
  private readonly logs = new Map<string, MarkTick[]>();
  private readonly now = new Map<string, MarkTick>();
  private listeners: MarkListener[] = [];

  constructor(
    market: Pick<Market, 'onTrades'>,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    market.onTrades((symbol, trades) => {
      const prev = this.last.get(symbol);
      let t = prev;
      for (const x of trades) if (!t || x.ts > t.ts || (x.ts === t.ts && x.id > t.id)) t = x;
      if (t && t !== prev) this.last.set(symbol, t);
    });
  }

  current(symbol: string): MarkTick | undefined {
    return this.now.get(symbol);
  }

  recent(symbol: string, limit: number): MarkTick[] {
    const log = this.logs.get(symbol) ?? [];
    return log.slice(Math.max(0, log.length - limit));
  }

  onMark(listener: MarkListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  update(now: number): MarkTick[] {
    const ticks: MarkTick[] = [];
    for (const [symbol, t] of this.last) {
      // A trade stamped after `now` cannot be the mark at `now` (the tape is in time order, so none can be yet).
      if (t.ts > now) continue;
      const tick: MarkTick = { symbol, price: t.price, time: now, tradeId: t.id, tradeTime: t.ts };
      this.now.set(symbol, tick);
      let log = this.logs.get(symbol);
      if (!log) this.logs.set(symbol, (log = []));
      log.push(tick);
      if (log.length > MARKS_KEPT) log.splice(0, log.length - MARKS_KEPT);
      ticks.push(tick);
    }
    for (const l of this.listeners) {
      try {
        l(ticks);
      } catch (err) {
        this.onError(err);
      }
    }
    return ticks;
  }

  /** The scheduler's job: one update every `everyMs`. */
  job(everyMs: number): Parameters<Scheduler['add']>[0] {
    return { name: 'marks', everyMs, step: (now) => void this.update(now) };
  }
}

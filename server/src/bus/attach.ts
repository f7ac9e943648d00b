/**
 * What the core publishes (BUS-1..3): the market's ticks (trades, then the live candles, then the ticker), the
 * books' depth deltas and the mark ticks as they happen, and each user's private events once what they tell of
 * has committed (the trading core's afterCommit, CORE-2). The same sources the in-process socket hub listens to,
 * so a gateway's sockets and the hub's get the same frames.
 */
import { KLINE_INTERVALS, type BalanceRow, type Candle, type KlineInterval } from '../../../src/shared/protocol';
import type { Position } from '../../../src/shared/schemas/futures';
import type { Market, Marks } from '../context';
import type { UserEvents } from '../events/userEvents';
import type { BusPublisher } from './publisher';
import { marketSubject, userSubject } from './subjects';

export interface BusSources {
  market: Market;
  marks?: Marks;
  userEvents: UserEvents;
  balances(userId: number): BalanceRow[];
  positions(userId: number): Position[];
  /** Runs a publish of a user's event once it has committed (the core's afterCommit). */
  later(fn: () => void): void;
}

/** Starts publishing; returns the function that stops it. */
export function publishToBus(bus: BusPublisher, src: BusSources): () => void {
  const { market, later } = src;
  const offs: (() => void)[] = [];
  offs.push(
    market.onTrades((symbol, trades) => {
      bus.publish(marketSubject(symbol, 'trade'), trades);
      const candles: Partial<Record<KlineInterval, Candle>> = {};
      for (const iv of KLINE_INTERVALS) {
        const c = market.history(symbol, iv, 1)[0];
        if (c) candles[iv] = c;
      }
      bus.publish(marketSubject(symbol, 'kline'), candles);
      const t = market.ticker(symbol);
      if (t) bus.publish(marketSubject(symbol, 'detail'), t);
    }),
  );
  offs.push(market.books.onDepth((symbol, delta) => bus.publish(marketSubject(symbol, 'depth'), delta)));
  if (src.marks)
    offs.push(src.marks.onMark((ticks) => ticks.forEach((t) => bus.publish(marketSubject(t.symbol, 'mark'), t))));
  const ev = src.userEvents;
  offs.push(
    ev.onBalances((userId) => later(() => bus.publish(userSubject(userId, 'owncoin'), src.balances(userId)))),
    ev.onStatus((userId, e) =>
      later(() => bus.publish(userSubject(userId, 'status'), { kind: e.kind, id: e.id, status: e.status })),
    ),
    ev.onSettlement((userId, d) => later(() => bus.publish(userSubject(userId, 'settlement'), d))),
    ev.onPositions((userId, e) =>
      later(() => bus.publish(userSubject(userId, 'position'), { positions: src.positions(userId), event: e ?? null })),
    ),
  );
  return () => {
    for (const off of offs.splice(0)) off();
  };
}

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
import { decodeJson, encodeJson, type BusPublisher, type BusTransport } from './publisher';
import {
  MARKET_CHANNELS,
  marketSubject,
  RPC_ACCOUNT,
  RPC_DEPTH,
  RPC_MARKET,
  subjectToken,
  userSubject,
  type MarketState,
} from './subjects';
import { verifyTicket } from './tickets';

/** What the core answers a gateway about one user (BUS-8): only for a genuine ticket. */
export interface AccountAnswers {
  secret: string;
  now(): number;
  balances(userId: number): BalanceRow[];
  positions(userId: number): Position[];
  /** Whether the session a ticket names is still live (a resync after the bus came back, BUS-11). */
  sessionLive(userId: number, sid: string): boolean;
}

export interface BusSources {
  market: Market;
  marks?: Marks;
  userEvents: UserEvents;
  balances(userId: number): BalanceRow[];
  positions(userId: number): Position[];
  /** Runs a publish of a user's event once it has committed (the core's afterCommit). */
  later(fn: () => void): void;
}

/** A book's whole depth for a gateway's mirror: every level, so the deltas keep it exact (DEPTH-6). */
const MIRROR_LEVELS = 1_000_000;

function liveCandles(market: Market, symbol: string): Partial<Record<KlineInterval, Candle>> {
  const candles: Partial<Record<KlineInterval, Candle>> = {};
  for (const iv of KLINE_INTERVALS) {
    const c = market.history(symbol, iv, 1)[0];
    if (c) candles[iv] = c;
  }
  return candles;
}

/**
 * Answers the gateways' requests (BUS-7): the market's state now (symbols, tickers, live candles, marks, and the
 * last seq of each of those symbols' subjects, BUS-14) and one book's whole depth at its seq. Both run on the
 * core's thread between its batches, so what they answer is consistent with the messages already published.
 */
export function answerGateways(
  transport: BusTransport,
  bus: Pick<BusPublisher, 'epoch' | 'seq'>,
  src: Pick<BusSources, 'market' | 'marks'> & { account?: AccountAnswers },
) {
  const { market, marks, account } = src;
  const offs = [
    transport.serve(RPC_MARKET, (req) => {
      // BUS-14: a gateway asks for the symbols its sockets hold (none at its start); without a list, every one.
      const asked = decodeJson<{ symbols?: unknown }>(req).symbols;
      const only = Array.isArray(asked) ? new Set(asked.map(String)) : undefined;
      const symbols = market.symbols();
      const state: MarketState = {
        epoch: bus.epoch,
        symbols,
        books: symbols.filter((s) => market.books.has(s)),
        tickers: {},
        candles: {},
        marks: {},
        seqs: {},
      };
      for (const s of symbols) {
        if (only && !only.has(s)) continue;
        const t = market.ticker(s);
        if (t) state.tickers[s] = t;
        state.candles[s] = liveCandles(market, s);
        const m = marks?.current(s);
        if (m) state.marks[s] = m;
        if (subjectToken(s))
          for (const c of MARKET_CHANNELS) {
            const subject = marketSubject(s, c);
            state.seqs![subject] = bus.seq(subject);
          }
      }
      return encodeJson(state);
    }),
    transport.serve(RPC_DEPTH, (req) => {
      const { symbol } = decodeJson<{ symbol: string }>(req);
      return encodeJson(market.books.depth(String(symbol), MIRROR_LEVELS) ?? null);
    }),
  ];
  // BUS-8: a private stream's first state on a gateway (balances for OWNCOIN, positions for POSITION), for the
  // ticket the socket gave; with the subject's sequence, so the gateway can tell it from a newer pushed message.
  if (account)
    offs.push(
      transport.serve(RPC_ACCOUNT, (req) => {
        const { ticket, stream, resync } = decodeJson<{ ticket: string; stream: string; resync?: boolean }>(req);
        // BUS-11: a resync after the bus came back may carry a ticket past its minute (it opened the stream
        // then); its signature still counts, and the session must still be live, as a session end published
        // while the gateway was away never reached it.
        const v = verifyTicket(account.secret, String(ticket), resync === true ? -Infinity : account.now());
        if (!v.ok) return encodeJson({ error: v.reason });
        const u = v.claims.u;
        if (resync === true && !account.sessionLive(u, v.claims.s)) return encodeJson({ ended: true });
        if (stream === 'owncoin') return encodeJson({ d: account.balances(u) });
        if (stream === 'position') return encodeJson({ d: { positions: account.positions(u), event: null } });
        return encodeJson({ error: 'no state for that stream' });
      }),
    );
  return () => offs.forEach((off) => off());
}

/** Starts publishing; returns the function that stops it. */
export function publishToBus(bus: BusPublisher, src: BusSources): () => void {
  const { market, later } = src;
  const offs: (() => void)[] = [];
  offs.push(
    market.onTrades((symbol, trades) => {
      bus.publish(marketSubject(symbol, 'trade'), trades);
      bus.publish(marketSubject(symbol, 'kline'), liveCandles(market, symbol));
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

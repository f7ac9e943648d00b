import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import type { Trade } from '../../../src/shared/protocol';
import type { BookMatch, DepthBook } from '../context';
import type { Fill } from '../matching/types';
import { Metrics } from '../metrics';
import { DepthMirror } from './depthMirror';
import { gridLevels, gridStep, LADDER_TIERS, MAKER_OWNER, TAKER_OWNER } from './marketMaker';
import type { ModelTrade } from './model';
import { createSimulator, type Simulator } from './simulator';
import { firstTradeIdAt } from './symbolMarket';
import { T0, TEST_SYMBOLS, testConfig } from './testSymbols';

const LEVELS_A_SIDE = 1 + LADDER_TIERS.reduce((n, [, c]) => n + c, 0);

function sim(over: Parameters<typeof testConfig>[0] = {}, now = T0): Simulator {
  return createSimulator(testConfig(over), TEST_SYMBOLS, new Metrics(), { now, tradeRingSize: 100_000 });
}

function run(s: Simulator, from: number, to: number, tick = 10): number {
  let n = 0;
  for (let t = from + tick; t <= to; t += tick) n += s.step(t);
  return n;
}

describe('market books: the simulator through the order books', () => {
  it('[SIM-9] the maker quotes a ladder of 16 levels a side around the listed price, sizes growing outward, never crossed', () => {
    const s = sim();
    const d = s.books.depth('btcusdt', 1000)!;
    expect(d.seq).toBe(0);
    expect(d.bids).toHaveLength(LEVELS_A_SIDE);
    expect(d.asks).toHaveLength(LEVELS_A_SIDE);
    // The top of the side the next taker meets sits at the model price, the other side one tick away.
    expect(d.asks[0][0]).toBe('64123.50');
    expect(d.bids[0][0]).toBe('64123.49');
    // Beyond the top, a fixed grid: BTC's step is 5.00 (about 1 basis point), widening to 10, 25 and 50.
    expect(gridStep(6_412_350)).toBe(500);
    expect(d.asks.slice(1, 7).map((l) => l[0])).toEqual([
      '64125.00',
      '64130.00',
      '64135.00',
      '64140.00',
      '64145.00',
      '64150.00',
    ]);
    expect(gridLevels('buy', 6_412_349, 500).slice(0, 6)).toEqual([
      6_412_000, 6_411_500, 6_411_000, 6_410_500, 6_410_000, 6_409_000,
    ]);
    // Sizes grow outward on average: the outer half holds more than the inner half.
    const sum = (ls: [string, string][]) => ls.reduce((a, l) => a.plus(new Decimal(l[0]).mul(l[1])), new Decimal(0));
    for (const side of [d.bids, d.asks]) expect(sum(side.slice(8)).gt(sum(side.slice(0, 8)))).toBe(true);
    run(s, T0, T0 + 60_000);
    for (const sym of s.symbols()) {
      const b = s.books.best(sym);
      expect(new Decimal(b.bestBid!).lt(b.bestAsk!), sym).toBe(true);
    }
  });

  it('[SIM-9] the tape is the fills: every public trade is one match of a maker and a taker, never of the simulator with itself', () => {
    const s = sim({ tradeRate: 20 });
    const fills: Fill[] = [];
    const models: { model: ModelTrade; fills: number }[] = [];
    const sb = s.books.bySymbol.get('ethusdt')!;
    const apply = sb.book.apply.bind(sb.book);
    sb.book.apply = (c) => {
      const r = apply(c);
      if (r.ok) {
        fills.push(...r.fills);
        if (models.length) models[models.length - 1].fills += r.fills.length;
        expect(r.order.cancelReason).not.toBe('selfTrade');
      }
      return r;
    };
    const simulate = sb.simulate.bind(sb);
    sb.simulate = (t: ModelTrade, now: number) => {
      models.push({ model: { ...t }, fills: 0 });
      const at = fills.length;
      simulate(t, now);
      // Without users, a taker meets the top of the ladder at the model's price first.
      expect(fills[at].price).toBe(t.price);
      expect(fills[at].takerSide).toBe(t.side);
    };
    const tape: Trade[] = [];
    s.onTrades((sym, t) => {
      if (sym === 'ethusdt') tape.push(...t);
    });
    run(s, T0, T0 + 5 * 60_000);
    expect(fills.length).toBeGreaterThan(3_000);
    expect(tape.map((t) => [t.price, t.qty, t.side, t.ts])).toEqual(
      fills.map((f) => [
        new Decimal(f.price).div(100).toFixed(2),
        new Decimal(f.quantity).div(10_000).toFixed(4),
        f.takerSide,
        f.time,
      ]),
    );
    for (const f of fills) {
      expect([f.makerOwner, f.takerOwner]).toEqual([MAKER_OWNER, TAKER_OWNER]);
    }
    // The tape follows the model closely: about one fill per model trade.
    expect(fills.length / models.length).toBeLessThan(1.02);
    expect(s.recentTrades('ethusdt', 100_000).slice(-tape.length)).toEqual(tape);
  });

  it("[SIM-10][DEPTH-7] a user's order meets the maker's ladder: fills at the maker's prices, on the tape at once as one batch, told to onUserMatch, one delta", () => {
    const s = sim();
    run(s, T0, T0 + 10_000);
    const before = s.books.depth('btcusdt', 1000)!;
    const batches: Trade[][] = [];
    const deltas: DepthBook[] = [];
    const matches: BookMatch[] = [];
    s.onTrades((sym, t) => sym === 'btcusdt' && batches.push(t));
    s.books.onDepth((sym, d) => sym === 'btcusdt' && deltas.push(d));
    s.books.onUserMatch((sym, m) => sym === 'btcusdt' && matches.push(m));
    // Buy more than the top ask holds, with a limit two levels up: it walks the ladder.
    const [a0, a1, a2] = before.asks;
    const amount = new Decimal(a0[1]).plus(a1[1]).plus('0.001000').toFixed(6);
    const r = s.books.place('btcusdt', { owner: 7, side: 'buy', kind: 'limit', price: a2[0], amount });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.order).toMatchObject({ owner: 7, side: 'buy', kind: 'limit', amount, filled: amount, status: 'filled' });
    expect(r.fills.map((f) => [f.price, f.makerOwner, f.takerOwner, f.takerSide])).toEqual([
      [a0[0], MAKER_OWNER, 7, 'buy'],
      [a1[0], MAKER_OWNER, 7, 'buy'],
      [a2[0], MAKER_OWNER, 7, 'buy'],
    ]);
    expect(r.fills.reduce((a, f) => a.plus(f.amount), new Decimal(0)).toFixed(6)).toBe(amount);
    // On the tape at once, as one batch, with the fills' trade ids.
    expect(batches).toHaveLength(1);
    expect(batches[0].map((t) => [t.id, t.price, t.qty, t.side])).toEqual(
      r.fills.map((f) => [f.tradeId, f.price, f.amount, 'buy']),
    );
    expect(s.recentTrades('btcusdt', 3)).toEqual(batches[0]);
    expect(s.ticker('btcusdt')!.close).toBe(a2[0]);
    expect(matches).toEqual([r]);
    // One delta, seq + 1: the two levels gone, the third reduced.
    expect(deltas).toHaveLength(1);
    expect(deltas[0].seq).toBe(before.seq + 1);
    expect(deltas[0].bids).toEqual([]);
    expect(deltas[0].asks).toEqual([
      [a0[0], '0.000000'],
      [a1[0], '0.000000'],
      [a2[0], new Decimal(a2[1]).minus('0.001000').toFixed(6)],
    ]);
    expect(s.books.depth('btcusdt', 1)!.asks[0]).toEqual([a2[0], new Decimal(a2[1]).minus('0.001000').toFixed(6)]);
  });

  it('[SIM-10] a resting user buy is filled when the model price moves down through it, and onUserMatch tells the maker-side fill', () => {
    const s = sim();
    const bid = new Decimal(s.books.best('btcusdt').bestBid!);
    const price = bid.minus(15).toFixed(2); // three grid steps below the market
    const r = s.books.place('btcusdt', { owner: 42, side: 'buy', kind: 'limit', price, amount: '0.500000' });
    expect(r.ok && r.order.status).toBe('open');
    const id = r.ok ? r.order.id : 0;
    const matches: BookMatch[] = [];
    s.books.onUserMatch((_s, m) => matches.push(m));
    const tape: Trade[] = [];
    s.onTrades((sym, t) => sym === 'btcusdt' && tape.push(...t));
    let t = T0;
    let filled = new Decimal(0);
    while (filled.lt('0.5') && t < T0 + 3_600_000) {
      t += 10;
      s.step(t);
      filled = matches
        .flatMap((m) => m.fills)
        .filter((f) => f.makerOrderId === id)
        .reduce((a, f) => a.plus(f.amount), new Decimal(0));
    }
    expect(filled.toFixed(6)).toBe('0.500000');
    const mine = matches.flatMap((m) => m.fills).filter((f) => f.makerOrderId === id);
    for (const f of mine) {
      // A maker-side fill at the user's own price, by the simulator (the maker's re-quote or a taker).
      expect(f).toMatchObject({ price, makerOwner: 42, takerSide: 'sell' });
      expect([MAKER_OWNER, TAKER_OWNER]).toContain(f.takerOwner);
      expect(tape.find((x) => x.id === f.tradeId)).toMatchObject({ price, qty: f.amount, side: 'sell' });
    }
    const last = matches.flatMap((m) => m.makers).filter((m) => m.id === id);
    expect(last.at(-1)).toMatchObject({ owner: 42, status: 'filled', remaining: '0.000000', filled: '0.500000' });
    expect(s.books.cancel('btcusdt', id)).toEqual({ ok: false, error: `Order ${id} is not open in the btcusdt book` });
  });

  it('[DEPTH-3] depth deltas: at most one per symbol per step, seq + 1 each, and snapshot + deltas rebuild the book exactly', () => {
    const s = sim({ tradeRate: 40 });
    const mirrors = new Map(s.symbols().map((sym) => [sym, new DepthMirror(s.books.depth(sym, 1_000_000)!)]));
    let perStep = new Map<string, number>();
    s.books.onDepth((sym, d) => {
      perStep.set(sym, (perStep.get(sym) ?? 0) + 1);
      mirrors.get(sym)!.apply(d);
    });
    let deltas = 0;
    let userOrders = 0;
    for (let t = T0 + 10; t <= T0 + 120_000; t += 10) {
      perStep = new Map();
      s.step(t);
      for (const n of perStep.values()) expect(n).toBe(1);
      for (const n of perStep.values()) deltas += n;
      if ((t - T0) % 7_000 === 0) {
        userOrders++;
        // A user order between steps: its own delta, same numbering.
        s.books.place('dogeusdt', { owner: 3, side: 'sell', kind: 'limit', price: '0.2000', amount: '5' });
      }
    }
    expect(deltas).toBeGreaterThan(2_000);
    expect(userOrders).toBe(17);
    for (const [sym, m] of mirrors) {
      const truth = s.books.depth(sym, 1_000_000)!;
      expect(m.book(), sym).toEqual(truth);
    }
  });

  it("[DEPTH-7] user orders and cancels are checked at the edge: unknown pair, owner, decimals, zero; only users' orders cancel", () => {
    const s = sim();
    const place = (o: Partial<Parameters<Simulator['books']['place']>[1]>, symbol = 'btcusdt') =>
      s.books.place(symbol, { owner: 1, side: 'buy', kind: 'limit', price: '60000.00', amount: '0.1', ...o });
    expect(place({}, 'nosuchusdt')).toEqual({ ok: false, error: 'Unknown symbol nosuchusdt' });
    expect(place({ owner: 0 })).toMatchObject({ ok: false, error: expect.stringMatching(/user id/) });
    expect(place({ owner: MAKER_OWNER })).toMatchObject({ ok: false });
    expect(place({ price: '60000.001' })).toEqual({ ok: false, error: 'Price 60000.001 has more than 2 decimals' });
    expect(place({ amount: '0.0000001' })).toEqual({ ok: false, error: 'Amount 0.0000001 has more than 6 decimals' });
    expect(place({ amount: '0' })).toEqual({ ok: false, error: 'Amount must be more than 0' });
    expect(place({ price: '0', kind: 'market' })).toEqual({ ok: false, error: 'Protection price must be more than 0' });
    expect(place({ price: '-1' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Price must be a plain decimal/),
    });
    expect(s.books.depth('btcusdt', 1000)!.seq).toBe(0); // nothing was applied
    const maker = s.books.depth('btcusdt', 1)!;
    expect(maker.bids).toHaveLength(1);
    const ok = place({});
    expect(ok.ok && ok.order).toMatchObject({
      status: 'open',
      price: '60000.00',
      amount: '0.100000',
      remaining: '0.100000',
    });
    if (!ok.ok) return;
    const deltas: DepthBook[] = [];
    s.books.onDepth((_s, d) => deltas.push(d));
    // The maker's orders are not the users' to cancel (ids 1.. are the maker's first ladder).
    expect(s.books.cancel('btcusdt', 1)).toEqual({ ok: false, error: "Order 1 is not a user's order" });
    expect(s.books.cancel('btcusdt', ok.order.id)).toEqual({
      ok: true,
      order: { ...ok.order, status: 'cancelled', cancelReason: 'user' },
      fills: [],
      makers: [],
    });
    expect(deltas).toEqual([{ seq: 2, bids: [['60000.00', '0.000000']], asks: [] }]);
    expect(s.books.scales('btcusdt')).toEqual({ price: 2, amount: 6 });
    expect(s.books.scales('nosuch')).toBeUndefined();
  });

  it('[SIM-11] trade ids start at the build time x 1000 and keep growing across a restart', () => {
    const a = sim({}, T0);
    run(a, T0, T0 + 60_000);
    const lastA = a.recentTrades('btcusdt', 1)[0].id;
    expect(lastA).toBeGreaterThan(firstTradeIdAt(T0));
    // A restart 1 s after the last trade: the new market's every trade, history included, is numbered higher.
    const b = sim({}, T0 + 61_000);
    const history = b.recentTrades('btcusdt', 1_000);
    expect(history[0].id).toBeGreaterThan(lastA);
    run(b, T0 + 61_000, T0 + 62_000);
    const ids = b.recentTrades('btcusdt', 1_000).map((t) => t.id);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBe(ids[i - 1] + 1);
    expect(Number.isSafeInteger(firstTradeIdAt(Date.UTC(2200, 0, 1)))).toBe(true);
  });

  it('[SIM-10] a listener that places an order while trades are delivered never sees batches out of order', () => {
    const s = sim({ tradeRate: 40 });
    const ids: number[] = [];
    let placed = 0;
    s.onTrades((sym, t) => {
      if (sym !== 'ethusdt') return;
      ids.push(...t.map((x) => x.id));
      if (placed < 20) {
        placed++;
        // Crosses the ladder: makes trades while the step's batch is being delivered.
        s.books.place('ethusdt', {
          owner: 9,
          side: placed % 2 ? 'buy' : 'sell',
          kind: 'market',
          price: placed % 2 ? '9999.00' : '1.00',
          amount: '0.0100',
        });
      }
    });
    run(s, T0, T0 + 20_000);
    expect(placed).toBe(20);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBe(ids[i - 1] + 1);
  });

  it('[SIM-9] the same seed gives the same books', () => {
    const a = sim();
    const b = sim();
    run(a, T0, T0 + 30_000);
    run(b, T0, T0 + 30_000);
    for (const sym of a.symbols()) {
      const d = a.books.depth(sym, 1000)!;
      expect(d.bids.length + d.asks.length).toBeGreaterThan(0);
      expect(d).toEqual(b.books.depth(sym, 1000));
    }
  });
});

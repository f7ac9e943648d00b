import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/shared/decimal';
import type { Trade } from '../../../src/shared/protocol';
import { MarkBoard, markAt, markOf, MARKS_KEPT, type MarkInput, type MarkRule } from './marks';
import { createRng } from './rng';

const RULE: MarkRule = { basisWindowMs: 60_000, band: '0.005' };

/** A market that publishes `trades` in batches, like the simulator's onTrades, with an index a test sets. */
function fakeMarket(index = '100.00') {
  let listener: ((symbol: string, trades: Trade[]) => void) | undefined;
  const m = {
    index: index as string | undefined,
    onTrades(l: (symbol: string, trades: Trade[]) => void) {
      listener = l;
      return () => undefined;
    },
    indexPrice: () => m.index,
    publish: (symbol: string, trades: Trade[]) => listener?.(symbol, trades),
  };
  return m;
}

const trade = (id: number, price: string, ts: number): Trade => ({ id, price, qty: '1', side: 'buy', ts });
const input = (time: number, index: string, price: string): MarkInput => ({
  time,
  index,
  trade: trade(time, price, time),
});

describe('[FUT-3] mark prices: index + smoothed basis, clamped to the band', () => {
  it('[FUT-3] every mark tick is reproducible from the published index samples, the tick times and the tape', () => {
    const market = fakeMarket();
    const board = new MarkBoard(market, { basisWindowMs: 5_000, band: '0.01' });
    const seen: number[] = [];
    board.onMark((ticks) => seen.push(ticks.length));
    const rng = createRng(7);
    const tape: Trade[] = [];
    const samples: { time: number; index: string; tradeId: number }[] = [];
    let t = 1_000_000;
    let id = 1;
    let index = 10_000;
    for (let step = 0; step < 200; step++) {
      // a batch of 0..4 trades, several sometimes in the same ms, around an index that walks
      const batch: Trade[] = [];
      for (let k = Math.floor(rng.next() * 5); k > 0; k--) {
        if (rng.next() < 0.7) t += 1 + Math.floor(rng.next() * 400);
        const cents = index + Math.floor((rng.next() - 0.5) * 400);
        batch.push({ id: id++, price: new Decimal(cents).div(100).toFixed(2), qty: '1', side: 'buy', ts: t });
      }
      if (batch.length) {
        tape.push(...batch);
        market.publish('btcusdt', batch);
      }
      index += Math.floor((rng.next() - 0.5) * 30);
      market.index = new Decimal(index).div(100).toFixed(2);
      const now = t + Math.floor(rng.next() * 300);
      const ticks = board.update(now);
      // The tick's trade: the newest published so far (trades may arrive stamped before an earlier tick).
      let known: Trade | undefined;
      for (const x of tape) if (!known || x.ts > known.ts || (x.ts === known.ts && x.id > known.id)) known = x;
      // One sample per tick time (an update at the same time again replaces its inputs).
      if (samples[samples.length - 1]?.time === now) samples.pop();
      if (known && known.ts <= now && (!samples.length || samples[samples.length - 1].time < now))
        samples.push({ time: now, index: market.index, tradeId: known.id });
      const expected = markAt('btcusdt', samples, tape, now, { basisWindowMs: 5_000, band: '0.01' });
      expect(ticks[0]).toEqual(expected);
      if (expected) {
        expect(board.current('btcusdt')).toEqual(expected);
        expect(expected.index).toBe(market.index);
      }
    }
    expect(seen).toHaveLength(200);
    expect(board.recent('btcusdt', 5).map((m) => m.time)).toEqual(
      board
        .recent('btcusdt', 1000)
        .slice(-5)
        .map((m) => m.time),
    );
    expect(board.recent('btcusdt', 10_000).length).toBeLessThanOrEqual(MARKS_KEPT);
  });

  it('[FUT-3] a pair that never traded, or has no index, has no mark', () => {
    const market = fakeMarket();
    const board = new MarkBoard(market, RULE);
    expect(board.update(5)).toEqual([]);
    expect(board.current('ethusdt')).toBeUndefined();
    market.index = undefined;
    market.publish('ethusdt', [trade(1, '100.00', 5)]);
    expect(board.update(10)).toEqual([]);
  });

  it('[FUT-3] the first tick is the index; one tick of a far trade moves the basis by its share of the window', () => {
    const first = markOf('btcusdt', [input(0, '100.00', '90.00')], RULE);
    expect(first).toMatchObject({ price: '100.00', index: '100.00', basis: '0.00' });
    // 1 s of a trade 6.00 below the index in a 60 s window: basis -0.10, the mark 99.90.
    const swept = markOf('btcusdt', [input(0, '100.00', '100.00'), input(1_000, '100.00', '94.00')], RULE);
    expect(swept).toMatchObject({ price: '99.90', index: '100.00', basis: '-0.10' });
    // A whole window of it: the basis is -6.00, the mark clamped to the band's edge (100 x 0.995).
    const held = [input(0, '100.00', '100.00')];
    for (let s = 1; s <= 60; s++) held.push(input(s * 1_000, '100.00', '94.00'));
    expect(markOf('btcusdt', held, RULE)).toMatchObject({ price: '99.50', basis: '-6.00' });
    // Samples older than the window weigh nothing: the next minute at the index brings the basis back to 0.
    for (let s = 61; s <= 120; s++) held.push(input(s * 1_000, '100.00', '100.00'));
    expect(markOf('btcusdt', held, RULE)).toMatchObject({ price: '100.00', basis: '0.00' });
  });

  it('[FUT-3] the basis is time-weighted and follows the index (the mark moves with it)', () => {
    // Half the window 1.00 above, half at the index: basis 0.50.
    const inputs = [input(0, '200.00', '200.00'), input(30_000, '200.00', '201.00'), input(60_000, '210.00', '210.00')];
    expect(markOf('btcusdt', inputs, RULE)).toMatchObject({ price: '210.50', index: '210.00', basis: '0.50' });
    // The upper edge rounds down, the lower up: 0.5 % of 123.45 is 0.61725.
    const up = [input(0, '123.45', '123.45'), input(60_000, '123.45', '200.00')];
    expect(markOf('btcusdt', up, RULE).price).toBe('124.06');
    const down = [input(0, '123.45', '123.45'), input(60_000, '123.45', '1.00')];
    expect(markOf('btcusdt', down, RULE).price).toBe('122.84');
  });

  it('[FUT-3] property: the mark always lies within index x (1 +- band), whatever the trades', () => {
    const price = fc.integer({ min: 1, max: 10_000_000 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ dt: fc.integer({ min: 0, max: 90_000 }), index: price, last: price }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1_000, max: 120_000 }),
        (rows, bandBp, windowMs) => {
          const rule = { basisWindowMs: windowMs, band: new Decimal(bandBp).div(10_000).toFixed() };
          let time = 0;
          const inputs = rows.map((r, i) => {
            time += r.dt;
            return {
              time,
              index: new Decimal(r.index).div(100).toFixed(2),
              trade: trade(i + 1, new Decimal(r.last).div(100).toFixed(2), time),
            };
          });
          const tick = markOf('x', inputs, rule);
          const index = new Decimal(tick.index);
          const band = new Decimal(rule.band);
          const mark = new Decimal(tick.price);
          expect(mark.gte(index.times(new Decimal(1).minus(band)))).toBe(true);
          expect(mark.lte(index.times(new Decimal(1).plus(band)))).toBe(true);
          expect(tick.price).toMatch(/^\d+\.\d{2}$/);
          // And the basis is never beyond the widest sample in the window.
          const widest = inputs.reduce(
            (m, x) => Decimal.max(m, new Decimal(x.trade.price).minus(x.index).abs()),
            new Decimal(0),
          );
          expect(new Decimal(tick.basis).abs().lte(widest)).toBe(true);
        },
      ),
    );
  });
});

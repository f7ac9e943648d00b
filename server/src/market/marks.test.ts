import { describe, expect, it } from 'vitest';
import type { Trade } from '../../../src/shared/protocol';
import { MarkBoard, markAt, MARKS_KEPT } from './marks';
import { createRng } from './rng';

/** A market that publishes `trades` in batches, like the simulator's onTrades. */
function fakeMarket() {
  let listener: ((symbol: string, trades: Trade[]) => void) | undefined;
  return {
    onTrades(l: (symbol: string, trades: Trade[]) => void) {
      listener = l;
      return () => undefined;
    },
    publish: (symbol: string, trades: Trade[]) => listener?.(symbol, trades),
  };
}

describe('[FUT-3] mark prices', () => {
  it('[FUT-3] every mark tick is the last published trade at or before its time, reproducible from the tape', () => {
    const market = fakeMarket();
    const board = new MarkBoard(market);
    const seen: number[] = [];
    board.onMark((ticks) => seen.push(ticks.length));
    const rng = createRng(7);
    const tape: Trade[] = [];
    let t = 1_000_000;
    let id = 1;
    for (let step = 0; step < 200; step++) {
      // a batch of 0..4 trades, several sometimes in the same ms
      const batch: Trade[] = [];
      for (let k = Math.floor(rng.next() * 5); k > 0; k--) {
        if (rng.next() < 0.7) t += 1 + Math.floor(rng.next() * 400);
        batch.push({ id: id++, price: (100 + rng.next() * 10).toFixed(2), qty: '1', side: 'buy', ts: t });
      }
      if (batch.length) {
        tape.push(...batch);
        market.publish('btcusdt', batch);
      }
      const now = t + Math.floor(rng.next() * 300);
      const [tick] = board.update(now);
      const expected = markAt('btcusdt', tape, now);
      expect(tick).toEqual(expected);
      expect(board.current('btcusdt')).toEqual(expected);
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

  it('[FUT-3] a pair that never traded has no mark', () => {
    const board = new MarkBoard(fakeMarket());
    expect(board.update(5)).toEqual([]);
    expect(board.current('ethusdt')).toBeUndefined();
  });
});

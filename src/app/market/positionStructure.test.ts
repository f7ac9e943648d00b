import { describe, expect, it } from 'vitest';
import type { LivePosition, PositionsView } from '../../engine';
import { batchOf } from '../../workers/testing/batches';
import { MarketStore, POSITIONS_TOPIC_KEY } from './store';
import { samePositionStructure, structureKeeper } from './positionStructure';
import { testPosition } from '../../shared/trading/testPair';

const row = (over: Partial<LivePosition> = {}): LivePosition => testPosition({ mark: null, ...over });
const at = (price: string, pnl: string, over: Partial<LivePosition> = {}): LivePosition =>
  row({ mark: { price, time: 2, unrealisedPnl: pnl, returnRate: '0.1', marginRatio: '0.01' }, ...over });
const view = (positions: LivePosition[] | null, over: Partial<PositionsView> = {}): PositionsView => ({
  version: 1,
  positions,
  eventCount: 0,
  lastEvent: null,
  authorized: true,
  ...over,
});

describe('[PERF-84] the positions view’s structure', () => {
  it('[PERF-84] a view that only moved its marks has the structure of the one before', () => {
    const a = view([at('102.47', '1.2'), at('3.1', '0.2', { id: 10, symbol: 'ethusdt' })]);
    const b = view([at('97.10', '-1.4'), at('3.0', '0.1', { id: 10, symbol: 'ethusdt' })], { version: 2 });
    expect(samePositionStructure(a, b)).toBe(true);
    // A nested value that arrives as a new object with the same content is the same structure.
    const ev = { markPrice: '1', indexPrice: '1', time: 1 } as unknown as LivePosition['liquidation'];
    expect(
      samePositionStructure(
        view([at('1', '1', { liquidation: ev })]),
        view([at('2', '2', { liquidation: { ...ev! } })]),
      ),
    ).toBe(true);
  });

  it('[PERF-84] opening, closing, resizing, any other field, a first mark, an event or the session change it', () => {
    const a = view([at('102.47', '1.2')]);
    const changed = [
      view([at('102.47', '1.2'), at('3', '0', { id: 10 })]),
      view([]),
      view(null),
      view([at('102.47', '1.2', { shares: '40' })]),
      view([at('102.47', '1.2', { margin: '6.000000' })]),
      view([at('102.47', '1.2', { takeProfit: '110.00' })]),
      view([at('102.47', '1.2', { liquidationPrice: '91.00' })]),
      view([at('102.47', '1.2', { side: 'short' })]),
      view([row()]),
      view([at('102.47', '1.2')], { eventCount: 1 }),
      view([at('102.47', '1.2')], { authorized: false }),
      undefined,
    ];
    for (const b of changed) expect(samePositionStructure(a, b)).toBe(false);
  });

  it('[PERF-84] the kept view changes identity only with the structure, over the store’s batches', () => {
    const store = new MarketStore();
    const keep = structureKeeper();
    let told = 0;
    store.subscribe(POSITIONS_TOPIC_KEY, () => told++);
    const shown: (PositionsView | undefined)[] = [];
    const apply = (v: PositionsView) => {
      store.apply(batchOf({ positions: v }));
      shown.push(keep(store.positions));
      // Asked again for the same view (another component, or React's check): the same answer.
      expect(keep(store.positions)).toBe(shown[shown.length - 1]);
    };
    apply(view([at('102.47', '1.2')]));
    apply(view([at('101.00', '0.5')], { version: 2 }));
    apply(view([at('99.00', '-0.5')], { version: 3 }));
    apply(view([at('99.00', '-0.5', { shares: '40' })], { version: 4 }));
    apply(view([at('98.00', '-0.9', { shares: '40' })], { version: 5 }));
    expect(told).toBe(5);
    expect(new Set(shown).size).toBe(2);
    expect(shown[2]).toBe(shown[0]);
    expect(shown[3]?.positions?.[0]?.shares).toBe('40');
    expect(shown[4]).toBe(shown[3]);
  });
});

import { describe, expect, it } from 'vitest';
import type { PositionsView } from '../engine';
import { positionRow, SHARE_NUMBER } from '../engine/testing/positionRows';
import { markFigures } from '../shared/trading/futuresRules';
import { hostOverExchange } from './testing/exchangeHost';

const TOKEN = 'tok';

/** The host over a real engine and a fake exchange; counts the positions views built. */
function setup() {
  const built = new Set<PositionsView>();
  const fixture = hostOverExchange(['btcusdt', 'ethusdt'], (engine) => {
    const view = engine.positionsView.bind(engine);
    engine.positionsView = () => {
      const v = view();
      built.add(v);
      return v;
    };
    return engine;
  });
  fixture.exchange.accounts.set(TOKEN, []);
  return { ...fixture, built };
}

describe('positions and marks through the worker [WORK-19][WORK-20]', () => {
  it('[WORK-19] five positions at flood rate: a tab gets at most one positions view per frame, the latest, at markFigures; a hidden tab gets nothing', async () => {
    const { time, exchange, tab, settle, built } = setup();
    const rows = [1, 2, 3, 4, 5].map((id) =>
      positionRow({
        id,
        symbol: id % 2 ? 'btcusdt' : 'ethusdt',
        side: id % 3 ? 'long' : 'short',
        entryPrice: id % 2 ? '60000.000000' : '3000.000000',
      }),
    );
    exchange.positions.set(TOKEN, rows);
    const a = tab('a');
    const b = tab('b');
    const hidden = tab('hidden');
    for (const t of [a, b, hidden]) t.s.watch({ kind: 'positions' });
    a.s.setAccountToken(TOKEN);
    a.s.credit();
    b.s.credit();
    await settle();
    expect(a.got.at(-1)!.positions!.positions).toHaveLength(5);

    // 200 marks of each pair between two frames.
    const sentA = a.got.length;
    const builtBefore = built.size;
    for (let i = 1; i <= 200; i++) {
      time.advance(5);
      exchange.mark('btcusdt', String(60000 + i));
      exchange.mark('ethusdt', String(3000 + i / 100));
    }
    await settle();
    expect(a.got).toHaveLength(sentA); // no credit, nothing sent
    a.s.credit();
    b.s.credit();
    await settle();
    expect(a.got).toHaveLength(sentA + 1);
    // Built once for both tabs.
    expect(built.size).toBe(builtBefore + 1);
    const view = a.got.at(-1)!.positions!;
    expect(b.got.at(-1)!.positions).toEqual(view);
    for (const p of view.positions!) {
      const mark = p.symbol === 'btcusdt' ? '60200' : '3002';
      const row = rows.find((r) => r.id === p.id)!;
      const fig = markFigures({ shareNumber: SHARE_NUMBER[p.symbol], lossRate: p.lossRate }, row, mark);
      expect(p.mark).toEqual({ price: mark, time: time.now(), ...fig });
    }
    expect(hidden.got).toHaveLength(0);

    // Nothing moved a figure: the next credit sends no positions.
    a.s.credit();
    exchange.mark('btcusdt', '60200', time.now() + 1);
    await settle();
    expect(a.got.slice(sentA + 1).filter((x) => x.positions)).toEqual([]);

    // Shown again: the hidden tab gets the latest view at once.
    hidden.s.credit();
    await settle();
    expect(hidden.got).toHaveLength(1);
    expect(hidden.got[0].positions).toEqual(view);
  });

  it('[WORK-20] mark views reach only the tabs that watch that mark', async () => {
    const { exchange, tab, settle } = setup();
    const a = tab('a');
    const b = tab('b');
    a.s.watch({ kind: 'mark', symbol: 'btcusdt' });
    b.s.watch({ kind: 'mark', symbol: 'ethusdt' });
    a.s.credit();
    b.s.credit();
    await settle();
    a.s.credit();
    b.s.credit();
    exchange.mark('btcusdt', '60000');
    await settle();
    expect(a.got.flatMap((x) => x.marks ?? [])).toEqual([
      { symbol: 'btcusdt', price: '60000', index: '60000', time: expect.any(Number), tradeId: expect.any(Number) },
    ]);
    expect(b.got.flatMap((x) => x.marks ?? [])).toEqual([]);
  });
});

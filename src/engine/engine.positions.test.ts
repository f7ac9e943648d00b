import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { markFigures } from '../shared/trading/futuresRules';
import { RELEASE_GRACE_MS } from './constants';
import { engineHarness } from './testing/harness';
import { positionRow, SHARE_NUMBER } from './testing/positionRows';

// Counts the shared arithmetic's calls, to show when the worker computes figures (and when it does not).
const figures = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../shared/trading/futuresRules', async (importOriginal) => {
  const m = await importOriginal<typeof import('../shared/trading/futuresRules')>();
  return {
    ...m,
    markFigures: (...args: Parameters<typeof m.markFigures>) => {
      figures.calls++;
      return m.markFigures(...args);
    },
  };
});

const TOKEN = 'tok-a';

/** A harness with a signed-in user watching `positions`, their rows on the fake exchange. */
async function watching(rows: unknown[] = [positionRow()]) {
  const h = engineHarness(['btcusdt', 'ethusdt']);
  h.exchange.accounts.set(TOKEN, []);
  h.exchange.positions.set(TOKEN, rows);
  const release = h.engine.acquire({ kind: 'positions' });
  h.engine.setAccountToken(TOKEN);
  await h.settle();
  return { h, release };
}

/** What the shared function says for a row at a mark (the pair's share size from the fixture). */
function expected(row: ReturnType<typeof positionRow>, mark: string) {
  return markFigures({ shareNumber: SHARE_NUMBER[row.symbol], lossRate: row.lossRate }, row, mark);
}

describe('the positions topic in the worker [WORK-19]', () => {
  it('[WORK-19][LIVE-4] POSITION is held with the token only while positions are watched; MARK follows the open positions', async () => {
    const h = engineHarness(['btcusdt', 'ethusdt']);
    h.exchange.accounts.set(TOKEN, []);
    h.exchange.positions.set(TOKEN, [positionRow()]);
    const release = h.engine.acquire({ kind: 'positions' });
    await h.settle();
    expect(h.sockets.last.ops().filter((o) => /POSITION|MARK/.test(o))).toEqual([]);
    expect(h.engine.positionsView().positions).toBeNull();

    h.engine.setAccountToken(TOKEN);
    await h.settle();
    expect(h.sockets.last.sent.find((f) => f.type === 'POSITION')).toMatchObject({
      op: 'subscribe',
      type: 'POSITION',
      token: TOKEN,
    });
    expect(h.sockets.last.ops()).toContain('subscribe MARK:btcusdt');
    expect(h.changes.at(-1)).toContain('positions');
    // No mark yet: the row without figures.
    expect(h.engine.positionsView().positions).toEqual([{ ...positionRow(), mark: null }]);

    h.exchange.mark('btcusdt', '61000');
    await h.settle();
    const fig = expected(positionRow(), '61000');
    expect(h.engine.positionsView().positions![0].mark).toEqual({ price: '61000', time: h.time.now(), ...fig });
    expect(fig.unrealisedPnl).toBe('10.000000');

    // A fill opens an ETH position: its MARK is subscribed; the event is counted.
    const eth = positionRow({
      id: 2,
      symbol: 'ethusdt',
      side: 'short',
      entryPrice: '3000.000000',
      margin: '30.000000',
    });
    h.exchange.setPositions(TOKEN, [positionRow(), eth], { kind: 'filled', positionId: 2, symbol: 'ethusdt' });
    await h.settle();
    expect(h.sockets.last.ops()).toContain('subscribe MARK:ethusdt');
    expect(h.engine.positionsView()).toMatchObject({
      eventCount: 1,
      lastEvent: { kind: 'filled', positionId: 2, symbol: 'ethusdt' },
    });
    // The BTC position closes: its MARK goes.
    h.exchange.setPositions(TOKEN, [eth], { kind: 'closed', positionId: 1, symbol: 'btcusdt' });
    await h.settle();
    expect(h.sockets.last.ops().at(-1)).toBe('unsubscribe MARK:btcusdt');
    expect(h.engine.positionsView().positions!.map((p) => p.id)).toEqual([2]);

    release();
    h.time.advance(RELEASE_GRACE_MS);
    const ops = h.sockets.last.ops();
    expect(ops).toContain('unsubscribe POSITION');
    expect(ops).toContain('unsubscribe MARK:ethusdt');
    expect(h.sockets.last.sent.filter((f) => f.op === 'unsubscribe' && 'token' in f)).toEqual([]);
    // Let go of: the rows are forgotten, a later watch waits for a fresh snapshot.
    expect(h.engine.positionsView().positions).toBeNull();
  });

  it('[WORK-19] the figures equal markFigures at the same mark, for random positions and marks', async () => {
    const { h } = await watching([]);
    const decimal = (min: number, max: number, dp: number) =>
      fc.integer({ min: min * 10 ** dp, max: max * 10 ** dp }).map((n) => (n / 10 ** dp).toFixed(dp));
    const arb = fc.record({
      symbol: fc.constantFrom('btcusdt', 'ethusdt'),
      side: fc.constantFrom('long' as const, 'short' as const),
      shares: fc.integer({ min: 1, max: 100_000 }).map(String),
      entryPrice: decimal(1, 90_000, 6),
      margin: decimal(0, 50_000, 6),
      lossRate: fc.constantFrom('0.5', '0.8', '0.9', '1'),
      mark: decimal(0, 120_000, 2),
    });
    let id = 0;
    await fc.assert(
      fc.asyncProperty(arb, async ({ mark, ...over }) => {
        const row = positionRow({ id: ++id, ...over });
        h.exchange.setPositions(TOKEN, [row]);
        await h.settle();
        h.exchange.mark(row.symbol, mark);
        await h.settle();
        const got = h.engine.positionsView().positions![0];
        expect(got).toEqual({ ...row, mark: { price: mark, time: h.time.now(), ...expected(row, mark) } });
        h.time.advance(1000);
      }),
      { numRuns: 200 },
    );
  });

  it('[WORK-19] any number of marks between two reads makes one new view, computed once when read; an unchanged price or pair computes nothing', async () => {
    const btc1 = positionRow({ id: 1 });
    const btc2 = positionRow({ id: 2, side: 'short', entryPrice: '61000.000000' });
    const eth = positionRow({ id: 3, symbol: 'ethusdt', entryPrice: '3000.000000' });
    const { h } = await watching([btc1, btc2, eth]);
    h.exchange.mark('btcusdt', '60500');
    h.exchange.mark('ethusdt', '3010');
    await h.settle();
    const v0 = h.engine.positionsView();
    expect(v0.positions!.every((p) => p.mark !== null)).toBe(true);

    figures.calls = 0;
    const changesBefore = h.changes.length;
    for (let i = 1; i <= 100; i++) {
      h.time.advance(1000);
      h.exchange.mark('btcusdt', String(60500 + i));
    }
    await h.settle();
    expect(h.changes.length - changesBefore).toBe(100);
    expect(figures.calls).toBe(0); // nothing computed on arrival
    const v1 = h.engine.positionsView();
    expect(figures.calls).toBe(2); // the two BTC positions, once, at the latest mark
    expect(h.engine.positionsView()).toBe(v1);
    expect(figures.calls).toBe(2);
    expect(v1.version).toBeGreaterThan(v0.version);
    expect(v1.positions![0].mark).toEqual({ price: '60600', time: h.time.now(), ...expected(btc1, '60600') });
    expect(v1.positions![1].mark).toEqual({ price: '60600', time: h.time.now(), ...expected(btc2, '60600') });
    figures.calls = 2; // less the test's own two calls
    // The ETH position did not change: the same object.
    expect(v1.positions![2]).toBe(v0.positions![2]);

    // A later mark at the same price moves no figure: no change named, the same view.
    const n = h.changes.length;
    h.time.advance(1000);
    h.exchange.mark('btcusdt', '60600');
    await h.settle();
    expect(h.changes.slice(n).flat()).not.toContain('positions');
    expect(h.engine.positionsView()).toBe(v1);
    expect(figures.calls).toBe(2);
    // An ETH mark recomputes the ETH position only.
    h.exchange.mark('ethusdt', '2990');
    await h.settle();
    const v2 = h.engine.positionsView();
    expect(figures.calls).toBe(3);
    expect(v2.positions![0]).toBe(v1.positions![0]);
  });

  it('[WORK-19] a bad row is dropped and counted, the others shown; a malformed frame is rejected; nothing throws', async () => {
    const { h } = await watching([positionRow()]);
    h.exchange.mark('btcusdt', '60000');
    await h.settle();
    const good = positionRow({ id: 5 });
    const bad = { ...positionRow({ id: 6 }), side: 'sideways' };
    const noPrice = { ...positionRow({ id: 7 }), entryPrice: 12 };
    h.exchange.setPositions(TOKEN, [bad, good, noPrice]);
    await h.settle();
    expect(h.engine.diagnostics().positionRowsRejected).toBe(2);
    expect(h.engine.positionsView().positions!.map((p) => p.id)).toEqual([5]);

    const before = h.engine.positionsView();
    const rejected = h.engine.diagnostics().framesRejected;
    h.exchange.raw({ type: 'POSITION', origin: 'fake', data: { positions: 'none' } });
    h.exchange.raw({ type: 'MARK', symbol: 'btcusdt', origin: 'fake', data: { price: 61000, time: 1, tradeId: 1 } });
    await h.settle();
    expect(h.engine.diagnostics().framesRejected).toBe(rejected + 2);
    expect(h.engine.positionsView()).toBe(before);
    // The stream goes on.
    h.exchange.setPositions(TOKEN, [good, positionRow({ id: 8 })]);
    await h.settle();
    expect(h.engine.positionsView().positions!.map((p) => p.id)).toEqual([5, 8]);
  });

  it('[WORK-19][LIVE-4] signing out clears the positions at once; a refused token says so; a socket gap asks the snapshot again', async () => {
    const { h } = await watching([positionRow()]);
    expect(h.engine.positionsView().positions).toHaveLength(1);
    // Frames lost on the socket: POSITION is subscribed again and its snapshot replaces the rows.
    h.exchange.positions.set(TOKEN, [positionRow({ id: 1 }), positionRow({ id: 2 })]);
    h.exchange.dropFrames(1);
    h.exchange.heartbeat();
    h.exchange.heartbeat();
    await h.settle();
    expect(h.sockets.last.sent.filter((f) => f.type === 'POSITION' && f.op === 'subscribe')).toHaveLength(2);
    expect(h.engine.positionsView().positions!.map((p) => p.id)).toEqual([1, 2]);

    h.engine.setAccountToken(null);
    expect(h.engine.positionsView()).toMatchObject({ positions: null, authorized: true });
    await h.settle();
    expect(h.sockets.last.ops()).toContain('unsubscribe POSITION');
    expect(h.sockets.last.ops()).toContain('unsubscribe MARK:btcusdt');

    h.engine.setAccountToken('stale');
    await h.settle();
    expect(h.engine.positionsView()).toMatchObject({ positions: null, authorized: false });

    // Another user signs in: subscribed again with their token, their rows only.
    h.exchange.accounts.set('tok-b', []);
    h.exchange.positions.set('tok-b', [positionRow({ id: 9 })]);
    h.engine.setAccountToken('tok-b');
    await h.settle();
    expect(h.sockets.last.sent.filter((f) => f.type === 'POSITION' && f.op === 'subscribe').at(-1)).toMatchObject({
      token: 'tok-b',
    });
    expect(h.engine.positionsView()).toMatchObject({ authorized: true, positions: [{ id: 9 }] });
  });
});

describe('the mark topic in the worker [WORK-20]', () => {
  it('[WORK-20][LIVE-5][FUT-3] a mark topic holds MARK of its symbol, shared with the positions; its view is the newest mark and its index', async () => {
    const h = engineHarness(['btcusdt', 'ethusdt']);
    h.exchange.mark('btcusdt', '60000');
    const release = h.engine.acquire({ kind: 'mark', symbol: 'btcusdt' });
    await h.settle();
    expect(h.sockets.last.ops()).toContain('subscribe MARK:btcusdt');
    const first = h.engine.markView('btcusdt')!;
    expect(first).toMatchObject({ symbol: 'btcusdt', price: '60000', time: h.time.now() });
    expect(h.changes.at(-1)).toEqual(['mark:btcusdt']);

    h.time.advance(1000);
    h.exchange.mark('btcusdt', '60010', h.time.now(), '60004.5');
    await h.settle();
    // FUT-3: the view carries the index the mark was made from.
    expect(h.engine.markView('btcusdt')).toMatchObject({ price: '60010', index: '60004.5', time: h.time.now() });
    // An older tick (a frame from before a reconnect) never replaces a newer one.
    h.exchange.raw({
      type: 'MARK',
      symbol: 'btcusdt',
      origin: 'fake',
      data: { price: '1', time: first.time, index: '1', basis: '0', tradeId: 0, tradeTime: first.time },
    });
    await h.settle();
    expect(h.engine.markView('btcusdt')!.price).toBe('60010');

    // Positions on the same pair share the one MARK subscription.
    h.exchange.accounts.set(TOKEN, []);
    h.exchange.positions.set(TOKEN, [positionRow()]);
    const releasePositions = h.engine.acquire({ kind: 'positions' });
    h.engine.setAccountToken(TOKEN);
    await h.settle();
    expect(h.exchange.subscriptions()['MARK:btcusdt']).toBe(1);
    expect(h.sockets.last.ops().filter((o) => o === 'subscribe MARK:btcusdt')).toHaveLength(1);
    expect(h.engine.positionsView().positions![0].mark!.price).toBe('60010');
    release();
    h.time.advance(RELEASE_GRACE_MS);
    expect(h.exchange.subscriptions()['MARK:btcusdt']).toBe(1);
    releasePositions();
    h.time.advance(RELEASE_GRACE_MS);
    await h.settle();
    expect(h.sockets.last.ops()).toContain('unsubscribe MARK:btcusdt');
    expect(h.engine.markView('btcusdt')).toBeUndefined();
  });

  it('[WORK-20][ENG-9] a mark topic without a valid symbol is refused at once', () => {
    const h = engineHarness();
    expect(() => h.engine.acquire({ kind: 'mark', symbol: 'no spaces' })).toThrow(/invalid symbol/);
    expect(() => h.engine.acquire({ kind: 'nope' } as never)).toThrow(/mark, account or positions/);
  });
});

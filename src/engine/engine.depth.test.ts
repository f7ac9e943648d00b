import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../shared/decimal';
import { SEED_RETRY_MS, RELEASE_GRACE_MS, DEPTH_RESYNC_SPACING_MS } from './constants';
import { Book } from './depthBook';
import { bookRows } from './depthGroups';
import { buildDepthView } from './depthView';
import { referenceSide, referenceSpread } from './testing/depthReference';
import { seededRandom } from './testing/frames';
import { engineHarness, type Harness } from './testing/harness';
import type { DepthTopic } from './types';
import type { DepthView } from './views';

const topic = (group: DepthTopic['group'] = 1, symbol = 'btcusdt', pp = 2, ap = 4): DepthTopic => ({
  kind: 'depth',
  symbol,
  pricePrecision: pp,
  amountPrecision: ap,
  group,
});

/** The engine's view compared with the reference grouping of the exchange's book. */
function expectMatches(h: Harness, t: DepthTopic): DepthView {
  const v = h.engine.depthView(t)!;
  const snap = h.exchange.depthSnapshot(t.symbol, Infinity)!;
  const strip = (rows: DepthView['asks']) => rows.map(({ price, amount, total }) => ({ price, amount, total }));
  expect(strip(v.asks)).toEqual(referenceSide(snap.asks, 'asks', t.pricePrecision, t.amountPrecision, t.group));
  expect(strip(v.bids)).toEqual(referenceSide(snap.bids, 'bids', t.pricePrecision, t.amountPrecision, t.group));
  expect(v.spread).toBe(referenceSpread(snap.bids, snap.asks, t.pricePrecision));
  expect(v.seq).toBeLessThanOrEqual(snap.seq);
  return v;
}

/** A random delta around 100.00 (prices with 2 decimals, amounts with up to 4), removals included. */
function randomDelta(rnd: () => number): { bids: [string, string][]; asks: [string, string][] } {
  const level = (base: number, dir: 1 | -1): [string, string] => {
    const cents = base + dir * Math.floor(rnd() * 400);
    const price = (cents / 100).toFixed(2);
    const amount = rnd() < 0.3 ? '0' : (Math.floor(rnd() * 50_000) / 10_000).toString();
    return [price, amount];
  };
  const bids = Array.from({ length: Math.floor(rnd() * 3) }, () => level(9_999, -1));
  const asks = Array.from({ length: Math.floor(rnd() * 3) }, () => level(10_001, 1));
  return { bids, asks };
}

async function watched(h: Harness, ...topics: DepthTopic[]) {
  const releases = topics.map((t) => h.engine.acquire(t));
  await h.settle();
  return releases;
}

describe('order book topics in the engine [BOOK-1][BOOK-2]', () => {
  it('[BOOK-1] one server DEPTH subscription per symbol, shared by every grouping, released with the last', async () => {
    const h = engineHarness();
    const [r1, r10] = await watched(h, topic(1), topic(10));
    const r100 = h.engine.acquire(topic(100, 'btcusdt', 2, 4));
    await h.settle();
    expect(h.sockets.last.ops().filter((o) => o.includes('DEPTH'))).toEqual(['subscribe DEPTH:btcusdt']);
    expect(h.exchange.subscriptions()['DEPTH:btcusdt']).toBe(1);
    r1();
    r10();
    h.time.advance(RELEASE_GRACE_MS);
    expect(h.exchange.subscriptions()['DEPTH:btcusdt']).toBe(1);
    r100();
    h.time.advance(RELEASE_GRACE_MS);
    expect(h.exchange.subscriptions()['DEPTH:btcusdt']).toBeUndefined();
    expect(h.engine.depthView(topic(1))).toBeUndefined();
  });

  it('[BOOK-2] snapshot then 2,000 random deltas: the book equals the reference after every one', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', { bids: [['99.50', '1.5']], asks: [['100.50', '2']] });
    await watched(h, topic(1));
    expect(h.engine.depthView(topic(1))!.status).toBe('live');
    expectMatches(h, topic(1));
    const rnd = seededRandom(5);
    for (let i = 0; i < 2_000; i++) {
      h.exchange.depth('btcusdt', randomDelta(rnd));
      if (i % 10 === 0) expectMatches(h, topic(1));
    }
    expectMatches(h, topic(1));
    const d = h.engine.diagnostics();
    expect(d.depthFramesApplied).toBe(2_001);
    expect(d.depthResyncs).toBe(0);
    expect(d.framesRejected).toBe(0);
  });

  it('[BOOK-2] a gap in the depth seq resyncs from REST; deltas after the snapshot are applied on top', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', { bids: [['99.00', '1']], asks: [['101.00', '1']] });
    await watched(h, topic(1));
    const rnd = seededRandom(8);
    h.exchange.depthDropNext = 1;
    h.exchange.depth('btcusdt', { bids: [['99.10', '3']] }); // lost
    h.exchange.holdHttp = true; // the reply is made when asked and delivered when released
    h.exchange.depth('btcusdt', randomDelta(rnd)); // shows the gap: the REST snapshot is asked
    expect(h.engine.depthView(topic(1))!.status).toBe('syncing');
    expect(h.exchange.httpLog.filter((p) => p.startsWith('/api/market/depth'))).toHaveLength(1);
    for (let i = 0; i < 3; i++) h.exchange.depth('btcusdt', randomDelta(rnd)); // after the snapshot: buffered
    h.exchange.releaseHttp();
    await h.settle();
    h.exchange.holdHttp = false;
    const v = expectMatches(h, topic(1));
    expect(v.status).toBe('live');
    for (let i = 0; i < 20; i++) h.exchange.depth('btcusdt', randomDelta(rnd));
    expectMatches(h, topic(1));
    expect(h.engine.diagnostics().depthResyncs).toBe(1);
  });

  it('[BOOK-2] deltas buffered during a resync: those at or below the snapshot seq are dropped, the rest applied in order', async () => {
    let release: (() => void) | undefined;
    const h = engineHarness(['btcusdt'], {}, (get) => (path) => {
      if (!path.startsWith('/api/market/depth')) return get(path);
      // The reply is computed when released, so deltas sent before that are inside it.
      return new Promise((resolve) => (release = () => resolve(get(path))));
    });
    h.exchange.depth('btcusdt', { bids: [['99.00', '1']], asks: [['101.00', '1']] });
    await watched(h, topic(1));
    h.exchange.depthDropNext = 1;
    h.exchange.depth('btcusdt', { asks: [['100.90', '2']] }); // lost
    const rnd = seededRandom(11);
    h.exchange.depth('btcusdt', randomDelta(rnd)); // gap: resync starts
    for (let i = 0; i < 5; i++) h.exchange.depth('btcusdt', randomDelta(rnd)); // buffered, inside the reply
    release!(); // the reply: book at the current seq
    for (let i = 0; i < 5; i++) h.exchange.depth('btcusdt', randomDelta(rnd)); // buffered, after the reply
    await h.settle();
    expectMatches(h, topic(1));
    for (let i = 0; i < 50; i++) h.exchange.depth('btcusdt', randomDelta(rnd));
    expectMatches(h, topic(1));
    expect(h.engine.depthView(topic(1))!.status).toBe('live');
  });

  it('[BOOK-2] a delta before any snapshot resyncs from REST', async () => {
    const h = engineHarness();
    h.exchange.depthWithholdSnapshot = true;
    h.exchange.depth('btcusdt', { bids: [['99.00', '1']], asks: [['101.00', '1']] });
    await watched(h, topic(1));
    expect(h.engine.depthView(topic(1))).toMatchObject({ status: 'syncing', asks: [], bids: [], seq: -1 });
    h.exchange.depth('btcusdt', { bids: [['99.50', '2']] });
    await h.settle();
    const v = expectMatches(h, topic(1));
    expect(v.status).toBe('live');
    expect(v.bids.map((r) => r.price)).toEqual(['99.50', '99.00']);
  });

  it('[BOOK-2] a reconnect waits for the new snapshot, showing the last book as syncing meanwhile', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', { bids: [['99.00', '1']], asks: [['101.00', '1']] });
    await watched(h, topic(10));
    expect(h.engine.depthView(topic(10))).toMatchObject({ status: 'live' });
    h.changes.length = 0;
    h.exchange.dropAll();
    expect(h.changes.flat()).toContain('depth:btcusdt:2:4:10');
    expect(h.engine.depthView(topic(10))).toMatchObject({ status: 'syncing', asks: [{ price: '101.00' }] });
    h.exchange.accepting = false;
    h.exchange.depth('btcusdt', { asks: [['100.20', '4']] }); // missed while down
    h.time.advance(3_300);
    await h.settle();
    expect(h.engine.depthView(topic(10))).toMatchObject({ status: 'syncing', asks: [{ price: '101.00' }] });
    h.exchange.accepting = true;
    for (let i = 0; i < 20 && h.exchange.openSockets === 0; i++) {
      h.time.advance(1_000); // the stuck attempt times out, the next one is accepted
      await h.settle();
    }
    const v = expectMatches(h, topic(10));
    expect(v.status).toBe('live');
    expect(v.asks[0]).toMatchObject({ price: '100.20', amount: '4.0000' });
  });

  it('[BOOK-2] frames lost on the socket (its seq jumps) resync a book whose last delta may be missing', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', { bids: [['99.00', '1']], asks: [['101.00', '1']] });
    await watched(h, topic(1));
    h.exchange.dropFrames(1);
    h.exchange.depth('btcusdt', { bids: [['99.00', '0']] }); // lost, and nothing after it for this book
    h.exchange.heartbeat(); // the socket seq shows the gap
    await h.settle();
    expect(h.engine.diagnostics().gaps).toBe(1);
    const v = expectMatches(h, topic(1));
    expect(v.bids).toEqual([]);
    expect(v.spread).toBeNull();
  });

  it('[BOOK-2] a failed REST snapshot shows an error and is retried while the book is held', async () => {
    let fail = 1;
    const h = engineHarness(['btcusdt'], {}, (get) => (path) => {
      if (path.startsWith('/api/market/depth') && fail-- > 0) return Promise.reject(new Error('network down'));
      return get(path);
    });
    h.exchange.depthWithholdSnapshot = true;
    h.exchange.depth('btcusdt', { asks: [['101.00', '1']] });
    await watched(h, topic(1));
    h.exchange.depth('btcusdt', { asks: [['101.00', '2']] });
    await h.settle();
    expect(h.engine.depthView(topic(1))).toMatchObject({ status: 'error', error: 'network down' });
    h.time.advance(SEED_RETRY_MS);
    await h.settle();
    expect(expectMatches(h, topic(1)).status).toBe('live');
  });

  it('[BOOK-2] a REST snapshot that cannot be applied is not asked again in a loop', async () => {
    const asked: number[] = [];
    const h = engineHarness(['btcusdt'], {}, (get) => (path) => {
      if (!path.startsWith('/api/market/depth')) return get(path);
      asked.push(h.time.now());
      return Promise.resolve({
        code: 200,
        msg: 'ok',
        data: { symbol: 'btcusdt', seq: 0, bids: [['-1', '1']], asks: [] },
      });
    });
    h.exchange.depthWithholdSnapshot = true;
    await watched(h, topic(1));
    h.exchange.depth('btcusdt', { asks: [['101.00', '2']] });
    await h.settle();
    expect(asked).toHaveLength(1);
    expect(h.engine.depthView(topic(1))!.status).toBe('error');
    for (let i = 0; i < 5; i++) {
      h.time.advance(SEED_RETRY_MS);
      await h.settle();
    }
    expect(asked.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < asked.length; i++)
      expect(asked[i] - asked[i - 1]).toBeGreaterThanOrEqual(DEPTH_RESYNC_SPACING_MS);
  });

  it('[BOOK-2] a DEPTH subscription the server refuses shows its message', async () => {
    const h = engineHarness();
    await watched(h, topic(1));
    h.exchange.broadcast({
      type: 'ERROR',
      origin: 'x',
      data: { reason: 'NOT_AVAILABLE', message: 'DEPTH is not available', id: 's|DEPTH:btcusdt' },
    });
    expect(h.engine.depthView(topic(1))).toMatchObject({ status: 'error', error: 'DEPTH is not available' });
  });
});

describe('order book robustness [BOOK-5]', () => {
  it('[BOOK-5] malformed DEPTH frames are counted and never throw; the book is untouched', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', { bids: [['99.00', '1']], asks: [['101.00', '1']] });
    await watched(h, topic(1));
    const before = h.engine.depthView(topic(1));
    const bad: unknown[] = [
      {
        type: 'DEPTH',
        symbol: 'btcusdt',
        origin: 'x',
        data: { seq: 2, bids: [['1', '1', '1']], asks: [] },
        seq: 50,
        ts: 1,
      },
      { type: 'DEPTH', symbol: 'btcusdt', origin: 'x', data: { seq: 2, bids: [[1, '1']], asks: [] }, seq: 51, ts: 1 },
      { type: 'DEPTH', symbol: 'btcusdt', origin: 'x', data: { seq: -1, bids: [], asks: [] }, seq: 52, ts: 1 },
      { type: 'DEPTH', symbol: 'btcusdt', origin: 'x', data: { seq: 2, bids: [], asks: null }, seq: 53, ts: 1 },
      {
        type: 'DEPTH',
        symbol: 'btcusdt',
        origin: 'x',
        data: { seq: 2, snapshot: 'yes', bids: [], asks: [] },
        seq: 54,
        ts: 1,
      },
      { type: 'DEPTH', symbol: 'btc usdt', origin: 'x', data: { seq: 2, bids: [], asks: [] }, seq: 55, ts: 1 },
      {
        type: 'DEPTH',
        symbol: 'btcusdt',
        origin: 'x',
        data: { seq: 2, bids: [['1e3', '1']], asks: [] },
        seq: 56,
        ts: 1,
      },
      '{"type":"DEPTH","symbol":"btcusdt","data":{"seq":2,"bids":[[',
    ];
    const rejected = h.engine.diagnostics().framesRejected;
    for (const f of bad) expect(() => h.sockets.last.serverSend(f)).not.toThrow();
    expect(h.engine.diagnostics().framesRejected - rejected).toBe(bad.length);
    expect(h.engine.depthView(topic(1))).toBe(before);
  });

  it('[BOOK-5] a delta with a level that is not a book level (negative amount) is refused whole and the book resyncs', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', { bids: [['99.00', '1']], asks: [['101.00', '1']] });
    await watched(h, topic(1));
    const seq = h.engine.depthView(topic(1))!.seq;
    h.exchange.broadcast({
      type: 'DEPTH',
      symbol: 'btcusdt',
      origin: 'x',
      data: { seq: seq + 1, bids: [['98.00', '5']], asks: [['101.00', '-1']] },
    });
    expect(h.engine.depthView(topic(1))!.bids.map((r) => r.price)).toEqual(['99.00']);
    await h.settle();
    // Refused whole (no 98.00 bid), then the REST snapshot put the true book back.
    const v = expectMatches(h, topic(1));
    expect(v.bids.map((r) => r.price)).toEqual(['99.00']);
    expect(v.status).toBe('live');
  });

  it('[BOOK-2] a finer price than seen so far rescales the book exactly', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', { bids: [['99', '1']], asks: [['101', '1']] });
    await watched(h, topic(1, 'btcusdt', 4, 2));
    h.exchange.depth('btcusdt', { bids: [['99.0005', '0.5']], asks: [['100.9999', '0.25']] });
    const v = expectMatches(h, topic(1, 'btcusdt', 4, 2));
    expect(v.bids.map((r) => r.price)).toEqual(['99.0005', '99.0000']);
    expect(v.spread).toBe('1.9994');
  });
});

describe('grouping [BOOK-3]', () => {
  /** A level on the tick, its price written with the tick's decimals, fewer (trailing zeros cut) or more. */
  const level = (pp: number) =>
    fc
      .tuple(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(0, 1, 2),
      )
      .map(([p, a, as, form]): [string, string] => {
        const price = new Decimal(p).div(new Decimal(10).pow(pp));
        const text = form === 0 ? price.toFixed(pp) : form === 1 ? price.toFixed() : price.toFixed(pp + 2);
        return [text, new Decimal(a).div(new Decimal(10).pow(as)).toFixed()];
      });

  it('[BOOK-3] groups by tick x 1, 10, 100, 1000 (asks up, bids down), 30 rows, exact totals: equals a decimal.js reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }).chain((pp) =>
          fc.record({
            pp: fc.constant(pp),
            ap: fc.integer({ min: 0, max: 8 }),
            group: fc.constantFrom(1, 10, 100, 1000),
            bids: fc.array(level(pp), { maxLength: 120 }),
            asks: fc.array(level(pp), { maxLength: 120 }),
          }),
        ),
        ({ pp, ap, group, bids, asks }) => {
          // One level per price, as a book has (a later one wins, like a delta would).
          const uniq = (ls: [string, string][]) => [
            ...new Map(ls.map(([p, a]) => [new Decimal(p).toFixed(), a])).entries(),
          ];
          const b = uniq(bids);
          const a = uniq(asks);
          const book = new Book();
          expect(book.apply(b, a, true)).toBe(true);
          const t = topic(group as DepthTopic['group'], 'x', pp, ap);
          let version = 0;
          const { view } = buildDepthView(book, t, { status: 'live', error: null, seq: 1 }, undefined, () => ++version);
          const strip = (rows: DepthView['asks']) => rows.map(({ price, amount, total }) => ({ price, amount, total }));
          expect(strip(view.asks)).toEqual(referenceSide(a, 'asks', pp, ap, group));
          expect(strip(view.bids)).toEqual(referenceSide(b, 'bids', pp, ap, group));
          expect(view.asks.length).toBeLessThanOrEqual(30);
          expect(view.bids.length).toBeLessThanOrEqual(30);
          expect(view.spread).toBe(referenceSpread(b, a, pp));
          const lastA = view.asks.at(-1)?.total ?? '0';
          const lastB = view.bids.at(-1)?.total ?? '0';
          expect(new Decimal(view.maxTotal).eq(Decimal.max(lastA, lastB))).toBe(true);
          for (const r of [...view.asks, ...view.bids]) {
            expect(r.fill).toBeGreaterThan(0);
            expect(r.fill).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 300, seed: 1234 },
    );
  });

  it('[BOOK-3] example: tick 0.01 x 10 puts 100.01..100.10 asks in 100.10 and 99.91..100.00 bids in 99.90', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', {
      asks: [
        ['100.01', '1'],
        ['100.10', '2.5'],
        ['100.11', '0.0001'],
      ],
      bids: [
        ['100.00', '1'],
        ['99.91', '1'],
        ['99.90', '3'],
      ],
    });
    await watched(h, topic(10));
    const v = h.engine.depthView(topic(10))!;
    expect(v.asks).toEqual([
      { price: '100.10', amount: '3.5000', total: '3.5000', fill: expect.closeTo(3.5 / 5, 12) },
      { price: '100.20', amount: '0.0001', total: '3.5001', fill: expect.closeTo(3.5001 / 5, 12) },
    ]);
    expect(v.bids).toEqual([
      { price: '100.00', amount: '1.0000', total: '1.0000', fill: expect.closeTo(1 / 5, 12) },
      { price: '99.90', amount: '4.0000', total: '5.0000', fill: 1 },
    ]);
    expect(v.spread).toBe('0.01');
    expect(v.maxTotal).toBe('5.0000');
  });

  it('[SIDE-7] the maker ladder at the opening grouping: the best levels join their group (asks up, bids down) and every row shown is filled', async () => {
    // SIM-9's ladder for BTC at 67,238.26 (grid step 5): a top off the grid, then 5 levels 5 apart, 4 levels 10
    // apart, 3 levels 25 apart and 3 levels 50 apart: 16 a side (the 1440x900 book fits 17 rows).
    const ladder = (top: string, dir: 1 | -1): [string, string][] => {
      const out: [string, string][] = [[top, '0.1000']];
      let p = dir > 0 ? 67235 : 67240;
      for (const [k, n] of [
        [5, 5],
        [10, 4],
        [25, 3],
        [50, 3],
      ])
        for (let i = 0; i < n; i++) {
          p = dir > 0 ? (Math.floor(p / k) + 1) * k : (Math.ceil(p / k) - 1) * k;
          out.push([`${p}.00`, '0.0500']);
        }
      return out;
    };
    const h = engineHarness();
    h.exchange.depth('btcusdt', { asks: ladder('67238.27', 1), bids: ladder('67238.25', -1) });
    await watched(h, topic(500), topic(1));
    const v = h.engine.depthView(topic(500))!;
    // The best ask (67,238.27) is grouped up into 67,240, the best bid (67,238.25) down into 67,235, each with
    // the grid level already there: 15 groups a side.
    expect(v.asks.slice(0, 2).map((r) => [r.price, r.amount])).toEqual([
      ['67240.00', '0.1500'],
      ['67245.00', '0.0500'],
    ]);
    expect(v.bids.slice(0, 2).map((r) => [r.price, r.amount])).toEqual([
      ['67235.00', '0.1500'],
      ['67230.00', '0.0500'],
    ]);
    expect(v.asks.at(-1)!.price).toBe('67500.00');
    expect(v.bids.at(-1)!.price).toBe('67000.00');
    expect([v.asks.length, v.bids.length]).toEqual([15, 15]);
    // 17 rows fit; 15 are shown, each with a price and an amount (the 16th and 17th ask rows were empty).
    const n = bookRows(17, v);
    expect(n).toBe(15);
    for (const side of [v.asks, v.bids])
      for (let i = 0; i < n; i++) expect(side[i]?.price && Number(side[i].amount) > 0).toBe(true);
    // At the tick's grouping all 16 levels are groups; a box that holds fewer shows what it holds.
    expect(bookRows(17, h.engine.depthView(topic(1))!)).toBe(16);
    expect(bookRows(6, v)).toBe(6);
    // Before the first book, and with an empty book, the box's rows; a one-sided book keeps the other side's.
    expect(bookRows(17, undefined)).toBe(17);
    expect(bookRows(17, { asks: [], bids: [] })).toBe(17);
    expect(bookRows(17, { asks: [], bids: v.bids })).toBe(15);
  });

  it('[BOOK-3] at most 30 rows a side, even with hundreds of levels', async () => {
    const h = engineHarness();
    const asks: [string, string][] = Array.from({ length: 300 }, (_, i) => [(101 + i / 100).toFixed(2), '1']);
    const bids: [string, string][] = Array.from({ length: 300 }, (_, i) => [(99 - i / 100).toFixed(2), '1']);
    h.exchange.depth('btcusdt', { asks, bids });
    await watched(h, topic(1), topic(1000));
    const v = h.engine.depthView(topic(1))!;
    expect(v.asks).toHaveLength(30);
    expect(v.bids).toHaveLength(30);
    expect(v.asks[29]).toMatchObject({ price: '101.29', total: '30.0000' });
    expect(v.bids[29]).toMatchObject({ price: '98.71', total: '30.0000' });
    const g = h.engine.depthView(topic(1000))!; // groups of 10.00
    expect(g.asks.map((r) => r.price)).toEqual(['110.00']);
    expect(g.bids.map((r) => [r.price, r.amount])).toEqual([['90.00', '300.0000']]);
  });
});

describe('views only when what they show changed [BOOK-4]', () => {
  it('[BOOK-4] a change beyond the 30 visible rows names no key and keeps the view; one inside does', async () => {
    const h = engineHarness();
    const asks: [string, string][] = Array.from({ length: 40 }, (_, i) => [(101 + i / 100).toFixed(2), '1']);
    h.exchange.depth('btcusdt', { asks, bids: [['99.00', '1']] });
    await watched(h, topic(1));
    const v1 = h.engine.depthView(topic(1))!;
    h.changes.length = 0;
    h.exchange.depth('btcusdt', { asks: [['101.35', '7']] }); // the 36th level: not shown
    h.exchange.depth('btcusdt', { asks: [['105.00', '7']] }); // a new level far out
    expect(h.changes).toEqual([]);
    expect(h.engine.depthView(topic(1))).toBe(v1);
    h.exchange.depth('btcusdt', { asks: [['101.29', '2']] }); // the 30th: shown
    expect(h.changes).toEqual([['depth:btcusdt:2:4:1']]);
    const v2 = h.engine.depthView(topic(1))!;
    expect(v2.version).toBeGreaterThan(v1.version);
    expect(v2.asks[29]).toMatchObject({ amount: '2.0000', total: '31.0000' });
    // Removing a shown level brings the next one in.
    h.exchange.depth('btcusdt', { asks: [['101.00', '0']] });
    expect(h.engine.depthView(topic(1))!.asks[29]).toMatchObject({ price: '101.30' });
  });

  it('[BOOK-4] a dirty view is named once until it is read; a change that shows the same rows keeps the version', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', { asks: [['101.00', '1']], bids: [['99.00', '1']] });
    await watched(h, topic(1));
    const v1 = h.engine.depthView(topic(1))!;
    h.changes.length = 0;
    h.exchange.depth('btcusdt', { asks: [['101.00', '2']] });
    h.exchange.depth('btcusdt', { asks: [['101.00', '3']] });
    expect(h.changes).toHaveLength(1);
    h.exchange.depth('btcusdt', { asks: [['101.00', '1']] }); // back to what was shown
    expect(h.engine.depthView(topic(1))).toBe(v1);
    expect(h.engine.depthView(topic(1))!.version).toBe(v1.version);
  });
});

describe('exact units [BOOK-1]', () => {
  it('[BOOK-1] prices are keyed exactly: "100.1" and "100.10" are one level; amounts beyond 2^53 units sum exactly', async () => {
    const h = engineHarness();
    h.exchange.depth('btcusdt', { asks: [['100.1', '1']], bids: [['99', '123456789012.12345678']] });
    await watched(h, topic(1, 'btcusdt', 2, 8));
    h.exchange.depth('btcusdt', { bids: [['98.99', '987654321098.87654322']], asks: [['100.10', '2']] });
    const v = h.engine.depthView(topic(1, 'btcusdt', 2, 8))!;
    expect(v.asks).toEqual([
      { price: '100.10', amount: '2.00000000', total: '2.00000000', fill: expect.closeTo(2 / 1111111110111, 20) },
    ]);
    expect(v.bids.map((r) => r.total)).toEqual(['123456789012.12345678', '1111111110111.00000000']);
  });
});

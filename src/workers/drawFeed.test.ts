import { describe, expect, it } from 'vitest';
import { topicKey, type DepthTopic, type DepthView } from '../engine';
import { FakeTime } from '../engine/testing/fakeTime';
import { serveDraw, type DrawPort } from './drawFeed';
import type { DrawFeed, DrawFrame, DrawToHost } from './drawWire';
import { createMarketHost } from './host';
import { FakeEngine } from './testing/fakeEngine';
import { ManualQueue } from './testing/manualQueue';
import type { Batch } from './wire';

const BOOK: DepthTopic = { kind: 'depth', symbol: 'btcusdt', pricePrecision: 2, amountPrecision: 4, group: 1 };
const lvl = (price: string, total: string) => ({ price, amount: '1.0000', total, fill: 0.5 });

function depth(version: number, asks: string[], bids: string[]): DepthView {
  return {
    symbol: 'btcusdt',
    pricePrecision: 2,
    amountPrecision: 4,
    group: 1,
    version,
    status: 'live',
    error: null,
    asks: asks.map((p, i) => lvl(p, `${i + 1}.0000`)),
    bids: bids.map((p, i) => lvl(p, `${i + 1}.0000`)),
    spread: '0.10',
    maxTotal: '3.0000',
    seq: version,
  };
}

/** A port whose messages the test reads and writes. */
class FakePort implements DrawPort {
  readonly sent: DrawFrame[] = [];
  onmessage: ((ev: MessageEvent<DrawToHost>) => void) | null = null;
  closed = false;
  postMessage(m: DrawFrame): void {
    this.sent.push(m);
  }
  tell(m: DrawToHost): void {
    this.onmessage?.({ data: m } as MessageEvent<DrawToHost>);
  }
  close(): void {
    this.closed = true;
  }
}

function setup() {
  const time = new FakeTime(Date.UTC(2026, 10, 28, 13, 1, 40));
  const queue = new ManualQueue();
  const engines: FakeEngine[] = [];
  const host = createMarketHost({
    createEngine: () => {
      const e = new FakeEngine('ws://test');
      engines.push(e);
      return e;
    },
    location: { protocol: 'http:', host: 'localhost' },
    clock: time,
    timers: time,
    schedule: queue.schedule,
    mode: 'shared',
  });
  const batches: Batch[] = [];
  const tab = host.openSession('a', { send: (b) => batches.push(b) }, { holdsLock: true, testPlatform: null });
  const port = new FakePort();
  const draw = serveDraw(tab, port);
  const engine = engines[0];
  const setBook = (v: DepthView) => {
    engine.depths.set(topicKey(BOOK), v);
    engine.emit(topicKey(BOOK));
  };
  return { time, queue, host, tab, draw, port, engine, batches, setBook };
}

const askFeed: DrawFeed = { kind: 'book', topic: BOOK, side: 'ask', rows: 2, everyMs: 100 };
const bidFeed: DrawFeed = { kind: 'book', topic: BOOK, side: 'bid', rows: 2, everyMs: 100 };

describe('the drawing worker fed by the market worker [PERF-36]', () => {
  it('[PERF-36] a feed gets its side’s first rows from the engine’s view, one frame per credit, and nothing through the tab', () => {
    const { queue, port, setBook, batches, engine } = setup();
    setBook(depth(1, ['101.00', '102.00', '103.00'], ['100.00', '99.00', '98.00']));
    port.tell({ t: 'feed', id: 1, feed: askFeed });
    port.tell({ t: 'feed', id: 2, feed: bidFeed });
    expect(engine.refs.get(topicKey(BOOK))).toBe(1);
    queue.run();
    expect(port.sent).toEqual([]); // no credit yet
    port.tell({ t: 'credit' });
    queue.run();
    expect(port.sent).toHaveLength(1);
    expect(port.sent[0]).toEqual({
      t: 'frame',
      n: 1,
      scenes: [
        { id: 1, data: { levels: [lvl('101.00', '1.0000'), lvl('102.00', '2.0000')] } },
        { id: 2, data: { levels: [lvl('100.00', '1.0000'), lvl('99.00', '2.0000')] } },
      ],
    });
    // A change without a credit waits; the tab's own session got nothing (it watches nothing).
    setBook(depth(2, ['101.50'], ['100.00']));
    queue.run();
    expect(port.sent).toHaveLength(1);
    expect(batches.every((b) => !b.depths)).toBe(true);
  });

  it('[PERF-36] each feed at most once per its cadence, with the newest view when the period ends', () => {
    const { time, queue, port, setBook } = setup();
    setBook(depth(1, ['101.00'], ['100.00']));
    port.tell({ t: 'feed', id: 1, feed: askFeed });
    port.tell({ t: 'credit' });
    queue.run();
    expect(port.sent).toHaveLength(1);
    port.tell({ t: 'credit' });
    time.advance(30);
    setBook(depth(2, ['101.10'], ['100.00']));
    queue.run();
    time.advance(30);
    setBook(depth(3, ['101.20'], ['100.00']));
    queue.run();
    expect(port.sent).toHaveLength(1); // 60 ms after the last: held
    time.advance(40);
    queue.run();
    expect(port.sent).toHaveLength(2);
    expect(port.sent[1].scenes).toEqual([{ id: 1, data: { levels: [lvl('101.20', '1.0000')] } }]);
  });

  it('[PERF-36] [PERF-34] without a credit (a hidden tab) nothing is sent; the next credit brings the newest state', () => {
    const { time, queue, port, setBook } = setup();
    setBook(depth(1, ['101.00'], ['100.00']));
    port.tell({ t: 'feed', id: 1, feed: askFeed });
    port.tell({ t: 'credit' });
    queue.run();
    for (let i = 2; i < 20; i++) {
      time.advance(50);
      setBook(depth(i, [`1${i}1.00`], ['100.00']));
      queue.run();
    }
    expect(port.sent).toHaveLength(1);
    port.tell({ t: 'credit' });
    queue.run();
    expect(port.sent).toHaveLength(2);
    expect(port.sent[1].scenes[0].data).toEqual({ levels: [lvl('1191.00', '1.0000')] });
  });

  it('[PERF-36] [PERF-35] the tape’s rows: newest first, at most `rows`, price at the pair’s decimals, time in the zone', () => {
    const { queue, port, engine, time } = setup();
    engine.setTrade('btcusdt', 1, '64120.000000', time.now() - 1000);
    engine.setTrade('btcusdt', 2, '64123.450000', time.now());
    engine.setTrade('btcusdt', 3, '64123.500000', time.now());
    const feed: DrawFeed = {
      kind: 'tape',
      symbol: 'btcusdt',
      rows: 2,
      lang: 'en',
      offsetMinutes: 480,
      priceDecimals: 2,
      everyMs: 100,
    };
    port.tell({ t: 'feed', id: 7, feed });
    port.tell({ t: 'credit' });
    queue.run();
    expect(port.sent[0].scenes).toEqual([
      {
        id: 7,
        data: {
          rows: [
            { price: '64123.50', qty: '1', buy: true, time: '21:01:40' },
            { price: '64123.45', qty: '1', buy: true, time: '21:01:40' },
          ],
        },
      },
    ]);
  });

  it('[PERF-36] a feed dropped or changed releases its topic; the tab’s close releases the draw session; the engine sees one tab', () => {
    const { queue, port, setBook, engine, host, tab, draw } = setup();
    setBook(depth(1, ['101.00'], ['100.00']));
    port.tell({ t: 'feed', id: 1, feed: askFeed });
    expect(engine.refs.get(topicKey(BOOK))).toBe(1);
    expect(host.diagnostics().tabsConnected).toBe(1);
    port.tell({ t: 'unfeed', id: 1 });
    expect(engine.refs.has(topicKey(BOOK))).toBe(false);
    port.tell({ t: 'feed', id: 1, feed: askFeed });
    port.tell({ t: 'feed', id: 1, feed: { ...askFeed, topic: { ...BOOK, group: 10 } } });
    expect(engine.refs.has(topicKey(BOOK))).toBe(false);
    expect(engine.refs.get(topicKey({ ...BOOK, group: 10 }))).toBe(1);
    tab.close();
    queue.run();
    expect(draw.closed).toBe(true);
    expect(engine.refs.size).toBe(0);
    port.tell({ t: 'credit' });
    queue.run();
    expect(port.sent).toEqual([]);
  });
});

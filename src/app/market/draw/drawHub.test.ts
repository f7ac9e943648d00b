import { describe, expect, it } from 'vitest';
import type { DrawFeed, DrawFrame, DrawToHost } from '../../../workers/drawWire';
import { DrawHub, type HubPort, type PainterLike } from './drawHub';
import type { DrawLayout } from './drawList';
import type { SceneData } from './scene';

class FakePort implements HubPort {
  readonly sent: DrawToHost[] = [];
  onmessage: ((ev: MessageEvent<DrawFrame>) => void) | null = null;
  closed = false;
  postMessage(m: DrawToHost): void {
    this.sent.push(m);
  }
  frame(scenes: DrawFrame['scenes'], n = 1): void {
    this.onmessage?.({ data: { t: 'frame', n, scenes } } as MessageEvent<DrawFrame>);
  }
  close(): void {
    this.closed = true;
  }
}

function setup() {
  const painted = new Map<number, SceneData[]>();
  const frames: (() => void)[] = [];
  let opened = 0;
  const hub = new DrawHub({
    painter(): PainterLike {
      const id = ++opened;
      painted.set(id, []);
      return { setLayout: (_l: DrawLayout) => undefined, setData: (d) => painted.get(id)!.push(d) };
    },
    nextFrame: (fn) => frames.push(fn),
  });
  const open = (id: number, kind: 'book-ask' | 'tape' = 'book-ask') =>
    hub.onMessage({ t: 'open', id, kind, canvas: {} as OffscreenCanvas });
  const animationFrame = () => frames.splice(0).forEach((f) => f());
  return { hub, painted, open, animationFrame };
}

const feed: DrawFeed = {
  kind: 'book',
  topic: { kind: 'depth', symbol: 'btcusdt', pricePrecision: 2, amountPrecision: 4, group: 1 },
  side: 'ask',
  rows: 2,
  everyMs: 100,
};
const levels = [{ price: '101.00', amount: '1.0000', total: '1.0000', fill: 1 }];

describe('the drawing worker’s hub [PERF-36]', () => {
  it('[PERF-36] forwards feeds to the market worker’s port (again to a new port) and grants a credit per animation frame', () => {
    const { hub, open, animationFrame } = setup();
    open(1);
    hub.onMessage({ t: 'feed', id: 1, feed });
    const a = new FakePort();
    hub.setPort(a);
    expect(a.sent).toEqual([{ t: 'feed', id: 1, feed }]);
    animationFrame();
    expect(a.sent.at(-1)).toEqual({ t: 'credit' });
    a.frame([{ id: 1, data: { levels } }]);
    a.frame([{ id: 1, data: { levels } }]);
    animationFrame();
    // Two frames, one animation frame: one credit.
    expect(a.sent.filter((m) => m.t === 'credit')).toHaveLength(2);
    // The market worker restarted: the tab hands a new port; the old one is closed and the feed told again.
    const b = new FakePort();
    hub.setPort(b);
    expect(a.closed).toBe(true);
    expect(b.sent).toEqual([{ t: 'feed', id: 1, feed }]);
    hub.onMessage({ t: 'close', id: 1 });
    expect(b.sent.at(-1)).toEqual({ t: 'unfeed', id: 1 });
  });

  it('[PERF-36] draws each frame’s scene with the tab’s focused and hovered level', () => {
    const { hub, open, painted } = setup();
    open(1);
    const port = new FakePort();
    hub.setPort(port);
    hub.onMessage({ t: 'marks', id: 1, focus: 0, hover: -1 });
    expect(painted.get(1)).toEqual([]); // no levels yet
    port.frame([{ id: 1, data: { levels } }]);
    expect(painted.get(1)).toEqual([{ levels, focus: 0, hover: -1 }]);
    hub.onMessage({ t: 'marks', id: 1, focus: -1, hover: 0 });
    expect(painted.get(1)!.at(-1)).toEqual({ levels, focus: -1, hover: 0 });
  });

  it('[PERF-36] [PERF-34] a hidden tab draws nothing and grants no credit; on show it draws what came and asks for the newest', () => {
    const { hub, open, painted, animationFrame } = setup();
    open(1);
    open(2, 'tape');
    const port = new FakePort();
    hub.setPort(port);
    animationFrame();
    hub.onMessage({ t: 'visible', on: false });
    const rows = [{ price: '101.00', qty: '1', buy: true, time: '12:00:00' }];
    port.frame([
      { id: 1, data: { levels } },
      { id: 2, data: { rows } },
    ]);
    animationFrame();
    expect(painted.get(1)).toEqual([]);
    expect(painted.get(2)).toEqual([]);
    expect(port.sent.filter((m) => m.t === 'credit')).toHaveLength(1);
    hub.onMessage({ t: 'visible', on: true });
    expect(painted.get(1)).toEqual([{ levels, focus: -1, hover: -1 }]);
    expect(painted.get(2)).toEqual([rows]);
    animationFrame();
    expect(port.sent.filter((m) => m.t === 'credit')).toHaveLength(2);
  });
});

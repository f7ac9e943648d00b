import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepthBook } from '../context';
import { DepthMirror } from '../market/depthMirror';
import { startTestServer, type TestServer } from '../testing/harness';
import { startNatsServer, type NatsServer } from '../testing/natsServer';
import { connect, type Recorded } from '../ws/testClient';
import { startGateway, type RunningGateway } from './gateway';

const SYMBOL = 'btcusdt';
const STREAMS = [
  { type: 'TRADE', symbol: SYMBOL },
  { type: 'DETAIL', symbol: SYMBOL },
  { type: 'KLINE', symbol: SYMBOL, interval: '1m' },
  { type: 'DEPTH', symbol: SYMBOL },
];

let nats: NatsServer;
let ts: TestServer;
let gw: RunningGateway;
let n = 0;

async function subscribed(url: string): Promise<Recorded> {
  const c = await connect(`${url}/ws/gw-test-${++n}`);
  STREAMS.forEach((s, i) => c.send({ op: 'subscribe', id: `s${i}`, ...s }));
  await c.waitFor((f) => f.type === 'DEPTH' && f.data.snapshot === true);
  return c;
}

/** The book a client rebuilds from its DEPTH frames (DEPTH-5). */
function rebuilt(c: Recorded): DepthBook {
  const depth = c.frames.filter((f) => f.type === 'DEPTH');
  let m: DepthMirror | undefined;
  for (const f of depth) {
    if (f.data.snapshot) m = new DepthMirror(f.data);
    else if (m && f.data.seq > m.seq) m.apply(f.data);
  }
  return m!.book();
}

const body = (f: { type: string; symbol?: string; interval?: string; data: unknown }) => ({
  type: f.type,
  symbol: f.symbol,
  interval: f.interval,
  data: f.data,
});

beforeAll(async () => {
  nats = await startNatsServer();
  ts = await startTestServer({ clock: 'manual', env: { NATS_URL: nats.url } });
  gw = await startGateway({ natsUrl: nats.url, host: '127.0.0.1', port: 0, logLevel: 'silent' });
}, 60_000);
afterAll(async () => {
  await gw?.close();
  await ts?.stop();
  await nats?.stop();
});

describe('[BUS-7] a gateway serves the socket from the bus alone', () => {
  it('the same TRADE, KLINE, DETAIL and DEPTH frames as the core, in the same order; the book rebuilds to the same levels', async () => {
    const direct = await subscribed(ts.wsUrl);
    const viaGateway = await subscribed(gw.url.replace('http', 'ws'));
    const from = { direct: direct.frames.length, gw: viaGateway.frames.length };
    for (let i = 0; i < 40; i++) {
      ts.clock.advance(100);
      ts.ctx.scheduler.runDue(ts.clock.now());
      await ts.ctx.core.run(() => undefined);
    }
    const lastTrade = direct.frames.filter((f) => f.type === 'TRADE').at(-1);
    expect(lastTrade).toBeDefined();
    const lastId = lastTrade.data.trades.at(-1).id;
    await viaGateway.waitFor((f) => f.type === 'TRADE' && f.data.trades.at(-1).id === lastId, from.gw);
    const lastDetail = direct.frames.filter((f) => f.type === 'DETAIL').at(-1);
    await viaGateway.waitFor((f) => f.type === 'DETAIL' && f.data.close === lastDetail.data.close, from.gw);
    const lastDepthSeq = direct.frames.filter((f) => f.type === 'DEPTH').at(-1).data.seq;
    await viaGateway.waitFor((f) => f.type === 'DEPTH' && f.data.seq === lastDepthSeq, from.gw);

    const market = (c: Recorded, start: number) =>
      c.frames
        .slice(start)
        .filter((f) => ['TRADE', 'KLINE', 'DETAIL'].includes(f.type))
        .map(body);
    expect(market(direct, from.direct).length).toBeGreaterThan(30);
    expect(market(viaGateway, from.gw)).toEqual(market(direct, from.direct));
    expect(rebuilt(viaGateway)).toEqual(rebuilt(direct));
    expect(rebuilt(direct)).toEqual(ts.ctx.market.books.depth(SYMBOL, 1_000_000));
    // Each connection numbers its own frames without a gap (WS-7).
    for (const c of [direct, viaGateway]) expect(c.frames.map((f) => f.seq)).toEqual(c.frames.map((_, i) => i + 1));
    await direct.close();
    await viaGateway.close();
  });

  it('refuses what it does not serve yet, by name: private streams', async () => {
    const c = await connect(`${gw.url.replace('http', 'ws')}/ws/gw-private`);
    c.send({ op: 'subscribe', id: 'p', type: 'OWNCOIN', token: 'x' });
    const err = await c.waitFor((f) => f.type === 'ERROR');
    expect(err.data).toMatchObject({ reason: 'NOT_AVAILABLE', id: 'p' });
    await c.close();
  });
});

/**
 * The host over a real engine and a fake exchange, on one fake clock: for the tests that follow a frame from the
 * exchange through the engine and the host to the tabs. `wrapEngine` lets a test watch the engine it builds.
 */
import { createMarketEngine, type MarketEngine } from '../../engine';
import { FakeExchange } from '../../engine/testing/fakeExchange';
import { flush } from '../../engine/testing/fakeHttp';
import { FakeSocketFactory } from '../../engine/testing/fakeSocket';
import { FakeTime } from '../../engine/testing/fakeTime';
import { createMarketHost, type BatchSink } from '../host';
import type { Batch } from '../wire';
import { ManualQueue } from './manualQueue';

export function hostOverExchange(symbols: string[], wrapEngine: (engine: MarketEngine) => MarketEngine = (e) => e) {
  const time = new FakeTime(Date.UTC(2024, 0, 1));
  const queue = new ManualQueue();
  const sockets = new FakeSocketFactory();
  const exchange = new FakeExchange(time, symbols);
  exchange.attach(sockets);
  const host = createMarketHost({
    createEngine: () =>
      wrapEngine(
        createMarketEngine({
          clock: time,
          timers: time,
          openSocket: sockets.open,
          httpGet: exchange.httpGet,
          random: () => 0.5,
          newId: () => 'sock',
          wsBase: 'ws://test/ws/',
        }),
      ),
    location: { protocol: 'http:', host: 'localhost' },
    clock: time,
    timers: time,
    schedule: queue.schedule,
    mode: 'shared',
  });
  /** A tab that holds the lock, and the batches it got. */
  const tab = (id: string) => {
    const got: Batch[] = [];
    const sink: BatchSink = { send: (b) => got.push(b) };
    return { s: host.openSession(id, sink, { holdsLock: true, testPlatform: null }), got };
  };
  /** Lets the engine's requests resolve and the host's frames run, a few rounds. */
  const settle = async () => {
    for (let i = 0; i < 4; i++) {
      await flush();
      queue.run();
    }
  };
  return { time, exchange, host, tab, settle };
}

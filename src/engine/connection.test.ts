import { describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_MS } from '../shared/protocol';
import { Connection, type ConnectionState } from './connection';
import { RECONNECT_DELAY_MS, RECONNECT_JITTER_MS, SEND_QUEUE_MAX } from './constants';
import { FakeSocketFactory } from './testing/fakeSocket';
import { FakeTime } from './testing/fakeTime';

function setup(random = 0) {
  const time = new FakeTime();
  const sockets = new FakeSocketFactory();
  const events = { opens: 0, messages: [] as unknown[], states: [] as ConnectionState[] };
  let n = 0;
  const conn = new Connection(
    {
      clock: time,
      timers: time,
      openSocket: sockets.open,
      random: () => random,
      newId: () => `id${++n}`,
      wsBase: 'ws://host/ws/',
    },
    {
      onOpen: () => events.opens++,
      onMessage: (d) => events.messages.push(d),
      onStateChange: (s) => events.states.push(s),
    },
  );
  return { time, sockets, conn, events };
}

describe('connection state machine (spec 4.7, 7.5, 9.1)', () => {
  it('[spec 7.5] connects to /ws/{random id} and gets a new id per socket', () => {
    const { conn, sockets, time } = setup();
    conn.start();
    expect(sockets.last.url).toBe('ws://host/ws/id1');
    sockets.last.serverClose();
    time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
    expect(sockets.sockets.map((s) => s.url)).toEqual(['ws://host/ws/id1', 'ws://host/ws/id2']);
  });

  it('[spec 4.7] "unsent messages are queued until the socket opens": queued while connecting, flushed in order on open', () => {
    const { conn, sockets, events } = setup();
    conn.start();
    conn.send('{"a":1}');
    conn.send('{"a":2}');
    expect(conn.queueLength).toBe(2);
    expect(conn.state).toBe('connecting');
    sockets.last.serverOpen();
    expect(sockets.last.sent).toEqual([{ a: 1 }, { a: 2 }]);
    expect(conn.queueLength).toBe(0);
    expect(events.opens).toBe(1);
    conn.send('{"a":3}');
    expect(sockets.last.sent).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });

  it('[spec 4.7] frames sent while down are resent on the next socket once it opens', () => {
    const { conn, sockets, time } = setup();
    conn.start();
    sockets.last.serverOpen();
    sockets.last.serverClose();
    conn.send('{"late":true}');
    time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
    sockets.last.serverOpen();
    expect(sockets.sockets[0].sent).toEqual([]);
    expect(sockets.last.sent).toEqual([{ late: true }]);
  });

  it('[ENG-2] the queue is bounded: past the bound the oldest frame is dropped and counted', () => {
    const { conn, sockets } = setup();
    conn.start();
    for (let i = 0; i < SEND_QUEUE_MAX + 10; i++) conn.send(JSON.stringify({ i }));
    expect(conn.queueLength).toBe(SEND_QUEUE_MAX);
    expect(conn.queueOverflow).toBe(10);
    sockets.last.serverOpen();
    expect(sockets.last.sent[0]).toEqual({ i: 10 });
    expect(sockets.last.sent).toHaveLength(SEND_QUEUE_MAX);
  });

  it('[spec 9.1] "socket reconnect delay 3 seconds" after a close, plus a bounded jitter', () => {
    for (const random of [0, 0.999]) {
      const { conn, sockets, time } = setup(random);
      conn.start();
      sockets.last.serverOpen();
      sockets.last.serverClose();
      expect(conn.state).toBe('waiting');
      const extra = Math.floor(random * RECONNECT_JITTER_MS);
      time.advance(RECONNECT_DELAY_MS + extra - 1);
      expect(sockets.sockets).toHaveLength(1);
      time.advance(1);
      expect(sockets.sockets).toHaveLength(2);
      expect(conn.state).toBe('connecting');
      expect(conn.reconnects).toBe(1);
    }
  });

  it('[SAFE-25] a server that stops (1012 service restart, 1001 going away) is reconnected after the delay, not given up', () => {
    for (const code of [1012, 1001]) {
      const { conn, sockets, time } = setup();
      conn.start();
      sockets.last.serverOpen();
      conn.send('{"op":"subscribe"}');
      sockets.last.serverClose(code, code === 1012 ? 'server restarting' : 'server shutting down');
      expect(conn.state).toBe('waiting');
      time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
      expect(sockets.sockets).toHaveLength(2);
      expect(conn.reconnects).toBe(1);
      sockets.last.serverOpen();
      expect(conn.state).toBe('open');
      // Dropped again while the server is still down: it keeps trying.
      sockets.last.serverClose(code);
      time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
      expect(sockets.sockets).toHaveLength(3);
      expect(conn.state).toBe('connecting');
    }
  });

  it('[spec 4.7] "reconnects 3 seconds after an error"; error then close of one socket reconnect once', () => {
    const { conn, sockets, time } = setup();
    conn.start();
    sockets.last.serverOpen();
    const first = sockets.last;
    first.serverError();
    first.serverClose();
    time.advance(RECONNECT_DELAY_MS);
    expect(sockets.sockets).toHaveLength(2);
    // No second reconnect for the same failure (the new socket is still within its connect timeout).
    time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
    expect(sockets.sockets).toHaveLength(2);
    expect(conn.reconnects).toBe(1);
  });

  it('[ENG-4] a silent (half-open) socket is replaced within two heartbeat intervals', () => {
    const { conn, sockets, time, events } = setup();
    conn.start();
    sockets.last.serverOpen();
    // Messages keep it alive.
    for (let i = 0; i < 5; i++) {
      time.advance(HEARTBEAT_INTERVAL_MS);
      sockets.last.serverSend({ hb: i });
    }
    expect(sockets.sockets).toHaveLength(1);
    expect(events.messages).toHaveLength(5);
    // Then silence: it must be declared dead no later than two intervals after the last message.
    time.advance(2 * HEARTBEAT_INTERVAL_MS - 1);
    expect(conn.state).toBe('open');
    time.advance(1);
    expect(conn.state).toBe('waiting');
    expect(sockets.sockets[0].closedByClient).toBe(true);
    time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
    expect(sockets.sockets).toHaveLength(2);
  });

  it('[ENG-3] a socket stuck connecting is given up and retried', () => {
    const { conn, sockets, time } = setup();
    conn.start();
    time.advance(2 * HEARTBEAT_INTERVAL_MS);
    expect(conn.state).toBe('waiting');
    time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
    expect(sockets.sockets).toHaveLength(2);
  });

  it('[ENG-5] events of a replaced socket are ignored', () => {
    const { conn, sockets, time, events } = setup();
    conn.start();
    const old = sockets.last;
    old.serverOpen();
    old.serverClose();
    time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
    const fresh = sockets.last;
    fresh.serverOpen();
    expect(events.opens).toBe(2);
    // The old socket misbehaves after being replaced: nothing of it may count.
    old.serverSend({ stale: true });
    old.onopen?.({});
    old.serverError();
    old.serverClose();
    expect(events.messages).toEqual([]);
    expect(events.opens).toBe(2);
    expect(conn.state).toBe('open');
    fresh.serverSend({ fresh: true });
    expect(events.messages).toEqual([JSON.stringify({ fresh: true })]);
  });

  it('[ENG-5] stop() closes the socket, cancels reconnects and timers', () => {
    const { conn, sockets, time } = setup();
    conn.start();
    sockets.last.serverOpen();
    conn.stop();
    expect(conn.state).toBe('idle');
    expect(sockets.last.closedByClient).toBe(true);
    expect(time.timerCount).toBe(0);
    time.advance(60_000);
    expect(sockets.sockets).toHaveLength(1);
  });

  it('[spec 9.1] a socket that cannot even be created is retried after the reconnect delay', () => {
    const time = new FakeTime();
    let calls = 0;
    const conn = new Connection(
      {
        clock: time,
        timers: time,
        openSocket: () => {
          calls++;
          throw new Error('blocked');
        },
        random: () => 0,
        newId: () => 'x',
        wsBase: 'ws://h/ws/',
      },
      { onOpen: () => {}, onMessage: () => {}, onStateChange: () => {} },
    );
    conn.start();
    expect(conn.state).toBe('waiting');
    time.advance(RECONNECT_DELAY_MS);
    expect(calls).toBe(2);
  });
});

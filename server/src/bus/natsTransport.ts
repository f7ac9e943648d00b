/**
 * The bus on NATS (BUS-1): `NATS_URL` (nats://host:port). The client reconnects by itself without limit (a
 * restarted nats-server is picked up again); while it is away, publishes are buffered by the client up to its
 * reconnect buffer, then dropped (the sequences show the gap to the gateways).
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { systemTimers, type Timers } from '../time/clock';
import type { BusClient, BusTransport } from './publisher';

/** How long closing waits for buffered messages to go out: with the NATS server gone, draining never ends. */
const DRAIN_MS = 2_000;

export interface NatsLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export async function natsTransport(
  url: string,
  name: string,
  log: NatsLog,
  timers: Timers = systemTimers,
): Promise<BusTransport & BusClient> {
  const u = new URL(url);
  // Loaded here, not at the module's top: a server without a bus (the default, every test's) never pays for it.
  const { connect } = await import('@nats-io/transport-node');
  const nc: NatsConnection = await connect({
    servers: `${u.hostname}:${u.port || '4222'}`,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    ...(u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : {}),
  });
  const reconnected = new Set<() => void>();
  log.info({ event: 'bus_connected', server: `${u.hostname}:${u.port || '4222'}` }, 'connected to NATS');
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect') log.warn({ event: `bus_${s.type}` }, `NATS ${s.type}`);
      if (s.type === 'reconnect') for (const l of reconnected) l();
    }
  })().catch(() => undefined);
  return {
    publish: (subject, payload) => nc.publish(subject, payload),
    serve(subject, answer) {
      const sub = nc.subscribe(subject, {
        callback: (err, msg) => {
          if (err) return;
          try {
            msg.respond(answer(msg.data));
          } catch (e) {
            log.warn({ event: 'bus_request_failed', subject, err: e }, 'a bus request was not answered');
          }
        },
      });
      return () => sub.unsubscribe();
    },
    subscribe(subject, onMessage) {
      const sub = nc.subscribe(subject, { callback: (err, msg) => void (err || onMessage(msg.subject, msg.data)) });
      return () => sub.unsubscribe();
    },
    onReconnect(listener) {
      reconnected.add(listener);
      return () => reconnected.delete(listener);
    },
    request: async (subject, payload, timeoutMs) => (await nc.request(subject, payload, { timeout: timeoutMs })).data,
    async close() {
      // A stop with the NATS server already gone (Ctrl-C reaches the whole cluster at once) must not hang.
      let timer: { cancel(): void } | undefined;
      const late = new Promise<void>((resolve) => (timer = timers.after(DRAIN_MS, resolve)));
      await Promise.race([nc.drain().catch(() => undefined), late]);
      timer?.cancel();
      if (!nc.isClosed()) await nc.close().catch(() => undefined);
    },
  };
}

/**
 * A socket gateway (BUS-7): serves `/ws/{id}` with the same protocol and limits as the core's own
 * socket (the same hub, origin checks, throttles and slow-consumer rules), from a mirror of the market built
 * from NATS alone. Any number of them, on any machines, in front of one core. With `GATEWAY_SECRET` (the core's)
 * it serves the private streams too, for socket tickets (BUS-8); without it they answer NOT_AVAILABLE.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { natsTransport } from '../bus/natsTransport';
import { SUBJECT_ROOT } from '../bus/subjects';
import { Metrics } from '../metrics';
import { systemClock, systemTimers, type Clock } from '../time/clock';
import { mountSocket } from '../ws/register';
import { Interest } from './interest';
import { MarketMirror } from './mirror';
import { GatewayPrivateStreams } from './privateStreams';

/** Tries of a resync after the bus came back, and the wait between them. */
const RESYNC_ATTEMPTS = 20;
const RESYNC_WAIT_MS = 500;
const MARKET_PREFIX = `${SUBJECT_ROOT}.md.`;

export interface GatewayConfig {
  natsUrl: string;
  host: string;
  port: number;
  allowedOrigins?: string;
  logLevel?: string;
  /** A name for this gateway in NATS and the logs. */
  name?: string;
  /** The core's GATEWAY_SECRET: checks socket tickets for the private streams (BUS-8). */
  gatewaySecret?: string;
  /** The clock tickets are checked against (tests on the core's manual clock); the system's by default. */
  clock?: Clock;
}

export interface RunningGateway {
  url: string;
  port: number;
  app: FastifyInstance;
  mirror: MarketMirror;
  /** The NATS subjects held by the interest of its sockets, users' (BUS-9) and the market's (BUS-14). */
  interest: Interest;
  privateStreams?: GatewayPrivateStreams;
  close(): Promise<void>;
}

export async function startGateway(config: GatewayConfig): Promise<RunningGateway> {
  const app = Fastify({ logger: { level: config.logLevel ?? 'info' } });
  const name = config.name ?? 'openex-gateway';
  const bus = await natsTransport(config.natsUrl, name, app.log);
  // One interest for every subject: the market's go to the mirror, users' to the private streams.
  const interest = new Interest(bus, (subject, payload) =>
    subject.startsWith(MARKET_PREFIX)
      ? mirror.onMessage(subject, payload)
      : privateStreams?.onMessage(subject, payload),
  );
  const mirror = new MarketMirror(bus, app.log, (subject) => interest.acquire(subject));
  await mirror.start();
  const metrics = new Metrics();
  const clock = config.clock ?? systemClock;
  const privateStreams = config.gatewaySecret
    ? new GatewayPrivateStreams(bus, interest, config.gatewaySecret, () => clock.now(), app.log)
    : undefined;
  const closeSockets = await mountSocket(app, {
    market: mirror,
    marks: mirror,
    interest: mirror,
    accounts: privateStreams,
    metrics,
    log: app.log,
    clock: systemClock,
    timers: systemTimers,
    allowedOrigins: config.allowedOrigins,
    testSwitches: false,
  });
  // BUS-11: after NATS came back (a restart of nats-server, a network cut) the client holds its subscriptions
  // again by itself, but what the core published meanwhile is lost here: the mirror and the private streams take
  // their state anew, tried again until the core answers (it may come back after this gateway).
  const offReconnect = bus.onReconnect?.(() => void resync(0));
  let retry: { cancel(): void } | undefined;
  const resync = async (attempt: number) => {
    retry?.cancel();
    try {
      await Promise.all([mirror.resync(), privateStreams?.resync()]);
      app.log.info({ event: 'gateway_resynced', attempt }, 'state taken anew after the bus came back');
    } catch (err) {
      app.log.warn({ event: 'gateway_resync_failed', attempt, err }, 'resync failed; trying again');
      if (attempt < RESYNC_ATTEMPTS) retry = systemTimers.after(RESYNC_WAIT_MS, () => void resync(attempt + 1));
    }
  };
  app.get('/healthz', async () => ({
    status: 'ok',
    role: 'gateway',
    name,
    mirror: mirror.stats,
    subjects: interest.count,
    marketSubjects: mirror.subjects,
    sockets: metrics.wsConnections.get(),
    framesSent: metrics.wsFramesSent.get(),
    private: privateStreams?.stats,
  }));
  await app.listen({ host: config.host, port: config.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${config.host}:${port}`,
    port,
    app,
    mirror,
    interest,
    privateStreams,
    close: () =>
      (closing ??= (async () => {
        offReconnect?.();
        retry?.cancel();
        await closeSockets();
        await app.close();
        mirror.stop();
        interest.clear();
        await bus.close();
      })()),
  };
}

/**
 * A socket gateway (BUS-7): serves `/ws/{id}` with the same protocol and limits as the core's own
 * socket (the same hub, origin checks, throttles and slow-consumer rules), from a mirror of the market built
 * from NATS alone. Any number of them, on any machines, in front of one core. Private streams are not served
 * here yet (they answer NOT_AVAILABLE).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { natsTransport } from '../bus/natsTransport';
import { Metrics } from '../metrics';
import { systemClock, systemTimers } from '../time/clock';
import { mountSocket } from '../ws/register';
import { MarketMirror } from './mirror';

export interface GatewayConfig {
  natsUrl: string;
  host: string;
  port: number;
  allowedOrigins?: string;
  logLevel?: string;
  /** A name for this gateway in NATS and the logs. */
  name?: string;
}

export interface RunningGateway {
  url: string;
  port: number;
  app: FastifyInstance;
  mirror: MarketMirror;
  close(): Promise<void>;
}

export async function startGateway(config: GatewayConfig): Promise<RunningGateway> {
  const app = Fastify({ logger: { level: config.logLevel ?? 'info' } });
  const name = config.name ?? 'openex-gateway';
  const bus = await natsTransport(config.natsUrl, name, app.log);
  const mirror = new MarketMirror(bus, app.log);
  await mirror.start();
  const metrics = new Metrics();
  const closeSockets = await mountSocket(app, {
    market: mirror,
    marks: mirror,
    metrics,
    log: app.log,
    clock: systemClock,
    timers: systemTimers,
    allowedOrigins: config.allowedOrigins,
    testSwitches: false,
  });
  app.get('/healthz', async () => ({ status: 'ok', role: 'gateway', name, mirror: mirror.stats }));
  await app.listen({ host: config.host, port: config.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${config.host}:${port}`,
    port,
    app,
    mirror,
    close: () =>
      (closing ??= (async () => {
        await closeSockets();
        await app.close();
        mirror.stop();
        await bus.close();
      })()),
  };
}

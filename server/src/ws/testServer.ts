/** A bare Fastify with the real market and socket on an ephemeral port, for the socket unit tests. */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import type { ServerContext } from '../context';
import { createMarket } from '../market/index';
import { testConfig, TEST_SYMBOLS } from '../market/testSymbols';
import { Metrics } from '../metrics';
import { DEFAULT_TIMINGS, type HubTimings } from './hub';
import { registerWs } from './register';

export interface BareServer {
  ctx: ServerContext;
  url: string;
  wsUrl: string;
  closeWs: () => Promise<void>;
  stop(): Promise<void>;
}

export async function startBare(
  over: Partial<ServerContext['config']> = {},
  fastifyOpts: { trustProxy?: boolean } = {},
  timings: HubTimings = DEFAULT_TIMINGS,
): Promise<BareServer> {
  const app = Fastify({ logger: false, ...fastifyOpts });
  const config = testConfig({ tradeRate: 40, ...over });
  const metrics = new Metrics();
  const market = createMarket(config, TEST_SYMBOLS, metrics);
  const ctx: ServerContext = { config, db: new Database(':memory:'), metrics, market, log: app.log };
  const closeWs = await registerWs(app, ctx, timings);
  market.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    ctx,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    closeWs,
    async stop() {
      market.stop();
      await closeWs();
      await app.close();
      ctx.db.close();
    },
  };
}

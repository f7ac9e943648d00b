/**
 * The live socket /ws/{id} (spec 7.5; WS rules), plus the /api/_test/ws/* fault switches when
 * config.testSwitches is on. Registered by app.ts. Returns a function that closes every socket with a close
 * frame (1012 "server restarting", SAFE-25); the same runs if the Fastify instance closes first.
 */
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../../src/shared/api/envelope';
import type { ServerContext } from '../context';
import type { Metrics } from '../metrics';
import type { Clock, Timers } from '../time/clock';
import { DEFAULT_TIMINGS, Hub, type HubInterest, type HubMarket, type HubMarks, type HubTimings } from './hub';
import { AccountStreams, type AccountSource, type PrivateStreams, type SessionEnded } from './accountStreams';
import { originAllowed, parseAllowedOrigins } from './origin';
import { registerWsTestSwitches } from './testSwitches';

/**
 * ws-level payload limit. Above MAX_CLIENT_FRAME_BYTES (64 KB) so an oversized frame can still be answered
 * with an ERROR frame; past this one the ws library closes the connection with 1009.
 */
export const WS_MAX_PAYLOAD = 1 << 20;
/** The path id: the client's random uuid (spec 7.5); anything short and URL-safe is accepted. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function registerWs(
  app: FastifyInstance,
  ctx: ServerContext,
  timings: HubTimings = DEFAULT_TIMINGS,
  accountSource?: AccountSource & {
    /** BUS-8: the sessions that end, for the streams socket tickets opened (with GATEWAY_SECRET). */
    onSessionEnded?: (l: (e: SessionEnded) => void) => () => void;
  },
): Promise<() => Promise<void>> {
  const accounts = accountSource
    ? new AccountStreams(
        accountSource,
        () => ctx.clock.now(),
        (fn) => ctx.core.afterCommit(fn),
        ctx.config.gatewaySecret,
      )
    : undefined;
  accounts?.attach(ctx.userEvents);
  const offEnded =
    accounts && ctx.config.gatewaySecret ? accountSource?.onSessionEnded?.((e) => accounts.endSession(e)) : undefined;
  return mountSocket(app, {
    market: ctx.market,
    marks: ctx.marks,
    accounts,
    metrics: ctx.metrics,
    log: ctx.log,
    clock: ctx.clock,
    timers: ctx.timers,
    allowedOrigins: ctx.config.allowedOrigins,
    testSwitches: ctx.config.testSwitches && !ctx.config.production,
    timings,
    onClose: offEnded,
  });
}

/** What a socket endpoint needs: the core's own sources, or a gateway's mirror of them (BUS-7). */
export interface SocketDeps {
  market: HubMarket;
  marks?: HubMarks;
  /** A gateway's mirror, told which market streams the sockets want (BUS-14). */
  interest?: HubInterest;
  accounts?: PrivateStreams;
  metrics: Metrics;
  log: FastifyBaseLogger;
  clock: Clock;
  timers: Timers;
  allowedOrigins: string | undefined;
  testSwitches: boolean;
  timings?: HubTimings;
  /** Runs when the sockets close (detaches what the caller attached). */
  onClose?: () => void;
}

/** Serves `/ws/{id}` on `app` from `deps` (the core's server and the gateway both mount it). */
export async function mountSocket(app: FastifyInstance, deps: SocketDeps): Promise<() => Promise<void>> {
  const accounts = deps.accounts;
  const hub = new Hub(
    deps.market,
    deps.metrics,
    deps.log,
    deps.clock,
    deps.timers,
    deps.timings ?? DEFAULT_TIMINGS,
    accounts,
    deps.marks,
    deps.interest,
  );
  const allowed = parseAllowedOrigins(deps.allowedOrigins);
  let closing: Promise<void> | undefined;
  const closeAll = () => {
    accounts?.stop();
    deps.onClose?.();
    return (closing ??= hub.closeAll());
  };

  await app.register(websocket, {
    options: { maxPayload: WS_MAX_PAYLOAD, perMessageDeflate: false },
    // Protocol errors (a frame over WS_MAX_PAYLOAD, bad framing): the ws library already closes with the right
    // code (1009, 1002); count and log them instead of the plugin's default of logging an error and terminating.
    errorHandler: (error: Error & { code?: string }, socket) => {
      if (error.code?.startsWith('WS_ERR_')) {
        deps.metrics.wsFramesRejected.inc();
        deps.log.warn({ event: 'ws_protocol_error', code: error.code, message: error.message });
        return;
      }
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') deps.log.info({ event: 'ws_reset', code: error.code });
      else deps.log.error({ event: 'ws_error', err: error });
      socket.terminate();
    },
    preClose: async function (this: FastifyInstance) {
      await closeAll();
      await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
    },
  });

  app.route({
    method: 'GET',
    url: '/ws/:id',
    preValidation: async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.ws) return;
      const origin = req.headers.origin;
      // req.host honours X-Forwarded-Host behind a trusted proxy; a browser cannot set that header on a handshake.
      if (!originAllowed(origin, req.headers.host, allowed) && !originAllowed(origin, req.host, allowed)) {
        deps.log.warn({ event: 'ws_refused', reason: 'origin', origin, host: req.headers.host });
        return reply.code(403).send(fail(`Origin ${origin} is not allowed to open the socket`));
      }
      const { id } = req.params as { id: string };
      if (!ID.test(id)) {
        return reply.code(400).send(fail('Socket id must be 1 to 64 letters, digits, "-" or "_"'));
      }
    },
    handler: async (_req, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send(fail('This is a WebSocket endpoint: connect with a WebSocket client (spec 7.5)')),
    wsHandler: (socket, req) => {
      const { id } = req.params as { id: string };
      hub.accept(socket, id, { ip: req.ip, origin: req.headers.origin, ua: req.headers['user-agent'] });
    },
  });

  if (deps.testSwitches) registerWsTestSwitches(app, hub, deps.clock);
  hub.start();
  return closeAll;
}

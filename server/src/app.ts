/**
 * Builds and starts the exchange: database (migrations + seed), market simulator, HTTP server with the SPA,
 * REST API, socket and accounts. `startServer(config)` is used by main.ts and, in-process on port 0 with a
 * temporary DATA_DIR, by the server tests (server/src/testing/harness.ts).
 *
 * This file only composes: it builds the context (config, database, metrics, log, clock, timers, scheduler),
 * the HTTP pipeline and the router, then registers each module (server/src/<module>/README.md).
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ServerConfig, ServerContext } from './context';
import { Metrics } from './metrics';
import { closeDatabase, openDatabase } from './db/open';
import { seedDatabase } from './seed/index';
import { marketCoins } from './seed/marketCoins';
import { createMarket } from './market/index';
import { MarkBoard } from './market/marks';
import { registerMarketRoutes } from './market/routes';
import { marketApi } from '../../src/shared/api/market';
import { marketSymbolsFromDb } from './market/symbols';
import { registerWs } from './ws/register';
import { answerGateways, publishToBus } from './bus/attach';
import { natsTransport } from './bus/natsTransport';
import { BusPublisher } from './bus/publisher';
import { SESSION_END_SUBJECT } from './bus/subjects';
import { sessionEnded, sessionId } from './bus/tickets';
import { UserEvents } from './events/userEvents';
import { TradingFees } from './events/tradingFees';
import { mountRewards } from './rewards/index';
import type { HubTimings } from './ws/hub';
import { createIdentity, type Identity } from './identity/service';
import { createCourier } from './identity/delivery';
import { registerIdentity, sessionPurgeJob, type DemoCredentials } from './identity/routes';
import { registerWalletRoutes } from './wallet/routes';
import { mountExchange } from './exchange/index';
import { mountSpot } from './spot/index';
import { TradingCore, batchBucket } from './core/core';
import { coreStore } from './core/store';
import { registerCoreTestSwitches } from './core/testSwitches';
import { mountRecords } from './records/index';
import { mountSeconds } from './seconds/index';
import { mountOptions } from './options/index';
import { mountSettlement } from './settlement/index';
import { mountProxy } from './proxy/index';
import { mountWelfare } from './welfare/index';
import { mountFlow } from './flow/index';
import { mountFutures, type FuturesModule } from './futures/index';
import { mountTraders } from './follow/traders';
import { mountFollow, type FollowModule } from './follow/index';
import { mountFinance, type FinanceModule } from './finance/index';
import { mountInbox } from './inbox/index';
import type { SecondContracts } from './seconds/service';
import { Wallet } from './wallet/service';
import { listedCoins } from './wallet/store';
import { createWithdrawals } from './withdrawals/index';
import { registerWithdrawalRoutes } from './withdrawals/routes';
import { registerWithdrawTestSwitches } from './withdrawals/testSwitches';
import { registerSpotTestSwitches } from './spot/testSwitches';
import { Ledger } from './ledger/service';
import { writeBehindLedgerStore } from './ledger/writeBehind';
import { sqliteLedgerStore } from './ledger/store';
import { ledgerCheckJob } from './ledger/check';
import { Idempotency } from './ledger/idempotency';
import { sqliteIdempotencyStore } from './ledger/idempotencyStore';
import { randomUUID } from 'node:crypto';
import { registerContentRoutes } from './content/routes';
import { startDeposits } from './deposits/index';
import { registerOpsRoutes } from './ops/routes';
import { registerSlowSwitch } from './ops/slowSwitch';
import {
  clientErrorHandler,
  collectRoutes,
  frameworkErrors,
  installErrorHandler,
  installNotFound,
  type RouteTable,
} from './http/errors';
import { installNoStore, installSecurityHeaders, securityHeaders } from './http/headers';
import { installCors, registerAppConfig } from './http/deploy';
import { connectOriginsOf } from '../../src/shared/runtimeConfig';
import { installObservers } from './http/observe';
import { installEtags, tagEncodings } from './http/etag';
import { installJsonBody } from './http/jsonBody';
import { registerCompression, registerSecurity, registerStatic } from './http/plugins';
import { registerWebManifest } from './http/webManifest';
import { Router } from './http/route';
import { UserLimiter } from './http/userLimits';
import { skewedClock, systemClock, systemTimers, type Clock, type Timers } from './time/clock';
import { registerClockSwitch } from './time/clockSwitch';
import { Scheduler } from './time/scheduler';

export interface StartOptions {
  /** Time of the whole server (default: the system's). */
  clock?: Clock;
  timers?: Timers;
  /** Run the scheduler's jobs (market, session purge) on the timers (default true); off, tests call runDue. */
  runJobs?: boolean;
  /** Heartbeat and ping periods of the socket (tests shorten them). */
  hubTimings?: HubTimings;
  /** Where log lines go (default: standard output). */
  logStream?: { write(line: string): void };
}

export interface RunningExchange {
  port: number;
  url: string;
  app: FastifyInstance;
  ctx: ServerContext;
  identity: Identity;
  ledger: Ledger;
  /** The demo user's credentials when one was seeded (SAFE-5). */
  demo: DemoCredentials | undefined;
  /** Second contracts (tests settle them directly, without a market step). */
  seconds: SecondContracts;
  /** Futures (tests run funding rounds and read positions directly; the socket reads open positions). */
  futures: FuturesModule;
  /** Finance products (tests run the daily settlement directly; the proxy programme listens to interest). */
  finance: FinanceModule;
  follow: FollowModule;
  /** Every registered route: URL pattern -> methods (what /api/openapi.json documents). */
  routes: RouteTable;
  /** Closes every socket with a close frame (1012 "server restarting"), leaving HTTP up. */
  closeSockets(): Promise<void>;
  /**
   * Stops the jobs, closes every socket with a close frame (1012), stops accepting connections, lets requests in
   * flight finish (up to config.shutdownGraceMs, SAFE-25), checkpoints and closes the DB.
   */
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, opts: StartOptions = {}): Promise<RunningExchange> {
  // TEST_SWITCHES (OPS-6): a clock that end-to-end tests can move forward.
  const skew = !opts.clock && config.testSwitches && !config.production ? skewedClock(systemClock) : undefined;
  const clock = opts.clock ?? skew ?? systemClock;
  const timers = opts.timers ?? systemTimers;
  const startedAt = clock.now();
  // SAFE-13: one header set for every reply, routed by Fastify or refused before it (./http/headers.ts).
  const headers = await securityHeaders({
    production: config.production,
    hstsMaxAge: config.hstsMaxAge,
    connectOrigins: connectOriginsOf(config.appConfig ?? {}),
  });
  // SAFE-25: while stopping, each reply closes its connection, so the drain ends when the last one is answered.
  let draining = false;
  const app = Fastify({
    logger: { level: config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // One line per request comes from http/observe.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy set TRUST_PROXY=1 so rate limits and logs see the client's address (./http/headers.ts).
    trustProxy: config.trustProxy,
    // SAFE-25: a stop closes idle connections only; requests in flight finish (close() bounds the wait), and a
    // request that arrives on a kept-alive connection meanwhile is served too (with Connection: close), in the
    // envelope, rather than Fastify's bare 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });
  const log = app.log;
  log.info(
    {
      event: 'start',
      port: config.port,
      host: config.host,
      dataDir: config.dataDir,
      staticDir: config.staticDir,
      production: config.production,
      testSwitches: config.testSwitches,
      flood: config.flood ?? null,
      tradeRate: config.tradeRate,
      marketCoins: config.marketCoins,
    },
    'starting exchange',
  );
  if (config.devMailboxExposed && !config.production) {
    log.warn(
      { event: 'dev_mailbox_exposed', host: config.host },
      `DEV_MAILBOX=1 on ${config.host}: anyone who can reach this server can read every verification code at /api/_test/outbox`,
    );
  }

  const db = await openDatabase(config.dataDir, log);
  const scheduler = new Scheduler(clock, timers, log);
  try {
    seedDatabase(db, log, clock.now(), marketCoins(config.marketCoins, config.marketSeed));
    const metrics = new Metrics();
    const market = createMarket(config, marketSymbolsFromDb(db), metrics, { clock, scheduler });
    const userEvents = new UserEvents((err) => log.error({ event: 'user_event_listener_failed', err }));
    const marks = new MarkBoard(market, config.mark, (err) => log.error({ event: 'mark_listener_failed', err }));
    scheduler.add(marks.job(config.markIntervalMs));
    const tradingFees = new TradingFees((err, e) =>
      log.error({ event: 'trading_fee_listener_failed', ref: e.ref, err }),
    );
    // CORE-1: the single writer of the books. It replays the journal now (CORE-5); every scheduled step (the
    // market's, the marks', funding, ...) then runs as one of its batches.
    const journal = coreStore(db);
    const coreBatches = metrics.counter(
      'exchange_core_batches_total',
      'Batches the trading core committed, by how many commands they carried (CORE-3)',
    );
    const coreCommands = metrics.counter('exchange_core_commands_total', 'Commands the trading core committed');
    // The books (LEDGER-1): the one writer of balances; inside the core's batches it writes behind (LEDGER-11, off
    // by default), else row by row with the rows it wrote in a transaction kept for the rest of it (PERF-71).
    const behind = config.core.writeBehind === false ? undefined : writeBehindLedgerStore(db);
    const ledgerStore = behind ?? sqliteLedgerStore(db);
    const core = new TradingCore({
      ledger: behind,
      db,
      store: journal,
      engine: market.engine,
      clock,
      timers,
      defer: (fn) => void setImmediate(fn),
      config: config.core,
      log,
      onBatch: (n) => {
        coreCommands.inc(undefined, n);
        coreBatches.inc({ commands: batchBucket(n) });
      },
    });
    const replayed = core.start();
    log.info(
      { event: 'core_started', replayed: replayed?.replayed ?? null, stateHash: core.stateHash() },
      replayed ? `replayed ${replayed.replayed} journal entries` : 'new journal',
    );
    scheduler.setRunner((fn) => core.runNow(fn));
    const ctx: ServerContext = {
      ...{ config, db, metrics, market, log, clock, timers, scheduler, userEvents, marks },
      tradingFees,
      core,
    };
    // The idempotency keys of money-moving calls.
    const ledger = new Ledger({ store: ledgerStore, clock, balancesChanged: (u) => userEvents.balancesChanged(u) });
    const idempotency = new Idempotency({ store: sqliteIdempotencyStore(db), clock });
    const abandoned = idempotency.recover();
    if (abandoned > 0) log.warn({ event: 'idempotency_recovered', abandoned }, 'dropped claims of a stopped process');
    const wallet = new Wallet({ ledger, coinListed: (c) => listedCoins(db).has(c), newId: randomUUID });
    const courier = createCourier({
      config: { ...config, devMailbox: config.devMailbox && !config.production },
      db,
      clock,
      timers,
      log,
      failures: metrics.counter('exchange_code_delivery_failures_total', 'Codes and notices that failed to send'),
    });
    const identity = createIdentity({
      ledger,
      db,
      log,
      clock,
      dataDir: config.dataDir,
      production: config.production,
      testSwitches: config.testSwitches,
      devMailbox: config.devMailbox,
      gatewaySecret: config.gatewaySecret,
      courier,
      statusChanged: (u, e) => userEvents.statusChanged(u, e),
    });

    // The pipeline: routes table, error envelopes, the one JSON parser, request log and metrics, security, SPA.
    const routes = collectRoutes(app);
    installErrorHandler(app);
    installJsonBody(app);
    installObservers(app, metrics);
    installSecurityHeaders(app, headers);
    installNoStore(app);
    installCors(app, config.corsOrigins); // DEPLOY-7
    app.addHook('onSend', (_req, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });
    await registerSecurity(app, config.rateLimitMax);
    // PERF-13: the coin lists are revalidated by ETag (public, the same for everyone); tagged around compression.
    const revalidatedPaths = new Set([marketApi.getCoinList.path]);
    installEtags(app, revalidatedPaths);
    await registerCompression(app);
    tagEncodings(app, revalidatedPaths);
    const spa = await registerStatic(app, config.staticDir);
    registerWebManifest(app, config.site); // PERF-20
    registerAppConfig(app, config.appConfig); // DEPLOY-5
    installNotFound(app, routes, { spaFallback: spa });
    const router = new Router(app, {
      validateReplies: config.replyChecks ?? !config.production,
      loadUser: identity.userOfToken,
      idempotency,
      userId: (u) => u.id,
      userLimits: new UserLimiter({ clock, scale: config.userLimitScale }),
      commit: (work) => core.run(work),
    });

    // The modules.
    registerOpsRoutes(app, ctx, routes, startedAt);
    registerContentRoutes(router, ctx);
    registerMarketRoutes(router, ctx);
    // The futures service mounts after the socket; the POSITION stream asks it at push time (LIVE-4).
    const futuresRef: { current?: FuturesModule } = {};
    const closeSockets = await registerWs(app, ctx, opts.hubTimings, {
      userOfToken: (token) => identity.userOfToken(token)?.id,
      balances: (userId) => wallet.balances(userId),
      positions: (userId) => futuresRef.current?.openPositions(userId) ?? [],
      onSessionEnded: (l) => identity.sessions.onEnded((e) => l(sessionEnded(e))),
    });
    // BUS-1: with NATS_URL the same events also go to the bus, for socket gateways on other processes.
    const transport = config.natsUrl ? await natsTransport(config.natsUrl, 'openex-core', log) : undefined;
    const bus = transport
      ? new BusPublisher(
          transport,
          () => clock.now(),
          randomUUID(),
          (err, subject) => log.warn({ event: 'bus_publish_failed', subject, err }, 'a bus message was not sent'),
        )
      : undefined;
    // BUS-7: the gateways ask the core for the market's state and a book's depth when they start or resync.
    const stopAnswers =
      transport && bus
        ? answerGateways(transport, bus, {
            market: ctx.market,
            marks: ctx.marks,
            account: config.gatewaySecret
              ? {
                  secret: config.gatewaySecret,
                  now: () => clock.now(),
                  balances: (userId) => wallet.balances(userId),
                  positions: (userId) => futuresRef.current?.openPositions(userId) ?? [],
                  sessionLive: (userId, sid) => identity.sessions.liveHashes(userId).some((h) => sessionId(h) === sid),
                }
              : undefined,
          })
        : undefined;
    const stopBus = bus
      ? publishToBus(bus, {
          market: ctx.market,
          marks: ctx.marks,
          userEvents: ctx.userEvents,
          balances: (userId) => wallet.balances(userId),
          positions: (userId) => futuresRef.current?.openPositions(userId) ?? [],
          later: (fn) => core.afterCommit(fn),
        })
      : undefined;
    // BUS-6: a session's end reaches every gateway, which closes the private streams its ticket opened.
    const offSessions = bus
      ? identity.sessions.onEnded((e) => bus.publish(SESSION_END_SUBJECT, sessionEnded(e)))
      : undefined;
    const demo = await registerIdentity(app, router, identity, config.demo);
    registerWalletRoutes(router.within(app, { bodyLimit: 64 * 1024 }), identity, wallet);
    mountExchange(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger);
    const spot = mountSpot(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger);
    // Copy trading mounts after futures; record/broker asks it at call time (RECS-6).
    const followRef: { current?: FollowModule } = {};
    mountRecords(router.within(app, { bodyLimit: 64 * 1024 }), ctx, spot, (u, q) =>
      followRef.current ? followRef.current.service.broker(u, q) : { total: 0, rows: [] },
    );
    const settlement = mountSettlement(ctx, ledger); // SEC-14, OPT-16: one job settles seconds and options
    const seconds = mountSeconds(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger, settlement);
    mountOptions(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger, settlement);
    const finance = mountFinance(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger);
    const proxy = mountProxy(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger, finance);
    finance.onInterest(proxy.onInterest); // PROXY-3: the agent's commission, in the interest's own transaction
    mountRewards(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger); // REB, VIP: rebates on fees, VIP discount
    const futures = mountFutures(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger);
    futuresRef.current = futures;
    const traders = mountTraders(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger, futures);
    const follow = mountFollow(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger, futures, traders.stats);
    followRef.current = follow;
    mountFlow(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger);
    startDeposits(ctx, app, router.within(app, { bodyLimit: 64 * 1024 }), ledger, identity);
    mountWelfare(router.within(app, { bodyLimit: 64 * 1024 }), ctx, ledger);
    mountInbox(router.within(app, { bodyLimit: 64 * 1024 }), ctx, app); // MSG-2: after deposits (the ops token)
    const withdrawals = createWithdrawals({
      db,
      ledger,
      clock,
      autoApproveMax: config.withdrawAutoApproveMax,
      autoApproveDelayMs: config.withdrawAutoApproveDelayMs,
      statusChanged: (u, e) => userEvents.statusChanged(u, e),
    });
    registerWithdrawalRoutes(router.within(app, { bodyLimit: 64 * 1024 }), identity, withdrawals);
    scheduler.add(withdrawals.job());
    registerWithdrawTestSwitches(app, config.testSwitches && !config.production);
    registerSpotTestSwitches(app, config.testSwitches && !config.production, timers);
    registerClockSwitch(app, skew);
    registerSlowSwitch(app, config.testSwitches && !config.production, timers);
    registerCoreTestSwitches(app, config.testSwitches && !config.production, { core, ledger, store: journal });
    scheduler.add(sessionPurgeJob(identity));
    scheduler.add(idempotency.pruneJob());
    scheduler.add(ledgerCheckJob(ledgerStore, metrics.ledgerImbalance, log));

    market.start();
    if (opts.runJobs ?? true) scheduler.start();
    await app.listen({ port: config.port, host: config.host });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = `http://${shownHost}:${port}`;

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        scheduler.stop();
        try {
          await closeSockets();
        } catch (err) {
          log.error({ event: 'error', err }, 'closing sockets failed');
        }
        // SAFE-25: no new connections; requests in flight finish, each reply closing its connection; what is
        // still open after SHUTDOWN_GRACE_MS is cut.
        draining = true;
        const cut = timers.after(config.shutdownGraceMs, () => {
          log.warn({ event: 'shutdown_grace_over', graceMs: config.shutdownGraceMs }, 'closing connections still open');
          app.server.closeAllConnections();
        });
        await app.close();
        cut.cancel();
        settlement.stop();
        follow.stop();
        traders.stop();
        futures.stop();
        finance.stop();
        core.close();
        stopBus?.();
        stopAnswers?.();
        offSessions?.();
        await bus?.close().catch((err: unknown) => log.warn({ event: 'bus_close_failed', err }, 'closing NATS failed'));
        closeDatabase(db);
        log.info({ event: 'stopped', uptime: Math.round((clock.now() - startedAt) / 1000) }, 'exchange stopped');
      })());
    return {
      port,
      url,
      app,
      ctx,
      identity,
      ledger,
      demo,
      seconds,
      futures,
      finance,
      follow,
      routes,
      closeSockets,
      close,
    };
  } catch (err) {
    scheduler.stop();
    await app.close().catch(() => {});
    closeDatabase(db);
    throw err;
  }
}

/**
 * `npm start` / `npm run serve`: starts the reference exchange (README "Server").
 * Prints one JSON log line `{"event":"listening","port":N,"url":...}` when ready, and, outside production, the demo
 * user's credentials on standard output (never the password in a log line, SAFE-5, SAFE-6), and warnings: an
 * exposed development mailbox (SAFE-1), a channel that cannot send codes (SAFE-3, SAFE-4).
 * SIGTERM / SIGINT (SAFE-25): sockets closed with 1012 "server restarting", no new connections,
 * requests in flight answered (up to SHUTDOWN_GRACE_MS), database closed, exit 0.
 */
import { ConfigError, loadConfig } from './config';
import { startServer } from './app';
import { systemTimers } from './time/clock';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const server = await startServer(config);
  const log = server.app.log;
  log.info({ event: 'listening', port: server.port, url: server.url }, `exchange listening on ${server.url}`);
  const demo = server.demo;
  if (demo) log.info({ event: 'demo_user', account: demo.account }, 'demo account seeded');
  const lines = [`OpenEx exchange running at ${server.url}`];
  if (demo && !config.production)
    lines.push(`Demo user: ${demo.account} / ${demo.password} (trade password ${demo.tradePassword})`);
  else if (demo) lines.push(`Demo account seeded: ${demo.account} (password from DEMO_PASSWORD)`);
  if (config.devMailboxExposed && !config.production)
    lines.push(
      `WARNING: DEV_MAILBOX=1 on ${config.host}: anyone who can reach this server can read every verification code.`,
    );
  const delivery = server.identity.courier;
  if (delivery.refusal('email')) lines.push('Email codes cannot be sent: set SMTP_URL.');
  if (delivery.refusal('phone')) lines.push('Phone codes cannot be sent: set SMS_WEBHOOK_URL.');
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ event: 'shutdown', signal }, `received ${signal}, shutting down`);
    // SAFE-25: close() lets requests in flight finish for up to SHUTDOWN_GRACE_MS, then cuts them; this is the
    // last resort if closing itself hangs.
    const limitMs = config.shutdownGraceMs + 10_000;
    systemTimers.after(limitMs, () => {
      log.error({ event: 'shutdown_timeout' }, `shutdown took over ${limitMs / 1000} s; exiting`);
      process.exit(1);
    });
    server.close().then(
      () => {
        log.info({ event: 'exit', code: 0 }, 'clean shutdown');
        process.exit(0);
      },
      (err) => {
        log.error({ event: 'error', err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

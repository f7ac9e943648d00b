/**
 * `npm run gateway`: one socket gateway (BUS-7). NATS_URL (required), HOST (default 127.0.0.1), PORT (default
 * 8081), ALLOWED_ORIGINS (as the core's), GATEWAY_SECRET (the core's: private streams, BUS-8), LOG_LEVEL. Stops cleanly on SIGTERM and SIGINT, closing its sockets with
 * 1012 so the app reconnects to another gateway.
 */
import { startGateway } from './gateway';

const env = process.env;
const natsUrl = env.NATS_URL?.trim();
if (!natsUrl) {
  console.error("NATS_URL is required (nats://host:port of the core's NATS server)");
  process.exit(2);
}
const port = Number(env.PORT ?? 8081);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('PORT must be a port number');
  process.exit(2);
}
const gatewaySecret = env.GATEWAY_SECRET?.trim() || undefined;
if (gatewaySecret !== undefined && gatewaySecret.length < 32) {
  console.error("GATEWAY_SECRET must be at least 32 characters (the core's own)");
  process.exit(2);
}
const gw = await startGateway({
  natsUrl,
  host: env.HOST?.trim() || '127.0.0.1',
  port,
  allowedOrigins: env.ALLOWED_ORIGINS,
  logLevel: env.LOG_LEVEL?.trim() || 'info',
  name: env.GATEWAY_NAME?.trim() || undefined,
  gatewaySecret,
});
gw.app.log.info({ event: 'gateway_listening', url: gw.url }, `gateway on ${gw.url}`);
for (const sig of ['SIGTERM', 'SIGINT'] as const)
  process.once(sig, () => {
    void gw.close().then(() => process.exit(0));
  });

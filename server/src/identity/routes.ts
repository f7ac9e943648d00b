/**
 * Identity (AUTH, KYC and UPLOAD rules): every call of spec 7.1 but money, upload and KYC. Money (balances,
 * withdraw addresses, finance amount) is in ../wallet and ../ledger. Registered by app.ts through the server's
 * router; seeds the demo user when the configuration asks (SAFE-5) and returns its credentials so that start-up can
 * print them (outside production), or undefined when there is none.
 *
 * The routes live in their own encapsulated plugin so that two choices stay local: JSON bodies of at most
 * 64 KB, and multipart for the image upload.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Job } from '../time/scheduler';
import { DEMO, seedDemo } from './demo';
import { registerAuthRoutes } from './endpoints/auth';
import { registerCodeRoutes } from './endpoints/codes';
import { registerKycRoutes } from './endpoints/kyc';
import { registerProfileRoutes } from './endpoints/profile';
import { registerTestRoutes } from './endpoints/testSwitches';
import { registerUploadRoutes, MAX_UPLOAD_BYTES } from './endpoints/upload';
import { registerWatchlistRoutes } from './endpoints/watchlist';
import type { Identity, IdentityRouter } from './service';

export interface DemoCredentials {
  account: string;
  password: string;
  /** The trade password withdrawals and the like ask for (OPC-9: printed beside the login outside production). */
  tradePassword: string;
}

/** Expired sessions are deleted this often (a scheduler job). */
export const PURGE_EVERY_MS = 10 * 60_000;
const JSON_BODY_LIMIT = 64 * 1024;

/** The scheduler job that deletes expired sessions. */
export function sessionPurgeJob(acc: Identity): Job {
  return { name: 'session_purge', everyMs: PURGE_EVERY_MS, step: () => acc.sessions.purgeExpired() };
}

export async function registerIdentity(
  app: FastifyInstance,
  router: IdentityRouter,
  acc: Identity,
  demo: { seed: boolean; password: string | undefined },
): Promise<DemoCredentials | undefined> {
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) {
      await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    }
    const r = router.within(scope, { bodyLimit: JSON_BODY_LIMIT });
    registerAuthRoutes(r, acc);
    registerCodeRoutes(r, acc);
    registerProfileRoutes(r, acc);
    registerKycRoutes(r, acc);
    registerWatchlistRoutes(r, acc);
    registerUploadRoutes(scope, r, acc);
    registerTestRoutes(scope, acc);
  });
  if (!demo.seed || demo.password === undefined) return undefined;
  await seedDemo(acc, demo.password);
  return { account: DEMO.account, password: demo.password, tradePassword: DEMO.tradePassword };
}

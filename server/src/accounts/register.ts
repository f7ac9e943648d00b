/**
 * Accounts (issue 5): every call of spec 7.1, upload and KYC. Registered by app.ts after the core routes.
 * Returns the demo user's credentials so that start-up can print them.
 *
 * The routes live in their own encapsulated plugin so that two parser choices stay local:
 * an empty JSON body is accepted (most 7.1 calls are POSTs with only a query string) and
 * multipart is registered if the core has not done so.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { setAuthResolver } from '../http/route';
import { up as up020 } from '../db/migrations/020_accounts';
import { up as up021 } from '../db/migrations/021_user_data';
import type { Clock } from './clock';
import { createAccounts, type Accounts } from './deps';
import { DEMO, seedDemo } from './demo';
import type { AccountSettings } from './settings';
import { registerAuthRoutes } from './routes/auth';
import { registerCodeRoutes } from './routes/codes';
import { registerKycRoutes } from './routes/kyc';
import { registerProfileRoutes } from './routes/profile';
import { registerTestRoutes } from './routes/testSwitches';
import { registerUploadRoutes, MAX_UPLOAD_BYTES } from './routes/upload';
import { registerWalletRoutes } from './routes/wallet';

export interface DemoCredentials {
  account: string;
  password: string;
}

export interface AccountsTestHooks {
  clock?: Clock;
  settings?: AccountSettings;
  /** Receives the built services (tests reach the DB and sessions through it). */
  onReady?: (acc: Accounts) => void;
}

const PURGE_EVERY_MS = 10 * 60_000;

export async function registerAccounts(app: FastifyInstance, ctx: ServerContext, hooks: AccountsTestHooks = {}): Promise<DemoCredentials> {
  up020(ctx.db);
  up021(ctx.db);
  const acc = createAccounts({
    db: ctx.db,
    log: ctx.log,
    dataDir: ctx.config.dataDir,
    production: ctx.config.production,
    testSwitches: ctx.config.testSwitches,
    clock: hooks.clock,
    settings: hooks.settings,
  });
  hooks.onReady?.(acc);
  // The core's route helper resolves `satoken` of every auth endpoint (any part's) through this.
  setAuthResolver((token) => {
    const id = acc.sessions.resolve(token);
    return id === undefined ? null : { id };
  });

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        const err = new Error('The request body is not valid JSON') as Error & { statusCode: number };
        err.statusCode = 400;
        done(err, undefined);
      }
    });
    if (!scope.hasContentTypeParser('multipart/form-data')) {
      await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    }
    registerAuthRoutes(scope, acc);
    registerCodeRoutes(scope, acc);
    registerProfileRoutes(scope, acc);
    registerKycRoutes(scope, acc);
    registerUploadRoutes(scope, acc);
    registerWalletRoutes(scope, acc);
    registerTestRoutes(scope, acc);
  });

  await seedDemo(acc);
  const purge = setInterval(() => acc.sessions.purgeExpired(), PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  return { account: DEMO.account, password: DEMO.password };
}

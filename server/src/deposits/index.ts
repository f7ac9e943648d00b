/**
 * Wires deposits into the server (DEP-*): the service on the ledger and the settings, the customer routes, the
 * operator's chain routes with their token, and the chain's block job.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { DATA_FILE_MODE } from '../db/open';
import { readSetting } from '../db/settingsStore';
import { ownsUpload } from '../identity/endpoints/upload';
import type { Identity, IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { registerChainOpsRoutes, registerDepositRoutes } from './routes';
import { Deposits } from './service';
import { depositStore } from './store';
import { welfareService } from '../welfare/index';

/** Where the server leaves its operator token when OPS_TOKEN is not set (read by `npm run chain`). */
export const OPS_TOKEN_FILE = 'ops-token';

export function startDeposits(
  ctx: ServerContext,
  app: FastifyInstance,
  router: IdentityRouter,
  ledger: Ledger,
  identity: Identity,
): Deposits {
  const deposits = new Deposits({
    store: depositStore(ctx.db),
    ledger,
    clock: ctx.clock,
    settings: () => ({
      ASSET_COIN: readSetting(ctx.db, 'ASSET_COIN'),
      WITHDRAWAL_CHANNEL_SETTING: readSetting(ctx.db, 'WITHDRAWAL_CHANNEL_SETTING'),
    }),
    statusChanged: (userId, event) => ctx.userEvents.statusChanged(userId, event),
    ownsUpload: (userId, url) => ownsUpload(identity, userId, url),
  });
  const welfare = welfareService(ctx, ledger);
  registerDepositRoutes(router, deposits, (u, n, size) => welfare.bonuses(u, n, size));
  let token = ctx.config.opsToken;
  if (!token) {
    token = randomBytes(24).toString('hex');
    const file = join(ctx.config.dataDir, OPS_TOKEN_FILE);
    writeFileSync(file, token + '\n', { mode: DATA_FILE_MODE });
    chmodSync(file, DATA_FILE_MODE); // SAFE-30: also when the file was there before, wider
  }
  registerChainOpsRoutes(app, deposits, token);
  ctx.scheduler.add(deposits.blockJob(ctx.config.chainBlockMs));
  return deposits;
}

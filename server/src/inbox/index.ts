/**
 * Builds the inbox from the server's context (one line in app.ts, after the deposits module, whose operator token
 * the announce route shares): the store, the service, its three user-event listeners (MSG-2), the routes and the
 * operator's announce route (MSG-7).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { textLanguages } from '../db/dictionaryStore';
import { OPS_TOKEN_FILE } from '../deposits/index';
import type { IdentityRouter } from '../identity/service';
import { registerAnnounceRoute, registerInboxRoutes } from './routes';
import { InboxService } from './service';
import { sqliteInboxStore } from './store';

export function inboxService(ctx: ServerContext): InboxService {
  return new InboxService({
    store: sqliteInboxStore(ctx.db),
    clock: ctx.clock,
    statusChanged: (u, e) => ctx.userEvents.statusChanged(u, e),
    languages: (lang) => textLanguages(ctx.db, lang),
  });
}

export function mountInbox(r: IdentityRouter, ctx: ServerContext, app: FastifyInstance): InboxService {
  const inbox = inboxService(ctx);
  ctx.userEvents.onStatus(inbox.onStatus);
  ctx.userEvents.onSettlement(inbox.onSettlement);
  ctx.userEvents.onPositions(inbox.onPositions);
  registerInboxRoutes(r, inbox);
  let fileToken: string | undefined;
  registerAnnounceRoute(app, inbox, () => {
    if (ctx.config.opsToken) return ctx.config.opsToken;
    try {
      fileToken ??= readFileSync(join(ctx.config.dataDir, OPS_TOKEN_FILE), 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
    return fileToken;
  });
  return inbox;
}

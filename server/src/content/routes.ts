/**
 * Platform content of spec 7.2/7.3: settings, notices and rules (about, terms, privacy, help).
 * Texts follow the `lang` header (falling back to English).
 */
import { marketApi } from '../../../src/shared/api/market';
import type { ServerContext } from '../context';
import { readAllSettings } from '../db/settingsStore';
import type { Router } from '../http/route';
import { readNotices, readRules } from './store';

export function registerContentRoutes(r: Router<unknown>, ctx: ServerContext): void {
  // DEV-1, SAFE-1: when the development mailbox is on the reply says so (the app's mailbox page uses it).
  r.route(marketApi.getAllSetting, () =>
    ctx.config.devMailbox && !ctx.config.production
      ? { ...readAllSettings(ctx.db, ctx.log), devOutbox: true as const }
      : readAllSettings(ctx.db, ctx.log),
  );

  r.route(marketApi.noticeList, ({ query, lang }) =>
    readNotices(ctx.db, lang, query.key || undefined, query.modelKey || undefined),
  );

  r.route(marketApi.rulesList, ({ query, lang }) => readRules(ctx.db, lang, query.key.toUpperCase()));
}

/**
 * Platform content of spec 7.2/7.3: settings, notices and rules (about, terms, privacy, help).
 * Texts follow the `lang` header (OPC-2's fallback), settings' translatable fields too (OPC-10).
 */
import { marketApi } from '../../../src/shared/api/market';
import type { ServerContext } from '../context';
import { readAllSettings } from '../db/settingsStore';
import type { Router } from '../http/route';
import { localizeSettings, readNotices, readRules } from './store';

export function registerContentRoutes(r: Router<unknown>, ctx: ServerContext): void {
  // DEV-1, SAFE-1: when the development mailbox is on the reply says so (the app's mailbox page uses it).
  // OPC-10: the new-user notice and the VIP descriptions in the reader's language.
  r.route(marketApi.getAllSetting, ({ lang }) => {
    const s = localizeSettings(ctx.db, readAllSettings(ctx.db, ctx.log), lang);
    return ctx.config.devMailbox && !ctx.config.production ? { ...s, devOutbox: true as const } : s;
  });

  r.route(marketApi.noticeList, ({ query, lang }) =>
    readNotices(ctx.db, lang, query.key || undefined, query.modelKey || undefined),
  );

  r.route(marketApi.rulesList, ({ query, lang }) => readRules(ctx.db, lang, query.key.toUpperCase()));
}

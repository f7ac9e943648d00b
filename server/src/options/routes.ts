/** The option calls (OPT-*; ours, the spec shows none) and record/option: thin. */
import { optionsApi } from '../../../src/shared/api/options';
import { recordsApi } from '../../../src/shared/api/records';
import type { IdentityRouter } from '../identity/service';
import type { Options } from './service';

export function registerOptionRoutes(r: IdentityRouter, options: Options): void {
  r.route(optionsApi.optionChain, ({ query }) => options.chain(query.symbol));
  r.route(optionsApi.optionQuote, ({ user, body }) => options.quote(user.id, body));
  r.route(optionsApi.buyOption, ({ user, body }) => options.buy(user.id, body), { idempotent: true });
  r.route(optionsApi.optionOrderList, ({ user, query }) => options.list(user.id, query));
  r.route(recordsApi.optionRecords, ({ user, query }) => options.records(user.id, query));
}

/** The flash exchange's routes (spec 7.2; FX-*): thin, through the one Router. */
import { exchangeApi } from '../../../src/shared/api/exchange';
import type { IdentityRouter } from '../identity/service';
import type { FlashExchange } from './service';

export function registerExchangeRoutes(r: IdentityRouter, fx: FlashExchange): void {
  r.route(exchangeApi.getAppCurrencyList, () => fx.coins());
  r.route(exchangeApi.getCurrencyPrice, ({ user, query }) => fx.quote(user.id, query.currency[0], query.currency[1]));
  r.route(exchangeApi.currencyExchange, ({ user, body }) => fx.execute(user.id, body.quoteId, body.amount), {
    idempotent: true,
  });
  r.route(exchangeApi.exchangeList, ({ user, query }) => fx.list(user.id, query.pageNum, query.pageSize));
}

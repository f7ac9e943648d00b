/**
 * The common calls of spec 7.2/7.3 served now: settings, coin lists, spot pairs, latest price of a coin,
 * notices and rules. Texts follow the `lang` header (falling back to English).
 */
import type { FastifyInstance } from 'fastify';
import { marketApi } from '../../../src/shared/api/market';
import type { CoinBase, CoinLists } from '../../../src/shared/schemas/coins';
import type { ServerContext } from '../context';
import { findListedSymbol, readCoinList, readCoinLists } from '../db/coinStore';
import { readNotices, readRules } from '../db/contentStore';
import { readAllSettings } from '../db/settingsStore';
import { ApiFail } from '../http/failures';
import { route } from '../http/route';

/** Latest price and 24 h open from the market, where it trades the symbol. */
function withLivePrices<T extends CoinBase>(ctx: ServerContext, rows: T[]): T[] {
  for (const r of rows) {
    const t = ctx.market.ticker(r.symbol);
    if (t) {
      r.amount = t.close;
      r.open = t.openPrice;
    }
  }
  return rows;
}

export function registerCommonRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(app, marketApi.getAllSetting, () => readAllSettings(ctx.db, ctx.log));

  route(app, marketApi.getCoinList, () => {
    const lists: CoinLists = readCoinLists(ctx.db);
    return {
      coinList: withLivePrices(ctx, lists.coinList),
      currencyList: withLivePrices(ctx, lists.currencyList),
      contractList: withLivePrices(ctx, lists.contractList),
      optionList: withLivePrices(ctx, lists.optionList),
    };
  });

  route(app, marketApi.symbolList, ({ query }) =>
    withLivePrices(ctx, readCoinList(ctx.db, 'currencyList', query.orderByColumn ?? 'sort', query.isAsc === 'desc')),
  );

  route(app, marketApi.getMt5Amount, ({ query }) => {
    const listed = findListedSymbol(ctx.db, query.coin);
    if (!listed) throw new ApiFail(`Unknown coin ${query.coin}`);
    return ctx.market.ticker(listed.symbol)?.close ?? listed.amount;
  });

  route(app, marketApi.noticeList, ({ query, lang }) => readNotices(ctx.db, lang, query.key || undefined, query.modelKey || undefined));

  route(app, marketApi.rulesList, ({ query, lang }) => readRules(ctx.db, lang, query.key.toUpperCase()));
}

/**
 * The common calls of spec 7.2/7.3 served now: settings, coin lists, spot pairs, latest price of a coin,
 * notices and rules. Texts follow the `lang` header (falling back to English).
 */
import Decimal from 'decimal.js';
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

  route(app, marketApi.symbolList, ({ query }) => {
    const desc = query.isAsc === 'desc';
    const column = query.orderByColumn ?? 'sort';
    if (column !== 'amount') return withLivePrices(ctx, readCoinList(ctx.db, 'currencyList', column, desc));
    // amount is the live price, a decimal string: order after pricing, exactly.
    const rows = withLivePrices(ctx, readCoinList(ctx.db, 'currencyList'));
    return rows.sort((a, b) => new Decimal(a.amount).cmp(b.amount) * (desc ? -1 : 1) || a.id - b.id);
  });

  route(app, marketApi.getMt5Amount, ({ query }) => {
    const listed = findListedSymbol(ctx.db, query.coin);
    if (!listed) throw new ApiFail(`Unknown coin ${query.coin}`);
    return ctx.market.ticker(listed.symbol)?.close ?? listed.amount;
  });

  route(app, marketApi.noticeList, ({ query, lang }) => readNotices(ctx.db, lang, query.key || undefined, query.modelKey || undefined));

  route(app, marketApi.rulesList, ({ query, lang }) => readRules(ctx.db, lang, query.key.toUpperCase()));
}

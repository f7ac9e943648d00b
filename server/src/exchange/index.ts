/**
 * Builds the flash exchange and the financial records from the server's context and mounts their routes and
 * the quote-pruning job (so app.ts needs one line).
 */
import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../context';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { listedCoins } from '../wallet/store';
import { registerRecordsRoutes } from '../wallet/records/routes';
import { FinancialRecordsService } from '../wallet/records/service';
import { sqliteRecordsStore } from '../wallet/records/store';
import { registerExchangeRoutes } from './routes';
import { FlashExchange } from './service';
import { sqliteExchangeStore } from './store';

const USDT_PAIR = /^([a-z0-9]+)usdt$/;

export function mountExchange(r: IdentityRouter, ctx: ServerContext, ledger: Ledger): FlashExchange {
  const { market, db } = ctx;
  const fx = new FlashExchange({
    ledger,
    store: sqliteExchangeStore(db),
    clock: ctx.clock,
    config: ctx.config.flash,
    coins: () => {
      const listed = listedCoins(db);
      const out: string[] = [];
      for (const s of market.symbols()) {
        const coin = USDT_PAIR.exec(s)?.[1]?.toUpperCase();
        if (coin && listed.has(coin)) out.push(coin);
      }
      return out;
    },
    usdtPrice: (coin) => {
      const symbol = `${coin.toLowerCase()}usdt`;
      return market.has(symbol) ? market.ticker(symbol)?.close : undefined;
    },
    newId: randomUUID,
  });
  registerExchangeRoutes(r, fx);
  registerRecordsRoutes(r, new FinancialRecordsService(sqliteRecordsStore(db)));
  ctx.scheduler.add(fx.pruneJob());
  return fx;
}

/**
 * Builds the proxy programme from the server's context (one line in app.ts): the store, the service on the ledger
 * and the market's last prices, the routes. Returns the interest listener the finance module calls inside each
 * interest payment's transaction (`finance.onInterest(proxy.onInterest)`, PROXY-3).
 */
import { customAlphabet } from 'nanoid';
import type { ServerContext } from '../context';
import type { InterestListener } from '../finance/hooks';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { registerProxyRoutes } from './routes';
import { ProxyService, type FinanceHoldings } from './service';
import { sqliteProxyStore } from './store';

/** Agent codes: 8 characters without the look-alikes 0/O and 1/I. */
export const newAgentCode = customAlphabet('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 8);

/** The service on the server's context (the mount and the tests build it the same way). */
export function proxyService(ctx: ServerContext, ledger: Ledger, finance?: FinanceHoldings): ProxyService {
  const { market } = ctx;
  return new ProxyService({
    store: sqliteProxyStore(ctx.db),
    ledger,
    clock: ctx.clock,
    rate: ctx.config.proxyCommissionRate,
    finance,
    usdtPrice: (coin) => {
      const symbol = `${coin.toLowerCase()}usdt`;
      return market.has(symbol) ? market.ticker(symbol)?.close : undefined;
    },
    newCode: newAgentCode,
  });
}

export function mountProxy(
  r: IdentityRouter,
  ctx: ServerContext,
  ledger: Ledger,
  finance?: FinanceHoldings,
): { onInterest: InterestListener } {
  const proxy = proxyService(ctx, ledger, finance);
  registerProxyRoutes(r, proxy);
  return { onInterest: proxy.onInterest };
}

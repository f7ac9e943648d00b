/**
 * Builds the spot order service from the server's context, puts the open orders back into the books and mounts
 * the routes (so app.ts needs one line).
 */
import type { SpotPair } from '../../../src/shared/schemas/coins';
import type { ServerContext } from '../context';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { readCoinLists } from '../market/coinStore';
import { registerSpotRoutes } from './routes';
import { SpotService } from './service';
import { sqliteSpotStore } from './store';

/** The spot pairs are read again at most this often (an operator's change shows within it). */
const PAIRS_TTL_MS = 5_000;

export function mountSpot(r: IdentityRouter, ctx: ServerContext, ledger: Ledger): SpotService {
  const books = ctx.market.books;
  let pairs = new Map<string, SpotPair>();
  let readAt = -Infinity;
  const pair = (symbol: string): SpotPair | undefined => {
    const now = ctx.clock.now();
    if (now - readAt > PAIRS_TTL_MS) {
      pairs = new Map(readCoinLists(ctx.db).currencyList.map((p) => [p.symbol, p]));
      readAt = now;
    }
    return pairs.get(symbol);
  };
  const spot = new SpotService({
    ledger,
    store: sqliteSpotStore(ctx.db),
    books,
    clock: ctx.clock,
    pair,
    // In the batch (the inbox writes its message in the same transaction); the socket pushes wait for the commit.
    statusChanged: (u, e) => ctx.userEvents.statusChanged(u, e),
    onError: (err, context) => ctx.log.error({ ...context, err }),
    feeDiscount: (u) => ctx.tradingFees.discount(u),
    feePaid: (e) => ctx.tradingFees.feePaid(e),
  });
  ctx.core.runNow(() => spot.restore(ctx.core.replayedAtStart));
  registerSpotRoutes(r, spot);
  return spot;
}

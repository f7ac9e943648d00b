/**
 * Builds the futures service from the server's context, puts the open orders back into the books, subscribes to
 * the mark ticks (liquidation, TP/SL), adds the funding job and mounts the routes (so app.ts needs one line).
 */
import type { ContractPair } from '../../../src/shared/schemas/coins';
import type { Position } from '../../../src/shared/schemas/futures';
import type { ServerContext } from '../context';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { readCoinList } from '../market/coinStore';
import { Funding } from './funding';
import { Positions } from './positions';
import { Risk } from './risk';
import { registerFuturesRoutes } from './routes';
import { FuturesService } from './service';
import { sqliteFuturesStore } from './store';

/** The contract pairs are read again at most this often (an operator's change shows within it). */
const PAIRS_TTL_MS = 5_000;
/** How often the funding job looks for a round due (rounds are at UTC multiples of intervalHour). */
export const FUNDING_CHECK_MS = 60_000;

export interface FuturesModule {
  service: FuturesService;
  positions: Positions;
  risk: Risk;
  funding: Funding;
  /** The user's open positions without mark figures (the socket's POSITION stream). */
  openPositions(userId: number): Position[];
  /** Runs the funding rounds due at `now` (the job does it every minute; tests call it). */
  runFunding(now: number): number;
  stop(): void;
}

export function mountFutures(r: IdentityRouter, ctx: ServerContext, ledger: Ledger): FuturesModule {
  let pairs = new Map<string, ContractPair>();
  let readAt = -Infinity;
  const read = () => {
    const now = ctx.clock.now();
    if (now - readAt > PAIRS_TTL_MS) {
      pairs = new Map(readCoinList(ctx.db, 'contractList').map((p) => [p.symbol, p]));
      readAt = now;
    }
    return pairs;
  };
  const service = new FuturesService({
    ledger,
    store: sqliteFuturesStore(ctx.db),
    books: ctx.market.books,
    marks: ctx.marks,
    clock: ctx.clock,
    pair: (symbol) => read().get(symbol),
    pairs: () => [...read().keys()].filter((s) => ctx.market.books.has(s)),
    // In the batch (the inbox writes its message in the same transaction); the socket pushes wait for the commit.
    statusChanged: (u, e) => ctx.userEvents.statusChanged(u, e),
    positionsChanged: (u, e) => ctx.userEvents.positionsChanged(u, e),
    onError: (err, context) => ctx.log.error({ ...context, err }),
    feeDiscount: (u) => ctx.tradingFees.discount(u),
    feePaid: (e) => ctx.tradingFees.feePaid(e),
  });
  const positions = new Positions(service);
  const risk = new Risk(service);
  const funding = new Funding(service);
  ctx.core.runNow(() => service.restore(ctx.core.replayedAtStart));
  const offMarks = ctx.marks.onMark((ticks) => risk.onMarks(ticks));
  const offJob = ctx.scheduler.add({
    name: 'futures-funding',
    everyMs: FUNDING_CHECK_MS,
    step: (now) => void funding.run(now),
  });
  registerFuturesRoutes(r, service, positions, funding, ctx.marks);
  return {
    service,
    positions,
    risk,
    funding,
    openPositions: (u) => positions.openPositions(u),
    runFunding: (now) => funding.run(now),
    stop() {
      offMarks();
      offJob();
      service.stop();
    },
  };
}

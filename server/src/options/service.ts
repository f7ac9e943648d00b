/**
 * Options (OPT-1..15 in docs/spec/options.md): the facade routes.ts and index.ts use. Dependencies are
 * injected (deps.ts; index.ts builds them from the server's context); the work is in three parts:
 *
 * - quotes.ts: the chain and firm quotes (Black-Scholes on the recent realised volatility, stored quotes).
 * - orders.ts: buying at a quote (one `option_buy` journal row) and the order list and record/option.
 * - jobs.ts: the adapter of the one settlement job (SEC-14, OPT-16: settlement at expiry from the one persisted
 *   trade log, exactly once) and the quotes' pruning.
 */
import type {
  OptionBuyBody,
  OptionChain,
  OptionOrder,
  OptionQuote,
  OptionQuoteBody,
} from '../../../src/shared/schemas/options';
import type { RecordQuery } from '../../../src/shared/schemas/records';
import type { SettlementAdapter } from '../settlement/job';
import type { Job } from '../time/scheduler';
import type { OptionsDeps } from './deps';
import { OptionJobs } from './jobs';
import { OptionOrders, type ListQuery } from './orders';
import { OptionQuotes } from './quotes';

export class Options {
  private readonly quotes: OptionQuotes;
  private readonly orders: OptionOrders;
  private readonly jobs: OptionJobs;

  constructor(private readonly deps: OptionsDeps) {
    this.jobs = new OptionJobs(deps);
    this.quotes = new OptionQuotes(deps);
    this.orders = new OptionOrders(deps, this.quotes);
  }

  /** OPT-2, OPT-10: the chain, with indicative premiums per unit before the fee (what a quote's unitPremium is). */
  chain(symbol: string): OptionChain {
    return this.quotes.chain(symbol);
  }

  /** OPT-5: a firm quote, stored, accepted until `expiresAt` (the TTL on, at most the option's expiry). */
  quote(userId: number, body: OptionQuoteBody): OptionQuote {
    return this.quotes.quote(userId, body);
  }

  /** OPT-3, OPT-5, OPT-12: buys at a quote (synchronous; runs inside the idempotency transaction). */
  buy(userId: number, body: OptionBuyBody): OptionOrder {
    return this.orders.buy(userId, body);
  }

  /** OPT-13: the caller's options, newest first. */
  list(userId: number, q: ListQuery): { total: number; rows: OptionOrder[] } {
    return this.orders.list(userId, q);
  }

  /** OPT-14: record/option, the caller's settled options, newest settlement first, by pair and [from, to). */
  records(userId: number, q: RecordQuery): { total: number; rows: OptionOrder[] } {
    return this.orders.records(userId, q);
  }

  /** OPT-6: settles every open option whose expiry is before `at` (at most the clock's now); returns how many. */
  settleDue(at: number): number {
    return this.jobs.settleDue(at);
  }

  /** OPT-16: what the one settlement job asks of options. */
  adapter(): SettlementAdapter {
    return this.jobs.adapter();
  }

  /** OPT-7: drops logged trades no open option can settle at and older than the retention window. */
  prune(now: number): number {
    return this.jobs.prune(now);
  }

  pruneJob(): Job {
    return this.jobs.pruneJob();
  }

  /** Writes the queued trades. */
  stop(): void {
    this.deps.settlement.stop();
  }
}

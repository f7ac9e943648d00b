/**
 * What the options service is built on (index.ts builds it from the server's context): the injected
 * dependencies, the events it announces (after the commit) and the two house accounts its journal rows use.
 */
import type { SettlementData, Trade } from '../../../src/shared/protocol';
import type { FeePaid } from '../events/tradingFees';
import type { StatusEvent } from '../events/userEvents';
import type { Ledger } from '../ledger/service';
import type { HouseAccount } from '../ledger/types';
import type { SettlementJob } from '../settlement/job';
import type { Clock } from '../time/clock';
import type { OptionsStore } from './store';

/** The house account that writes every option: premiums go in, payouts come out (OPT-6). */
export const OPTIONS_POOL: HouseAccount = 'house:options';
export const FEES: HouseAccount = 'house:fees';
/** The product's name in the one settlement job (SEC-14, OPT-16). */
export const OPTION_KIND = 'option';

export interface OptionsEvents {
  statusChanged(userId: number, e: StatusEvent): void;
  settlement(userId: number, data: SettlementData): void;
}

export interface OptionsDeps {
  store: OptionsStore;
  /** The one settlement job (OPT-16): it logs the pairs, settles and prunes. */
  settlement: SettlementJob;
  ledger: Ledger;
  clock: Clock;
  quoteTtlMs: number;
  /** The last published trade of a symbol, or undefined (not traded, no trade yet). */
  lastTrade(symbol: string): Trade | undefined;
  /** Up to `limit` 1-minute closes of a symbol, oldest first (the live candle last). */
  closes(symbol: string, limit: number): string[];
  /** Price and quantity decimals of the pair's book, or undefined when the market does not trade it. */
  scales(symbol: string): { price: number; amount: number } | undefined;
  newId(): string;
  events?: OptionsEvents;
  /** Runs `fn` after the current synchronous run (announcements after the commit). */
  defer(fn: () => void): void;
  /** REB-3: told of each premium's fee, inside the purchase's transaction. */
  feePaid?(e: FeePaid): void;
}

/** OPT-15: a USER_STATUS push, after the current synchronous run (so after the commit). */
export function announce(deps: OptionsDeps, userId: number, e: StatusEvent): void {
  const events = deps.events;
  if (events) deps.defer(() => events.statusChanged(userId, e));
}

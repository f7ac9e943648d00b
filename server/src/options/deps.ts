/**
 * What the options service is built on (index.ts builds it from the server's context): the injected
 * dependencies, the events it announces (after the commit) and the two house accounts its journal rows use.
 */
import type { FeePaid } from '../events/tradingFees';
import type { HouseAccount } from '../ledger/types';
import type { ProductDeps } from '../settlement/product';
import type { OptionsStore } from './store';

/** The house account that writes every option: premiums go in, payouts come out (OPT-6). */
export const OPTIONS_POOL: HouseAccount = 'house:options';
export const FEES: HouseAccount = 'house:fees';
/** The product's name in the one settlement job (SEC-14, OPT-16). */
export const OPTION_KIND = 'option';

/** The ledger, the settlement job, the clock, the last trade, the announcements (OPT-15): ../settlement/product.ts. */
export interface OptionsDeps extends ProductDeps {
  store: OptionsStore;
  quoteTtlMs: number;
  /** Up to `limit` 1-minute closes of a symbol, oldest first (the live candle last). */
  closes(symbol: string, limit: number): string[];
  /** Price and quantity decimals of the pair's book, or undefined when the market does not trade it. */
  scales(symbol: string): { price: number; amount: number } | undefined;
  newId(): string;
  /** REB-3: told of each premium's fee, inside the purchase's transaction. */
  feePaid?(e: FeePaid): void;
}

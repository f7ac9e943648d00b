/** The ledger's vocabulary (LEDGER-2): user accounts with their two buckets, house accounts, holds. */
import type { AssetEntry } from '../../../src/shared/schemas/user';

/** A user's account: the three tabs of the assets screen (spec 2.4). */
export type UserAccount = AssetEntry['account'];
export const USER_ACCOUNTS: readonly UserAccount[] = ['platform', 'finance', 'contract'];

export type Bucket = 'available' | 'frozen';

/**
 * The house's side of every operation. A house account has no balance limit (it is where money enters and
 * leaves the users' books): `house:deposits` (credited deposits come from here), `house:withdrawals` (settled
 * withdrawals go here), `house:fees`, `house:exchange` (the flash exchange's liquidity), `house:genesis` (seeded
 * demo money and balances from before the ledger), `house:seconds` (the second-contract pool: lost stakes go in,
 * wins are paid out, SEC-6); later contract pools and interest as `house:<name>`.
 */
export type HouseAccount = `house:${string}`;

export type HoldState = 'open' | 'released' | 'settled';

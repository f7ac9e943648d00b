/**
 * The signed-in user's live account (LIVE-1..3): balances from OWNCOIN frames, the latest deposit, withdrawal or
 * second-contract state change from USER_STATUS, and the latest settled second contract from SETTLEMENT. The session token comes from the host (`setAccountToken`); the
 * server streams are held only while a tab watches the `account` topic AND a token is set, and the token travels
 * in the subscribe message. A new token (another sign-in) subscribes again with it; no token clears everything,
 * so nothing of one user is ever shown to the next.
 */
import type { BalanceRow, OwnCoinFrame, SettlementData, UserStatusFrame } from '../shared/protocol';
import type { AccountView } from './views';

export const ACCOUNT_KEY = 'account';
/** The private streams the account topic holds, each subscribed with the session token. */
export const ACCOUNT_STREAMS = ['OWNCOIN', 'USER_STATUS', 'SETTLEMENT'] as const;

export class AccountStore {
  version = 0;
  private balances: readonly BalanceRow[] | null = null;
  private status: UserStatusFrame['data'] | null = null;
  private statusCount = 0;
  private liveCount = 0;
  private settlement: SettlementData | null = null;
  private settlementCount = 0;
  private authorized = true;

  view(): AccountView {
    return {
      version: this.version,
      balances: this.balances,
      statusCount: this.statusCount,
      lastStatus: this.status,
      liveCount: this.liveCount,
      settlementCount: this.settlementCount,
      lastSettlement: this.settlement,
      authorized: this.authorized,
    };
  }

  applyBalances(f: OwnCoinFrame, version: number): void {
    this.balances = f.data.balances;
    this.authorized = true;
    this.version = version;
  }

  applyStatus(f: UserStatusFrame, version: number): void {
    this.status = f.data;
    this.statusCount++;
    this.version = version;
  }

  /** LIVE-6: the server acknowledged the USER_STATUS subscription: news from now on reaches this engine. */
  statusLive(version: number): void {
    this.liveCount++;
    this.version = version;
  }

  /** LIVE-3: a second contract of the user settled. */
  applySettlement(data: SettlementData, version: number): void {
    this.settlement = data;
    this.settlementCount++;
    this.version = version;
  }

  /** The server refused the token or ended the stream: what was shown goes. */
  unauthorized(version: number): void {
    this.balances = null;
    this.authorized = false;
    this.version = version;
  }

  clear(version: number): void {
    this.balances = null;
    this.status = null;
    this.statusCount = 0;
    this.liveCount = 0;
    this.settlement = null;
    this.settlementCount = 0;
    this.authorized = true;
    this.version = version;
  }
}

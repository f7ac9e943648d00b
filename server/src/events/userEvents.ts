/**
 * What happened to a user's money, for whoever shows it live (LIVE-1): the ledger says "balances changed"
 * after it commits, the wallet says "a deposit or withdrawal changed state", second contracts say "a contract
 * settled" (SETTLEMENT); the socket hub (ws/accountStreams.ts) pushes the news to that user's subscribed
 * connections. Publishers never import the socket, and a listener that throws never undoes a commit.
 */
import type { SettlementData } from '../../../src/shared/protocol';

export interface StatusEvent {
  /** What changed, e.g. 'deposit', 'withdraw' or 'second'. */
  kind: string;
  id: number | string;
  status: string;
  /**
   * The event's facts for the inbox (MSG-3: coin, amount, task...), when the publisher has them at hand; never
   * pushed on the socket (USER_STATUS carries kind, id and status only).
   */
  facts?: Record<string, string>;
}

type BalancesListener = (userId: number) => void;
type StatusListener = (userId: number, event: StatusEvent) => void;
type SettlementListener = (userId: number, data: SettlementData) => void;
/** What happened to a position, when it is worth telling (the POSITION frame's `event`). */
export interface PositionEvent {
  kind: 'filled' | 'closed' | 'liquidated' | 'takeProfit' | 'stopLoss' | 'funding' | 'margin';
  positionId: number;
  symbol: string;
}
type PositionsListener = (userId: number, event: PositionEvent | undefined) => void;

export class UserEvents {
  private balances: BalancesListener[] = [];
  private statuses: StatusListener[] = [];
  private settlements: SettlementListener[] = [];
  private positions: PositionsListener[] = [];

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  onBalances(l: BalancesListener): () => void {
    this.balances = [...this.balances, l];
    return () => {
      this.balances = this.balances.filter((x) => x !== l);
    };
  }

  onStatus(l: StatusListener): () => void {
    this.statuses = [...this.statuses, l];
    return () => {
      this.statuses = this.statuses.filter((x) => x !== l);
    };
  }

  onSettlement(l: SettlementListener): () => void {
    this.settlements = [...this.settlements, l];
    return () => {
      this.settlements = this.settlements.filter((x) => x !== l);
    };
  }

  onPositions(l: PositionsListener): () => void {
    this.positions = [...this.positions, l];
    return () => {
      this.positions = this.positions.filter((x) => x !== l);
    };
  }

  /** Call after the transaction that changed any open futures position of `userId` has committed (LIVE-4). */
  positionsChanged(userId: number, event?: PositionEvent): void {
    for (const l of this.positions) {
      try {
        l(userId, event);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /** Call after the transaction that changed `userId`'s balances has committed. */
  balancesChanged(userId: number): void {
    for (const l of this.balances) {
      try {
        l(userId);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  statusChanged(userId: number, event: StatusEvent): void {
    for (const l of this.statuses) {
      try {
        l(userId, event);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /** Call after the transaction that settled a contract of `userId` has committed. */
  settlement(userId: number, data: SettlementData): void {
    for (const l of this.settlements) {
      try {
        l(userId, data);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}

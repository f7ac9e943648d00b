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

/** One kind of listener, told in order; a copy on each change, so a listener that goes while told skips no other. */
class Listeners<A extends unknown[]> {
  private list: ((...args: A) => void)[] = [];

  constructor(private readonly onError: (err: unknown) => void) {}

  on(l: (...args: A) => void): () => void {
    this.list = [...this.list, l];
    return () => {
      this.list = this.list.filter((x) => x !== l);
    };
  }

  /** Tells every listener; one that throws is reported and never stops the others (nor undoes the commit). */
  emit(...args: A): void {
    for (const l of this.list) {
      try {
        l(...args);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}

export class UserEvents {
  private readonly balances = new Listeners<Parameters<BalancesListener>>((err) => this.onError(err));
  private readonly statuses = new Listeners<Parameters<StatusListener>>((err) => this.onError(err));
  private readonly settlements = new Listeners<Parameters<SettlementListener>>((err) => this.onError(err));
  private readonly positions = new Listeners<Parameters<PositionsListener>>((err) => this.onError(err));

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  readonly onBalances = (l: BalancesListener) => this.balances.on(l);
  readonly onStatus = (l: StatusListener) => this.statuses.on(l);
  readonly onSettlement = (l: SettlementListener) => this.settlements.on(l);
  readonly onPositions = (l: PositionsListener) => this.positions.on(l);

  /** Call after the transaction that changed any open futures position of `userId` has committed (LIVE-4). */
  positionsChanged(userId: number, event?: PositionEvent): void {
    this.positions.emit(userId, event);
  }

  /** Call after the transaction that changed `userId`'s balances has committed. */
  balancesChanged(userId: number): void {
    this.balances.emit(userId);
  }

  statusChanged(userId: number, event: StatusEvent): void {
    this.statuses.emit(userId, event);
  }

  /** Call after the transaction that settled a contract of `userId` has committed. */
  settlement(userId: number, data: SettlementData): void {
    this.settlements.emit(userId, data);
  }
}

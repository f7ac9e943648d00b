/**
 * Second contracts (SEC-1..14 in docs/spec/trading.md): periods, opening a contract, settling it from the published
 * trade log, and the lists. Dependencies are injected (index.ts builds them from the server's context).
 *
 * - Open (`create`, synchronous: it runs inside the idempotency transaction): the pair must be listed for second
 *   contracts (or as an enabled spot pair) and have a published trade; the period open; the stake passes the one
 *   shared rule (src/shared/trading/secondRules.ts) against the platform USDT balance; the stake is then held
 *   through the ledger in the same transaction as the order's row. The contract opens at the last trade published
 *   when the server handles the call (its id, time and price are the entry) and closes exactly one period later.
 * - Settle (the adapter of the one settlement job, SEC-14, ../settlement/job.ts): an open contract is settled once
 *   the server's time is past its closeTime (so every trade stamped at or before it has been published), from the
 *   one persisted log alone, by the pure `settleSecond`; the ledger rows and the row's change to settled are one
 *   transaction (the job's), guarded by the row's status, so a second run or a restart never settles twice. A loss
 *   settles the hold to `house:seconds`; a win settles it there and pays stake + profit from it; a draw releases
 *   the hold.
 */
import type { Period, SecondOrder, SecondOrderBody } from '../../../src/shared/schemas/trading';
import type { SettlementData } from '../../../src/shared/protocol';
import { checkSecondStake, isSecondRatio, SECOND_STAKE_COIN } from '../../../src/shared/trading/secondRules';
import { ApiFail } from '../http/failures';
import { pick } from '../db/rows';
import type { HouseAccount } from '../ledger/types';
import type { SettlementAdapter } from '../settlement/job';
import { announce, announceSettled, dueRowOf, entryOf, settledView, type ProductDeps } from '../settlement/product';
import { settleSecond, type LoggedTrade, type SettleOrder } from './settle';
import type { OrderFilter, OrderRow, PeriodRow, SecondsStore } from './store';

/** The house pool every stake of a lost contract goes to and every win is paid from (SEC-6). */
export const SECONDS_POOL: HouseAccount = 'house:seconds';
/** The product's name in the one settlement job. */
export const SECOND_KIND = 'second';
export { TRADE_LOG_RETENTION_MS } from '../settlement/job';

/** The ledger, the settlement job, the clock, the last trade, the announcements: ../settlement/product.ts. */
export interface SecondsDeps extends ProductDeps {
  store: SecondsStore;
}

export interface ListQuery {
  status?: 'open' | 'settled';
  symbol?: string;
  clientOrderId?: string;
  /** RECS: opened in [from, to) (ms). */
  from?: number;
  to?: number;
  pageNum: number;
  pageSize: number;
}

function periodOf(r: PeriodRow): Period {
  return {
    id: r.id,
    period: r.seconds,
    ratio: r.ratio,
    minAmount: r.minAmount,
    maxAmount: r.maxAmount,
    status: r.status === 1 && isSecondRatio(r.ratio),
  };
}

export function toSecondOrder(r: OrderRow): SecondOrder {
  const { status, entry, exit, exitPrice, payout, settleTime } = settledView(r);
  return {
    ...pick(r, ['id', 'clientOrderId', 'symbol']),
    direction: r.direction,
    amount: r.amount,
    coin: r.coin,
    periodId: r.periodId,
    period: r.period,
    ratio: r.ratio,
    openPrice: r.entryPrice,
    openTime: r.openTime,
    closeTime: r.closeTime,
    entry,
    status,
    result: status === 'settled' ? r.result : null,
    closePrice: exitPrice,
    exit,
    payout,
    settleTime,
  };
}

const dueRow = (r: OrderRow) => dueRowOf(r, r.closeTime);

const settleInput = (r: OrderRow): SettleOrder => ({
  ...pick(r, ['direction', 'amount', 'ratio', 'closeTime']),
  entry: entryOf(r),
});

export class SecondContracts {
  constructor(private readonly deps: SecondsDeps) {}

  /** SEC-1: every period, open or not. */
  periods(): Period[] {
    return this.deps.store.periods().map(periodOf);
  }

  /** SEC-2..4: opens a contract (synchronous; the caller's transaction holds the stake and the row together). */
  create(userId: number, body: SecondOrderBody): SecondOrder {
    const { store, ledger, clock, settlement } = this.deps;
    const symbol = body.symbol;
    if (body.clientOrderId) {
      // SEC-13: the same intent again is answered with its order, never a second one.
      const [same] = store.list({ userId, clientOrderId: body.clientOrderId }, 1, 0);
      if (same) {
        if (same.symbol !== symbol || same.direction !== body.direction || same.periodId !== body.periodId)
          throw new ApiFail(`clientOrderId ${body.clientOrderId} is already used by another order`);
        return toSecondOrder(same);
      }
    }
    const row = store.period(body.periodId);
    if (!row) throw new ApiFail(`Unknown period ${body.periodId}: choose one of the periods of period/list`);
    const period = periodOf(row);
    this.checkPair(symbol);
    const entry = this.deps.lastTrade(symbol);
    if (!entry) throw new ApiFail(`${symbol} has no trade yet: a second contract opens at the last traded price`);
    const available = ledger.balance(userId, 'platform', SECOND_STAKE_COIN).available;
    const stake = checkSecondStake(body.amount, period, available);
    if (!stake.ok) throw new ApiFail(stake.msg);
    // SEC-4: the entry is the last trade published when the call is handled; it can never be later than the open.
    const openTime = Math.max(clock.now(), entry.ts);
    const closeTime = openTime + period.period * 1000;
    const id = ledger.transaction(() => {
      const id = store.insertOrder({
        userId,
        symbol,
        direction: body.direction,
        amount: stake.amount,
        coin: SECOND_STAKE_COIN,
        periodId: period.id,
        period: period.period,
        ratio: period.ratio,
        openTime,
        closeTime,
        entryId: entry.id,
        entryTime: entry.ts,
        entryPrice: entry.price,
        clientOrderId: body.clientOrderId ?? null,
      });
      const { hold } = ledger.hold({
        kind: 'second_open',
        ref: String(id),
        userId,
        account: 'platform',
        coin: SECOND_STAKE_COIN,
        amount: stake.amount,
        memo: `${body.direction} ${symbol} ${period.period} s`,
      });
      store.setHold(id, hold.id);
      return id;
    });
    settlement.opened(SECOND_KIND, symbol, { id: entry.id, time: entry.ts, price: entry.price }, closeTime);
    announce(this.deps, userId, { kind: 'second', id, status: 'open' });
    return toSecondOrder(store.byId(id)!);
  }

  /** SEC-2: a listed second-contract pair (open), else an enabled spot pair, traded by the market. */
  private checkPair(symbol: string): void {
    const l = this.deps.store.listing(symbol);
    if (l.second === undefined && l.spot === undefined)
      throw new ApiFail(`Unknown pair ${symbol}: second contracts take a listed pair such as btcusdt`);
    if (l.second === false || (l.second === undefined && l.spot === false))
      throw new ApiFail(`Second contracts on ${symbol} are closed`);
  }

  /** SEC-10: the caller's contracts, newest first. */
  list(userId: number, q: ListQuery): { total: number; rows: SecondOrder[] } {
    const f: OrderFilter = {
      userId,
      status: q.status,
      symbol: q.symbol,
      clientOrderId: q.clientOrderId,
      from: q.from,
      to: q.to,
    };
    const { store } = this.deps;
    return {
      total: store.count(f),
      rows: store.list(f, q.pageSize, (q.pageNum - 1) * q.pageSize).map(toSecondOrder),
    };
  }

  /** SEC-5: settles every open contract whose closeTime is before `at` (at most the clock's now); returns how many. */
  settleDue(at: number): number {
    return this.deps.settlement.settleDue(at, SECOND_KIND);
  }

  /** SEC-14: what the one settlement job asks of second contracts. */
  adapter(): SettlementAdapter {
    const { store } = this.deps;
    return {
      kind: SECOND_KIND,
      due: (now, limit) => store.due(now, limit).map(dueRow),
      nextDue: (from) => (from === undefined ? store.nextClose() : store.nextCloseAfter(from)),
      open: (id) => {
        const row = store.byId(id);
        return row && row.status === 'open' && row.holdId !== null ? dueRow(row) : undefined;
      },
      pay: (id, exit, now) => this.pay(id, exit, now),
      openSymbols: () => store.openSymbols(),
      keepFrom: (symbol) => store.oldestOpenEntry(symbol),
    };
  }

  /**
   * SEC-6: inside the settlement job's transaction, the money of contract `id` settled at `exit` and its change
   * to settled with the evidence; returns the announcements (after the commit).
   */
  private pay(id: number, exit: LoggedTrade, now: number): () => void {
    const { store, ledger } = this.deps;
    const row = store.byId(id)!;
    const s = settleSecond(settleInput(row), [exit]);
    const cause = { ref: String(id), userId: row.userId };
    const memo = `${row.direction} ${row.symbol}: ${row.entryPrice} -> ${s.exit.price}, ${s.result}`;
    let journalId: number;
    if (s.result === 'draw') {
      journalId = ledger.release(row.holdId!, { ...cause, kind: 'second_draw', memo }).id;
    } else {
      journalId = ledger.settle(row.holdId!, { ...cause, kind: 'second_settle', memo, to: SECONDS_POOL }).id;
      if (s.result === 'win')
        journalId = ledger.post({
          ...cause,
          kind: 'second_payout',
          memo,
          entries: [
            { house: SECONDS_POOL, coin: row.coin, amount: `-${s.payout}` },
            { userId: row.userId, account: 'platform', coin: row.coin, amount: s.payout },
          ],
        }).id;
    }
    if (!store.markSettled(id, { ...s, settleTime: now, journalId }))
      throw new Error(`second contract ${id} was settled meanwhile`);
    const data: SettlementData = {
      kind: 'second',
      id,
      symbol: row.symbol,
      result: s.result,
      closePrice: s.exit.price,
      payout: s.payout,
    };
    return announceSettled(this.deps.events, row.userId, data);
  }

  /** SEC-8: the one settlement log's retention (the settlement job prunes for both products). */
  prune(now: number): number {
    return this.deps.settlement.prune(now);
  }

  /** Writes the queued trades (the server calls it before closing the database). */
  stop(): void {
    this.deps.settlement.stop();
  }
}

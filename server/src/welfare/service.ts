/**
 * The welfare centre (WEL-1..6; docs/spec/rewards.md): each task's terms (WELFARE_TERMS) and the caller's state of
 * it, and the claim: when `welfareClaimProblem` finds nothing wrong, the reward goes from `house:welfare` to the
 * platform account (journal kind `welfare`, reference `<user>:<task>`) and a `welfare_claims` row (UNIQUE per user
 * and task) is written in the same transaction, so it is paid once however often and however concurrently it is
 * claimed (WEL-2, WEL-3). After the commit the owner is told (`statusChanged`, kind `welfare`, status `paid`,
 * with the facts the inbox writes from). The paid rewards are the deposit bonuses of `recharge/bonsList` (WEL-5).
 */
import { Decimal } from '../../../src/shared/decimal';
import {
  WELFARE_TASKS,
  type WelfareInfo,
  type WelfareClaimResult,
  type WelfareTaskId,
} from '../../../src/shared/schemas/rewards';
import { WELFARE_TERMS, welfareClaimProblem, welfareDeadline } from '../../../src/shared/rewards/welfareRules';
import type { StatusServiceDeps } from '../events/serviceDeps';
import { ApiFail } from '../http/failures';
import type { ClaimRow, WelfareStore } from './store';

export const WELFARE_HOUSE = 'house:welfare';
export const WELFARE_KIND = 'welfare';
/** A paid reward as a deposit bonus is always in this state (credited when claimed). */
export const BONUS_STATUS = 'credited';

/** The ledger, the clock, the status push (a reward paid) and `defer`: ../events/serviceDeps.ts. */
export interface WelfareDeps extends StatusServiceDeps {
  store: WelfareStore;
}

export interface BonusRow {
  id: string;
  coin: string;
  amount: string;
  status: string;
  createTime: number;
}

/** The deposit bonus id of a paid reward (`recharge/bonsList`, the claim's reply). */
export const bonusId = (c: Pick<ClaimRow, 'id'>): string => `W${c.id}`;

export class WelfareService {
  constructor(private readonly deps: WelfareDeps) {}

  private registeredAt(userId: number): number {
    const t = this.deps.store.registeredAt(userId);
    if (t === undefined) throw new ApiFail('Unknown user');
    return t;
  }

  /** WEL-1, WEL-2: every task with its terms and the caller's state, and the total paid. */
  info(userId: number): WelfareInfo {
    const { store } = this.deps;
    const registeredAt = this.registeredAt(userId);
    const claims = new Map(store.claims(userId).map((c) => [c.task, c]));
    let claimedTotal = new Decimal(0);
    for (const c of claims.values()) if (c.coin === 'USDT') claimedTotal = claimedTotal.plus(c.amount);
    const tasks = WELFARE_TASKS.map((id) => {
      const terms = WELFARE_TERMS[id];
      const claim = claims.get(id);
      const state = claim
        ? ('claimed' as const)
        : welfareClaimProblem(id, registeredAt, store.doneAt(userId, id), false) === null
          ? ('claimable' as const)
          : ('todo' as const);
      return {
        id,
        coin: claim?.coin ?? terms.coin,
        amount: claim?.amount ?? new Decimal(terms.amount).toFixed(),
        state,
        claimedAt: claim?.claimedAt ?? null,
        windowDays: terms.windowDays,
        deadline: welfareDeadline(id, registeredAt),
      };
    });
    return { tasks, claimedTotal: claimedTotal.toFixed() };
  }

  /**
   * WEL-2, WEL-3: pays a done task's reward once. Synchronous (the idempotent route runs it in one transaction
   * with its stored reply); a second claim, a task not done or done after its window is refused in words.
   */
  claim(userId: number, task: WelfareTaskId): WelfareClaimResult {
    const { store, ledger, clock } = this.deps;
    const paid = ledger.transaction(() => {
      const registeredAt = this.registeredAt(userId);
      const doneAt = store.doneAt(userId, task);
      const problem = welfareClaimProblem(task, registeredAt, doneAt, store.claim(userId, task) !== undefined);
      if (problem !== null || doneAt === null) throw new ApiFail(problem ?? 'Complete the task first');
      const { coin, amount: raw } = WELFARE_TERMS[task];
      const amount = new Decimal(raw).toFixed();
      const journal = ledger.post({
        kind: WELFARE_KIND,
        ref: `${userId}:${task}`,
        userId,
        memo: `welfare reward: ${task}`,
        entries: [
          { house: WELFARE_HOUSE, coin, amount: `-${amount}` },
          { userId, account: 'platform', coin, amount },
        ],
      });
      return store.insertClaim({ userId, task, coin, amount, doneAt, claimedAt: clock.now(), journalId: journal.id });
    });
    const facts = { task, coin: paid.coin, amount: paid.amount };
    this.deps.defer(() => this.deps.statusChanged(userId, { kind: 'welfare', id: task, status: 'paid', facts }));
    return { task, coin: paid.coin, amount: paid.amount, bonusId: bonusId(paid) };
  }

  /** WEL-5: the paid rewards as deposit bonuses, newest first, paged. */
  bonuses(userId: number, pageNum: number, pageSize: number): { total: number; rows: BonusRow[] } {
    const { store } = this.deps;
    const rows = store.page(userId, pageSize, (pageNum - 1) * pageSize).map((c) => ({
      id: bonusId(c),
      coin: c.coin,
      amount: c.amount,
      status: BONUS_STATUS,
      createTime: c.claimedAt,
    }));
    return { total: store.count(userId), rows };
  }
}

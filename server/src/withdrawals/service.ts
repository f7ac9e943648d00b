/**
 * Withdrawals (spec 7.2, 3.3, 9.3; WDR-8..15). The rules are the shared pure function
 * (src/shared/wallet/withdrawRules.ts quoteWithdrawal, WDR-1) run here on submission with the server's own
 * count, balance and clock; the address must match its network's format (src/shared/wallet/withdrawAddress.ts).
 *
 * Lifecycle: `submit` holds amount + fee (Ledger.hold, kind `withdraw`) and records the withdrawal `pending`;
 * then exactly one of: `approve` -> done (the hold settles: amount to house:withdrawals, fee to house:fees),
 * `reject` (operator) or `cancel` (the user) -> the hold is released. Each change is one transaction with the
 * row's conditional state update (`... AND status = 'pending'`), so two racing endings cannot both apply.
 * Every change is announced on the private socket (statusChanged, kind `withdraw`); changes made by another
 * process (the operator CLI) are announced by the server's job (`announced = 0`).
 *
 * The trade password (checkPass) is checked with attempt limits like sign-in (5 failures in 15 minutes, then
 * refused even when right, with the wait); one compare at a time per user, and a failure is counted only after
 * a wrong compare (SAFE-26), so parallel guesses cannot slip past the limit and parallel right ones all pass.
 */
import { Decimal } from '../../../src/shared/decimal';
import { assetDecimals } from '../../../src/shared/amount';
import type { AllSettings } from '../../../src/shared/schemas/settings';
import type { Withdrawal, WithdrawChannel, WithdrawPage } from '../../../src/shared/schemas/withdraw';
import {
  describeWithdrawProblem,
  platformDayStart,
  quoteWithdrawal,
  type ChannelRules,
  type GeneralRules,
} from '../../../src/shared/wallet/withdrawRules';
import { addressFormat, describeAddressFormat, normalizeAddress } from '../../../src/shared/wallet/withdrawAddress';
import { withdrawChannelsLikeDeposits } from '../../../src/shared/wallet/depositNetworks';
import { ApiFail } from '../http/failures';
import { FAILURE_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT, tooManyMessage } from '../identity/attempts';
import type { Ledger } from '../ledger/service';
import type { HouseAccount } from '../ledger/types';
import type { Clock } from '../time/clock';
import type { Job } from '../time/scheduler';
import { toWithdrawal, type WithdrawalStore, type WithdrawalRow } from './store';

export interface WithdrawSettings {
  general(): AllSettings['WITHDRAWAL_SETTING'];
  channels(): AllSettings['WITHDRAWAL_CHANNEL_SETTING'];
  /** The deposit coins (WORD-7: withdraw offers its channels in the deposit screen's order). */
  assetCoins(): AllSettings['ASSET_COIN'];
  /** The platform time zone, e.g. "+08:00". */
  timeZone(): string;
}

export interface WithdrawalsDeps {
  store: WithdrawalStore;
  ledger: Ledger;
  clock: Clock;
  settings: WithdrawSettings;
  /** Auto-approval: amounts at or below this (in the coin's units) are approved after `autoApproveDelayMs`; "0" = off. */
  autoApproveMax: string;
  autoApproveDelayMs: number;
  /** Tells the user's open tabs (the private socket); absent in the operator CLI (the server's job announces). */
  statusChanged?: (userId: number, event: { kind: string; id: number; status: string }) => void;
}

export interface SubmitInput {
  coin: string;
  type: string;
  address: string;
  amount: string;
  /** The Idempotency-Key the submission came with (found again by getWithdrawStatus?key=). */
  clientKey?: string;
}

export interface Secrets {
  tradePwdHash: string | null;
  verify(password: string, hash: string): Promise<boolean>;
}

export const MSG_WRONG_TRADE_PASSWORD = 'Wrong trade password';

function offsetMinutes(tz: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(tz);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

function channelRules(c: AllSettings['WITHDRAWAL_CHANNEL_SETTING'][number]): ChannelRules {
  const coin = c.rechargeType.toUpperCase();
  return {
    type: c.rechargeName,
    coin,
    open: c.status,
    fee: c.fee,
    ratio: c.ratio,
    freeNum: c.freeNum,
    dayWithdrawalNum: c.dayWithdrawalNum,
    min: c.withdrawalMix,
    max: c.withdrawalMax,
    precision: assetDecimals(coin),
  };
}

function generalRules(g: AllSettings['WITHDRAWAL_SETTING']): GeneralRules {
  return {
    limitTime: g.limitTime,
    limitTimeStart: g.limitTimeStart,
    limitTimeEnd: g.limitTimeEnd,
    checkPass: g.checkPass,
    checkCode: g.checkCode,
  };
}

export class Withdrawals {
  /** Per user, the end of the trade password compare in progress (SAFE-26). */
  private readonly passwordTurns = new Map<number, Promise<void>>();

  constructor(private readonly deps: WithdrawalsDeps) {}

  private announce(w: WithdrawalRow): void {
    const notify = this.deps.statusChanged;
    if (notify) queueMicrotask(() => notify(w.user_id, { kind: 'withdraw', id: w.id, status: w.status }));
  }

  /** The channels offered to `userId` (WORD-7): deposit's coins and order; another coin only to its holders. */
  private offered(userId: number) {
    const { settings, ledger } = this.deps;
    return withdrawChannelsLikeDeposits(
      { ASSET_COIN: settings.assetCoins(), WITHDRAWAL_CHANNEL_SETTING: settings.channels() },
      (coin) => {
        const b = ledger.balance(userId, 'platform', coin);
        return !new Decimal(b.available).plus(b.frozen).isZero();
      },
    );
  }

  private findChannel(userId: number, type: string) {
    return this.offered(userId).find((ch) => ch.rechargeName.toUpperCase() === type.toUpperCase());
  }

  /** getWithDrawCoinList: each open channel with the rules that apply to `userId` now. */
  channels(userId: number): WithdrawChannel[] {
    const general = this.deps.settings.general();
    const tz = this.deps.settings.timeZone();
    const off = offsetMinutes(tz);
    const now = this.deps.clock.now();
    const since = platformDayStart(now, off);
    return this.offered(userId)
      .filter((c) => c.status)
      .map((c) => {
        const ch = channelRules(c);
        const usedToday = this.deps.store.countSince(userId, ch.type, since);
        const available = this.deps.ledger.balance(userId, 'platform', ch.coin).available;
        const q = quoteWithdrawal(ch, generalRules(general), { usedToday, available, now, offsetMinutes: off }, '');
        return {
          coin: ch.coin,
          type: ch.type,
          addressFormat: addressFormat(ch.type, c.type === 1),
          open: ch.open,
          fee: new Decimal(ch.fee).toFixed(),
          ratio: new Decimal(ch.ratio).toFixed(),
          freeNum: ch.freeNum,
          dayWithdrawalNum: ch.dayWithdrawalNum,
          min: new Decimal(ch.min).toFixed(),
          max: new Decimal(ch.max).toFixed(),
          precision: ch.precision,
          usedToday,
          freeLeft: q.freeLeft,
          countLeft: q.countLeft,
          limitTime: general.limitTime,
          limitTimeStart: general.limitTimeStart,
          limitTimeEnd: general.limitTimeEnd,
          timeZone: tz,
          offsetMinutes: off,
          inWindow: q.inWindow,
          checkPass: general.checkPass,
          checkCode: general.checkCode,
          available,
          maxAmount: q.maxAmount,
        };
      });
  }

  /** Whether a verification code is required now (WITHDRAWAL_SETTING.checkCode). */
  needsCode(): boolean {
    return this.deps.settings.general().checkCode;
  }

  /**
   * The trade password with attempt limits (WDR-12), when the settings require it. Async (the hash): the
   * route's `before`. Throws ApiFail naming the problem.
   */
  async checkTradePassword(userId: number, pwd: string | undefined, secrets: Secrets): Promise<void> {
    if (!this.deps.settings.general().checkPass) return;
    await this.oneAtATime(userId, () => this.compareTradePassword(userId, pwd, secrets));
  }

  /**
   * One compare at a time per user: parallel guesses cannot slip past the limit, although a failure is only
   * counted after a wrong compare (SAFE-26), so parallel calls with the right password all pass.
   */
  private async oneAtATime(userId: number, fn: () => Promise<void>): Promise<void> {
    const run = (this.passwordTurns.get(userId) ?? Promise.resolve()).then(fn);
    const tail = run.catch(() => undefined);
    this.passwordTurns.set(userId, tail);
    try {
      await run;
    } finally {
      if (this.passwordTurns.get(userId) === tail) this.passwordTurns.delete(userId);
    }
  }

  private async compareTradePassword(userId: number, pwd: string | undefined, secrets: Secrets): Promise<void> {
    const { store, clock } = this.deps;
    const now = clock.now();
    // Only reads: the failure is counted below, after a wrong compare.
    const recent = store.failuresSince(userId, now - FAILURE_WINDOW_MS);
    if (recent.length >= MAX_FAILURES_PER_ACCOUNT) {
      const oldest = recent[MAX_FAILURES_PER_ACCOUNT - 1];
      throw new ApiFail(`Trade password: ${tooManyMessage(oldest + FAILURE_WINDOW_MS - now)}`);
    }
    if (!pwd) throw new ApiFail('Trade password: enter your trade password');
    if (!secrets.tradePwdHash) throw new ApiFail('Trade password: set a trade password first');
    if (!(await secrets.verify(pwd, secrets.tradePwdHash))) {
      store.addFailure(userId, now, now - FAILURE_WINDOW_MS);
      const left = Math.max(0, MAX_FAILURES_PER_ACCOUNT - recent.length - 1);
      throw new ApiFail(
        left > 0
          ? `${MSG_WRONG_TRADE_PASSWORD} (${left} attempt${left === 1 ? '' : 's'} left)`
          : `${MSG_WRONG_TRADE_PASSWORD}: ${tooManyMessage(FAILURE_WINDOW_MS)}`,
      );
    }
    store.clearFailures(userId);
  }

  /**
   * Checks every rule and holds amount + fee; synchronous, so it runs inside the route's transaction with the
   * stored idempotent reply. Throws ApiFail with the rule's message; nothing is written then.
   */
  submit(userId: number, input: SubmitInput): Withdrawal {
    const { store, ledger, clock, settings } = this.deps;
    const c = this.findChannel(userId, input.type);
    if (!c || !c.status) throw new ApiFail(`Withdrawals on ${input.type} are not offered`);
    const ch = channelRules(c);
    if (ch.coin !== input.coin.toUpperCase()) throw new ApiFail(`${ch.type} withdraws ${ch.coin}, not ${input.coin}`);
    const format = addressFormat(ch.type, c.type === 1);
    const address = normalizeAddress(input.address, format);
    if (!address) throw new ApiFail(`Address: ${describeAddressFormat(format)}`);
    return ledger.transaction(() => {
      const now = clock.now();
      const off = offsetMinutes(settings.timeZone());
      const usedToday = store.countSince(userId, ch.type, platformDayStart(now, off));
      const available = ledger.balance(userId, 'platform', ch.coin).available;
      const q = quoteWithdrawal(
        ch,
        generalRules(settings.general()),
        { usedToday, available, now, offsetMinutes: off },
        input.amount,
      );
      if (q.problems.length) throw new ApiFail(describeWithdrawProblem(q.problems[0], ch.coin));
      const id = store.insert({
        userId,
        coin: ch.coin,
        type: ch.type,
        address,
        amount: q.receive,
        fee: q.fee,
        total: q.total,
        clientKey: input.clientKey ?? null,
        now,
      });
      const { hold } = ledger.hold({
        kind: 'withdraw',
        ref: String(id),
        userId,
        account: 'platform',
        coin: ch.coin,
        amount: q.total,
        memo: `${ch.type} ${address}`,
      });
      store.setHold(id, hold.id);
      const row = store.byId(id)!;
      this.announce(row);
      return toWithdrawal(row);
    });
  }

  private end(id: number, to: 'done' | 'rejected' | 'cancelled', reason: string, userId?: number): Withdrawal {
    const { store, ledger, clock } = this.deps;
    return ledger.transaction(() => {
      const w = store.byId(id);
      if (!w || (userId !== undefined && w.user_id !== userId)) throw new ApiFail(`No withdrawal ${id}`);
      if (w.status !== 'pending') throw new ApiFail(`Withdrawal ${id} is already ${w.status}`);
      if (w.hold_id === null) throw new Error(`withdrawal ${id} has no hold`);
      const cause = { kind: `withdraw_${to}` as const, ref: String(id), userId: w.user_id, memo: reason || undefined };
      if (to === 'done') {
        const parts: { house: HouseAccount; amount: string }[] = [{ house: 'house:withdrawals', amount: w.amount }];
        if (!new Decimal(w.fee).isZero()) parts.push({ house: 'house:fees', amount: w.fee });
        ledger.settle(w.hold_id, { ...cause, to: parts });
      } else {
        ledger.release(w.hold_id, cause);
      }
      if (!store.finish(id, to, reason, clock.now(), this.deps.statusChanged !== undefined))
        throw new ApiFail(`Withdrawal ${id} is no longer pending`);
      const row = store.byId(id)!;
      this.announce(row);
      return toWithdrawal(row);
    });
  }

  /** The operator (or auto-approval): pending -> done; the hold is posted to the house. */
  approve(id: number): Withdrawal {
    return this.end(id, 'done', '');
  }

  /** The operator: pending -> rejected; the hold returns to the user. */
  reject(id: number, reason: string): Withdrawal {
    return this.end(id, 'rejected', reason.trim().slice(0, 200));
  }

  /** The user: their own pending withdrawal -> cancelled; the hold returns. */
  cancel(userId: number, id: number): Withdrawal {
    return this.end(id, 'cancelled', '', userId);
  }

  list(userId: number, pageNum: number, pageSize: number): WithdrawPage {
    const p = this.deps.store.page(userId, pageNum, pageSize);
    return { rows: p.rows.map(toWithdrawal), total: p.total };
  }

  /** By id, by the key it was submitted with, or the latest pending; null when there is none. */
  status(userId: number, q: { id?: number; key?: string }): Withdrawal | null {
    const { store } = this.deps;
    let row: WithdrawalRow | undefined;
    if (q.id !== undefined) row = store.byId(q.id);
    else if (q.key) row = store.byKey(userId, q.key);
    else row = store.latestPending(userId);
    return row && row.user_id === userId ? toWithdrawal(row) : null;
  }

  /** For the operator CLI. */
  all(status?: Withdrawal['status'], limit = 100): WithdrawalRow[] {
    return this.deps.store.allOf(status, limit);
  }

  /**
   * The server's job (WDR-13): approves pending withdrawals at or below the auto-approval amount once they
   * have been pending `autoApproveDelayMs` (so the user sees "pending" first), and announces changes the
   * operator CLI made from another process.
   */
  job(everyMs = 1000): Job {
    return {
      name: 'withdrawals',
      everyMs,
      step: (now) => {
        const { store, autoApproveMax, autoApproveDelayMs } = this.deps;
        for (const w of store.takeUnannounced()) this.announce(w);
        const max = new Decimal(autoApproveMax);
        if (max.isZero()) return;
        // SAFE-24: the eligible ones by query, so large pending withdrawals never stall small ones.
        for (const w of store.eligibleForAutoApproval(now - autoApproveDelayMs, max.toFixed(), 100)) {
          try {
            this.approve(w.id);
          } catch (err) {
            // Cancelled meanwhile: nothing to approve.
            if (!(err instanceof ApiFail)) throw err;
          }
        }
      },
    };
  }
}

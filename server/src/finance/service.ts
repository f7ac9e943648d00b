/**
 * Finance products (FIN-1..10 in docs/spec/finance.md): subscriptions, the daily interest run, redemption,
 * maturity and renewal. Money moves only through the ledger:
 * - subscribe: `finance_subscribe` (platform -> finance, the user's own accounts) and the hold `finance_lock` on
 *   the finance account for the principal, with the holding's row, in one transaction;
 * - interest, settlement type 1: `finance_interest` (house:interest -> platform) per (holding, day), in the same
 *   transaction as the UNIQUE (holding, day) row; type 2: the row alone (accrued), paid at the end of the term or
 *   at redemption as one `finance_interest` row (reference "holding H term T");
 * - redemption and maturity: `finance_unlock` (release of the hold) and `finance_return` (finance -> platform);
 * - renewal: the hold stays, the term moves on.
 * Every interest payment calls the `onInterest` listeners inside its transaction (the proxy's commission).
 */
import { Decimal } from '../../../src/shared/decimal';
import {
  DAY_MS,
  checkSubscription,
  interestStart,
  maturityOf,
  utcDayStart,
  dailyInterest,
} from '../../../src/shared/earn/financeRules';
import type {
  FinanceEvent,
  FinanceHistoryPage,
  FinanceHolding,
  FinanceHoldingPage,
  FinanceProduct,
  FinanceRedeemResult,
  FinanceSubscribeBody,
  FinanceSummary,
} from '../../../src/shared/schemas/finance';
import type { AllSettings } from '../../../src/shared/schemas/settings';
import { ApiFail } from '../http/failures';
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import { daysOwed, nextTerm, termEnded, utcDate } from './accrual';
import type { InterestListener } from './hooks';
import type { FinanceStore, HoldingRow, ProductRow } from './store';

export type MingSetting = AllSettings['MING_SETTLEMENT_SETTING'];

export interface FinanceDeps {
  store: FinanceStore;
  ledger: Ledger;
  clock: Clock;
  /** MING_SETTLEMENT_SETTING, read at use time (FIN-4). */
  setting(): MingSetting;
  /** The languages to name a product in for a request in `lang`, best first (OPC-2). */
  languages(lang: string): string[];
  onError(err: unknown, context: object): void;
}

const INTEREST_HOUSE = 'house:interest' as const;
const ZERO = new Decimal(0);
const sum = (xs: readonly string[]) => xs.reduce((s, x) => s.plus(x), ZERO);

export class FinanceService {
  private readonly listeners = new Set<InterestListener>();

  constructor(private readonly deps: FinanceDeps) {}

  /** Registers a listener of interest payments (run inside the paying transaction); returns its removal. */
  onInterest(listener: InterestListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- products (FIN-1) ----

  products(filter: { coin?: string; kind?: 'flexible' | 'fixed' } = {}, lang = 'en'): FinanceProduct[] {
    const s = this.deps.setting();
    const coin = filter.coin?.toUpperCase();
    const langs = this.deps.languages(lang);
    return this.deps.store
      .products()
      .filter((p) => (!coin || p.coin === coin) && (!filter.kind || p.kind === filter.kind))
      .map((p) => this.view(p, s, langs));
  }

  product(id: number, lang = 'en'): FinanceProduct {
    const p = this.deps.store.product(id);
    if (!p) throw new ApiFail('No such product');
    return this.view(p, this.deps.setting(), this.deps.languages(lang));
  }

  private remaining(p: ProductRow): Decimal {
    const left = new Decimal(p.quota).minus(sum(this.deps.store.activePrincipals(p.id)));
    return left.isNegative() ? ZERO : left;
  }

  private view(p: ProductRow, s: MingSetting, langs: readonly string[]): FinanceProduct {
    return {
      id: p.id,
      coin: p.coin,
      name: this.deps.store.productName(p, langs),
      kind: p.kind,
      termDays: p.termDays,
      apr: p.apr,
      minAmount: p.minAmount,
      maxAmount: p.maxAmount,
      quota: p.quota,
      remaining: this.remaining(p).toFixed(),
      earlyRedeem: p.earlyRedeem,
      autoRenewAllowed: p.autoRenewAllowed,
      settlementType: s.settlementType,
      settlementDay: s.settlementDay,
      open: s.useEnable && p.enabled,
    };
  }

  // ---- subscribe (FIN-2, FIN-6) ----

  subscribe(userId: number, body: FinanceSubscribeBody, lang = 'en'): FinanceHolding {
    const { store, ledger, clock } = this.deps;
    const langs = this.deps.languages(lang);
    return ledger.transaction(() => {
      const p = store.product(body.productId);
      if (!p) throw new ApiFail('No such product');
      const s = this.deps.setting();
      const product = this.view(p, s, langs);
      const held = sum(store.activePrincipals(p.id, userId)).toFixed();
      const { available } = ledger.balance(userId, 'platform', p.coin);
      const check = checkSubscription(product, body.amount, { available, held });
      if (!check.ok) throw new ApiFail(check.message);
      const now = clock.now();
      const amount = new Decimal(body.amount.trim()).toFixed();
      const interestFrom = interestStart(now, s.settlementDay);
      const id = store.insertHolding({
        userId,
        productId: p.id,
        coin: p.coin,
        apr: p.apr,
        principal: amount,
        settlementType: s.settlementType === 2 ? 2 : 1,
        subscribedAt: now,
        interestFrom,
        maturesAt: maturityOf(interestFrom, p.termDays),
        nextDay: interestFrom,
        autoRenew: p.autoRenewAllowed && p.kind === 'fixed' && body.autoRenew,
      });
      const ref = `holding ${id}`;
      ledger.post({
        kind: 'finance_subscribe',
        ref,
        userId,
        memo: p.name,
        entries: [
          { userId, account: 'platform', coin: p.coin, amount: `-${amount}` },
          { userId, account: 'finance', coin: p.coin, amount },
        ],
      });
      const { hold } = ledger.hold({ kind: 'finance_lock', ref, userId, account: 'finance', coin: p.coin, amount });
      store.setHold(id, hold.id);
      store.insertEvent({ userId, holdingId: id, time: now, kind: 'subscribe', amount, day: null });
      return this.holdingView(store.holding(id)!, langs);
    });
  }

  // ---- holdings, summary, history ----

  holdings(
    userId: number,
    q: { status: 'active' | 'ended'; pageNum: number; pageSize: number },
    lang = 'en',
  ): FinanceHoldingPage {
    const ended = q.status === 'ended';
    const rows = this.deps.store.holdingsOf(userId, ended, q.pageSize, (q.pageNum - 1) * q.pageSize);
    const langs = this.deps.languages(lang);
    return {
      total: this.deps.store.countHoldings(userId, ended),
      rows: rows.map((h) => this.holdingView(h, langs)),
    };
  }

  holdingView(h: HoldingRow, langs: readonly string[] = ['en']): FinanceHolding {
    const p = this.deps.store.product(h.productId)!;
    const rows = this.deps.store.interestOf(h.id);
    const accrued = sum(rows.filter((r) => r.status === 'accrued').map((r) => r.amount));
    const paid = sum(rows.filter((r) => r.status === 'paid').map((r) => r.amount));
    return {
      id: h.id,
      productId: h.productId,
      productName: this.deps.store.productName(p, langs),
      coin: h.coin,
      kind: p.kind,
      apr: h.apr,
      principal: h.principal,
      accrued: accrued.toFixed(),
      paid: paid.toFixed(),
      subscribedAt: h.subscribedAt,
      interestFrom: h.interestFrom,
      maturesAt: h.maturesAt,
      autoRenew: h.autoRenew,
      status: h.status,
      endedAt: h.endedAt,
      redeemable: h.status === 'active' && (p.kind === 'flexible' || p.earlyRedeem !== 'none'),
    };
  }

  /** Active principal per coin (the proxy programme reads it). */
  holdingsOf(userId: number): { coin: string; principal: string }[] {
    const by = new Map<string, Decimal>();
    for (const h of this.deps.store.activeOf(userId)) by.set(h.coin, (by.get(h.coin) ?? ZERO).plus(h.principal));
    return [...by].map(([coin, principal]) => ({ coin, principal: principal.toFixed() }));
  }

  summary(userId: number): FinanceSummary {
    const yesterday = utcDayStart(this.deps.clock.now()) - DAY_MS;
    type Row = { principal: Decimal; accrued: Decimal; paid: Decimal; yesterday: Decimal };
    const by = new Map<string, Row>();
    const row = (coin: string): Row => {
      let r = by.get(coin);
      if (!r) by.set(coin, (r = { principal: ZERO, accrued: ZERO, paid: ZERO, yesterday: ZERO }));
      return r;
    };
    for (const h of this.deps.store.activeOf(userId)) row(h.coin).principal = row(h.coin).principal.plus(h.principal);
    for (const i of this.deps.store.interestOfUser(userId)) {
      const r = row(i.coin);
      if (i.status === 'accrued') r.accrued = r.accrued.plus(i.amount);
      if (i.status === 'paid') r.paid = r.paid.plus(i.amount);
      if (i.day === yesterday && i.status !== 'forfeited') r.yesterday = r.yesterday.plus(i.amount);
    }
    return {
      rows: [...by].map(([coin, r]) => ({
        coin,
        principal: r.principal.toFixed(),
        accrued: r.accrued.toFixed(),
        paid: r.paid.toFixed(),
        yesterday: r.yesterday.toFixed(),
      })),
    };
  }

  history(
    userId: number,
    q: { kind?: FinanceEvent['kind']; pageNum: number; pageSize: number },
    lang = 'en',
  ): FinanceHistoryPage {
    const rows = this.deps.store.events(userId, q.kind, q.pageSize, (q.pageNum - 1) * q.pageSize);
    const langs = this.deps.languages(lang);
    return {
      total: this.deps.store.countEvents(userId, q.kind),
      rows: rows.map((e) => ({
        id: String(e.id),
        time: e.time,
        kind: e.kind,
        holdingId: e.holdingId,
        productName: this.deps.store.productName({ id: e.productId, name: e.productName }, langs),
        coin: e.coin,
        amount: e.amount,
        day: e.day,
      })),
    };
  }

  // ---- redemption (FIN-5), auto-renewal (FIN-8) ----

  private own(userId: number, holdingId: number): HoldingRow {
    const h = this.deps.store.holding(holdingId);
    if (!h || h.userId !== userId) throw new ApiFail('No such holding');
    if (h.status === 'matured' && h.maturesAt !== null)
      throw new ApiFail(
        `This holding matured on ${utcDate(h.maturesAt)}: its principal and interest are back in your platform account`,
      );
    if (h.status !== 'active') throw new ApiFail(`This holding has already been ${h.status}`);
    return h;
  }

  redeem(userId: number, holdingId: number): FinanceRedeemResult {
    const { store, ledger, clock } = this.deps;
    return ledger.transaction(() => {
      // Settle what the daily run owes first, so a redemption never loses an ended day.
      this.settle(holdingId, clock.now());
      const h = this.own(userId, holdingId);
      const p = store.product(h.productId)!;
      const early = p.kind === 'fixed';
      if (early && p.earlyRedeem === 'none')
        throw new ApiFail(`This product cannot be redeemed before it matures on ${utcDate(h.maturesAt!)}`);
      const accrued = sum(
        store
          .interestOf(h.id)
          .filter((r) => r.status === 'accrued')
          .map((r) => r.amount),
      );
      let interest = ZERO;
      let forfeited = ZERO;
      if (early) {
        forfeited = accrued;
        store.closeAccrued(h.id, 'forfeited', null);
      } else interest = this.payAccrued(h, clock.now());
      this.end(h, 'redeemed', clock.now());
      return {
        holding: this.holdingView(store.holding(h.id)!),
        principal: h.principal,
        interest: interest.toFixed(),
        forfeited: forfeited.toFixed(),
      };
    });
  }

  setAutoRenew(userId: number, holdingId: number, autoRenew: boolean): FinanceHolding {
    const { store, ledger } = this.deps;
    return ledger.transaction(() => {
      const h = this.own(userId, holdingId);
      const p = store.product(h.productId)!;
      if (p.kind !== 'fixed') throw new ApiFail('A flexible holding has no term to renew');
      if (autoRenew && !p.autoRenewAllowed) throw new ApiFail('This product does not renew');
      store.setAutoRenew(h.id, autoRenew);
      return this.holdingView(store.holding(h.id)!);
    });
  }

  // ---- the daily run (FIN-3, FIN-7) ----

  /** Pays every day owed and ends or renews every term ended at `now`; returns how many days were settled. */
  runDaily(now: number): number {
    let n = 0;
    for (const h of this.deps.store.due(utcDayStart(now), now)) {
      try {
        n += this.deps.ledger.transaction(() => this.settle(h.id, now));
      } catch (err) {
        this.deps.onError(err, { event: 'finance_daily_error', holdingId: h.id });
      }
    }
    return n;
  }

  /** One holding's run at `now` (inside a transaction): its days owed, then maturity or renewal, repeated. */
  private settle(holdingId: number, now: number): number {
    const { store } = this.deps;
    let n = 0;
    for (;;) {
      const h = store.holding(holdingId);
      if (!h || h.status !== 'active') return n;
      for (const day of daysOwed(h, now)) if (this.payDay(h, day, now)) n++;
      const owed = daysOwed(h, now);
      if (owed.length) store.setNextDay(h.id, owed[owed.length - 1] + DAY_MS);
      if (!termEnded(h, now)) return n;
      const p = store.product(h.productId)!;
      const open = this.deps.setting().useEnable && p.enabled;
      this.payAccrued(h, now);
      if (h.autoRenew && p.autoRenewAllowed && open) {
        store.renew(h.id, nextTerm({ ...h, maturesAt: h.maturesAt! }, p.termDays));
        store.insertEvent({
          userId: h.userId,
          holdingId: h.id,
          time: now,
          kind: 'renew',
          amount: h.principal,
          day: null,
        });
        continue;
      }
      this.end(h, 'matured', now);
      return n;
    }
  }

  /** One day's interest: the UNIQUE row, and for type 1 its payment, together; false when already settled. */
  private payDay(h: HoldingRow, day: number, now: number): boolean {
    const { store, ledger } = this.deps;
    const amount = dailyInterest(h.principal, h.apr, h.coin);
    const zero = new Decimal(amount).isZero();
    const status = h.settlementType === 1 || zero ? 'paid' : 'accrued';
    if (!store.insertInterest({ holdingId: h.id, day, amount, status, journalId: null }, now)) return false;
    if (zero || h.settlementType !== 1) return true;
    const ref = `holding ${h.id} day ${day / DAY_MS}`;
    const j = ledger.post({
      kind: 'finance_interest',
      ref,
      userId: h.userId,
      entries: [
        { house: INTEREST_HOUSE, coin: h.coin, amount: `-${amount}` },
        { userId: h.userId, account: 'platform', coin: h.coin, amount },
      ],
    });
    store.setInterestJournal(h.id, day, j.id);
    store.insertEvent({ userId: h.userId, holdingId: h.id, time: now, kind: 'interest', amount, day });
    this.tell({ ref, userId: h.userId, holdingId: h.id, coin: h.coin, amount, day, time: now });
    return true;
  }

  /** Pays a holding's accrued interest (type 2) in one row; returns the amount paid. */
  private payAccrued(h: HoldingRow, now: number): Decimal {
    const { store, ledger } = this.deps;
    const rows = store.interestOf(h.id).filter((r) => r.status === 'accrued');
    const total = sum(rows.map((r) => r.amount));
    if (total.isZero()) {
      if (rows.length) store.closeAccrued(h.id, 'paid', null);
      return ZERO;
    }
    const amount = total.toFixed();
    const ref = `holding ${h.id} term ${h.term}`;
    const j = ledger.post({
      kind: 'finance_interest',
      ref,
      userId: h.userId,
      entries: [
        { house: INTEREST_HOUSE, coin: h.coin, amount: `-${amount}` },
        { userId: h.userId, account: 'platform', coin: h.coin, amount },
      ],
    });
    store.closeAccrued(h.id, 'paid', j.id);
    const day = rows[rows.length - 1].day;
    store.insertEvent({ userId: h.userId, holdingId: h.id, time: now, kind: 'interest', amount, day });
    this.tell({ ref, userId: h.userId, holdingId: h.id, coin: h.coin, amount, day, time: now });
    return total;
  }

  /** Ends a holding: the hold released and the principal back to the platform account. */
  private end(h: HoldingRow, status: 'redeemed' | 'matured', now: number): void {
    const { store, ledger } = this.deps;
    if (!store.end(h.id, status, now)) throw new ApiFail(`This holding has already been ${status}`);
    const ref = `holding ${h.id}`;
    if (h.holdId !== null) ledger.release(h.holdId, { kind: 'finance_unlock', ref, userId: h.userId });
    ledger.post({
      kind: 'finance_return',
      ref,
      userId: h.userId,
      entries: [
        { userId: h.userId, account: 'finance', coin: h.coin, amount: `-${h.principal}` },
        { userId: h.userId, account: 'platform', coin: h.coin, amount: h.principal },
      ],
    });
    store.insertEvent({
      userId: h.userId,
      holdingId: h.id,
      time: now,
      kind: status === 'redeemed' ? 'redeem' : 'mature',
      amount: h.principal,
      day: null,
    });
  }

  private tell(e: Parameters<InterestListener>[0]): void {
    for (const l of this.listeners) l(e);
  }
}

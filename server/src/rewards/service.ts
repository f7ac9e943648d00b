/**
 * Invitations and rebates, VIP levels (REB and VIP rules, docs/spec/rewards.md).
 *
 * - The invitation tree is `users.invited_by` (registration records it, REB-1): levels 1..3 above a user are
 *   their inviter, the inviter's inviter and theirs.
 * - `onFee` is the trading-fee listener (events/tradingFees.ts): inside the fee's own ledger transaction, while
 *   FINANCIAL_REBATE_SETTING is open and its ratios are valid (REB-2), the shares of `rebateShares` go from
 *   `house:fees` to the inviters' platform accounts in one journal row of kind `rebate` per fee (REB-3, REB-4),
 *   once per fee however often it is told.
 * - VIP (VIP-1..4): the operator's table checked whole by `checkVipTable`; an inconsistent one is refused (VIP
 *   stays off, the reply says why, the log says it once); the level from the 30-day spot and futures volume in
 *   USDT; `discount(userId)` is what the spot and futures services take off each fee.
 */
import { Decimal } from '../../../src/shared/decimal';
import {
  REBATE_LEVELS,
  rebateRatiosProblem,
  rebateShares,
  type RebateRatios,
} from '../../../src/shared/rewards/rebateRules';
import { checkVipTable, vipLevelOf, vipNext, type VipTable } from '../../../src/shared/rewards/vipRules';
import type { InviteInfo, InviteePage, RebatePage, VipInfo } from '../../../src/shared/schemas/rewards';
import type { FeePaid } from '../events/tradingFees';
import type { Leg, Ledger } from '../ledger/service';
import { maskCustomer, maskedNames } from '../proxy/service';
import type { Clock } from '../time/clock';
import type { RewardsStore } from './store';

export const FEES_HOUSE = 'house:fees';
export const REBATE_KIND = 'rebate';
const USDT = 'USDT';
const DAY = 86_400_000;
/** VIP-3: the volume window. */
export const VIP_WINDOW_MS = 30 * DAY;
const BY_DAY_DAYS = 30;
const BY_INVITEE_MAX = 50;

export interface RebateSetting {
  isOpen: boolean;
  ratios: RebateRatios;
}

export interface RewardsDeps {
  store: RewardsStore;
  ledger: Ledger;
  clock: Clock;
  /** FINANCIAL_REBATE_SETTING now. */
  rebateSetting(): RebateSetting;
  /** VIP_LEVEL_SETTING (with isOpen) and VIP_DIRECTIONS_SETTING now. */
  vipSetting(): { isOpen: boolean; table: Record<string, unknown>; directions: Record<string, unknown>[] };
  /** LOGIN_REGIS_SETTING inviteCodeRequired now. */
  inviteCodeRequired(): boolean;
  /** The contract size of a futures pair (coins per share), undefined when not listed. */
  shareNumber(symbol: string): string | undefined;
  /** The operator's log: a refused setting, said once per distinct problem. */
  warn(event: string, problem: string): void;
}

const dayOf = (t: number) => Math.floor(t / DAY) * DAY;
const add = (m: Map<string, Decimal>, k: string, v: string) => m.set(k, (m.get(k) ?? new Decimal(0)).plus(v));

export class RewardsService {
  private readonly warned = new Set<string>();

  constructor(private readonly deps: RewardsDeps) {}

  private warnOnce(event: string, problem: string): void {
    const key = `${event}:${problem}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.deps.warn(event, problem);
  }

  /** REB-2: the rebate terms in force, or why there are none. */
  private rebates(): RebateSetting & { problem: string | null } {
    const s = this.deps.rebateSetting();
    const problem = rebateRatiosProblem(s.ratios);
    if (problem && s.isOpen) this.warnOnce('rebate_setting_refused', problem);
    return { ...s, problem };
  }

  /** The inviters at levels 1..3 above a user (fewer when the tree is shallower). */
  inviters(userId: number): number[] {
    const out: number[] = [];
    const seen = new Set([userId]);
    let at = userId;
    while (out.length < REBATE_LEVELS) {
      const up = this.deps.store.inviterOf(at);
      if (up === null || seen.has(up)) break;
      out.push(up);
      seen.add(up);
      at = up;
    }
    return out;
  }

  /**
   * REB-3, REB-4: the trading-fee listener. Runs inside the fee's transaction; its own writes are one savepoint
   * (a failure undoes them and is reported by the hub, the fee stays).
   */
  readonly onFee = (e: FeePaid): void => {
    const { store, ledger, clock } = this.deps;
    const terms = this.rebates();
    if (!terms.isOpen || terms.problem !== null) return;
    const inviters = this.inviters(e.userId);
    if (inviters.length === 0) return;
    const coin = e.coin.toUpperCase();
    const shares = rebateShares(e.amount, coin, terms.ratios);
    const paid = inviters
      .map((inviterId, i) => ({ inviterId, level: i + 1, amount: shares[i] }))
      .filter((p) => new Decimal(p.amount).gt(0));
    if (paid.length === 0) return;
    ledger.transaction(() => {
      if (store.rebateRowsOf(e.ref) > 0 || ledger.posted(REBATE_KIND, e.ref)) return;
      const total = paid.reduce((t, p) => t.plus(p.amount), new Decimal(0));
      const entries: Leg[] = [{ house: FEES_HOUSE, coin, amount: total.neg().toFixed() }];
      for (const p of paid) entries.push({ userId: p.inviterId, account: 'platform', coin, amount: p.amount });
      const journal = ledger.post({
        kind: REBATE_KIND,
        ref: e.ref,
        userId: paid[0].inviterId,
        memo: `rebate on a ${e.source} fee of ${e.amount} ${coin} paid by user ${e.userId}`,
        entries,
      });
      const now = clock.now();
      for (const p of paid)
        store.insertRebate({
          feeRef: e.ref,
          level: p.level,
          inviterId: p.inviterId,
          inviteeId: e.userId,
          source: e.source,
          coin,
          fee: new Decimal(e.amount).toFixed(),
          amount: p.amount,
          day: dayOf(now),
          time: now,
          journalId: journal.id,
        });
    });
  };

  /** REB-1, REB-2: the caller's code, link, the terms and the totals. */
  inviteInfo(userId: number): InviteInfo {
    const { store, clock } = this.deps;
    const code = store.inviteCode(userId) ?? '';
    const terms = this.rebates();
    const today = dayOf(clock.now());
    let earned = new Decimal(0);
    let earnedToday = new Decimal(0);
    const byCoin = new Map<string, Decimal>();
    for (const r of store.rebateAmounts(userId)) {
      add(byCoin, r.coin, r.amount);
      if (r.coin !== USDT) continue;
      earned = earned.plus(r.amount);
      if (r.day === today) earnedToday = earnedToday.plus(r.amount);
    }
    return {
      code,
      path: `/register?inviteCode=${encodeURIComponent(code)}`,
      rebateOpen: terms.isOpen && terms.problem === null,
      ratios: terms.ratios.map((r) => new Decimal(r).toFixed()) as [string, string, string],
      inviteCodeRequired: this.deps.inviteCodeRequired(),
      invitees: [1, 2, 3].map((l) => store.countInvitees(userId, l)) as [number, number, number],
      earned: earned.toFixed(),
      earnedToday: earnedToday.toFixed(),
      byCoin: [...byCoin.entries()].map(([coin, amount]) => ({ coin, amount: amount.toFixed() })),
    };
  }

  /** REB-1: the caller's invitees at levels 1..3, masked, newest first, with the USDT rebates each brought. */
  inviteList(userId: number, q: { pageNum: number; pageSize: number; level: number }): InviteePage {
    const { store } = this.deps;
    const brought = new Map<number, Decimal>();
    for (const r of store.rebateAmounts(userId))
      if (r.coin === USDT) brought.set(r.inviteeId, (brought.get(r.inviteeId) ?? new Decimal(0)).plus(r.amount));
    const rows = store.invitees(userId, q.level, q.pageSize, (q.pageNum - 1) * q.pageSize).map((u) => ({
      name: maskCustomer(u),
      level: u.level,
      joinedAt: u.joinedAt,
      rebate: (brought.get(u.id) ?? new Decimal(0)).toFixed(),
    }));
    return { total: store.countInvitees(userId, q.level), rows };
  }

  /** REB-3: the caller's rebate payments, newest first, with totals by UTC day and by invitee (per coin). */
  rebateList(userId: number, q: { pageNum: number; pageSize: number }): RebatePage {
    const { store } = this.deps;
    const nameOf = maskedNames((id) => store.person(id));
    const rows = store.rebates(userId, q.pageSize, (q.pageNum - 1) * q.pageSize).map((r) => ({
      id: r.id,
      time: r.time,
      day: r.day,
      invitee: nameOf(r.inviteeId),
      level: r.level,
      source: r.source,
      coin: r.coin,
      fee: r.fee,
      amount: r.amount,
    }));
    const days = new Map<string, Decimal>();
    const invitees = new Map<string, Decimal>();
    for (const r of store.rebateAmounts(userId)) {
      add(days, `${r.day}|${r.coin}`, r.amount);
      add(invitees, `${r.inviteeId}|${r.level}|${r.coin}`, r.amount);
    }
    const newestDays = [...new Set([...days.keys()].map((k) => Number(k.split('|')[0])))]
      .sort((a, b) => b - a)
      .slice(0, BY_DAY_DAYS);
    const keep = new Set(newestDays);
    const byDay = [...days.entries()]
      .map(([k, v]) => {
        const [day, coin] = k.split('|');
        return { day: Number(day), coin, amount: v.toFixed() };
      })
      .filter((d) => keep.has(d.day))
      .sort((a, b) => b.day - a.day || a.coin.localeCompare(b.coin));
    const byInvitee = [...invitees.entries()]
      .sort((a, b) => b[1].comparedTo(a[1]))
      .slice(0, BY_INVITEE_MAX)
      .map(([k, v]) => {
        const [id, level, coin] = k.split('|');
        return { invitee: nameOf(Number(id)), level: Number(level), coin, amount: v.toFixed() };
      });
    return { total: store.countRebates(userId), rows, byDay, byInvitee };
  }

  /** VIP-2: the operator's table in force: off, refused (with the problem) or the levels. */
  vipTable(): { open: boolean; problem: string | null; table: VipTable | null } {
    const s = this.deps.vipSetting();
    if (!s.isOpen) return { open: false, problem: null, table: null };
    const table = checkVipTable(s.table, s.directions);
    if (!table.ok) {
      this.warnOnce('vip_table_refused', table.problem);
      return { open: false, problem: table.problem, table };
    }
    return { open: true, problem: null, table };
  }

  /** VIP-3: the user's spot (quote amount) and futures (notional) fill volume in USDT over the last 30 days. */
  volume30d(userId: number): string {
    const { store, clock } = this.deps;
    const from = clock.now() - VIP_WINDOW_MS;
    let v = new Decimal(0);
    for (const t of store.spotTotals(userId, from)) v = v.plus(t);
    for (const f of store.futuresFills(userId, from)) {
      const size = this.deps.shareNumber(f.symbol);
      if (size !== undefined) v = v.plus(new Decimal(f.shares).times(size).times(f.price));
    }
    return v.toFixed();
  }

  /** VIP-1..4: what the VIP screen shows. */
  vipInfo(userId: number): VipInfo {
    const t = this.vipTable();
    if (!t.open || !t.table?.ok)
      return { open: false, problem: t.problem, volume30d: '0', level: 0, feeDiscount: '0', next: null, levels: [] };
    const levels = t.table.levels;
    const volume30d = this.volume30d(userId);
    const level = vipLevelOf(volume30d, levels);
    return {
      open: true,
      problem: null,
      volume30d,
      level,
      feeDiscount: levels[level].feeDiscount,
      next: vipNext(volume30d, level, levels),
      levels,
    };
  }

  /** VIP-4: the fraction taken off this user's spot and futures fees now ("0" while VIP is off or refused). */
  readonly discount = (userId: number): string => {
    const t = this.vipTable();
    if (!t.open || !t.table?.ok) return '0';
    return t.table.levels[vipLevelOf(this.volume30d(userId), t.table.levels)].feeDiscount;
  };
}

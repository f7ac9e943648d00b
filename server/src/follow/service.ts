/**
 * Following and the trader programme (COPY-4, COPY-7, COPY-16..18): follow, change, unfollow, the caller's
 * follows, the programme's rules and totals, applying, a lead's dashboard, and the broker records.
 *
 * - COPY-16 Following is refused, naming why: the trader is not a lead trader, it is the caller, the trader has no
 *   room (active followers at its limit), the caller already follows (follow) or does not (update, unfollow), or
 *   checkFollow's rule. A follow that ended can be followed again with new settings. Changing a stopped follow
 *   starts it again.
 * - COPY-17 Unfollowing ends the follow; with closePositions the open copies are closed at market, otherwise they
 *   stay open for the follower to close (their profit share is still paid when they close).
 * - COPY-18 A lead's nickname is 2 to 24 characters, unique (any case), and may not end in "· sim" (the simulated
 *   traders' mark); the share rate is a fraction from 0 to highRebate / 100 with at most 4 decimals.
 */
import { Decimal } from '../../../src/shared/decimal';
import { checkFollow } from '../../../src/shared/earn/followRules';
import type {
  Follow,
  FollowBody,
  TraderDashboard,
  TraderProgramme,
  TraderSummary,
} from '../../../src/shared/schemas/follow';
import type { BrokerRecordPage, RecordQuery } from '../../../src/shared/schemas/records';
import type { AllSettings } from '../../../src/shared/schemas/settings';
import type { FuturesService } from '../futures/service';
import type { Positions } from '../futures/positions';
import { ApiFail } from '../http/failures';
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import type { Mirror } from './mirror';
import type { FollowRow, FollowStore } from './store';
import type { TraderFigures } from './traders';

export interface FollowDeps {
  store: FollowStore;
  ledger: Ledger;
  futures: FuturesService;
  positions: Positions;
  mirror: Mirror;
  figures: TraderFigures;
  clock: Clock;
  setting(): AllSettings['TRADER_SETTING'];
}

const EVENTS_SHOWN = 30;
const SIM_MARK = /·\s*sim$/i;
const fix = (d: Decimal | string | number) => new Decimal(d).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6);

export class FollowService {
  constructor(private readonly d: FollowDeps) {}

  follow(userId: number, body: FollowBody): Follow {
    const { store, clock } = this.d;
    const trader = this.lead(body.traderId);
    if (body.traderId === userId) throw new ApiFail('You cannot follow yourself');
    this.check(body);
    const now = clock.now();
    return this.d.ledger.transaction(() => {
      const old = store.follow(userId, body.traderId);
      if (old && old.status !== 'ended')
        throw new ApiFail(`You already follow ${trader.nickname}: change the follow instead`);
      const n = store.activeCount(body.traderId);
      if (n >= trader.maxFollowers)
        throw new ApiFail(`${trader.nickname} has no room for more followers (${n} of ${trader.maxFollowers})`);
      const row = settingsOf(body);
      if (old) store.updateFollow({ ...old, ...row, status: 'active', createdAt: now, updatedAt: now });
      else
        store.insertFollow({
          followerId: userId,
          traderId: body.traderId,
          ...row,
          status: 'active',
          createdAt: now,
          updatedAt: now,
        });
      return this.view(store.follow(userId, body.traderId)!);
    });
  }

  update(userId: number, body: FollowBody): Follow {
    const { store, clock } = this.d;
    this.lead(body.traderId);
    this.check(body);
    return this.d.ledger.transaction(() => {
      const old = store.follow(userId, body.traderId);
      if (!old || old.status === 'ended') throw new ApiFail('You do not follow this trader');
      store.updateFollow({ ...old, ...settingsOf(body), status: 'active', updatedAt: clock.now() });
      return this.view(store.follow(userId, body.traderId)!);
    });
  }

  unfollow(userId: number, q: { traderId: number; closePositions: boolean }): Follow {
    const { store, clock, futures, positions } = this.d;
    const old = store.follow(userId, q.traderId);
    if (!old || old.status === 'ended') throw new ApiFail('You do not follow this trader');
    store.updateFollow({ ...old, status: 'ended', updatedAt: clock.now() });
    if (q.closePositions)
      for (const p of futures.deps.store.openPositionsOf(userId))
        if (p.copyOf === q.traderId && new Decimal(p.shares).gt(p.closingShares))
          try {
            positions.close(userId, { id: p.id });
          } catch (err) {
            if (!(err instanceof ApiFail)) throw err;
            store.insertEvent({
              followId: old.id,
              time: clock.now(),
              kind: 'skipped',
              symbol: p.symbol,
              message: `Could not close ${p.side} ${p.symbol.toUpperCase()}: ${err.message}`,
              amount: null,
            });
          }
    return this.view(store.follow(userId, q.traderId)!);
  }

  mine(userId: number): Follow[] {
    return this.d.store.followsOf(userId).map((f) => this.view(f));
  }

  programme(userId: number): TraderProgramme {
    const s = this.d.setting();
    const equity = this.equity(userId);
    const isTrader = !!this.d.store.trader(userId);
    const traders = this.d.store.traders();
    const aum = traders.reduce((sum, t) => sum.plus(this.d.figures.summary(t.userId).aum), new Decimal(0));
    const shares = this.d.store.allShares().reduce((sum, x) => sum.plus(x), new Decimal(0));
    return {
      isTrader,
      rules: [
        // `need` and `have` are figures the screen puts into its own sentence (FOLUI).
        {
          rule: 'equity',
          need: `${s.traderMinAmount} USDT`,
          have: `${fix(equity)} USDT`,
          met: equity.gte(s.traderMinAmount),
        },
        { rule: 'notTrader', need: '', have: '', met: !isTrader },
      ],
      shareRate: s.shareRate,
      defaultUserCount: s.defaultUserCount,
      maxUserCount: s.maxUserCount,
      traderMinAmount: s.traderMinAmount,
      highRebate: s.highRebate,
      totalTraders: traders.length,
      totalFollowers: this.d.store.allActiveCount(),
      totalShare: fix(shares),
      totalAum: fix(aum),
    };
  }

  apply(userId: number, body: { nickname: string; shareRate: string }): TraderSummary {
    const { store, clock } = this.d;
    const s = this.d.setting();
    const p = this.programme(userId);
    if (p.isTrader) throw new ApiFail('You are already a lead trader');
    const equity = p.rules.find((r) => r.rule === 'equity')!;
    if (!equity.met)
      throw new ApiFail(
        `At least ${equity.need} of equity in the contract account is needed to lead (you have ${equity.have})`,
      );
    const nickname = body.nickname.trim();
    if (SIM_MARK.test(nickname)) throw new ApiFail('A nickname may not end in "· sim": it marks simulated traders');
    const rate = body.shareRate.trim();
    const max = new Decimal(s.highRebate).div(100);
    if (!/^\d+(\.\d{1,4})?$/.test(rate) || new Decimal(rate).gt(max))
      throw new ApiFail(`The profit share is a fraction from 0 to ${max.toFixed()} with at most 4 decimals`);
    this.d.ledger.transaction(() => {
      if (store.traderByNickname(nickname)) throw new ApiFail(`The nickname ${nickname} is taken`);
      if (store.trader(userId)) throw new ApiFail('You are already a lead trader');
      store.insertTrader({
        userId,
        nickname,
        shareRate: new Decimal(rate).toFixed(),
        maxFollowers: Math.min(s.defaultUserCount, s.maxUserCount),
        bot: 0,
        createdAt: clock.now(),
      });
    });
    return this.d.figures.summary(userId);
  }

  dashboard(userId: number): TraderDashboard {
    const { store } = this.d;
    if (!store.trader(userId)) throw new ApiFail('You are not a lead trader: apply in the trader programme');
    const shares = store.sharesTo(userId, 100);
    const all = store.followersOf(userId);
    return {
      summary: this.d.figures.summary(userId),
      followers: all.map((f) => {
        const v = this.view(f);
        return {
          name: store.userName(f.followerId),
          since: f.createdAt,
          marginUsed: v.marginUsed,
          realisedPnl: v.realisedPnl,
          sharePaid: v.sharePaid,
        };
      }),
      shares: shares.map((c) => ({
        time: c.closedAt ?? c.createdAt,
        follower: store.userName(c.followerId),
        symbol: c.symbol,
        amount: c.share ?? '0',
      })),
      shareTotal: fix(shares.reduce((s, c) => s.plus(c.share ?? 0), new Decimal(0))),
    };
  }

  /** record/broker (RECS-6): the caller's copies that ended. */
  broker(userId: number, q: RecordQuery): BrokerRecordPage {
    const page = this.d.store.brokerPage(
      userId,
      { symbol: q.symbol || undefined, from: q.from, to: q.to },
      q.pageSize,
      (q.pageNum - 1) * q.pageSize,
    );
    return {
      total: page.total,
      rows: page.rows.map((c) => ({
        id: String(c.id),
        time: c.closedAt ?? c.createdAt,
        trader: c.nickname,
        symbol: c.symbol,
        side: c.side as 'long' | 'short',
        shares: c.shares
          .split(' ')
          .filter(Boolean)
          .reduce((s, x) => s.plus(x), new Decimal(0))
          .toFixed(),
        pnl: c.pnl ?? '0',
        profitShare: c.share ?? '0',
      })),
    };
  }

  private lead(traderId: number) {
    const t = this.d.store.trader(traderId);
    if (!t) throw new ApiFail(`User ${traderId} is not a lead trader`);
    return t;
  }

  private check(body: FollowBody): void {
    const c = checkFollow({
      mode: body.mode,
      amount: body.amount,
      ratio: body.ratio,
      maxTotal: body.maxTotal,
      stopLoss: body.stopLoss,
    });
    if (!c.ok) throw new ApiFail(c.message);
  }

  private equity(userId: number): Decimal {
    const b = this.d.ledger.balance(userId, 'contract', 'USDT');
    return new Decimal(b.available).plus(b.frozen);
  }

  private view(f: FollowRow): Follow {
    const { store, futures } = this.d;
    const trader = store.trader(f.traderId);
    const open = futures.deps.store.openPositionsOf(f.followerId).filter((p) => p.copyOf === f.traderId);
    const copies = store.copiesOfFollow(f.id);
    return {
      traderId: f.traderId,
      nickname: trader?.nickname ?? `#${f.traderId}`,
      mode: f.mode,
      amount: f.amount,
      ratio: f.ratio,
      maxTotal: f.maxTotal,
      stopLoss: f.stopLoss,
      status: f.status,
      since: f.createdAt,
      marginUsed: fix(open.reduce((s, p) => s.plus(p.margin), new Decimal(0))),
      realisedPnl: fix(copies.reduce((s, c) => s.plus(c.pnl ?? 0), new Decimal(0))),
      sharePaid: fix(copies.reduce((s, c) => s.plus(c.share ?? 0), new Decimal(0))),
      positionIds: open.map((p) => p.id),
      events: store.events(f.id, EVENTS_SHOWN).map((e) => ({
        id: e.id,
        time: e.time,
        kind: e.kind,
        symbol: e.symbol,
        message: e.message,
        amount: e.amount,
      })),
    };
  }
}

function settingsOf(b: FollowBody): Pick<FollowRow, 'mode' | 'amount' | 'ratio' | 'maxTotal' | 'stopLoss'> {
  const stop = b.stopLoss?.trim();
  return {
    mode: b.mode,
    amount: b.mode === 'fixed' ? new Decimal(b.amount!).toFixed() : null,
    ratio: b.mode === 'ratio' ? new Decimal(b.ratio!).toFixed() : null,
    maxTotal: new Decimal(b.maxTotal).toFixed(),
    stopLoss: stop ? new Decimal(stop).toFixed() : null,
  };
}

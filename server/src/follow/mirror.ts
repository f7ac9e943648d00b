/**
 * Mirroring (COPY-5, COPY-6, COPY-11..15): a lead trader's accepted orders are placed for each active follower
 * on the follower's contract account, and a copied position that ends pays the lead's profit share once.
 *
 * - COPY-11 The copies are placed right after the lead's order has met the book (deferred one microtask, outside
 *   the lead's own transaction), at the lead's leverage, same type; a limit copy at the lead's limit price.
 * - COPY-12 An opening copy's size is the whole shares that copyMargin(...) opens at the lead's order price; it is
 *   skipped, with an event naming why, when below the pair's minShare, when the follow's margin in open copies
 *   (and its resting opening copies) plus it would pass the cap, or when the futures service refuses it (its
 *   message, e.g. not enough margin).
 * - COPY-13 A lead's closing order closes copyCloseShares(...) of each active follower's copied position in that
 *   pair and side (all of it when the lead closes all); a lead's liquidation closes the copies at market; a
 *   lead's cancelled limit order cancels its resting copies (same pair, side, action and price).
 * - COPY-14 When a copied position ends with net PnL (realised PnL minus fees plus funding) above zero, the lead
 *   is paid profitShare(net, share rate) from the follower's contract account, in one journal row of kind
 *   `follow_share` referenced by the position: paid once however often the end is reported.
 * - COPY-15 After a copy ends, a follow whose copies' net PnL is at or below minus its stop is stopped: no more
 *   copies; its open copies stay for the follower to close.
 */
import { Decimal } from '../../../src/shared/decimal';
import { copyCloseShares, copyMargin, profitShare } from '../../../src/shared/earn/followRules';
import type { FuturesOrderBody } from '../../../src/shared/schemas/futures';
import { sharesForMargin } from '../../../src/shared/trading/futuresChecks';
import { initialMargin } from '../../../src/shared/trading/futuresRules';
import type { FuturesService, PlacedOrder } from '../futures/service';
import type { OrderRow, PositionRow } from '../futures/store';
import { ApiFail } from '../http/failures';
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import type { FollowRow, FollowStore } from './store';

export const SHARE_KIND = 'follow_share';

export interface MirrorDeps {
  store: FollowStore;
  ledger: Ledger;
  futures: FuturesService;
  clock: Clock;
  defer(fn: () => void): void;
  onError(err: unknown, context: Record<string, unknown>): void;
}

const money = (d: Decimal | string | number) => new Decimal(d).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6);

export class Mirror {
  constructor(private readonly d: MirrorDeps) {}

  /** The futures service's placed-order listener. */
  onPlaced = (e: PlacedOrder): void => {
    const trader = this.d.store.trader(e.order.userId);
    if (!trader) return;
    this.d.defer(() => {
      try {
        if (e.order.action === 'open') this.copyOpen(e);
        else this.copyClose(e);
      } catch (err) {
        this.d.onError(err, { event: 'follow_mirror_failed', order: e.order.id });
      }
    });
  };

  /** The futures service's cancelled-order listener: the copies of a lead's cancelled order are cancelled. */
  onCancelled = (o: OrderRow): void => {
    if (!this.d.store.trader(o.userId)) return;
    this.d.defer(() => {
      const svc = this.d.futures;
      for (const c of svc.deps.store.openOrders())
        if (
          c.copyOf === o.userId &&
          c.symbol === o.symbol &&
          c.side === o.side &&
          c.action === o.action &&
          c.type === 'limit' &&
          new Decimal(c.price).eq(o.price)
        )
          try {
            svc.cancel(c.userId, c.id);
            const f = this.d.store.follow(c.userId, o.userId);
            if (f)
              this.event(f, 'copied', o.symbol, `Cancelled the copy of the lead's ${o.action} order at ${o.price}`);
          } catch (err) {
            this.d.onError(err, { event: 'follow_cancel_failed', order: c.id });
          }
    });
  };

  /** The futures service's ended-position listener. */
  onEnded = (p: PositionRow): void => {
    try {
      if (p.copyOf !== 0) this.copyEnded(p);
      else if (p.status === 'liquidated' && this.d.store.trader(p.userId))
        this.d.defer(() => this.closeAllCopies(p.userId, p.symbol, p.side, 'The lead trader was liquidated'));
    } catch (err) {
      this.d.onError(err, { event: 'follow_end_failed', position: p.id });
    }
  };

  /** Margin of a follow's open copied positions plus what its resting opening copies will take (COPY-12). */
  marginUsed(f: FollowRow): Decimal {
    const svc = this.d.futures;
    const s = svc.deps.store;
    let used = new Decimal(0);
    for (const p of s.openPositionsOf(f.followerId)) if (p.copyOf === f.traderId) used = used.plus(p.margin);
    for (const o of s.openOrders())
      if (o.userId === f.followerId && o.copyOf === f.traderId && o.action === 'open') {
        const pair = svc.deps.pair(o.symbol);
        const rest = new Decimal(o.shares).minus(o.filledShares);
        if (pair && rest.gt(0)) used = used.plus(initialMargin(pair, rest.toFixed(), o.price, o.leverage));
      }
    return used;
  }

  private event(
    f: FollowRow,
    kind: 'copied' | 'skipped' | 'closed' | 'share' | 'stopped',
    symbol: string | null,
    message: string,
    amount: string | null = null,
  ) {
    this.d.store.insertEvent({ followId: f.id, time: this.d.clock.now(), kind, symbol, message, amount });
  }

  private copyOpen({ order: o }: PlacedOrder): void {
    const svc = this.d.futures;
    const pair = svc.deps.pair(o.symbol);
    if (!pair) return;
    const leadMargin = initialMargin(pair, o.shares, o.price, o.leverage);
    const sym = o.symbol.toUpperCase();
    for (const f of this.d.store.activeFollowsOf(o.userId)) {
      const margin = copyMargin(
        { mode: f.mode, amount: f.amount ?? undefined, ratio: f.ratio ?? undefined },
        leadMargin,
      );
      const shares = sharesForMargin(pair, margin, o.price, o.leverage);
      if (new Decimal(shares).lt(pair.minShare) || new Decimal(shares).lte(0)) {
        this.event(
          f,
          'skipped',
          o.symbol,
          `Skipped ${o.side} ${sym}: ${margin} USDT of margin opens ${shares} shares, below the pair's minimum of ${pair.minShare}`,
        );
        continue;
      }
      const need = new Decimal(initialMargin(pair, shares, o.price, o.leverage));
      const used = this.marginUsed(f);
      if (used.plus(need).gt(f.maxTotal)) {
        this.event(
          f,
          'skipped',
          o.symbol,
          `Skipped ${o.side} ${sym}: ${money(used)} USDT in open copies plus ${money(need)} would pass your cap of ${f.maxTotal} USDT`,
        );
        continue;
      }
      const body: FuturesOrderBody = {
        symbol: o.symbol,
        side: o.side,
        action: 'open',
        type: o.type,
        price: o.type === 'limit' ? o.price : undefined,
        shares,
        leverage: o.leverage,
      };
      try {
        const placed = svc.submit(f.followerId, body, 'copy', f.traderId);
        this.linkCopy(f, o.symbol, o.side, o.positionId ?? 0);
        this.event(
          f,
          'copied',
          o.symbol,
          `Opened ${o.side} ${shares} shares of ${sym} at ${o.leverage}x (${placed.status})`,
          money(need),
        );
      } catch (err) {
        if (!(err instanceof ApiFail)) throw err;
        this.event(f, 'skipped', o.symbol, `Skipped ${o.side} ${sym}: ${err.message}`);
      }
    }
  }

  private copyClose({ order: o, positionSharesBefore }: PlacedOrder): void {
    const svc = this.d.futures;
    const sym = o.symbol.toUpperCase();
    for (const f of this.d.store.activeFollowsOf(o.userId)) {
      const p = svc.deps.store.openPosition(f.followerId, o.symbol, o.side, f.traderId);
      if (!p) continue;
      const free = new Decimal(p.shares).minus(p.closingShares);
      const shares = Decimal.min(
        free,
        copyCloseShares(p.shares, new Decimal(positionSharesBefore).gt(0) ? positionSharesBefore : o.shares, o.shares),
      );
      if (shares.lte(0)) continue;
      try {
        svc.submit(
          f.followerId,
          {
            symbol: o.symbol,
            side: o.side,
            action: 'close',
            type: o.type,
            price: o.type === 'limit' ? o.price : undefined,
            shares: shares.toFixed(),
          },
          'copy',
          f.traderId,
        );
        this.event(f, 'copied', o.symbol, `Closed ${shares.toFixed()} of ${p.shares} shares of ${o.side} ${sym}`);
      } catch (err) {
        if (!(err instanceof ApiFail)) throw err;
        this.event(f, 'skipped', o.symbol, `Could not close ${o.side} ${sym}: ${err.message}`);
      }
    }
  }

  /** Closes every open copy of a lead's pair and side at market (the lead was liquidated). */
  private closeAllCopies(traderId: number, symbol: string, side: string, why: string): void {
    const svc = this.d.futures;
    for (const f of this.d.store.activeFollowsOf(traderId)) {
      const p = svc.deps.store.openPosition(f.followerId, symbol, side, traderId);
      if (!p) continue;
      const free = new Decimal(p.shares).minus(p.closingShares);
      if (free.lte(0)) continue;
      try {
        svc.submit(
          f.followerId,
          { symbol, side: p.side, action: 'close', type: 'market', shares: free.toFixed() },
          'copy',
          traderId,
        );
        this.event(f, 'copied', symbol, `${why}: closed ${free.toFixed()} shares of ${p.side} ${symbol.toUpperCase()}`);
      } catch (err) {
        if (!(err instanceof ApiFail)) throw err;
        this.event(f, 'skipped', symbol, `${why}; could not close your copy: ${err.message}`);
      }
    }
  }

  /** Records which follower position mirrors the lead (once per position). */
  private linkCopy(f: FollowRow, symbol: string, side: string, leadPositionId: number): void {
    const p = this.d.futures.deps.store.openPosition(f.followerId, symbol, side, f.traderId);
    if (!p || this.d.store.copyByPosition(p.id)) return;
    const lead = this.d.futures.deps.store.openPosition(f.traderId, symbol, side, 0);
    this.d.store.insertCopy({
      followId: f.id,
      followerId: f.followerId,
      traderId: f.traderId,
      leadPositionId: lead?.id ?? leadPositionId,
      positionId: p.id,
      symbol,
      side,
      createdAt: this.d.clock.now(),
    });
  }

  /** COPY-14, COPY-15: a copied position ended. */
  private copyEnded(p: PositionRow): void {
    const { store, ledger, clock } = this.d;
    const f = store.follow(p.userId, p.copyOf);
    if (!f) return;
    let copy = store.copyByPosition(p.id);
    if (!copy) {
      store.insertCopy({
        followId: f.id,
        followerId: p.userId,
        traderId: p.copyOf,
        leadPositionId: 0,
        positionId: p.id,
        symbol: p.symbol,
        side: p.side,
        createdAt: p.createdAt,
      });
      copy = store.copyByPosition(p.id)!;
    }
    if (copy.closedAt !== null) return;
    const trader = store.trader(p.copyOf);
    const net = new Decimal(p.realisedPnl).minus(p.fees).plus(p.funding);
    const share = trader ? profitShare(net.toFixed(), trader.shareRate) : '0';
    const sym = p.symbol.toUpperCase();
    ledger.transaction(() => {
      let journal: number | null = null;
      const ref = `position ${p.id}`;
      if (new Decimal(share).gt(0) && !ledger.posted(SHARE_KIND, ref)) {
        const available = ledger.balance(p.userId, 'contract', 'USDT').available;
        if (new Decimal(available).gte(share)) {
          journal = ledger.post({
            kind: SHARE_KIND,
            ref,
            userId: p.userId,
            memo: `profit share of ${p.side} ${sym} to ${trader!.nickname}`,
            entries: [
              { userId: p.userId, account: 'contract', coin: 'USDT', amount: `-${share}` },
              { userId: p.copyOf, account: 'contract', coin: 'USDT', amount: share },
            ],
          }).id;
        }
      }
      const paid = journal === null ? '0' : share;
      store.closeCopy({ id: copy.id, pnl: money(net), share: paid, shareJournal: journal, closedAt: clock.now() });
      this.event(
        f,
        'closed',
        p.symbol,
        `${p.status === 'liquidated' ? 'Liquidated' : 'Closed'} ${p.side} ${sym}: net PnL ${money(net)} USDT`,
        money(net),
      );
      if (journal !== null)
        this.event(f, 'share', p.symbol, `Paid ${paid} USDT profit share to ${trader!.nickname}`, paid);
      else if (new Decimal(share).gt(0))
        this.event(f, 'share', p.symbol, `The profit share of ${share} USDT could not be paid: not enough USDT`, '0');
      if (f.status === 'active' && f.stopLoss !== null) {
        const total = store.copiesOfFollow(f.id).reduce((s, c) => s.plus(c.pnl ?? 0), new Decimal(0));
        if (total.lte(new Decimal(f.stopLoss).neg())) {
          store.updateFollow({ ...f, status: 'stopped', updatedAt: clock.now() });
          this.event(
            f,
            'stopped',
            null,
            `Stopped: the copies lost ${money(total.neg())} USDT, reaching your stop of ${f.stopLoss} USDT`,
          );
        }
      }
    });
  }
}

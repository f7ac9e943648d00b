/**
 * What a mark tick does to the open positions (FUT-11, FUT-9): first liquidation, then take-profit and stop-loss.
 *
 * - Liquidation: at the first tick whose price (the mark: index + smoothed basis, FUT-3; never one trade) reaches a
 *   position's liquidation price (`liquidatesAt`), its closing orders are cancelled, then the house closes it at
 *   the mark: the loss at the mark (at most the margin) goes to house:futures, the rest of the margin to
 *   house:insurance, no fee. Status `liquidated`, with the tick.
 * - TP/SL: at a tick that reaches the active entry's take-profit (long: mark >= TP, short: mark <= TP) or
 *   stop-loss (long: mark <= SL, short: mark >= SL), the position's closing orders are cancelled and a market
 *   close of all of it is placed with origin takeProfit/stopLoss; the entry becomes `triggered` with the tick.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { MarkTick } from '../../../src/shared/schemas/futures';
import { liquidatesAt, pnlAt } from '../../../src/shared/trading/futuresRules';
import { ApiFail } from '../http/failures';
import { freshRef, heldBy, houseLeg, INSURANCE_HOUSE, FUTURES_HOUSE, legs, money } from './money';
import type { FuturesService } from './service';
import type { PositionRow } from './store';

export class Risk {
  constructor(private readonly svc: FuturesService) {}

  /** Runs every tick of one mark update. */
  onMarks(ticks: MarkTick[]): void {
    for (const t of ticks) {
      if (!this.svc.deps.pair(t.symbol)) continue;
      for (const p of this.svc.deps.store.openPositionsOn(t.symbol)) {
        try {
          if (liquidatesAt(p.side, p.liquidationPrice, t.price)) this.liquidate(p, t);
          else this.tpsl(p, t);
        } catch (err) {
          this.svc.deps.onError(err, { event: 'futures_mark_failed', position: p.id, symbol: t.symbol });
        }
      }
    }
    this.svc.flush();
  }

  liquidate(p0: PositionRow, t: MarkTick): void {
    const { store, ledger } = this.svc.deps;
    const pair = this.svc.pairOf(p0.symbol);
    this.svc.afterClose(p0, 'positionClosed');
    const p = store.position(p0.id)!;
    if (p.status !== 'open') return;
    const margin = new Decimal(heldBy(ledger, p.holdId));
    const pnl = new Decimal(pnlAt(pair, p.side, p.entryPrice, p.shares, t.price));
    const loss = Decimal.min(margin, Decimal.max(0, pnl.neg()));
    const rest = margin.minus(loss);
    ledger.transaction(() => {
      const journal = margin.isZero()
        ? undefined
        : ledger.post({
            kind: 'futures_liquidation',
            ref: freshRef(ledger, 'futures_liquidation', String(p.id)),
            userId: p.userId,
            memo: `liquidated ${p.side} ${p.shares} ${p.symbol} at mark ${t.price}`,
            entries: legs(houseLeg(FUTURES_HOUSE, loss), houseLeg(INSURANCE_HOUSE, rest)),
            fromHolds: [{ holdId: p.holdId!, amount: margin.toFixed() }],
          });
      store.updatePosition({
        ...p,
        margin: money(0),
        holdId: null,
        closingShares: '0',
        realisedPnl: money(new Decimal(p.realisedPnl).minus(loss)),
        status: 'liquidated',
        closePrice: t.price,
        liquidation: JSON.stringify(t),
        closeTime: t.time,
        updatedAt: t.time,
      });
      store.insertRecord({
        userId: p.userId,
        time: t.time,
        symbol: p.symbol,
        side: p.side,
        kind: 'liquidation',
        positionId: p.id,
        orderId: null,
        tradeId: t.tradeId,
        shares: p.shares,
        price: t.price,
        fee: money(0),
        pnl: money(loss.neg()),
        rate: null,
        journalId: journal?.id ?? null,
      });
    });
    this.svc.pushLater(p.userId, { kind: 'liquidated', positionId: p.id, symbol: p.symbol });
    this.svc.deps.statusChanged(p.userId, { kind: 'futures', id: p.id, status: 'liquidated' });
  }

  private tpsl(p: PositionRow, t: MarkTick): void {
    if (p.lossId === null) return;
    const { store } = this.svc.deps;
    const l = store.loss(p.lossId);
    if (!l || l.status !== 'active') return;
    const m = new Decimal(t.price);
    const long = p.side === 'long';
    let by: 'takeProfit' | 'stopLoss' | undefined;
    if (l.stopLoss && (long ? m.lte(l.stopLoss) : m.gte(l.stopLoss))) by = 'stopLoss';
    else if (l.takeProfit && (long ? m.gte(l.takeProfit) : m.lte(l.takeProfit))) by = 'takeProfit';
    if (!by) return;
    this.svc.cancelClosing(p, 'positionClosed');
    const now = store.position(p.id)!;
    if (now.status !== 'open') return;
    try {
      this.svc.submit(
        p.userId,
        { symbol: p.symbol, side: p.side, action: 'close', type: 'market', shares: now.shares },
        by,
        p.copyOf,
      );
    } catch (err) {
      // Refused (no book on that side, market orders off): the entry stays active and the next tick tries again.
      if (err instanceof ApiFail) {
        this.svc.deps.onError(err, { event: 'futures_trigger_refused', position: p.id });
        return;
      }
      throw err;
    }
    const e = store.loss(l.id)!;
    store.updateLoss({ ...e, status: 'triggered', triggeredBy: by, trigger: JSON.stringify(t), updatedAt: t.time });
    this.svc.pushLater(p.userId, { kind: by, positionId: p.id, symbol: p.symbol });
  }
}

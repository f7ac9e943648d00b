/**
 * Positions (FUT-8, FUT-9, FUT-14, FUT-19): the list with the server's mark figures, closing at market, adding
 * and removing margin, take-profit and stop-loss entries, and the futures records.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { FuturesOrder, LossEntry, LossSetBody, Position } from '../../../src/shared/schemas/futures';
import type { FuturesRecordPage, RecordQuery } from '../../../src/shared/schemas/records';
import { checkMarginChange, checkTpSl } from '../../../src/shared/trading/futuresChecks';
import { ApiFail } from '../http/failures';
import { reholdMargin } from './money';
import type { FuturesService } from './service';
import type { PositionRow } from './store';
import { lossView, positionView, recordView } from './views';

export class Positions {
  constructor(private readonly svc: FuturesService) {}

  private get d() {
    return this.svc.deps;
  }

  /** The user's open positions as stored (no mark figures): what the socket's POSITION stream sends. */
  openPositions(userId: number): Position[] {
    return this.d.store.openPositionsOf(userId).map((p) => positionView(p, this.d.pair(p.symbol)));
  }

  list(userId: number, q: { status: 'open' | 'closed'; symbol?: string; pageNum: number; pageSize: number }) {
    const page = this.d.store.positionPage(
      userId,
      q.status === 'open',
      q.symbol,
      q.pageSize,
      (q.pageNum - 1) * q.pageSize,
    );
    return {
      total: page.total,
      rows: page.rows.map((p) => positionView(p, this.d.pair(p.symbol), this.d.marks.current(p.symbol) ?? undefined)),
    };
  }

  private own(userId: number, id: number): PositionRow {
    const p = this.d.store.position(id);
    if (!p || p.userId !== userId) throw new ApiFail(`Position ${id} was not found`);
    if (p.status !== 'open') throw new ApiFail(`Position ${id} is already ${p.status}`);
    return p;
  }

  private mark(symbol: string): string {
    const m = this.d.marks.current(symbol);
    if (!m) throw new ApiFail(`${symbol.toUpperCase()} has no mark price yet: try again in a moment`);
    return m.price;
  }

  /** stopOrder: a market close of all that is free of the position, or `shares` of it. */
  close(userId: number, q: { id: number; shares?: string; clientOrderId?: string }): FuturesOrder {
    const p = this.own(userId, q.id);
    const free = new Decimal(p.shares).minus(p.closingShares);
    if (q.shares === undefined && free.lte(0))
      throw new ApiFail('Your closing orders already cover the whole position');
    return this.svc.submit(
      userId,
      {
        symbol: p.symbol,
        side: p.side,
        action: 'close',
        type: 'market',
        shares: q.shares ?? free.toFixed(),
        clientOrderId: q.clientOrderId,
      },
      'user',
      p.copyOf,
    );
  }

  /** FUT-8: adds margin from the contract account or removes some (refused past the mark). */
  adjustMargin(userId: number, q: { id: number; money: string; flag: 'add' | 'remove' }): Position {
    const { ledger, store, clock } = this.d;
    const p = this.own(userId, q.id);
    const pair = this.svc.pairOf(p.symbol);
    const mark = this.mark(p.symbol);
    const r = checkMarginChange(pair, p, q.flag, q.money, mark, this.svc.available(userId));
    if (!r.ok) throw new ApiFail(r.message);
    ledger.transaction(() => {
      const holdId = reholdMargin(ledger, p, r.margin, `${q.flag} ${q.money} USDT`);
      store.updatePosition({
        ...p,
        margin: r.margin,
        liquidationPrice: r.liquidationPrice,
        holdId,
        updatedAt: clock.now(),
      });
    });
    this.d.positionsChanged(userId, { kind: 'margin', positionId: p.id, symbol: p.symbol });
    return positionView(store.position(p.id)!, pair, this.d.marks.current(p.symbol));
  }

  lossList(userId: number): LossEntry[] {
    return this.d.store.lossesOf(userId).map(lossView);
  }

  /** FUT-9: sets (or with null clears) the take-profit and stop-loss of a position: a new entry each time. */
  setLoss(userId: number, body: LossSetBody): LossEntry {
    const { store, clock } = this.d;
    const p = this.own(userId, body.positionId);
    const pair = this.svc.pairOf(p.symbol);
    const tp = body.takeProfit === undefined ? p.takeProfit : body.takeProfit;
    const sl = body.stopLoss === undefined ? p.stopLoss : body.stopLoss;
    const ok = checkTpSl(pair, p.side, this.mark(p.symbol), p.liquidationPrice, tp, sl);
    if (!ok.ok) throw new ApiFail(ok.message);
    const now = clock.now();
    const id = this.d.ledger.transaction(() => {
      this.cancelEntry(p, now);
      const lossId = store.insertLoss({
        userId,
        positionId: p.id,
        symbol: p.symbol,
        side: p.side,
        takeProfit: tp ?? null,
        stopLoss: sl ?? null,
        status: tp || sl ? 'active' : 'cancelled',
        triggeredBy: null,
        trigger: null,
        createdAt: now,
        updatedAt: now,
      });
      store.updatePosition({
        ...store.position(p.id)!,
        takeProfit: tp ?? null,
        stopLoss: sl ?? null,
        lossId: tp || sl ? lossId : null,
        updatedAt: now,
      });
      return lossId;
    });
    this.d.positionsChanged(userId, { kind: 'margin', positionId: p.id, symbol: p.symbol });
    return lossView(store.loss(id)!);
  }

  cancelLoss(userId: number, id: number): LossEntry {
    const { store, clock } = this.d;
    const l = store.loss(id);
    if (!l || l.userId !== userId) throw new ApiFail(`Take-profit/stop-loss ${id} was not found`);
    if (l.status !== 'active') throw new ApiFail(`Take-profit/stop-loss ${id} is already ${l.status}`);
    const now = clock.now();
    this.d.ledger.transaction(() => {
      store.updateLoss({ ...l, status: 'cancelled', updatedAt: now });
      const p = store.position(l.positionId);
      if (p && p.lossId === l.id)
        store.updatePosition({ ...p, takeProfit: null, stopLoss: null, lossId: null, updatedAt: now });
    });
    this.d.positionsChanged(userId, { kind: 'margin', positionId: l.positionId, symbol: l.symbol });
    return lossView(store.loss(id)!);
  }

  private cancelEntry(p: PositionRow, now: number): void {
    const { store } = this.d;
    if (p.lossId === null) return;
    const l = store.loss(p.lossId);
    if (l && l.status === 'active') store.updateLoss({ ...l, status: 'cancelled', updatedAt: now });
  }

  records(userId: number, q: RecordQuery): FuturesRecordPage {
    const page = this.d.store.recordPage(
      userId,
      { symbol: q.symbol || undefined, from: q.from, to: q.to },
      q.pageSize,
      (q.pageNum - 1) * q.pageSize,
    );
    return { total: page.total, rows: page.rows.map(recordView) };
  }
}

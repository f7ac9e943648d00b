/**
 * Buying at a quote and the order lists (OPT-3, 5, 12..14). Buy is synchronous (it runs inside the idempotency
 * transaction): the quote the caller's, unused and not expired, the shared `checkOptionBuy` against the platform
 * USDT; then the order's row and ONE journal row (`option_buy`: the total from the platform USDT, the premium to
 * `house:options`, the fee to `house:fees`) in one transaction. An expired quote is refused with the price now.
 * The lists: the caller's options (OPT-13) and record/option (OPT-14); `toOptionOrder` is the wire shape.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { OptionBuyBody, OptionOrder, OptionQuoteBody } from '../../../src/shared/schemas/options';
import type { RecordQuery } from '../../../src/shared/schemas/records';
import { checkOptionBuy, OPTION_COIN } from '../../../src/shared/trading/optionRules';
import { pick } from '../db/rows';
import { ApiFail } from '../http/failures';
import type { Leg } from '../ledger/service';
import { announce, settledView } from '../settlement/product';
import { FEES, OPTION_KIND, OPTIONS_POOL, type OptionsDeps } from './deps';
import type { OptionQuotes, Priced } from './quotes';
import type { OrderFilter, OrderRow } from './store';

export interface ListQuery {
  status?: 'open' | 'settled';
  symbol?: string;
  clientOrderId?: string;
  pageNum: number;
  pageSize: number;
}

export function toOptionOrder(r: OrderRow): OptionOrder {
  const { status, entry, exit, exitPrice, payout, settleTime } = settledView(r);
  return {
    ...pick(r, ['id', 'clientOrderId', 'symbol']),
    kind: r.kind,
    tenor: r.tenor,
    expiry: r.expiry,
    strike: r.strike,
    quantity: r.quantity,
    unitPremium: r.unitPremium,
    premium: r.premium,
    fee: r.fee,
    spot: r.spot,
    volatility: r.volatility,
    createTime: r.createTime,
    status,
    entry,
    exit,
    settlePrice: exitPrice,
    payout,
    settleTime,
  };
}

export class OptionOrders {
  constructor(
    private readonly deps: OptionsDeps,
    private readonly quotes: OptionQuotes,
  ) {}

  /** OPT-3, OPT-5, OPT-12: buys at a quote (synchronous; runs inside the idempotency transaction). */
  buy(userId: number, body: OptionBuyBody): OptionOrder {
    const { store, ledger, clock, settlement } = this.deps;
    const q = store.quote(body.quoteId);
    if (body.clientOrderId) {
      // OPT-12: the same intent again is answered with its order, never a second one.
      const same = store.byClientId(userId, body.clientOrderId);
      if (same) {
        const sameIntent =
          same.quoteId === body.quoteId ||
          (q !== undefined &&
            q.userId === userId &&
            q.symbol === same.symbol &&
            q.kind === same.kind &&
            q.expiry === same.expiry &&
            q.strike === same.strike &&
            q.quantity === same.quantity);
        if (!sameIntent) throw new ApiFail(`clientOrderId ${body.clientOrderId} is already used by another order`);
        return toOptionOrder(same);
      }
    }
    if (!q || q.userId !== userId) throw new ApiFail('This quote is unknown: get a new price and confirm again');
    if (store.byQuote(q.id)) throw new ApiFail('This quote has already been used: get a new price and confirm again');
    const now = clock.now();
    const m = this.quotes.market(q.symbol);
    const intent: OptionQuoteBody = {
      symbol: q.symbol,
      kind: q.kind,
      expiry: q.expiry,
      strike: q.strike,
      quantity: q.quantity,
    };
    if (now >= q.expiresAt) {
      // OPT-5: the price now, in the refusal; the customer confirms again (a new quote).
      let fresh: Priced;
      try {
        fresh = this.quotes.price(m, intent, now);
      } catch (err) {
        if (err instanceof ApiFail) throw new ApiFail(`This quote has expired: ${err.message}`);
        throw err;
      }
      throw new ApiFail(`This quote has expired: the price is now ${fresh.total} ${OPTION_COIN}. Confirm again`);
    }
    const available = ledger.balance(userId, 'platform', OPTION_COIN).available;
    const check = checkOptionBuy({
      open: m.pair.status === 1,
      quantity: q.quantity,
      quantityDecimals: m.amountDecimals,
      premium: q.premium,
      total: q.total,
      available,
      expiry: q.expiry,
      now,
    });
    if (!check.ok) throw new ApiFail(check.message);
    const entry = m.spot;
    const id = ledger.transaction(() => {
      const id = store.insertOrder({
        userId,
        clientOrderId: body.clientOrderId ?? null,
        quoteId: q.id,
        symbol: q.symbol,
        kind: q.kind,
        tenor: q.tenor,
        expiry: q.expiry,
        strike: q.strike,
        quantity: q.quantity,
        unitPremium: q.unitPremium,
        premium: q.premium,
        fee: q.fee,
        spot: q.spot,
        volatility: q.volatility,
        createTime: now,
        entryId: entry.id,
        entryTime: entry.ts,
        entryPrice: entry.price,
      });
      const entries: Leg[] = [
        { userId, account: 'platform', coin: OPTION_COIN, amount: `-${q.total}` },
        { house: OPTIONS_POOL, coin: OPTION_COIN, amount: q.premium },
      ];
      if (new Decimal(q.fee).gt(0)) entries.push({ house: FEES, coin: OPTION_COIN, amount: q.fee });
      const journal = ledger.post({
        kind: 'option_buy',
        ref: String(id),
        userId,
        memo: `${q.kind} ${q.symbol} ${q.strike} x ${q.quantity}, expiry ${new Date(q.expiry).toISOString()}`,
        entries,
      });
      store.setBuyJournal(id, journal.id);
      if (new Decimal(q.fee).gt(0))
        this.deps.feePaid?.({ userId, coin: OPTION_COIN, amount: q.fee, source: 'options', ref: `options:${id}` });
      return id;
    });
    settlement.opened(OPTION_KIND, q.symbol, { id: entry.id, time: entry.ts, price: entry.price }, q.expiry);
    announce(this.deps, userId, { kind: 'option', id, status: 'open' });
    return toOptionOrder(store.byId(id)!);
  }

  /** OPT-13: the caller's options, newest first. */
  list(userId: number, q: ListQuery): { total: number; rows: OptionOrder[] } {
    const f: OrderFilter = { userId, status: q.status, symbol: q.symbol, clientOrderId: q.clientOrderId };
    return this.page(f, q.pageNum, q.pageSize, false);
  }

  /** OPT-14: record/option, the caller's settled options, newest settlement first, by pair and [from, to). */
  records(userId: number, q: RecordQuery): { total: number; rows: OptionOrder[] } {
    const f: OrderFilter = {
      userId,
      status: 'settled',
      symbol: q.symbol || undefined,
      settledFrom: q.from,
      settledTo: q.to,
    };
    return this.page(f, q.pageNum, q.pageSize, true);
  }

  private page(f: OrderFilter, pageNum: number, pageSize: number, bySettleTime: boolean) {
    const { store } = this.deps;
    return {
      total: store.count(f),
      rows: store.list(f, pageSize, (pageNum - 1) * pageSize, bySettleTime).map(toOptionOrder),
    };
  }
}

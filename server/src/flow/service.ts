/**
 * Flow (P2P) orders (FLOW-*; docs/spec/flow.md). Merchants hold a security deposit (FLOW-2) and post offers
 * (FLOW-3; a sell offer's USDT is held, FLOW-5); a customer takes one and the seller's USDT goes into an escrow
 * hold (FLOW-4, FLOW-6); the buyer pays outside the exchange and marks paid, the seller confirms and the escrow
 * goes to the buyer (FLOW-7); either side cancels an unpaid order and the job expires one whose payment window
 * ran out, the escrow going back (FLOW-8). Every state change is told to both parties after it commits (FLOW-10).
 *
 * All money moves through the ledger inside one transaction with the rows that explain it. Journal kinds:
 * `flow_deposit` (the merchant's deposit hold), `flow_offer` (a sell offer's hold; re-made when escrow comes back
 * to an open offer), `flow_offer_release` (an offer's hold released: close, or re-made), `flow_take` (a take's part
 * moved out of the offer's hold), `flow_escrow` (the order's hold), `flow_return` (the escrow released to the
 * seller), `flow_escrow_out` + `flow_receive` (the escrow settled to `house:flow` and paid from there to the buyer).
 */
import { Decimal } from '../../../src/shared/decimal';
import {
  FLOW_MERCHANT_DEPOSIT,
  checkFlowOffer,
  checkFlowTake,
  flowFiatOf,
} from '../../../src/shared/rewards/flowRules';
import type {
  FlowMerchant,
  FlowOffer,
  FlowOfferBody,
  FlowOfferPage,
  FlowOrder,
  FlowOrderPage,
  FlowOrderState,
  FlowApplyBody,
  FlowTakeBody,
} from '../../../src/shared/schemas/flow';
import type { StatusServiceDeps } from '../events/serviceDeps';
import { ApiFail } from '../http/failures';
import type { FlowStore, OfferRow, OrderRow, StateFilter } from './store';
import { completionRate, offerView, orderView } from './views';

export const FLOW_HOUSE = 'house:flow';
const USDT = 'USDT';
const MINUTE = 60_000;

/** The ledger, the clock, the status push (an order changed state) and `defer`: ../events/serviceDeps.ts. */
export interface FlowDeps extends StatusServiceDeps {
  store: FlowStore;
}

export interface Paging {
  pageNum: number;
  pageSize: number;
  state: StateFilter;
}

/** The key merchant names are unique by (FLOW-2): trimmed, inner spaces collapsed, lower case. */
export const merchantNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export class FlowService {
  constructor(private readonly deps: FlowDeps) {}

  private get store() {
    return this.deps.store;
  }

  // ---- merchants (FLOW-2, FLOW-9) ----

  merchant(userId: number): FlowMerchant {
    const m = this.store.merchant(userId);
    const { completed, failed } = this.store.merchantRecord(userId);
    return {
      state: m ? m.state : 'none',
      deposit: m ? m.deposit : '0',
      requiredDeposit: FLOW_MERCHANT_DEPOSIT,
      name: m?.name ?? null,
      payDetails: m?.payDetails ?? null,
      completed,
      rate: completionRate(completed, failed),
    };
  }

  /**
   * FLOW-2: become a merchant. The deposit is held from platform USDT and the merchant is active at once (the
   * reference server has no review). A merchant applying again changes the name and payment details only.
   */
  apply(userId: number, b: FlowApplyBody): FlowMerchant {
    const { store, ledger } = this.deps;
    const name = b.name.trim().replace(/\s+/g, ' ');
    const key = merchantNameKey(name);
    ledger.transaction(() => {
      const taken = store.merchantByName(key);
      if (taken && taken.userId !== userId) throw new ApiFail('This merchant name is taken');
      const had = store.merchant(userId);
      if (had) {
        store.updateMerchant(userId, name, key, b.payDetails);
        return;
      }
      const available = ledger.balance(userId, 'platform', USDT).available;
      if (new Decimal(available).lt(FLOW_MERCHANT_DEPOSIT))
        throw new ApiFail(
          `The merchant deposit is ${FLOW_MERCHANT_DEPOSIT} USDT and your platform account has ${available} USDT available`,
        );
      store.insertMerchant({
        userId,
        name,
        nameKey: key,
        payDetails: b.payDetails,
        state: 'active',
        deposit: FLOW_MERCHANT_DEPOSIT,
        holdId: null,
        createdAt: this.deps.clock.now(),
      });
      const { hold } = ledger.hold({
        kind: 'flow_deposit',
        ref: String(userId),
        userId,
        account: 'platform',
        coin: USDT,
        amount: FLOW_MERCHANT_DEPOSIT,
        memo: 'Flow merchant security deposit',
      });
      store.setMerchantHold(userId, hold.id);
    });
    return this.merchant(userId);
  }

  // ---- offers (FLOW-3, FLOW-5) ----

  /** FLOW-5: post an offer (active merchants); a sell offer holds its whole amount from platform USDT. */
  postOffer(userId: number, b: FlowOfferBody): FlowOffer {
    const { store, ledger } = this.deps;
    const id = ledger.transaction(() => {
      const m = store.merchant(userId);
      if (!m) throw new ApiFail('Only merchants post offers: apply to become one first');
      if (m.state !== 'active') throw new ApiFail('Your merchant account is suspended');
      const msg = checkFlowOffer(b, ledger.balance(userId, 'platform', USDT).available);
      if (msg) throw new ApiFail(msg);
      const price = new Decimal(b.price.trim());
      const amount = new Decimal(b.amount.trim()).toFixed();
      const offerId = store.insertOffer({
        merchantId: userId,
        side: b.side,
        fiat: b.fiat,
        price: price.toFixed(2),
        priceMinor: price.times(100).toNumber(),
        amount,
        available: amount,
        minFiat: new Decimal(b.minFiat.trim()).toFixed(2),
        maxFiat: new Decimal(b.maxFiat.trim()).toFixed(2),
        methods: [...new Set(b.methods)],
        payWindowMin: b.payWindowMin,
        terms: b.terms,
        status: 'open',
        createdAt: this.deps.clock.now(),
      });
      if (b.side === 'sell') {
        const { hold } = ledger.hold({
          kind: 'flow_offer',
          ref: String(offerId),
          userId,
          account: 'platform',
          coin: USDT,
          amount,
          memo: `Flow sell offer ${offerId}`,
        });
        store.setOfferHold(offerId, hold.id);
      }
      return offerId;
    });
    return offerView(this.store, store.offer(id)!, userId);
  }

  /** FLOW-5: close one's own open offer; a sell offer's hold (what is not in an order) is released. */
  closeOffer(userId: number, offerId: number): FlowOffer {
    const { store, ledger } = this.deps;
    ledger.transaction(() => {
      const o = store.offer(offerId);
      if (!o || o.merchantId !== userId) throw new ApiFail('No such offer of yours');
      if (o.status !== 'open') throw new ApiFail('This offer is already closed');
      this.releaseOfferHold(o, String(offerId));
      store.closeOffer(offerId, this.deps.clock.now());
    });
    return offerView(this.store, store.offer(offerId)!, userId);
  }

  private releaseOfferHold(o: OfferRow, ref: string): void {
    const { ledger, store } = this.deps;
    if (o.holdId === null) return;
    if (ledger.holdById(o.holdId)?.state === 'open')
      ledger.release(o.holdId, { kind: 'flow_offer_release', ref, userId: o.merchantId });
    store.setOfferHold(o.id, null);
  }

  /** FLOW-1, FLOW-5: open offers for the customer's side, best price first (lowest to buy from, highest to sell to). */
  offers(
    q: { pageNum: number; pageSize: number; side: 'buy' | 'sell'; fiat: string; method: string },
    callerId?: number,
  ): FlowOfferPage {
    const merchantSide = q.side === 'buy' ? 'sell' : 'buy';
    // Only offers with enough left for their minimum per order (a remainder below it cannot be taken).
    const all = this.store
      .openOffers(merchantSide, q.fiat, q.method, q.side === 'buy')
      .filter((o) => new Decimal(flowFiatOf(o.available, o.price)).gte(o.minFiat));
    const start = (q.pageNum - 1) * q.pageSize;
    return {
      total: all.length,
      rows: all.slice(start, start + q.pageSize).map((o) => offerView(this.store, o, callerId)),
    };
  }

  myOffers(userId: number, p: Paging): FlowOfferPage {
    const rows = this.store.offersOf(userId, p.state, p.pageSize, (p.pageNum - 1) * p.pageSize);
    return {
      total: this.store.countOffersOf(userId, p.state),
      rows: rows.map((o) => offerView(this.store, o, userId)),
    };
  }

  // ---- orders (FLOW-4, FLOW-6..8) ----

  /** FLOW-10: both parties hear of a state change, after the transaction commits. */
  private tell(o: OrderRow, state: FlowOrderState): void {
    const parties: [number, 'buyer' | 'seller'][] = [
      [o.buyerId, 'buyer'],
      [o.sellerId, 'seller'],
    ];
    this.deps.defer(() => {
      for (const [userId, role] of parties)
        this.deps.statusChanged(userId, {
          kind: 'flow',
          id: o.id,
          status: state,
          facts: { orderId: String(o.id), role, amount: o.amount, fiat: o.fiat, fiatAmount: o.fiatAmount },
        });
    });
  }

  /** One order the caller is party to. */
  order(userId: number, id: number): FlowOrder {
    const o = this.store.order(id);
    if (!o || (o.buyerId !== userId && o.sellerId !== userId)) throw new ApiFail('No such order of yours');
    return orderView(this.store, o, userId);
  }

  orders(userId: number, p: Paging): FlowOrderPage {
    const rows = this.store.ordersOf(userId, p.state, p.pageSize, (p.pageNum - 1) * p.pageSize);
    return {
      total: this.store.countOrdersOf(userId, p.state),
      rows: rows.map((o) => orderView(this.store, o, userId)),
    };
  }

  /**
   * FLOW-4, FLOW-6: take an offer. Inside one transaction: the checks against the offer as it is now (so takes
   * never oversell it), the order, the seller's USDT into the escrow hold (out of the offer's hold for a sell
   * offer; from the taker's platform USDT for a buy offer), and the offer's available lowered.
   */
  take(userId: number, b: FlowTakeBody): FlowOrder {
    const { store, ledger } = this.deps;
    const order = ledger.transaction(() => {
      const offer = store.offer(b.offerId);
      if (!offer) throw new ApiFail('No such offer');
      const merchant = store.merchant(offer.merchantId);
      if (!merchant || merchant.state !== 'active') throw new ApiFail('This merchant is not taking orders');
      const check = checkFlowTake(offer, b, {
        available: ledger.balance(userId, 'platform', USDT).available,
        openOrders: store.countUnpaidTaken(userId),
        self: offer.merchantId === userId,
      });
      if (!check.ok) throw new ApiFail(check.msg);
      const { amount, fiatAmount } = check.amounts;
      const merchantSells = offer.side === 'sell';
      const now = this.deps.clock.now();
      const sellerId = merchantSells ? offer.merchantId : userId;
      const id = store.insertOrder({
        offerId: offer.id,
        merchantId: offer.merchantId,
        takerId: userId,
        buyerId: merchantSells ? userId : offer.merchantId,
        sellerId,
        fiat: offer.fiat,
        price: offer.price,
        amount,
        fiatAmount,
        method: b.method,
        state: 'unpaid',
        createdAt: now,
        payBy: now + offer.payWindowMin * MINUTE,
        payDetails: merchantSells ? merchant.payDetails : b.payDetails.trim(),
        terms: offer.terms,
        fromOffer: merchantSells,
      });
      if (merchantSells) {
        if (offer.holdId === null) throw new Error(`flow offer ${offer.id} has no hold`);
        // The order's part leaves the offer's hold (back to available) and is held again as the escrow.
        ledger.post({
          kind: 'flow_take',
          ref: String(id),
          userId: sellerId,
          memo: `Flow order ${id} from offer ${offer.id}`,
          fromHolds: [{ holdId: offer.holdId, amount }],
          entries: [{ userId: sellerId, account: 'platform', coin: USDT, amount }],
        });
      }
      const { hold } = ledger.hold({
        kind: 'flow_escrow',
        ref: String(id),
        userId: sellerId,
        account: 'platform',
        coin: USDT,
        amount,
        memo: `Flow order ${id}: escrow`,
      });
      store.setOrderHold(id, hold.id);
      store.setOfferAvailable(offer.id, new Decimal(offer.available).minus(amount).toFixed());
      return store.order(id)!;
    });
    this.tell(order, 'unpaid');
    return orderView(this.store, order, userId);
  }

  private partyOrder(userId: number, id: number): OrderRow {
    const o = this.store.order(id);
    if (!o || (o.buyerId !== userId && o.sellerId !== userId)) throw new ApiFail('No such order of yours');
    return o;
  }

  /** FLOW-7: the buyer says the fiat is paid (outside the exchange); unpaid orders, within the payment window. */
  paid(userId: number, id: number): FlowOrder {
    const { store } = this.deps;
    const o = store.transaction(() => {
      const o = this.partyOrder(userId, id);
      if (o.buyerId !== userId) throw new ApiFail('Only the buyer marks an order paid');
      if (o.state !== 'unpaid') throw new ApiFail(`This order is ${o.state}, not awaiting payment`);
      const now = this.deps.clock.now();
      if (now >= o.payBy) throw new ApiFail('The payment window of this order has ended');
      if (!store.markPaid(id, now)) throw new ApiFail('This order is no longer awaiting payment');
      return store.order(id)!;
    });
    this.tell(o, 'paid');
    return orderView(this.store, o, userId);
  }

  /**
   * FLOW-7: the seller confirms the fiat arrived; paid orders only. The escrow is settled to `house:flow` and paid
   * from there to the buyer's platform USDT, in one transaction (two journal rows, one per party).
   */
  confirm(userId: number, id: number): FlowOrder {
    const { store, ledger } = this.deps;
    const o = ledger.transaction(() => {
      const o = this.partyOrder(userId, id);
      if (o.sellerId !== userId) throw new ApiFail('Only the seller confirms the payment');
      if (o.state !== 'paid')
        throw new ApiFail(
          o.state === 'unpaid' ? 'The buyer has not marked this order paid yet' : `This order is ${o.state}`,
        );
      const now = this.deps.clock.now();
      if (!store.endOrder(id, 'paid', 'completed', now, null)) throw new ApiFail('This order is no longer paid');
      ledger.settle(o.holdId!, {
        kind: 'flow_escrow_out',
        ref: String(id),
        userId: o.sellerId,
        memo: `Flow order ${id}: released to the buyer`,
        to: FLOW_HOUSE,
      });
      ledger.post({
        kind: 'flow_receive',
        ref: String(id),
        userId: o.buyerId,
        memo: `Flow order ${id}: bought`,
        entries: [
          { house: FLOW_HOUSE, coin: USDT, amount: `-${o.amount}` },
          { userId: o.buyerId, account: 'platform', coin: USDT, amount: o.amount },
        ],
      });
      return store.order(id)!;
    });
    this.tell(o, 'completed');
    return orderView(this.store, o, userId);
  }

  /** FLOW-8: either side cancels an unpaid order; the escrow goes back. */
  cancel(userId: number, id: number): FlowOrder {
    const { ledger } = this.deps;
    const o = ledger.transaction(() => {
      const o = this.partyOrder(userId, id);
      if (o.state !== 'unpaid')
        throw new ApiFail(
          o.state === 'paid'
            ? 'This order is marked paid: it can no longer be cancelled'
            : `This order is already ${o.state}`,
        );
      return this.unwind(o, 'cancelled', o.buyerId === userId ? 'buyer' : 'seller');
    });
    this.tell(o, 'cancelled');
    return orderView(this.store, o, userId);
  }

  /**
   * FLOW-8: an unpaid order ends (cancelled or expired) and its escrow goes back: to the offer's hold when it came
   * from a sell offer that is still open, else to the seller's platform USDT; an open offer gets its amount back.
   */
  private unwind(o: OrderRow, to: 'cancelled' | 'expired', endedBy: string): OrderRow {
    const { store, ledger } = this.deps;
    const now = this.deps.clock.now();
    if (!store.endOrder(o.id, 'unpaid', to, now, endedBy)) throw new ApiFail('This order is no longer unpaid');
    const ref = String(o.id);
    ledger.release(o.holdId!, { kind: 'flow_return', ref, userId: o.sellerId, memo: `Flow order ${o.id}: ${to}` });
    const offer = store.offer(o.offerId)!;
    if (offer.status === 'open') {
      const available = new Decimal(offer.available).plus(o.amount).toFixed();
      store.setOfferAvailable(offer.id, available);
      if (o.fromOffer) {
        // Back into the offer's hold: the old hold (if any is left) and the returned part are held again as one.
        const rehold = `${offer.id}:${o.id}`;
        this.releaseOfferHold(offer, rehold);
        const { hold } = ledger.hold({
          kind: 'flow_offer',
          ref: rehold,
          userId: offer.merchantId,
          account: 'platform',
          coin: USDT,
          amount: available,
          memo: `Flow sell offer ${offer.id}: order ${o.id} ${to}`,
        });
        store.setOfferHold(offer.id, hold.id);
      }
    }
    return store.order(o.id)!;
  }

  /**
   * FLOW-8: the job's step: unpaid orders past their payment window expire (paid ones never do), up to `limit`
   * a step (the rest the next). One order's failure is reported and does not stop the others.
   */
  expireDue(now: number, limit = 200, onError?: (err: unknown, orderId: number) => void): number {
    let n = 0;
    for (const d of this.store.dueOrders(now, limit)) {
      try {
        const o = this.deps.ledger.transaction(() => {
          const cur = this.store.order(d.id);
          if (!cur || cur.state !== 'unpaid' || cur.payBy > now) return undefined;
          return this.unwind(cur, 'expired', 'timeout');
        });
        if (o) {
          n++;
          this.tell(o, 'expired');
        }
      } catch (err) {
        if (!onError) throw err;
        onError(err, d.id);
      }
    }
    return n;
  }
}

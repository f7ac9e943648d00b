/** Flow (P2P) orders' SQL (FLOW-*): merchants, offers, orders (migration 038). No arithmetic here. */
import type Database from 'better-sqlite3';
import type { FlowFiat, FlowOrderState, FlowPayMethod, FlowSide } from '../../../src/shared/schemas/flow';

export interface MerchantRow {
  userId: number;
  name: string;
  payDetails: string;
  state: 'active' | 'suspended';
  deposit: string;
  holdId: number | null;
  createdAt: number;
}

export interface OfferRow {
  id: number;
  merchantId: number;
  side: FlowSide;
  fiat: FlowFiat;
  price: string;
  amount: string;
  available: string;
  minFiat: string;
  maxFiat: string;
  methods: FlowPayMethod[];
  payWindowMin: number;
  terms: string;
  status: 'open' | 'closed';
  holdId: number | null;
  createdAt: number;
  closedAt: number | null;
}

export interface OrderRow {
  id: number;
  offerId: number;
  merchantId: number;
  takerId: number;
  buyerId: number;
  sellerId: number;
  fiat: FlowFiat;
  price: string;
  amount: string;
  fiatAmount: string;
  method: FlowPayMethod;
  state: FlowOrderState;
  createdAt: number;
  payBy: number;
  paidAt: number | null;
  endedAt: number | null;
  endedBy: string | null;
  payDetails: string;
  terms: string;
  holdId: number | null;
  fromOffer: boolean;
}

/** What the masked name of a customer is made of (proxy/service.ts `maskCustomer`). */
export interface UserNameRow {
  email: string | null;
  phone: string | null;
  account: string | null;
  address: string | null;
  nickname: string;
}

/** 'active' = unpaid or paid (offers: open); 'ended' = the rest (offers: closed). */
export type StateFilter = 'all' | 'active' | 'ended';

export interface FlowStore {
  merchant(userId: number): MerchantRow | undefined;
  merchantByName(nameKey: string): MerchantRow | undefined;
  insertMerchant(m: MerchantRow & { nameKey: string }): void;
  updateMerchant(userId: number, name: string, nameKey: string, payDetails: string): void;
  setMerchantHold(userId: number, holdId: number): void;

  offer(id: number): OfferRow | undefined;
  insertOffer(o: Omit<OfferRow, 'id' | 'holdId' | 'closedAt'> & { priceMinor: number }): number;
  setOfferHold(id: number, holdId: number | null): void;
  setOfferAvailable(id: number, available: string): void;
  closeOffer(id: number, at: number): void;
  /** Open offers of a side, cheapest first (`priceAsc`) or dearest first; fiat and method filters optional. */
  openOffers(side: FlowSide, fiat: string, method: string, priceAsc: boolean): OfferRow[];
  offersOf(merchantId: number, state: StateFilter, limit: number, offset: number): OfferRow[];
  countOffersOf(merchantId: number, state: StateFilter): number;

  order(id: number): OrderRow | undefined;
  insertOrder(o: Omit<OrderRow, 'id' | 'holdId' | 'paidAt' | 'endedAt' | 'endedBy'>): number;
  setOrderHold(id: number, holdId: number): void;
  markPaid(id: number, at: number): boolean;
  endOrder(id: number, from: FlowOrderState, to: FlowOrderState, at: number, endedBy: string | null): boolean;
  ordersOf(userId: number, state: StateFilter, limit: number, offset: number): OrderRow[];
  countOrdersOf(userId: number, state: StateFilter): number;
  /** Unpaid orders the user took (FLOW-4's limit). */
  countUnpaidTaken(userId: number): number;
  /** Unpaid orders whose payment window has ended by `now`, oldest first. */
  dueOrders(now: number, limit: number): OrderRow[];
  /** Counts of a merchant's ended orders for the completion rate (FLOW-9). */
  merchantRecord(merchantId: number): { completed: number; failed: number };
  userName(userId: number): UserNameRow | undefined;
  transaction<T>(fn: () => T): T;
}

const MERCHANT_COLS =
  'user_id AS userId, name, pay_details AS payDetails, state, deposit, hold_id AS holdId, created_at AS createdAt';
const OFFER_COLS = `id, merchant_id AS merchantId, side, fiat, price, amount, available, min_fiat AS minFiat,
  max_fiat AS maxFiat, methods, pay_window_min AS payWindowMin, terms, status, hold_id AS holdId,
  created_at AS createdAt, closed_at AS closedAt`;
const ORDER_COLS = `id, offer_id AS offerId, merchant_id AS merchantId, taker_id AS takerId, buyer_id AS buyerId,
  seller_id AS sellerId, fiat, price, amount, fiat_amount AS fiatAmount, method, state, created_at AS createdAt,
  pay_by AS payBy, paid_at AS paidAt, ended_at AS endedAt, ended_by AS endedBy, pay_details AS payDetails, terms,
  hold_id AS holdId, from_offer AS fromOffer`;

const OFFER_STATE: Record<StateFilter, string> = {
  all: '1 = 1',
  active: "status = 'open'",
  ended: "status = 'closed'",
};
const ORDER_STATE: Record<StateFilter, string> = {
  all: '1 = 1',
  active: "state IN ('unpaid', 'paid')",
  ended: "state IN ('completed', 'cancelled', 'expired')",
};

type RawOffer = Omit<OfferRow, 'methods'> & { methods: string };
type RawOrder = Omit<OrderRow, 'fromOffer'> & { fromOffer: number };
const offerOf = (r: RawOffer | undefined): OfferRow | undefined =>
  r && { ...r, methods: r.methods.split(',') as FlowPayMethod[] };
const orderOf = (r: RawOrder | undefined): OrderRow | undefined => r && { ...r, fromOffer: r.fromOffer === 1 };

export function sqliteFlowStore(db: Database.Database): FlowStore {
  const q = {
    merchant: db.prepare(`SELECT ${MERCHANT_COLS} FROM flow_merchants WHERE user_id = ?`),
    merchantByName: db.prepare(`SELECT ${MERCHANT_COLS} FROM flow_merchants WHERE name_key = ?`),
    insertMerchant: db.prepare(`INSERT INTO flow_merchants
      (user_id, name, name_key, pay_details, state, deposit, hold_id, created_at)
      VALUES (@userId, @name, @nameKey, @payDetails, @state, @deposit, @holdId, @createdAt)`),
    updateMerchant: db.prepare('UPDATE flow_merchants SET name = ?, name_key = ?, pay_details = ? WHERE user_id = ?'),
    setMerchantHold: db.prepare('UPDATE flow_merchants SET hold_id = ? WHERE user_id = ?'),
    offer: db.prepare(`SELECT ${OFFER_COLS} FROM flow_offers WHERE id = ?`),
    insertOffer: db.prepare(`INSERT INTO flow_offers
      (merchant_id, side, fiat, price, price_minor, amount, available, min_fiat, max_fiat, methods, pay_window_min,
       terms, status, created_at)
      VALUES (@merchantId, @side, @fiat, @price, @priceMinor, @amount, @available, @minFiat, @maxFiat, @methods,
       @payWindowMin, @terms, @status, @createdAt)`),
    setOfferHold: db.prepare('UPDATE flow_offers SET hold_id = ? WHERE id = ?'),
    setOfferAvailable: db.prepare('UPDATE flow_offers SET available = ? WHERE id = ?'),
    closeOffer: db.prepare("UPDATE flow_offers SET status = 'closed', available = '0', closed_at = ? WHERE id = ?"),
    order: db.prepare(`SELECT ${ORDER_COLS} FROM flow_orders WHERE id = ?`),
    insertOrder: db.prepare(`INSERT INTO flow_orders
      (offer_id, merchant_id, taker_id, buyer_id, seller_id, fiat, price, amount, fiat_amount, method, state,
       created_at, pay_by, pay_details, terms, from_offer)
      VALUES (@offerId, @merchantId, @takerId, @buyerId, @sellerId, @fiat, @price, @amount, @fiatAmount, @method,
       @state, @createdAt, @payBy, @payDetails, @terms, @fromOffer)`),
    setOrderHold: db.prepare('UPDATE flow_orders SET hold_id = ? WHERE id = ?'),
    markPaid: db.prepare("UPDATE flow_orders SET state = 'paid', paid_at = ? WHERE id = ? AND state = 'unpaid'"),
    endOrder: db.prepare('UPDATE flow_orders SET state = ?, ended_at = ?, ended_by = ? WHERE id = ? AND state = ?'),
    countUnpaidTaken: db.prepare("SELECT COUNT(*) AS n FROM flow_orders WHERE taker_id = ? AND state = 'unpaid'"),
    dueOrders: db.prepare(
      `SELECT ${ORDER_COLS} FROM flow_orders WHERE state = 'unpaid' AND pay_by <= ? ORDER BY pay_by, id LIMIT ?`,
    ),
    merchantRecord: db.prepare(`SELECT
        SUM(CASE WHEN state = 'completed' THEN 1 ELSE 0 END) AS completed,
        SUM(CASE WHEN (state = 'cancelled' AND ended_by = CASE WHEN buyer_id = merchant_id THEN 'buyer' ELSE 'seller' END)
                   OR (state = 'expired' AND buyer_id = merchant_id) THEN 1 ELSE 0 END) AS failed
      FROM flow_orders WHERE merchant_id = ?`),
    userName: db.prepare('SELECT email, phone, account, address, nickname FROM users WHERE id = ?'),
  };
  return {
    merchant: (id) => q.merchant.get(id) as MerchantRow | undefined,
    merchantByName: (key) => q.merchantByName.get(key) as MerchantRow | undefined,
    insertMerchant: (m) => void q.insertMerchant.run(m),
    updateMerchant: (id, name, key, pay) => void q.updateMerchant.run(name, key, pay, id),
    setMerchantHold: (id, holdId) => void q.setMerchantHold.run(holdId, id),
    offer: (id) => offerOf(q.offer.get(id) as RawOffer | undefined),
    insertOffer: (o) => Number(q.insertOffer.run({ ...o, methods: o.methods.join(',') }).lastInsertRowid),
    setOfferHold: (id, holdId) => void q.setOfferHold.run(holdId, id),
    setOfferAvailable: (id, available) => void q.setOfferAvailable.run(available, id),
    closeOffer: (id, at) => void q.closeOffer.run(at, id),
    openOffers: (side, fiat, method, priceAsc) => {
      const where = ["status = 'open'", 'side = ?', "available <> '0'"];
      const args: string[] = [side];
      if (fiat) {
        where.push('fiat = ?');
        args.push(fiat);
      }
      if (method) {
        where.push("(',' || methods || ',') LIKE ?");
        args.push(`%,${method},%`);
      }
      const order = priceAsc ? 'price_minor ASC, id ASC' : 'price_minor DESC, id ASC';
      return (
        db
          .prepare(`SELECT ${OFFER_COLS} FROM flow_offers WHERE ${where.join(' AND ')} ORDER BY ${order}`)
          .all(...args) as RawOffer[]
      ).map((r) => offerOf(r)!);
    },
    offersOf: (merchantId, state, limit, offset) =>
      (
        db
          .prepare(
            `SELECT ${OFFER_COLS} FROM flow_offers WHERE merchant_id = ? AND ${OFFER_STATE[state]}
             ORDER BY id DESC LIMIT ? OFFSET ?`,
          )
          .all(merchantId, limit, offset) as RawOffer[]
      ).map((r) => offerOf(r)!),
    countOffersOf: (merchantId, state) =>
      (
        db
          .prepare(`SELECT COUNT(*) AS n FROM flow_offers WHERE merchant_id = ? AND ${OFFER_STATE[state]}`)
          .get(merchantId) as { n: number }
      ).n,
    order: (id) => orderOf(q.order.get(id) as RawOrder | undefined),
    insertOrder: (o) => Number(q.insertOrder.run({ ...o, fromOffer: o.fromOffer ? 1 : 0 }).lastInsertRowid),
    setOrderHold: (id, holdId) => void q.setOrderHold.run(holdId, id),
    markPaid: (id, at) => q.markPaid.run(at, id).changes === 1,
    endOrder: (id, from, to, at, endedBy) => q.endOrder.run(to, at, endedBy, id, from).changes === 1,
    ordersOf: (userId, state, limit, offset) =>
      (
        db
          .prepare(
            `SELECT ${ORDER_COLS} FROM flow_orders WHERE (buyer_id = ? OR seller_id = ?) AND ${ORDER_STATE[state]}
             ORDER BY id DESC LIMIT ? OFFSET ?`,
          )
          .all(userId, userId, limit, offset) as RawOrder[]
      ).map((r) => orderOf(r)!),
    countOrdersOf: (userId, state) =>
      (
        db
          .prepare(
            `SELECT COUNT(*) AS n FROM flow_orders WHERE (buyer_id = ? OR seller_id = ?) AND ${ORDER_STATE[state]}`,
          )
          .get(userId, userId) as { n: number }
      ).n,
    countUnpaidTaken: (userId) => (q.countUnpaidTaken.get(userId) as { n: number }).n,
    dueOrders: (now, limit) => (q.dueOrders.all(now, limit) as RawOrder[]).map((r) => orderOf(r)!),
    merchantRecord: (merchantId) => {
      const r = q.merchantRecord.get(merchantId) as { completed: number | null; failed: number | null };
      return { completed: r.completed ?? 0, failed: r.failed ?? 0 };
    },
    userName: (id) => q.userName.get(id) as UserNameRow | undefined,
    transaction: (fn) => db.transaction(fn)(),
  };
}

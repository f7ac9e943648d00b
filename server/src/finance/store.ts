/** The finance products' SQL (FIN-*; migration 031): products, holdings, interest days, events. No arithmetic. */
import type Database from 'better-sqlite3';
import type { EarlyRedeem, FinanceKind, HoldingStatus } from '../../../src/shared/schemas/finance';

export interface ProductRow {
  id: number;
  coin: string;
  name: string;
  kind: FinanceKind;
  termDays: number;
  apr: string;
  minAmount: string;
  maxAmount: string;
  quota: string;
  earlyRedeem: EarlyRedeem;
  autoRenewAllowed: boolean;
  enabled: boolean;
}

export interface HoldingRow {
  id: number;
  userId: number;
  productId: number;
  coin: string;
  apr: string;
  principal: string;
  settlementType: 1 | 2;
  subscribedAt: number;
  interestFrom: number;
  maturesAt: number | null;
  term: number;
  nextDay: number;
  autoRenew: boolean;
  status: HoldingStatus;
  endedAt: number | null;
  holdId: number | null;
}

export interface InterestRow {
  holdingId: number;
  day: number;
  amount: string;
  status: 'paid' | 'accrued' | 'forfeited';
  journalId: number | null;
}

export interface EventRow {
  id: number;
  userId: number;
  holdingId: number;
  productId: number;
  time: number;
  kind: 'subscribe' | 'interest' | 'redeem' | 'mature' | 'renew';
  amount: string;
  day: number | null;
  productName: string;
  coin: string;
}

export interface FinanceStore {
  products(): ProductRow[];
  /** A product's name in the first of `langs` that has one (finance_product_texts, OPC-1), else `name`. */
  productName(p: Pick<ProductRow, 'id' | 'name'>, langs: readonly string[]): string;
  product(id: number): ProductRow | undefined;
  /** Principals of the active holdings of a product (all users, or one). */
  activePrincipals(productId: number, userId?: number): string[];
  insertHolding(h: Omit<HoldingRow, 'id' | 'holdId' | 'endedAt' | 'status' | 'term'>): number;
  holding(id: number): HoldingRow | undefined;
  holdingsOf(userId: number, ended: boolean, limit: number, offset: number): HoldingRow[];
  countHoldings(userId: number, ended: boolean): number;
  activeOf(userId: number): HoldingRow[];
  /** Active holdings with a day owed before `today` or a term ended at `now`. */
  due(today: number, now: number): HoldingRow[];
  setHold(id: number, holdId: number): void;
  setNextDay(id: number, nextDay: number): void;
  setAutoRenew(id: number, autoRenew: boolean): void;
  renew(id: number, t: { interestFrom: number; maturesAt: number; nextDay: number }): void;
  /** Ends an active holding; false when it was not active (nothing changed). */
  end(id: number, status: 'redeemed' | 'matured', at: number): boolean;
  /** Writes a day's interest row; false when the (holding, day) row exists (nothing changed). */
  insertInterest(r: InterestRow, at: number): boolean;
  setInterestJournal(holdingId: number, day: number, journalId: number): void;
  interestOf(holdingId: number): InterestRow[];
  /** Marks the accrued rows of a holding paid (with the payout's journal row) or forfeited. */
  closeAccrued(holdingId: number, status: 'paid' | 'forfeited', journalId: number | null): void;
  /** Interest rows of a user's holdings for one day (the summary's "yesterday"). */
  interestOfUserDay(userId: number, day: number): (InterestRow & { coin: string })[];
  /** Every interest row of a user's holdings, with the coin (the summary). */
  interestOfUser(userId: number): (InterestRow & { coin: string; active: boolean })[];
  insertEvent(e: Omit<EventRow, 'id' | 'productName' | 'coin' | 'productId'>): void;
  events(userId: number, kind: string | undefined, limit: number, offset: number): EventRow[];
  countEvents(userId: number, kind: string | undefined): number;
}

const P_COLS = `id, coin, name, kind, term_days AS termDays, apr, min_amount AS minAmount, max_amount AS maxAmount,
  quota, early_redeem AS earlyRedeem, auto_renew_allowed AS autoRenewAllowed, enabled`;
const H_COLS = `id, user_id AS userId, product_id AS productId, coin, apr, principal, settlement_type AS settlementType,
  subscribed_at AS subscribedAt, interest_from AS interestFrom, matures_at AS maturesAt, term, next_day AS nextDay,
  auto_renew AS autoRenew, status, ended_at AS endedAt, hold_id AS holdId`;
const I_COLS = 'holding_id AS holdingId, day, amount, status, journal_id AS journalId';

type Raw<T> = { [K in keyof T]: T[K] extends boolean ? number : T[K] };
const product = (r: Raw<ProductRow>): ProductRow => ({
  ...r,
  autoRenewAllowed: r.autoRenewAllowed === 1,
  enabled: r.enabled === 1,
});
const holding = (r: Raw<HoldingRow>): HoldingRow => ({ ...r, autoRenew: r.autoRenew === 1 });

export function sqliteFinanceStore(db: Database.Database): FinanceStore {
  const q = {
    products: db.prepare(`SELECT ${P_COLS} FROM finance_products ORDER BY sort, id`),
    productTexts: db.prepare('SELECT lang, name FROM finance_product_texts WHERE product_id = ?'),
    product: db.prepare(`SELECT ${P_COLS} FROM finance_products WHERE id = ?`),
    principals: db.prepare(`SELECT principal FROM finance_holdings WHERE product_id = ? AND status = 'active'`),
    principalsOf: db.prepare(
      `SELECT principal FROM finance_holdings WHERE product_id = ? AND user_id = ? AND status = 'active'`,
    ),
    insertHolding: db.prepare(
      `INSERT INTO finance_holdings (user_id, product_id, coin, apr, principal, settlement_type, subscribed_at,
       interest_from, matures_at, next_day, auto_renew, status) VALUES (@userId, @productId, @coin, @apr, @principal,
       @settlementType, @subscribedAt, @interestFrom, @maturesAt, @nextDay, @autoRenew, 'active')`,
    ),
    holding: db.prepare(`SELECT ${H_COLS} FROM finance_holdings WHERE id = ?`),
    active: db.prepare(`SELECT ${H_COLS} FROM finance_holdings WHERE user_id = ? AND status = 'active' ORDER BY id`),
    listActive: db.prepare(
      `SELECT ${H_COLS} FROM finance_holdings WHERE user_id = ? AND status = 'active' ORDER BY id DESC LIMIT ? OFFSET ?`,
    ),
    listEnded: db.prepare(
      `SELECT ${H_COLS} FROM finance_holdings WHERE user_id = ? AND status != 'active' ORDER BY ended_at DESC, id DESC
       LIMIT ? OFFSET ?`,
    ),
    countActive: db.prepare(`SELECT count(*) AS n FROM finance_holdings WHERE user_id = ? AND status = 'active'`),
    countEnded: db.prepare(`SELECT count(*) AS n FROM finance_holdings WHERE user_id = ? AND status != 'active'`),
    due: db.prepare(
      `SELECT ${H_COLS} FROM finance_holdings WHERE status = 'active' AND (next_day < ? OR matures_at <= ?) ORDER BY id`,
    ),
    setHold: db.prepare('UPDATE finance_holdings SET hold_id = ? WHERE id = ?'),
    setNextDay: db.prepare('UPDATE finance_holdings SET next_day = ? WHERE id = ? AND next_day < ?'),
    setAutoRenew: db.prepare('UPDATE finance_holdings SET auto_renew = ? WHERE id = ?'),
    renew: db.prepare(
      `UPDATE finance_holdings SET interest_from = @interestFrom, matures_at = @maturesAt, next_day = @nextDay,
       term = term + 1 WHERE id = @id AND status = 'active'`,
    ),
    end: db.prepare(`UPDATE finance_holdings SET status = ?, ended_at = ? WHERE id = ? AND status = 'active'`),
    insertInterest: db.prepare(
      `INSERT OR IGNORE INTO finance_interest (holding_id, day, amount, status, journal_id, created_at)
       VALUES (@holdingId, @day, @amount, @status, @journalId, @at)`,
    ),
    setInterestJournal: db.prepare('UPDATE finance_interest SET journal_id = ? WHERE holding_id = ? AND day = ?'),
    interestOf: db.prepare(`SELECT ${I_COLS} FROM finance_interest WHERE holding_id = ? ORDER BY day`),
    closeAccrued: db.prepare(
      `UPDATE finance_interest SET status = ?, journal_id = ? WHERE holding_id = ? AND status = 'accrued'`,
    ),
    interestOfUserDay: db.prepare(
      `SELECT i.holding_id AS holdingId, i.day, i.amount, i.status, i.journal_id AS journalId, h.coin
       FROM finance_interest i JOIN finance_holdings h ON h.id = i.holding_id WHERE h.user_id = ? AND i.day = ?`,
    ),
    interestOfUser: db.prepare(
      `SELECT i.holding_id AS holdingId, i.day, i.amount, i.status, i.journal_id AS journalId, h.coin,
       h.status = 'active' AS active
       FROM finance_interest i JOIN finance_holdings h ON h.id = i.holding_id WHERE h.user_id = ?`,
    ),
    insertEvent: db.prepare(
      `INSERT INTO finance_events (user_id, holding_id, time, kind, amount, day)
       VALUES (@userId, @holdingId, @time, @kind, @amount, @day)`,
    ),
    events: db.prepare(
      `SELECT e.id, e.user_id AS userId, e.holding_id AS holdingId, e.time, e.kind, e.amount, e.day,
       p.name AS productName, p.id AS productId, h.coin FROM finance_events e JOIN finance_holdings h ON h.id = e.holding_id
       JOIN finance_products p ON p.id = h.product_id
       WHERE e.user_id = @userId AND (@kind IS NULL OR e.kind = @kind) ORDER BY e.id DESC LIMIT @limit OFFSET @offset`,
    ),
    countEvents: db.prepare(
      `SELECT count(*) AS n FROM finance_events WHERE user_id = @userId AND (@kind IS NULL OR kind = @kind)`,
    ),
  };
  return {
    products: () => (q.products.all() as Raw<ProductRow>[]).map(product),
    productName: (p, langs) => {
      const texts = new Map(
        (q.productTexts.all(p.id) as { lang: string; name: string }[]).map((r) => [r.lang, r.name] as const),
      );
      for (const l of langs) {
        const t = texts.get(l);
        if (t) return t;
      }
      return p.name;
    },
    product: (id) => {
      const r = q.product.get(id) as Raw<ProductRow> | undefined;
      return r && product(r);
    },
    activePrincipals: (productId, userId) =>
      (userId === undefined ? q.principals.all(productId) : q.principalsOf.all(productId, userId)).map(
        (r) => (r as { principal: string }).principal,
      ),
    insertHolding: (h) => Number(q.insertHolding.run({ ...h, autoRenew: h.autoRenew ? 1 : 0 }).lastInsertRowid),
    holding: (id) => {
      const r = q.holding.get(id) as Raw<HoldingRow> | undefined;
      return r && holding(r);
    },
    holdingsOf: (userId, ended, limit, offset) =>
      ((ended ? q.listEnded : q.listActive).all(userId, limit, offset) as Raw<HoldingRow>[]).map(holding),
    countHoldings: (userId, ended) => ((ended ? q.countEnded : q.countActive).get(userId) as { n: number }).n,
    activeOf: (userId) => (q.active.all(userId) as Raw<HoldingRow>[]).map(holding),
    due: (today, now) => (q.due.all(today, now) as Raw<HoldingRow>[]).map(holding),
    setHold: (id, holdId) => void q.setHold.run(holdId, id),
    setNextDay: (id, nextDay) => void q.setNextDay.run(nextDay, id, nextDay),
    setAutoRenew: (id, autoRenew) => void q.setAutoRenew.run(autoRenew ? 1 : 0, id),
    renew: (id, t) => void q.renew.run({ id, ...t }),
    end: (id, status, at) => q.end.run(status, at, id).changes === 1,
    insertInterest: (r, at) => q.insertInterest.run({ ...r, at }).changes === 1,
    setInterestJournal: (holdingId, day, journalId) => void q.setInterestJournal.run(journalId, holdingId, day),
    interestOf: (holdingId) => q.interestOf.all(holdingId) as InterestRow[],
    closeAccrued: (holdingId, status, journalId) => void q.closeAccrued.run(status, journalId, holdingId),
    interestOfUserDay: (userId, day) => q.interestOfUserDay.all(userId, day) as (InterestRow & { coin: string })[],
    interestOfUser: (userId) =>
      (q.interestOfUser.all(userId) as (InterestRow & { coin: string; active: number })[]).map((r) => ({
        ...r,
        active: r.active === 1,
      })),
    insertEvent: (e) => void q.insertEvent.run(e),
    events: (userId, kind, limit, offset) => q.events.all({ userId, kind: kind ?? null, limit, offset }) as EventRow[],
    countEvents: (userId, kind) => (q.countEvents.get({ userId, kind: kind ?? null }) as { n: number }).n,
  };
}

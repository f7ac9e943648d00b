/**
 * Flow (P2P) orders (FLOW rules in docs/spec/flow.md). `flow_merchants`: users in the merchant programme, with the
 * name customers see, how buyers pay them, and the ledger hold of their security deposit (FLOW-2).
 * `flow_offers`: merchants' buy and sell offers; `available` is the USDT still offered (a sell offer's open hold,
 * `hold_id`, is exactly that amount, FLOW-5); `price_minor` is the price in hundredths (prices have 2 decimals)
 * so offers sort by price in SQL. `flow_orders`: one row per take, with both parties, the amounts fixed at take,
 * the escrow's hold (`hold_id`) and whether the escrow came out of the offer's hold (`from_offer`).
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE flow_merchants (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      pay_details TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('active', 'suspended')),
      deposit TEXT NOT NULL,
      hold_id INTEGER REFERENCES ledger_holds(id),
      created_at INTEGER NOT NULL
    );
    CREATE TABLE flow_offers (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      merchant_id INTEGER NOT NULL REFERENCES flow_merchants(user_id),
      side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
      fiat TEXT NOT NULL,
      price TEXT NOT NULL,
      price_minor INTEGER NOT NULL,
      amount TEXT NOT NULL,
      available TEXT NOT NULL,
      min_fiat TEXT NOT NULL,
      max_fiat TEXT NOT NULL,
      methods TEXT NOT NULL,
      pay_window_min INTEGER NOT NULL,
      terms TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
      hold_id INTEGER REFERENCES ledger_holds(id),
      created_at INTEGER NOT NULL,
      closed_at INTEGER
    );
    CREATE INDEX flow_offers_list ON flow_offers(status, side, fiat, price_minor);
    CREATE INDEX flow_offers_merchant ON flow_offers(merchant_id, id);
    CREATE TABLE flow_orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      offer_id INTEGER NOT NULL REFERENCES flow_offers(id),
      merchant_id INTEGER NOT NULL REFERENCES users(id),
      taker_id INTEGER NOT NULL REFERENCES users(id),
      buyer_id INTEGER NOT NULL REFERENCES users(id),
      seller_id INTEGER NOT NULL REFERENCES users(id),
      fiat TEXT NOT NULL,
      price TEXT NOT NULL,
      amount TEXT NOT NULL,
      fiat_amount TEXT NOT NULL,
      method TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('unpaid', 'paid', 'completed', 'cancelled', 'expired')),
      created_at INTEGER NOT NULL,
      pay_by INTEGER NOT NULL,
      paid_at INTEGER,
      ended_at INTEGER,
      ended_by TEXT,
      pay_details TEXT NOT NULL,
      terms TEXT NOT NULL,
      hold_id INTEGER REFERENCES ledger_holds(id),
      from_offer INTEGER NOT NULL
    );
    CREATE INDEX flow_orders_due ON flow_orders(state, pay_by);
    CREATE INDEX flow_orders_buyer ON flow_orders(buyer_id, id);
    CREATE INDEX flow_orders_seller ON flow_orders(seller_id, id);
    CREATE INDEX flow_orders_offer ON flow_orders(offer_id);
    CREATE INDEX flow_orders_merchant ON flow_orders(merchant_id, state);
  `);
}

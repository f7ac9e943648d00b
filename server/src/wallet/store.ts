/**
 * The wallet's reads, and the withdraw address book: the SQL of the wallet module. Balances are read here
 * and written only by the ledger (../ledger/README.md).
 */
import DecimalBase from 'decimal.js';
import type Database from 'better-sqlite3';
import type { AssetEntry } from '../../../src/shared/schemas/user';

/** decimal.js rounds to 20 significant digits by default; balances need every digit (64 is far beyond any amount). */
const Decimal = DecimalBase.clone({ precision: 64, rounding: DecimalBase.ROUND_DOWN });

export type AssetAccount = AssetEntry['account'];

export function listAssets(db: Database.Database, userId: number): AssetEntry[] {
  return db
    .prepare('SELECT coin, account, available, frozen FROM user_assets WHERE user_id = ? ORDER BY account, coin')
    .all(userId) as AssetEntry[];
}

/** Sum of one account's balance of a coin (available + frozen). */
export function accountTotal(db: Database.Database, userId: number, account: AssetAccount, coin: string): string {
  const row = db
    .prepare('SELECT available, frozen FROM user_assets WHERE user_id = ? AND account = ? AND coin = ?')
    .get(userId, account, coin.toUpperCase()) as { available: string; frozen: string } | undefined;
  return row ? new Decimal(row.available).plus(row.frozen).toFixed() : '0';
}

/** The newest saved withdraw address (getInfo shows it), or empty strings. */
export function currentWithdrawAddress(db: Database.Database, userId: number): { type: string; address: string } {
  const row = db
    .prepare('SELECT type, address FROM withdraw_addresses WHERE user_id = ? ORDER BY id DESC LIMIT 1')
    .get(userId) as { type: string; address: string } | undefined;
  return row ?? { type: '', address: '' };
}

export function listWithdrawAddresses(db: Database.Database, userId: number) {
  return db
    .prepare('SELECT id, type, address, created_at AS createTime FROM withdraw_addresses WHERE user_id = ? ORDER BY id')
    .all(userId) as { id: number; type: string; address: string; createTime: number }[];
}

export function countWithdrawAddresses(db: Database.Database, userId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM withdraw_addresses WHERE user_id = ?').get(userId) as { n: number }).n;
}

export function addWithdrawAddress(db: Database.Database, userId: number, type: string, address: string, now: number) {
  db.prepare('INSERT INTO withdraw_addresses (user_id, type, address, created_at) VALUES (?, ?, ?, ?)').run(
    userId,
    type,
    address,
    now,
  );
}

/** Every coin code the platform lists (the coin and quote of each pair in the four coin lists), upper-case. */
export function listedCoins(db: Database.Database): Set<string> {
  const rows = db
    .prepare(
      `SELECT upper(coin) AS c FROM coin_spot UNION SELECT upper(baseCoin) FROM coin_spot
       UNION SELECT upper(coin) FROM coin_contract UNION SELECT upper(baseCoin) FROM coin_contract
       UNION SELECT upper(coin) FROM coin_second UNION SELECT upper(baseCoin) FROM coin_second
       UNION SELECT upper(coin) FROM coin_option UNION SELECT upper(baseCoin) FROM coin_option`,
    )
    .all() as { c: string }[];
  return new Set(rows.map((r) => r.c));
}

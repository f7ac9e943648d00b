/**
 * Balances per user, account (platform, finance, contract) and coin, as exact decimal strings.
 * Other parts (recharge, withdraw, exchange, trading) change balances through `adjust` inside their
 * own transaction; it refuses to take a balance below zero.
 */
import DecimalBase from 'decimal.js';
import type Database from 'better-sqlite3';
import type { AssetEntry } from '../../../src/shared/schemas/user';
import { AccountError } from './errors';

/** decimal.js rounds to 20 significant digits by default; balances need every digit (64 is far beyond any amount). */
const Decimal = DecimalBase.clone({ precision: 64, rounding: DecimalBase.ROUND_DOWN });

export type AssetAccount = AssetEntry['account'];

export function listAssets(db: Database.Database, userId: number): AssetEntry[] {
  return db
    .prepare('SELECT coin, account, available, frozen FROM user_assets WHERE user_id = ? ORDER BY account, coin')
    .all(userId) as AssetEntry[];
}

/** Adds `deltaAvailable` and `deltaFrozen` (decimal strings, may be negative). Throws when a result would be negative. */
export function adjustAsset(
  db: Database.Database,
  userId: number,
  account: AssetAccount,
  coin: string,
  deltaAvailable: string,
  deltaFrozen = '0',
): AssetEntry {
  const c = coin.toUpperCase();
  const row = db.prepare('SELECT available, frozen FROM user_assets WHERE user_id = ? AND account = ? AND coin = ?').get(userId, account, c) as
    | { available: string; frozen: string }
    | undefined;
  const available = new Decimal(row?.available ?? '0').plus(deltaAvailable);
  const frozen = new Decimal(row?.frozen ?? '0').plus(deltaFrozen);
  if (available.isNegative() || frozen.isNegative()) throw new AccountError('Insufficient balance');
  const entry: AssetEntry = { coin: c, account, available: available.toFixed(), frozen: frozen.toFixed() };
  db.prepare(
    `INSERT INTO user_assets (user_id, account, coin, available, frozen) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, account, coin) DO UPDATE SET available = excluded.available, frozen = excluded.frozen`,
  ).run(userId, account, c, entry.available, entry.frozen);
  return entry;
}

/** Sum of one account's balance of a coin (available + frozen). */
export function accountTotal(db: Database.Database, userId: number, account: AssetAccount, coin: string): string {
  const row = db.prepare('SELECT available, frozen FROM user_assets WHERE user_id = ? AND account = ? AND coin = ?').get(userId, account, coin.toUpperCase()) as
    | { available: string; frozen: string }
    | undefined;
  return row ? new Decimal(row.available).plus(row.frozen).toFixed() : '0';
}

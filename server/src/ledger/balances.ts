/**
 * The one writer of balances today: per user, account (platform, finance, contract) and coin, as exact
 * decimal strings. Other parts change balances through `adjustAsset` inside their own transaction; it
 * refuses to take a balance below zero. The journal of the ledger will replace it (README.md).
 */
import DecimalBase from 'decimal.js';
import type Database from 'better-sqlite3';
import type { AssetEntry } from '../../../src/shared/schemas/user';
import { ApiFail } from '../http/failures';
import type { AssetAccount } from '../wallet/store';

/** decimal.js rounds to 20 significant digits by default; balances need every digit (64 is far beyond any amount). */
const Decimal = DecimalBase.clone({ precision: 64, rounding: DecimalBase.ROUND_DOWN });

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
  const row = db
    .prepare('SELECT available, frozen FROM user_assets WHERE user_id = ? AND account = ? AND coin = ?')
    .get(userId, account, c) as { available: string; frozen: string } | undefined;
  const available = new Decimal(row?.available ?? '0').plus(deltaAvailable);
  const frozen = new Decimal(row?.frozen ?? '0').plus(deltaFrozen);
  if (available.isNegative() || frozen.isNegative()) throw new ApiFail('Insufficient balance');
  const entry: AssetEntry = { coin: c, account, available: available.toFixed(), frozen: frozen.toFixed() };
  db.prepare(
    `INSERT INTO user_assets (user_id, account, coin, available, frozen) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, account, coin) DO UPDATE SET available = excluded.available, frozen = excluded.frozen`,
  ).run(userId, account, c, entry.available, entry.frozen);
  return entry;
}

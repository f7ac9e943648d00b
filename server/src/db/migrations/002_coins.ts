/**
 * The coin lists of spec 3.4, one table per list, one column per field (camelCase, as on the wire).
 * Prices and amounts are TEXT decimal strings; flags are 0/1 integers.
 */
import type Database from 'better-sqlite3';

const common = `
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL UNIQUE,
  showSymbol TEXT NOT NULL,
  coin TEXT NOT NULL,
  baseCoin TEXT NOT NULL,
  customizeFlag INTEGER NOT NULL DEFAULT 1,
  market TEXT NOT NULL,
  amount TEXT NOT NULL,
  open TEXT NOT NULL,
  coinType INTEGER NOT NULL DEFAULT 1,
  logo TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0`;

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE coin_second (${common},
      showFlag INTEGER NOT NULL DEFAULT 1,
      status INTEGER NOT NULL DEFAULT 1,
      type INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE coin_spot (${common},
      basePrecision INTEGER NOT NULL,
      coinPrecision INTEGER NOT NULL,
      buyMax TEXT NOT NULL,
      enable INTEGER NOT NULL DEFAULT 1,
      feeRate TEXT NOT NULL,
      isDeal INTEGER NOT NULL DEFAULT 1,
      isShow INTEGER NOT NULL DEFAULT 1,
      limitedBuy INTEGER NOT NULL DEFAULT 1,
      limitedSell INTEGER NOT NULL DEFAULT 1,
      marketBuy INTEGER NOT NULL DEFAULT 1,
      marketSell INTEGER NOT NULL DEFAULT 1,
      minSell TEXT NOT NULL,
      orderMax TEXT NOT NULL,
      orderMin TEXT NOT NULL,
      sellMin TEXT NOT NULL
    );
    CREATE TABLE coin_contract (${common},
      baseScale INTEGER NOT NULL,
      coinScale INTEGER NOT NULL,
      closeFee TEXT NOT NULL,
      openFee TEXT NOT NULL,
      deliveryDays INTEGER NOT NULL DEFAULT 0,
      enable INTEGER NOT NULL DEFAULT 1,
      enableMarketBuy INTEGER NOT NULL DEFAULT 1,
      enableMarketSell INTEGER NOT NULL DEFAULT 1,
      enableOpenBuy INTEGER NOT NULL DEFAULT 1,
      enableOpenSell INTEGER NOT NULL DEFAULT 1,
      intervalHour INTEGER NOT NULL,
      leverage TEXT NOT NULL,
      lossRate TEXT NOT NULL,
      maxShare TEXT NOT NULL,
      minMargin TEXT NOT NULL,
      minShare TEXT NOT NULL,
      shareNumber TEXT NOT NULL,
      usdtRate TEXT NOT NULL,
      visible INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE coin_option (${common},
      feeType INTEGER NOT NULL,
      feeValue TEXT NOT NULL,
      showFlag INTEGER NOT NULL DEFAULT 1,
      status INTEGER NOT NULL DEFAULT 1
    );
  `);
}

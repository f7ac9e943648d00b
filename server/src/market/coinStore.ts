/**
 * The four coin lists of spec 3.4, one table each (migration 002). Rows map 1:1 to the wire shape;
 * flag columns are 0/1 in SQLite and booleans on the wire.
 */
import type Database from 'better-sqlite3';
import type { CoinListName, CoinLists } from '../../../src/shared/schemas/coins';

export const COIN_TABLES: Record<CoinListName, string> = {
  coinList: 'coin_second',
  currencyList: 'coin_spot',
  contractList: 'coin_contract',
  optionList: 'coin_option',
};

const FLAGS: Record<CoinListName, readonly string[]> = {
  coinList: ['showFlag', 'status'],
  currencyList: ['enable', 'isDeal', 'isShow', 'limitedBuy', 'limitedSell', 'marketBuy', 'marketSell'],
  contractList: ['enable', 'enableMarketBuy', 'enableMarketSell', 'enableOpenBuy', 'enableOpenSell', 'visible'],
  optionList: ['showFlag', 'status'],
};

type Row = Record<string, unknown>;

export function readCoinList<K extends CoinListName>(
  db: Database.Database,
  list: K,
  orderBy = 'sort',
  desc = false,
): CoinLists[K] {
  // orderBy is checked against the endpoint's enum before it gets here; quote it anyway.
  const col = orderBy.replace(/[^A-Za-z]/g, '');
  const rows = db
    .prepare(`SELECT * FROM ${COIN_TABLES[list]} ORDER BY "${col}" ${desc ? 'DESC' : 'ASC'}, id ASC`)
    .all() as Row[];
  const flags = FLAGS[list];
  for (const r of rows) for (const f of flags) r[f] = r[f] === 1;
  return rows as CoinLists[K];
}

export function readCoinLists(db: Database.Database): CoinLists {
  return {
    coinList: readCoinList(db, 'coinList'),
    currencyList: readCoinList(db, 'currencyList'),
    contractList: readCoinList(db, 'contractList'),
    optionList: readCoinList(db, 'optionList'),
  };
}

export function insertCoinRows(db: Database.Database, list: CoinListName, rows: Row[]): void {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  const ins = db.prepare(
    `INSERT INTO ${COIN_TABLES[list]} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map((c) => '@' + c).join(', ')})`,
  );
  for (const r of rows) {
    const bound: Row = {};
    for (const c of cols) bound[c] = typeof r[c] === 'boolean' ? (r[c] ? 1 : 0) : r[c];
    ins.run(bound);
  }
}

export function countCoins(db: Database.Database, list: CoinListName): number {
  return (db.prepare(`SELECT count(*) AS n FROM ${COIN_TABLES[list]}`).get() as { n: number }).n;
}

/** The spot pair (or any listed pair) of a symbol or coin code: "btcusdt", "BTC", "btc". */
export function findListedSymbol(
  db: Database.Database,
  codeOrSymbol: string,
): { symbol: string; coin: string; amount: string } | undefined {
  const q = codeOrSymbol.trim();
  for (const table of Object.values(COIN_TABLES)) {
    const row = db
      .prepare(
        `SELECT symbol, coin, amount FROM ${table} WHERE lower(symbol) = lower(?) OR lower(coin) = lower(?) LIMIT 1`,
      )
      .get(q, q) as { symbol: string; coin: string; amount: string } | undefined;
    if (row) return row;
  }
  return undefined;
}

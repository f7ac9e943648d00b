/**
 * The ledger (LEDGER-1..6): the journal (one row per operation), its entries (signed decimal strings that sum
 * to zero per coin), holds (frozen amounts with their cause), and `user_assets` rebuilt with CHECK constraints
 * so that no stored balance can be negative or anything but a plain decimal, whatever code writes it.
 * Balances that existed before the ledger are moved into the journal as one opening row per user from
 * `house:genesis` (frozen amounts as open holds of kind `opening`), so the ledger check passes on upgraded data.
 */
import type Database from 'better-sqlite3';
import { Decimal } from '../../../../src/shared/decimal';

/** A stored amount: digits, at most one point, no sign, no exponent. */
const plain = (col: string) => `(${col} GLOB '[0-9]*' AND ${col} NOT GLOB '*[^0-9.]*' AND ${col} NOT GLOB '*.*.*')`;

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE ledger_journal (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      ref TEXT NOT NULL,
      user_id INTEGER REFERENCES users(id),
      created_at INTEGER NOT NULL,
      memo TEXT NOT NULL DEFAULT '',
      UNIQUE (kind, ref)
    );
    CREATE INDEX ledger_journal_user ON ledger_journal(user_id, id);
    CREATE TABLE ledger_entries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      journal_id INTEGER NOT NULL REFERENCES ledger_journal(id),
      user_id INTEGER REFERENCES users(id),
      account TEXT NOT NULL,
      bucket TEXT NOT NULL CHECK (bucket IN ('available','frozen')),
      coin TEXT NOT NULL,
      amount TEXT NOT NULL CHECK (amount GLOB '-[0-9]*' OR amount GLOB '[0-9]*'),
      CHECK ((user_id IS NULL AND account GLOB 'house:*') OR
             (user_id IS NOT NULL AND account IN ('platform','finance','contract')))
    );
    CREATE INDEX ledger_entries_journal ON ledger_entries(journal_id);
    CREATE INDEX ledger_entries_owner ON ledger_entries(user_id, account, coin);
    CREATE TABLE ledger_holds (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      account TEXT NOT NULL CHECK (account IN ('platform','finance','contract')),
      coin TEXT NOT NULL,
      amount TEXT NOT NULL CHECK (${plain('amount')}),
      kind TEXT NOT NULL,
      ref TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('open','released','settled')),
      journal_id INTEGER NOT NULL REFERENCES ledger_journal(id),
      closed_journal_id INTEGER REFERENCES ledger_journal(id),
      created_at INTEGER NOT NULL,
      closed_at INTEGER
    );
    CREATE INDEX ledger_holds_open ON ledger_holds(user_id, account, coin) WHERE state = 'open';

    CREATE TABLE user_assets_new (
      user_id INTEGER NOT NULL REFERENCES users(id),
      account TEXT NOT NULL CHECK (account IN ('platform','finance','contract')),
      coin TEXT NOT NULL,
      available TEXT NOT NULL DEFAULT '0' CHECK (${plain('available')}),
      frozen TEXT NOT NULL DEFAULT '0' CHECK (${plain('frozen')}),
      PRIMARY KEY (user_id, account, coin)
    );
  `);

  // Opening balances: one journal row per user, from house:genesis.
  const old = db
    .prepare(
      'SELECT user_id, account, upper(coin) AS coin, available, frozen FROM user_assets ORDER BY user_id, account, coin',
    )
    .all() as { user_id: number; account: string; coin: string; available: string; frozen: string }[];
  const insAsset = db.prepare(
    'INSERT INTO user_assets_new (user_id, account, coin, available, frozen) VALUES (?, ?, ?, ?, ?)',
  );
  const insJournal = db.prepare(
    "INSERT INTO ledger_journal (kind, ref, user_id, created_at, memo) VALUES ('opening', ?, ?, ?, 'Balance before the ledger')",
  );
  const insEntry = db.prepare(
    'INSERT INTO ledger_entries (journal_id, user_id, account, bucket, coin, amount) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insHold = db.prepare(
    `INSERT INTO ledger_holds (user_id, account, coin, amount, kind, ref, state, journal_id, created_at)
     VALUES (?, ?, ?, ?, 'opening', ?, 'open', ?, 0)`,
  );
  const journalOf = new Map<number, number>();
  const genesis = new Map<string, Decimal>();
  const flushGenesis = (journalId: number) => {
    for (const [coin, total] of genesis)
      if (!total.isZero()) insEntry.run(journalId, null, 'house:genesis', 'available', coin, total.neg().toFixed());
    genesis.clear();
  };
  let current: number | undefined;
  for (const r of old) {
    const available = new Decimal(r.available);
    const frozen = new Decimal(r.frozen);
    if (available.isNegative() || frozen.isNegative())
      throw new Error(`user_assets of user ${r.user_id} ${r.account} ${r.coin} is negative; fix it before upgrading`);
    insAsset.run(r.user_id, r.account, r.coin, available.toFixed(), frozen.toFixed());
    if (available.isZero() && frozen.isZero()) continue;
    let journalId = journalOf.get(r.user_id);
    if (journalId === undefined) {
      if (current !== undefined) flushGenesis(current);
      journalId = Number(insJournal.run(`user:${r.user_id}`, r.user_id, 0).lastInsertRowid);
      journalOf.set(r.user_id, journalId);
      current = journalId;
    }
    if (!available.isZero()) insEntry.run(journalId, r.user_id, r.account, 'available', r.coin, available.toFixed());
    if (!frozen.isZero()) {
      insEntry.run(journalId, r.user_id, r.account, 'frozen', r.coin, frozen.toFixed());
      insHold.run(
        r.user_id,
        r.account,
        r.coin,
        frozen.toFixed(),
        `user:${r.user_id}:${r.account}:${r.coin}`,
        journalId,
      );
    }
    genesis.set(r.coin, (genesis.get(r.coin) ?? new Decimal(0)).plus(available).plus(frozen));
  }
  if (current !== undefined) flushGenesis(current);
  db.exec('DROP TABLE user_assets; ALTER TABLE user_assets_new RENAME TO user_assets;');
}

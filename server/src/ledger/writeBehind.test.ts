import { describe, expect, it } from 'vitest';
import { manualClock } from '../time/clock';
import { checkLedger } from './check';
import { Ledger } from './service';
import { sqliteLedgerStore } from './store';
import { freshDb } from './testDb';
import { writeBehindLedgerStore } from './writeBehind';

async function setup() {
  const db = await freshDb();
  const store = writeBehindLedgerStore(db);
  const ledger = new Ledger({ store, clock: manualClock() });
  const sql = sqliteLedgerStore(db);
  const count = (table: string) => (db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number) ?? 0;
  /** One batch as the core runs it: one transaction, flushed before the commit. */
  const batch = <T>(fn: () => T): T =>
    db.transaction(() => {
      store.begin();
      try {
        const out = fn();
        store.flush();
        return out;
      } finally {
        store.end();
      }
    })();
  return { db, store, ledger, sql, count, batch };
}

const deposit = (ledger: Ledger, userId: number, amount: string, ref: string) =>
  ledger.post({
    kind: 'deposit',
    ref,
    userId,
    entries: [
      { userId, account: 'platform', coin: 'USDT', amount },
      { house: 'house:deposits', coin: 'USDT', amount: `-${amount}` },
    ],
  });

const holdOf = (ledger: Ledger, userId: number, amount: string, ref: string) =>
  ledger.hold({ kind: 'spot_order', ref, userId, account: 'platform', coin: 'USDT', amount });

describe('[LEDGER-11] the ledger writes behind inside a batch', () => {
  it('queues entries and balances until the flush, answers reads from memory, and writes the same rows as row by row', async () => {
    const { ledger, sql, count, batch } = await setup();
    batch(() => {
      deposit(ledger, 1, '100', 'd1');
      const { hold } = holdOf(ledger, 1, '30', 'o1');
      // PERF-58: journal rows and holds (the rows others refer to) are in SQL at once; entries and balances are
      // not yet; the ledger's reads see the batch.
      expect(count('ledger_journal')).toBe(2);
      expect(count('ledger_holds')).toBe(1);
      expect(count('ledger_entries')).toBe(0);
      expect(sql.balance(1, 'platform', 'USDT')).toBeUndefined();
      expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '70', frozen: '30' });
      expect(ledger.balances(1)).toEqual([{ account: 'platform', coin: 'USDT', available: '70', frozen: '30' }]);
      ledger.post({
        kind: 'spot_fill',
        ref: 'f1',
        userId: 1,
        entries: [{ house: 'house:market', coin: 'USDT', amount: '10' }],
        fromHolds: [{ holdId: hold.id, amount: '10' }],
      });
      ledger.release(hold.id, { kind: 'spot_release', ref: 'o1', userId: 1 });
      expect(() => holdOf(ledger, 1, '91', 'o2')).toThrow('Insufficient USDT');
    });
    expect(count('ledger_journal')).toBe(4);
    expect(count('ledger_entries')).toBe(8);
    expect(sql.balance(1, 'platform', 'USDT')).toEqual({ available: '90', frozen: '0' });
    const holds = [...sql.eachOpenHold()];
    expect(holds).toEqual([]);
    expect(sql.hold(1)).toMatchObject({ state: 'released', amount: '20' });
    expect(checkLedger(sql).problems).toBe(0);
  });

  it('a rollback undoes the memory with the savepoint; a hold taken in an earlier batch is read and closed', async () => {
    const { db, ledger, store, sql, batch } = await setup();
    batch(() => deposit(ledger, 1, '100', 'd1'));
    const held = batch(() => holdOf(ledger, 1, '40', 'o1').hold);
    batch(() => {
      const mark = store.mark();
      expect(() =>
        db.transaction(() => {
          ledger.release(held.id, { kind: 'spot_release', ref: 'o1', userId: 1 });
          deposit(ledger, 1, '5', 'd2');
          throw new Error('refused after the ledger wrote');
        })(),
      ).toThrow('refused');
      store.rollbackTo(mark);
      // As before the command: the hold still open, the balance and the journal unchanged.
      expect(ledger.holdById(held.id)).toMatchObject({ state: 'open', amount: '40' });
      expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '60', frozen: '40' });
      expect(ledger.posted('deposit', 'd2')).toBeUndefined();
      // ledger.transaction undoes its own part when it throws.
      expect(() =>
        ledger.transaction(() => {
          deposit(ledger, 1, '7', 'd3');
          throw new Error('no');
        }),
      ).toThrow('no');
      expect(ledger.balance(1, 'platform', 'USDT').available).toBe('60');
      ledger.release(held.id, { kind: 'spot_release', ref: 'o1', userId: 1 });
    });
    expect(sql.balance(1, 'platform', 'USDT')).toEqual({ available: '100', frozen: '0' });
    expect(sql.journalByRef('deposit', 'd2')).toBeUndefined();
    expect(sql.journalByRef('deposit', 'd3')).toBeUndefined();
    expect(checkLedger(sql).problems).toBe(0);
  });

  it('a rollback behind a flush refuses the batch; outside a batch it writes at once', async () => {
    const { ledger, store, sql, batch } = await setup();
    expect(() =>
      batch(() => {
        const mark = store.mark();
        deposit(ledger, 1, '100', 'd1');
        store.flush();
        store.rollbackTo(mark);
        expect(store.poisoned).toBe(true);
        throw new Error('the core refuses a poisoned batch');
      }),
    ).toThrow('poisoned');
    expect(sql.balance(1, 'platform', 'USDT')).toBeUndefined();
    deposit(ledger, 2, '3', 'd9');
    expect(sql.balance(2, 'platform', 'USDT')).toEqual({ available: '3', frozen: '0' });
  });
});

describe('[PERF-58] in a batch every row is written after the rows it refers to', () => {
  it('a row that refers to a journal row or hold made in the batch is written at once, its keys checked then', async () => {
    const { db, ledger, batch } = await setup();
    // Like a spot fill (journal_id) and a spot order (hold_id); foreign keys are not deferred in the batch.
    db.exec(`CREATE TABLE kids (journal_id INTEGER NOT NULL REFERENCES ledger_journal(id),
      hold_id INTEGER REFERENCES ledger_holds(id))`);
    batch(() => {
      const journal = deposit(ledger, 1, '100', 'd1');
      const { hold } = holdOf(ledger, 1, '30', 'o1');
      db.prepare('INSERT INTO kids (journal_id, hold_id) VALUES (?, ?)').run(journal.id, hold.id);
      expect(db.pragma('foreign_key_check')).toEqual([]);
    });
    expect(db.prepare('SELECT count(*) FROM kids').pluck().get()).toBe(1);
  });
});

describe('[LEDGER-11] every savepoint of the connection rolls the queued writes back with the SQL', () => {
  it('a module’s own db.transaction around a ledger write, thrown and caught, leaves nothing in memory or SQL', async () => {
    const { db, ledger, sql, count, batch } = await setup();
    batch(() => {
      deposit(ledger, 1, '100', 'd1');
      // A module's pattern: its own transaction around a ledger write, the failure caught, the command going on.
      try {
        db.transaction(() => {
          deposit(ledger, 1, '50', 'd2');
          holdOf(ledger, 1, '120', 'o1');
          throw new Error('the module refuses after the ledger wrote');
        })();
      } catch {
        // carries on
      }
      // The same through a variant (nested, every variant is the same savepoint).
      try {
        db.transaction(() => {
          deposit(ledger, 1, '7', 'd3');
          throw new Error('refused');
        }).deferred();
      } catch {
        // carries on
      }
      expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '100', frozen: '0' });
      expect(ledger.posted('deposit', 'd2')).toBeUndefined();
      expect(ledger.holdById(1)).toBeUndefined();
      // What the command does next gets the ids the rolled-back writes had.
      expect(holdOf(ledger, 1, '10', 'o2').hold.id).toBe(1);
    });
    expect(sql.journalByRef('deposit', 'd2')).toBeUndefined();
    expect(sql.journalByRef('deposit', 'd3')).toBeUndefined();
    expect(sql.balance(1, 'platform', 'USDT')).toEqual({ available: '90', frozen: '10' });
    expect(count('ledger_journal')).toBe(2);
    expect(count('ledger_holds')).toBe(1);
    expect(checkLedger(sql).problems).toBe(0);
  });

  it('a refused command among good ones in one batch: only the good ones are written', async () => {
    const { db, ledger, sql, batch } = await setup();
    const outcomes = batch(() =>
      [
        () => deposit(ledger, 1, '10', 'a'),
        () => {
          deposit(ledger, 2, '20', 'b');
          holdOf(ledger, 2, '25', 'b-order'); // more than the user has: refused after the deposit was queued
        },
        () => deposit(ledger, 3, '30', 'c'),
      ].map((work) => {
        // Each command in a savepoint of its own, its failure caught by the batch (the core's loop, without the
        // core's own mark: the savepoint alone undoes it).
        try {
          db.transaction(work)();
          return 'ok';
        } catch (err) {
          return (err as Error).message;
        }
      }),
    );
    expect(outcomes).toEqual(['ok', 'Insufficient USDT balance in the platform account', 'ok']);
    expect(sql.balance(1, 'platform', 'USDT')).toEqual({ available: '10', frozen: '0' });
    expect(sql.balance(2, 'platform', 'USDT')).toBeUndefined();
    expect(sql.journalByRef('deposit', 'b')).toBeUndefined();
    expect(sql.balance(3, 'platform', 'USDT')).toEqual({ available: '30', frozen: '0' });
    expect(checkLedger(sql).problems).toBe(0);
  });

  it('a read of the balances from SQL outside the batch, right after it, sees the flushed rows', async () => {
    const { db, ledger, batch } = await setup();
    batch(() => {
      deposit(ledger, 1, '100', 'd1');
      holdOf(ledger, 1, '40', 'o1');
    });
    // What the wallet's and the records' reads run (wallet/store.ts, wallet/records/store.ts): the tables themselves.
    expect(db.prepare("SELECT available, frozen FROM user_assets WHERE user_id = 1 AND coin = 'USDT'").get()).toEqual({
      available: '60',
      frozen: '40',
    });
    expect(db.prepare("SELECT amount FROM ledger_holds WHERE state = 'open'").pluck().all()).toEqual(['40']);
    expect(db.prepare('SELECT count(*) FROM ledger_entries').pluck().get()).toBe(4);
  });
});

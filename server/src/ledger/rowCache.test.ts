/**
 * PERF-71: inside a transaction the ledger's SQL store answers the balance rows and holds it wrote or read from
 * memory, exactly as SQL would answer them there. Statements are counted on better-sqlite3's Statement prototype
 * (every `get` whose SQL reads `user_assets` or `ledger_holds` by key).
 */
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../time/clock';
import { Ledger } from './service';
import { sqliteLedgerStore } from './store';
import { freshDb } from './testDb';

const reads = { balance: 0, hold: 0 };
let restore: (() => void) | undefined;

function countReads(db: Database.Database): void {
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as { get: (...a: unknown[]) => unknown };
  const inner = proto.get;
  proto.get = function (this: { source: string }, ...args: unknown[]) {
    if (this.source.startsWith('SELECT available, frozen FROM user_assets WHERE')) reads.balance++;
    if (/FROM ledger_holds WHERE id = \?$/.test(this.source)) reads.hold++;
    return inner.apply(this, args);
  };
  restore = () => {
    proto.get = inner;
  };
}

afterEach(() => {
  restore?.();
  restore = undefined;
  reads.balance = 0;
  reads.hold = 0;
});

/** A deposit of `amount` USDT to `user`'s platform account, the journal row's user being `owner`. */
const deposit = (ledger: Ledger, ref: string, user: number, owner: number | null, amount: string) =>
  ledger.post({
    kind: 'deposit',
    ref,
    userId: owner,
    entries: [
      { userId: user, account: 'platform', coin: 'USDT', amount },
      { house: 'house:deposits', coin: 'USDT', amount: `-${amount}` },
    ],
  });

/** 10 of a hold taken by a fill. */
const fill = (ledger: Ledger, holdId: number) =>
  ledger.post({
    kind: 'spot_fill',
    ref: 'f1',
    userId: 1,
    entries: [{ house: 'house:market', coin: 'USDT', amount: '10' }],
    fromHolds: [{ holdId, amount: '10' }],
  });

async function setup() {
  const db = await freshDb();
  const store = sqliteLedgerStore(db);
  const ledger = new Ledger({ store, clock: manualClock() });
  deposit(ledger, 'd1', 1, 1, '100');
  countReads(db);
  return { db, ledger };
}

const order = (ledger: Ledger, ref: string, amount: string) =>
  ledger.hold({ kind: 'spot_order', ref, userId: 1, account: 'platform', coin: 'USDT', amount }).hold;

describe('[PERF-71] the ledger reads back no balance or hold it wrote in the transaction', () => {
  it('an order’s balance check, hold, fill and release read the balance and the hold once each', async () => {
    const { db, ledger } = await setup();
    db.transaction(() => {
      expect(ledger.balance(1, 'platform', 'USDT').available).toBe('100');
      const h = order(ledger, 'o1', '30');
      expect(ledger.holdById(h.id)).toMatchObject({ state: 'open', amount: '30' });
      fill(ledger, h.id);
      expect(ledger.holdById(h.id)).toMatchObject({ state: 'open', amount: '20' });
      ledger.release(h.id, { kind: 'spot_release', ref: 'o1', userId: 1 });
      expect(ledger.holdById(h.id)).toMatchObject({ state: 'released', amount: '20' });
      expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '90', frozen: '0' });
    })();
    // Row by row: 1 balance read per journal row (4) and 1 hold read per step on the hold (4).
    expect(reads).toEqual({ balance: 1, hold: 0 });
    // What SQL holds after the commit is what memory answered.
    expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '90', frozen: '0' });
    expect(reads.balance).toBe(2);
  });

  it('a savepoint that rolls back takes the kept rows back with it; nothing is kept past the transaction', async () => {
    const { db, ledger } = await setup();
    db.transaction(() => {
      ledger.balance(1, 'platform', 'USDT');
      let id = 0;
      expect(() =>
        db.transaction(() => {
          id = order(ledger, 'o1', '30').id;
          throw new Error('refused after the hold');
        })(),
      ).toThrow('refused after the hold');
      expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '100', frozen: '0' });
      expect(ledger.holdById(id)).toBeUndefined();
      // Insufficient balance: the journal row's insert is undone with the refusal, the balance as it was.
      expect(() => order(ledger, 'o2', '101')).toThrow(/Insufficient USDT/);
      expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '100', frozen: '0' });
    })();
    // Another writer between transactions (the operator's CLI on the same file, SAFE-23) is seen.
    db.prepare("UPDATE user_assets SET available = '77' WHERE user_id = 1 AND coin = 'USDT'").run();
    db.transaction(() => expect(ledger.balance(1, 'platform', 'USDT').available).toBe('77'))();
  });
});

describe('[PERF-73] a ledger step inside a transaction takes no savepoint of its own, and stays all or nothing', () => {
  it('a hold, a fill from it and its release open no savepoint', async () => {
    const { db, ledger } = await setup();
    const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as { run: (...a: unknown[]) => unknown };
    const inner = proto.run;
    let savepoints = 0;
    proto.run = function (this: { source: string }, ...args: unknown[]) {
      if (this.source.startsWith('SAVEPOINT')) savepoints++;
      return inner.apply(this, args);
    };
    try {
      db.transaction(() => {
        const h = order(ledger, 'o1', '30');
        fill(ledger, h.id);
        ledger.release(h.id, { kind: 'spot_release', ref: 'o1', userId: 1 });
      })();
    } finally {
      proto.run = inner;
    }
    expect(savepoints).toBe(0);
    expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '90', frozen: '0' });
  });

  it('a refusal writes nothing; a step that fails after it wrote cannot be caught and committed', async () => {
    const { db, ledger } = await setup();
    const journals = () => (db.prepare('SELECT count(*) AS n FROM ledger_journal').get() as { n: number }).n;
    const n0 = journals();
    // A business refusal is checked before the first write: caught, the transaction goes on and commits.
    db.transaction(() => {
      expect(() => order(ledger, 'o1', '101')).toThrow(/Insufficient USDT/);
      order(ledger, 'o2', '1');
    })();
    expect(journals()).toBe(n0 + 1);
    // User 9 does not exist: the journal row (no user) is written, then its entry fails its foreign key.
    const credit = () => deposit(ledger, 'no-such-user', 9, null, '5');
    expect(() =>
      db.transaction(() => {
        order(ledger, 'o3', '1');
        expect(credit).toThrow(/FOREIGN KEY/);
      })(),
    ).toThrow(/a step failed after it wrote/);
    expect(journals()).toBe(n0 + 1);
    expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '99', frozen: '1' });
    // The connection is usable again at once.
    db.transaction(() => order(ledger, 'o4', '1'))();
    expect(journals()).toBe(n0 + 2);
  });
});

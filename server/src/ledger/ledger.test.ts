import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../time/clock';
import { up as up020 } from '../db/migrations/020_accounts';
import { up as up021 } from '../db/migrations/021_user_data';
import { up as up022 } from '../db/migrations/022_ledger';
import { checkLedger } from './check';
import { runLedgerCheck } from './checkCli';
import { Ledger } from './service';
import { sqliteLedgerStore } from './store';
import { freshDb } from './testDb';

async function setup() {
  const db = await freshDb();
  const store = sqliteLedgerStore(db);
  const clock = manualClock();
  return { db, store, ledger: new Ledger({ store, clock }), clock };
}

const grant = (ledger: Ledger, userId: number, coin: string, amount: string, ref = `g${userId}${coin}${amount}`) =>
  ledger.post({
    kind: 'deposit',
    ref,
    userId,
    entries: [
      { userId, account: 'platform', coin, amount },
      { house: 'house:deposits', coin, amount: `-${amount}` },
    ],
  });

describe('[LEDGER-2] double entry', () => {
  it('posts a journal row whose entries sum to zero, with its cause, and projects the balance', async () => {
    const { ledger, store } = await setup();
    const j = grant(ledger, 1, 'usdt', '12345678901234.123456', 'dep-1');
    expect(j).toMatchObject({ kind: 'deposit', ref: 'dep-1', userId: 1 });
    expect(store.entriesOf(j.id).map((e) => [e.account, e.coin, e.amount])).toEqual([
      ['platform', 'USDT', '12345678901234.123456'],
      ['house:deposits', 'USDT', '-12345678901234.123456'],
    ]);
    grant(ledger, 1, 'USDT', '0.000001', 'dep-2');
    expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '12345678901234.123457', frozen: '0' });
  });
  it('refuses entries that do not sum to zero, zero entries and unknown accounts, writing nothing', async () => {
    const { ledger, store } = await setup();
    expect(() =>
      ledger.post({
        kind: 'deposit',
        ref: 'x',
        userId: 1,
        entries: [
          { userId: 1, account: 'platform', coin: 'BTC', amount: '1' },
          { house: 'house:deposits', coin: 'BTC', amount: '-0.99999999' },
        ],
      }),
    ).toThrow('entries of BTC sum to 0.00000001, not zero');
    expect(() =>
      ledger.post({
        kind: 'deposit',
        ref: 'x',
        userId: 1,
        entries: [
          { userId: 1, account: 'platform', coin: 'BTC', amount: '1e3' },
          { house: 'house:deposits', coin: 'BTC', amount: '-1000' },
        ],
      }),
    ).toThrow('is not a decimal string');
    expect(store.counts()).toMatchObject({ journals: 0, entries: 0, balances: 0 });
  });
  it('[LEDGER-4] a cause (kind, ref) is posted once', async () => {
    const { ledger } = await setup();
    grant(ledger, 1, 'USDT', '5', 'dep-9');
    expect(() => grant(ledger, 1, 'USDT', '5', 'dep-9')).toThrow('deposit dep-9 is already in the journal');
    expect(ledger.posted('deposit', 'dep-9')?.ref).toBe('dep-9');
    expect(ledger.balance(1, 'platform', 'USDT').available).toBe('5');
  });
});

describe('[LEDGER-3] never below zero, holds', () => {
  it('refuses a debit past the available balance with a clear message and changes nothing', async () => {
    const { ledger, store } = await setup();
    grant(ledger, 1, 'ETH', '1');
    const before = store.counts();
    expect(() =>
      ledger.post({
        kind: 'transfer',
        ref: 't1',
        userId: 1,
        entries: [
          { userId: 1, account: 'platform', coin: 'ETH', amount: '-1.00000001' },
          { userId: 1, account: 'finance', coin: 'ETH', amount: '1.00000001' },
        ],
      }),
    ).toThrow('Insufficient ETH balance in the platform account');
    expect(store.counts()).toEqual(before);
    expect(ledger.balances(1)).toEqual([{ account: 'platform', coin: 'ETH', available: '1', frozen: '0' }]);
  });
  it('holds move available to frozen; release returns it; settle posts it to house accounts', async () => {
    const { ledger, store } = await setup();
    grant(ledger, 2, 'USDT', '100');
    const { hold } = ledger.hold({
      kind: 'withdraw',
      ref: 'w1',
      userId: 2,
      account: 'platform',
      coin: 'USDT',
      amount: '60',
    });
    expect(ledger.balance(2, 'platform', 'USDT')).toEqual({ available: '40', frozen: '60' });
    expect(() =>
      ledger.hold({ kind: 'withdraw', ref: 'w2', userId: 2, account: 'platform', coin: 'USDT', amount: '60' }),
    ).toThrow('Insufficient USDT balance');
    ledger.release(hold.id, { kind: 'withdraw_cancelled', ref: 'w1', userId: 2 });
    expect(ledger.balance(2, 'platform', 'USDT')).toEqual({ available: '100', frozen: '0' });
    expect(() => ledger.release(hold.id, { kind: 'withdraw_cancelled', ref: 'w1b', userId: 2 })).toThrow(
      'already released',
    );
    const h2 = ledger.hold({
      kind: 'withdraw',
      ref: 'w3',
      userId: 2,
      account: 'platform',
      coin: 'USDT',
      amount: '13',
    }).hold;
    expect(() =>
      ledger.settle(h2.id, {
        kind: 'withdraw_done',
        ref: 'w3',
        userId: 2,
        to: [{ house: 'house:withdrawals', amount: '12' }],
      }),
    ).toThrow('settle parts sum to 12, not 13');
    const j = ledger.settle(h2.id, {
      kind: 'withdraw_done',
      ref: 'w3',
      userId: 2,
      to: [
        { house: 'house:withdrawals', amount: '10' },
        { house: 'house:fees', amount: '3' },
      ],
    });
    expect(store.entriesOf(j.id).map((e) => [e.account, e.bucket, e.amount])).toEqual([
      ['platform', 'frozen', '-13'],
      ['house:withdrawals', 'available', '10'],
      ['house:fees', 'available', '3'],
    ]);
    expect(ledger.balance(2, 'platform', 'USDT')).toEqual({ available: '87', frozen: '0' });
    expect(ledger.holdById(h2.id)?.state).toBe('settled');
    expect(checkLedger(store).problems).toBe(0);
  });
  it('the database itself refuses a negative or non-decimal balance, whoever writes it', async () => {
    const { db } = await setup();
    const put = db.prepare(
      "INSERT INTO user_assets (user_id, account, coin, available, frozen) VALUES (1, 'platform', ?, ?, '0')",
    );
    expect(() => put.run('USDT', '-1')).toThrow(/CHECK constraint failed/);
    expect(() => put.run('BTC', '1e5')).toThrow(/CHECK constraint failed/);
    expect(() => put.run('ETH', '1.2.3')).toThrow(/CHECK constraint failed/);
    put.run('USDT', '1.5');
  });
});

describe('[LEDGER-5] the ledger check', () => {
  it('passes on right books and names every kind of mismatch', async () => {
    const { db, ledger, store } = await setup();
    grant(ledger, 1, 'USDT', '50');
    ledger.hold({ kind: 'withdraw', ref: 'w1', userId: 1, account: 'platform', coin: 'USDT', amount: '20' });
    expect(checkLedger(store)).toEqual({
      journals: 2,
      entries: 4,
      balances: 1,
      openHolds: 1,
      problems: 0,
      mismatches: [],
    });
    db.prepare("UPDATE user_assets SET available = '31' WHERE user_id = 1").run();
    db.prepare(
      "INSERT INTO ledger_entries (journal_id, user_id, account, bucket, coin, amount) VALUES (1, NULL, 'house:fees', 'available', 'USDT', '1')",
    ).run();
    db.prepare("UPDATE ledger_holds SET amount = '21'").run();
    const r = checkLedger(store);
    expect(r.mismatches).toEqual([
      'journal 1: USDT entries sum to 1',
      'balance 1/platform/USDT: available 31 but its entries sum to 30',
      'balance 1/platform/USDT: frozen 20 but open holds sum to 21',
    ]);
    expect(r.problems).toBe(3);
  });
  it('the CLI prints what it checked and exits non-zero with the mismatches', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openDatabase, closeDatabase } = await import('../db/open');
    const dir = mkdtempSync(join(tmpdir(), 'ledger-cli-'));
    try {
      const lines: string[] = [];
      expect(await runLedgerCheck(dir, (s) => lines.push(s))).toBe(2);
      const db = await openDatabase(dir);
      db.prepare(
        "INSERT INTO users (uid, register_type, email, nickname, invite_code, create_time) VALUES ('1', 'email', 'a@b.co', 'a', 'I1', 0)",
      ).run();
      grant(new Ledger({ store: sqliteLedgerStore(db), clock: manualClock() }), 1, 'BTC', '0.5');
      closeDatabase(db);
      lines.length = 0;
      expect(await runLedgerCheck(dir, (s) => lines.push(s))).toBe(0);
      expect(lines[0]).toMatch(/1 journal rows, 2 entries, 1 balances, 0 open holds$/);
      expect(lines[1]).toMatch(/^ok: /);
      const db2 = await openDatabase(dir);
      db2.prepare("UPDATE user_assets SET available = '0.4'").run();
      closeDatabase(db2);
      lines.length = 0;
      expect(await runLedgerCheck(dir, (s) => lines.push(s))).toBe(1);
      expect(lines.slice(1)).toEqual([
        'FAILED: 1 mismatch',
        '  balance 1/platform/BTC: available 0.4 but its entries sum to 0.5',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('[LEDGER-9] upgrading a database from before the ledger', () => {
  it('moves existing balances into the journal as opening rows from house:genesis; the check passes', () => {
    const db = new Database(':memory:');
    up020(db);
    up021(db);
    const ins = db.prepare(
      "INSERT INTO users (uid, register_type, email, nickname, invite_code, create_time) VALUES (?, 'email', ?, ?, ?, 0)",
    );
    ins.run('1', 'a@b.co', 'a', 'I1');
    ins.run('2', 'c@d.co', 'c', 'I2');
    const put = db.prepare(
      'INSERT INTO user_assets (user_id, account, coin, available, frozen) VALUES (?, ?, ?, ?, ?)',
    );
    put.run(1, 'platform', 'USDT', '10000', '0');
    put.run(1, 'finance', 'USDT', '1000.5', '0');
    put.run(1, 'platform', 'BTC', '0.5', '0.25');
    put.run(2, 'platform', 'USDT', '0', '0');
    put.run(2, 'contract', 'ETH', '3.25', '0');
    db.transaction(() => up022(db))();
    const store = sqliteLedgerStore(db);
    expect(checkLedger(store)).toMatchObject({ journals: 2, balances: 5, openHolds: 1, problems: 0 });
    const genesis = db
      .prepare("SELECT coin, amount FROM ledger_entries WHERE account = 'house:genesis' ORDER BY journal_id, coin")
      .all();
    expect(genesis).toEqual([
      { coin: 'BTC', amount: '-0.75' },
      { coin: 'USDT', amount: '-11000.5' },
      { coin: 'ETH', amount: '-3.25' },
    ]);
    expect(() => db.prepare("UPDATE user_assets SET available = '-1' WHERE user_id = 2").run()).toThrow(/CHECK/);
  });
});

describe('[LEDGER-10] taking part of a hold', () => {
  it('takes fills out of a hold, lowers it, settles it at zero, and the books stay whole', async () => {
    const { ledger, store } = await setup();
    grant(ledger, 1, 'USDT', '100');
    const { hold } = ledger.hold({
      kind: 'spot_order',
      ref: 'o1',
      userId: 1,
      account: 'platform',
      coin: 'USDT',
      amount: '60',
    });
    const fill = (ref: string, usdt: string) =>
      ledger.post({
        kind: 'spot_fill',
        ref,
        userId: 1,
        fromHolds: [{ holdId: hold.id, amount: usdt }],
        entries: [
          { house: 'house:market', coin: 'USDT', amount: usdt },
          { userId: 1, account: 'platform', coin: 'BTC', amount: '0.1' },
          { house: 'house:market', coin: 'BTC', amount: '-0.1' },
        ],
      });
    fill('f1', '25');
    expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '40', frozen: '35' });
    expect(ledger.holdById(hold.id)).toMatchObject({ state: 'open', amount: '35' });
    expect(() => fill('f2', '35.000001')).toThrow('leaves less than zero');
    fill('f3', '35');
    expect(ledger.holdById(hold.id)).toMatchObject({ state: 'settled', amount: '35' });
    expect(ledger.balance(1, 'platform', 'USDT')).toEqual({ available: '40', frozen: '0' });
    expect(() => fill('f4', '1')).toThrow('already settled');
    expect(checkLedger(store).problems).toBe(0);
  });
  it('a release after part was taken returns only what is left', async () => {
    const { ledger, store } = await setup();
    grant(ledger, 2, 'BTC', '1');
    const { hold } = ledger.hold({
      kind: 'spot_order',
      ref: 'o2',
      userId: 2,
      account: 'platform',
      coin: 'BTC',
      amount: '0.5',
    });
    ledger.post({
      kind: 'spot_fill',
      ref: 'f',
      userId: 2,
      fromHolds: [{ holdId: hold.id, amount: '0.2' }],
      entries: [
        { house: 'house:market', coin: 'BTC', amount: '0.2' },
        { userId: 2, account: 'platform', coin: 'USDT', amount: '20' },
        { house: 'house:market', coin: 'USDT', amount: '-20' },
      ],
    });
    ledger.release(hold.id, { kind: 'spot_release', ref: 'o2', userId: 2 });
    expect(ledger.balance(2, 'platform', 'BTC')).toEqual({ available: '0.8', frozen: '0' });
    expect(checkLedger(store).problems).toBe(0);
  });

  it('a part of a hold paid to one house account is a whole row (one entry and one part)', async () => {
    const { ledger, store } = await setup();
    grant(ledger, 3, 'USDT', '10');
    const { hold } = ledger.hold({
      kind: 'futures_margin',
      ref: 'p1',
      userId: 3,
      account: 'platform',
      coin: 'USDT',
      amount: '4',
    });
    ledger.post({
      kind: 'futures_funding',
      ref: 'r1',
      userId: 3,
      fromHolds: [{ holdId: hold.id, amount: '1' }],
      entries: [{ house: 'house:funding', coin: 'USDT', amount: '1' }],
    });
    expect(() =>
      ledger.post({
        kind: 'futures_funding',
        ref: 'r2',
        userId: 3,
        entries: [{ house: 'house:funding', coin: 'USDT', amount: '1' }],
      }),
    ).toThrow('at least two entries');
    expect(ledger.balance(3, 'platform', 'USDT')).toEqual({ available: '6', frozen: '3' });
    expect(checkLedger(store).problems).toBe(0);
  });
});

/**
 * A thousand random short sequences of deposits, transfers, flash exchanges, withdrawal holds, approvals (settle),
 * rejections and cancels (release) against the ledger service on an in-memory SQLite; after every step the books
 * must hold. Exchanges are posted as the exchange module posts them (FX-3), at the shared quote arithmetic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/shared/decimal';
import { ApiFail } from '../http/failures';
import { manualClock } from '../time/clock';
import { checkLedger } from './check';
import { Ledger, type Leg } from './service';
import { flashOutcome } from '../../../src/shared/wallet/flashQuote';
import { sqliteLedgerStore } from './store';
import { freshDb } from './testDb';
import type { HouseAccount, UserAccount } from './types';
import { countText, formCount } from '../testing/long';

const USERS = [1, 2, 3];
const COINS = ['USDT', 'BTC'];
const ACCOUNTS: UserAccount[] = ['platform', 'finance', 'contract'];

const amount = fc
  .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 999_999 }))
  .filter(([i, f]) => i > 0 || f > 0)
  .map(([i, f]) => new Decimal(i).plus(new Decimal(f).div(1_000_000)).toFixed());

const op = fc.oneof(
  fc.record({
    t: fc.constant('deposit' as const),
    user: fc.constantFrom(...USERS),
    coin: fc.constantFrom(...COINS),
    account: fc.constantFrom(...ACCOUNTS),
    amount,
  }),
  fc.record({
    t: fc.constant('transfer' as const),
    user: fc.constantFrom(...USERS),
    coin: fc.constantFrom(...COINS),
    from: fc.constantFrom(...ACCOUNTS),
    to: fc.constantFrom(...ACCOUNTS),
    amount,
  }),
  fc.record({
    t: fc.constant('submit' as const),
    user: fc.constantFrom(...USERS),
    coin: fc.constantFrom(...COINS),
    amount,
    fee: fc.constantFrom('0', '1', '0.5'),
  }),
  fc.record({ t: fc.constantFrom('approve' as const, 'reject' as const, 'cancel' as const), pick: fc.nat() }),
  fc.record({
    t: fc.constant('exchange' as const),
    user: fc.constantFrom(...USERS),
    from: fc.constantFrom(...COINS),
    amount,
    price: fc.constantFrom('0.0000151234', '66123.45', '1', '0.5'),
  }),
);

/** PERF-50: 1,000 sequences under `npm run test:long`, 100 in `npm test`. */
const RUNS = formCount(1000);

describe('[LEDGER-2] [LEDGER-3] [LEDGER-5] random sequences keep the books right', () => {
  it(`${countText(RUNS)} sequences: each row sums to zero, balances equal their entries, nothing negative, totals move only by deposits, exchanges and settled withdrawals`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        const db = await freshDb();
        try {
          const store = sqliteLedgerStore(db);
          const ledger = new Ledger({ store, clock: manualClock() });
          const expected = new Map<string, Decimal>(COINS.map((c) => [c, new Decimal(0)]));
          const open: { id: number; coin: string; amount: string; fee: string }[] = [];
          let n = 0;
          const usersTotal = (coin: string) =>
            (
              db.prepare('SELECT available, frozen FROM user_assets WHERE coin = ?').all(coin) as {
                available: string;
                frozen: string;
              }[]
            ).reduce((s, r) => s.plus(r.available).plus(r.frozen), new Decimal(0));
          for (const o of ops) {
            const ref = `r${++n}`;
            try {
              if (o.t === 'deposit') {
                ledger.post({
                  kind: 'deposit',
                  ref,
                  userId: o.user,
                  entries: [
                    { userId: o.user, account: o.account, coin: o.coin, amount: o.amount },
                    { house: 'house:deposits', coin: o.coin, amount: `-${o.amount}` },
                  ],
                });
                expected.set(o.coin, expected.get(o.coin)!.plus(o.amount));
              } else if (o.t === 'transfer') {
                if (o.from === o.to) continue;
                ledger.post({
                  kind: 'transfer',
                  ref,
                  userId: o.user,
                  entries: [
                    { userId: o.user, account: o.from, coin: o.coin, amount: `-${o.amount}` },
                    { userId: o.user, account: o.to, coin: o.coin, amount: o.amount },
                  ],
                });
              } else if (o.t === 'exchange') {
                const to = o.from === 'USDT' ? 'BTC' : 'USDT';
                const q = flashOutcome(o.amount, to, { price: o.price, spread: '0.001', fee: '0.001' });
                if (new Decimal(q.receive).isZero()) continue;
                const out = new Decimal(q.receive).plus(q.fee).toFixed();
                const entries: Leg[] = [
                  { userId: o.user, account: 'platform', coin: o.from, amount: `-${o.amount}` },
                  { house: 'house:exchange', coin: o.from, amount: o.amount },
                  { house: 'house:exchange', coin: to, amount: `-${out}` },
                  { userId: o.user, account: 'platform', coin: to, amount: q.receive },
                ];
                if (!new Decimal(q.fee).isZero()) entries.push({ house: 'house:fees', coin: to, amount: q.fee });
                ledger.post({ kind: 'exchange', ref, userId: o.user, entries });
                expected.set(o.from, expected.get(o.from)!.minus(o.amount));
                expected.set(to, expected.get(to)!.plus(q.receive));
              } else if (o.t === 'submit') {
                const total = new Decimal(o.amount).plus(o.fee).toFixed();
                const { hold } = ledger.hold({
                  kind: 'withdraw',
                  ref,
                  userId: o.user,
                  account: 'platform',
                  coin: o.coin,
                  amount: total,
                });
                open.push({ id: hold.id, coin: o.coin, amount: o.amount, fee: o.fee });
              } else {
                if (open.length === 0) continue;
                const [h] = open.splice(o.pick % open.length, 1);
                if (o.t === 'approve') {
                  const to: { house: HouseAccount; amount: string }[] = [
                    { house: 'house:withdrawals', amount: h.amount },
                  ];
                  if (h.fee !== '0') to.push({ house: 'house:fees', amount: h.fee });
                  ledger.settle(h.id, { kind: 'withdraw_done', ref, userId: null, to });
                  expected.set(h.coin, expected.get(h.coin)!.minus(h.amount).minus(h.fee));
                } else
                  ledger.release(h.id, {
                    kind: o.t === 'reject' ? 'withdraw_rejected' : 'withdraw_cancelled',
                    ref,
                    userId: null,
                  });
              }
            } catch (err) {
              // The only refusal a valid sequence can meet: not enough available balance.
              if (!(err instanceof ApiFail) || !/^Insufficient /.test(err.message)) throw err;
            }
            const report = checkLedger(store);
            expect(report.mismatches).toEqual([]);
            for (const c of COINS) expect(usersTotal(c).toFixed()).toBe(expected.get(c)!.toFixed());
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: RUNS },
    );
  });
});

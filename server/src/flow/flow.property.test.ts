/**
 * Flow (P2P) orders under load and at random (FLOW-5..8): 50 concurrent takes of one offer over HTTP never
 * oversell it, and a seeded random walk of 1,000 operations by several users (apply, post, take, paid, confirm,
 * cancel, timeout, close) keeps the books: after every step each open hold is what it stands for (a merchant's
 * deposit, a sell offer's `available`, an active order's escrow), USDT is neither made nor lost, and at the end
 * the ledger check passes (and again when the server stops).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { flowApi } from '../../../src/shared/api/flow';
import { Decimal } from '../../../src/shared/decimal';
import { mulberry32 } from '../../../src/shared/random';
import { FLOW_MERCHANT_DEPOSIT, FLOW_PAY_WINDOWS } from '../../../src/shared/rewards/flowRules';
import { FLOW_PAY_METHODS, type FlowOffer, type FlowOrder } from '../../../src/shared/schemas/flow';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { directUser, injectPost, serverForFile } from '../testing/fixtures';
import { type TestServer } from '../testing/harness';
import { flowService } from './index';

const START = Date.UTC(2026, 4, 1, 9, 0, 0);
const MIN = 60_000;

const ts = serverForFile({ clock: 'manual', clockStart: START });
beforeEach(() => ts.reset());

interface U {
  id: number;
  token: string;
}
let made = 0;
/** A user straight in the database (no sign-up round trips), with a session and `usdt` in the platform account. */
const user = (usdt: string): U => directUser(ts, `flowp${++made}`, usdt);

type Env<T> = { code: number; msg: string; data: T };
const post = <T>(u: U, path: string, body: unknown): Promise<Env<T>> => injectPost<T>(ts, u.token, path, body);

describe('concurrency', () => {
  it('[FLOW-6] 50 concurrent takes of one offer never oversell it', async () => {
    const m = user('1000');
    expect((await post(m, flowApi.flowApply.path, { name: 'Busy', payDetails: 'Bank 1234' })).code).toBe(200);
    const o = (
      await post<FlowOffer>(m, flowApi.flowOfferPost.path, {
        side: 'sell',
        fiat: 'USD',
        price: '1.00',
        amount: '100',
        minFiat: '1',
        maxFiat: '100',
        methods: ['bank'],
        payWindowMin: 15,
      })
    ).data;
    const takers = Array.from({ length: 50 }, () => user('0'));
    // Real sockets, all in flight at once.
    const base = `http://127.0.0.1:${ts.port}`;
    const replies = await Promise.all(
      takers.map(async (t, i) => {
        const res = await fetch(base + flowApi.flowTake.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', satoken: t.token, 'idempotency-key': `conc-take-${i}` },
          body: JSON.stringify({ offerId: o.id, by: 'coin', amount: String(3 + (i % 5)), method: 'bank' }),
        });
        return (await res.json()) as Env<FlowOrder>;
      }),
    );
    const good = replies.filter((r) => r.code === 200);
    const sold = good.reduce((s, r) => s.plus(r.data.amount), new Decimal(0));
    expect(sold.lte(100)).toBe(true);
    for (const r of replies.filter((x) => x.code !== 200)) expect(r.msg).toBe('The offer has not that much left');
    const left = (
      ts.ctx.db.prepare('SELECT available FROM flow_offers WHERE id = ?').get(o.id) as { available: string }
    ).available;
    expect(new Decimal(left).plus(sold).toFixed()).toBe('100');
    // Nothing smaller than what is left could have been refused: the offer is sold down to under the largest take.
    expect(new Decimal(left).lt(7)).toBe(true);
    expect(ts.ledger.balance(m.id, 'platform', 'USDT')).toEqual({ available: '800', frozen: '200' });
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
  });
});

describe('a random walk', () => {
  it('[FLOW-5] [FLOW-6] [FLOW-7] [FLOW-8] 1,000 random operations keep every hold equal to what it holds', async () => {
    const rand = mulberry32(20261126);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    // The first is too poor for the merchant deposit.
    const funds = Array.from({ length: 8 }, (_, i) => (i === 0 ? 50 : 200 + i * 400));
    const people = funds.map((f) => user(String(f)));
    const funded = funds.reduce((s, f) => s.plus(f), new Decimal(0));
    const expire = flowService(ts.ctx, ts.ledger);
    const offers: number[] = [];
    const orders: number[] = [];
    const counts: Record<string, { ok: number; refused: number }> = {};
    const count = (op: string, r: Env<unknown>) => {
      const c = (counts[op] ??= { ok: 0, refused: 0 });
      if (r.code === 200) c.ok++;
      else {
        c.refused++;
        // A refusal is a business message, never a server error.
        expect(r.code, r.msg).toBe(0);
      }
    };
    const db = ts.ctx.db;
    const amountStr = (max: number, places: number) =>
      new Decimal(Math.floor(rand() * max * 10 ** places) + 1).div(10 ** places).toFixed();

    for (let step = 0; step < 1000; step++) {
      const u = pick(people);
      const roll = rand();
      if (roll < 0.06) {
        const r = await post(u, flowApi.flowApply.path, { name: `Merchant ${u.id}`, payDetails: `Bank ${u.id}000` });
        count('apply', r);
      } else if (roll < 0.2) {
        const price = (0.9 + rand() * 0.2).toFixed(2);
        const amount = amountStr(300, 2);
        const whole = new Decimal(amount).times(price).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        const r = await post<FlowOffer>(u, flowApi.flowOfferPost.path, {
          side: rand() < 0.6 ? 'sell' : 'buy',
          fiat: pick(['USD', 'EUR']),
          price,
          amount: rand() < 0.1 ? '5' : amount,
          minFiat: '2',
          maxFiat: whole
            .div(rand() < 0.5 ? 1 : 3)
            .toDecimalPlaces(2, Decimal.ROUND_DOWN)
            .toFixed(),
          methods: [pick(FLOW_PAY_METHODS), pick(FLOW_PAY_METHODS)],
          payWindowMin: pick(FLOW_PAY_WINDOWS),
        });
        count('offer', r);
        if (r.code === 200) offers.push(r.data.id);
      } else if (roll < 0.45 && offers.length) {
        // Mostly an open offer of someone else, its first method, an amount near its limits; sometimes anything.
        const open = db
          .prepare(
            "SELECT id, methods, max_fiat AS maxFiat FROM flow_offers WHERE status = 'open' AND merchant_id <> ? AND available <> '0'",
          )
          .all(u.id) as { id: number; methods: string; maxFiat: string }[];
        const sensible = open.length > 0 && rand() < 0.8;
        const o = sensible ? pick(open) : undefined;
        const r = await post<FlowOrder>(u, flowApi.flowTake.path, {
          offerId: o?.id ?? pick(offers),
          by: o || rand() < 0.5 ? 'fiat' : 'coin',
          amount: o
            ? new Decimal(o.maxFiat).times(rand()).toDecimalPlaces(2, Decimal.ROUND_DOWN).plus(2).toFixed()
            : amountStr(80, 2),
          method: o ? o.methods.split(',')[0] : pick(FLOW_PAY_METHODS),
          payDetails: rand() < 0.9 ? `Wallet ${u.id}` : '',
        });
        count('take', r);
        if (r.code === 200) orders.push(r.data.id);
      } else if (roll < 0.85 && orders.length) {
        // Mostly an order in the state the call needs, by the party it needs; sometimes anyone, any order.
        const op = roll < 0.6 ? 'paid' : roll < 0.75 ? 'confirm' : 'cancel';
        const want = op === 'confirm' ? 'paid' : 'unpaid';
        const cands = db
          .prepare('SELECT id, buyer_id AS buyerId, seller_id AS sellerId FROM flow_orders WHERE state = ?')
          .all(want) as { id: number; buyerId: number; sellerId: number }[];
        let id = pick(orders);
        let by = u;
        if (cands.length && rand() < 0.85) {
          const o = pick(cands);
          id = o.id;
          const party = op === 'paid' ? o.buyerId : op === 'confirm' ? o.sellerId : pick([o.buyerId, o.sellerId]);
          by = people.find((p) => p.id === party)!;
        }
        const path = { paid: flowApi.flowPaid, confirm: flowApi.flowConfirm, cancel: flowApi.flowCancel }[op].path;
        count(op, await post(by, path, { id }));
      } else if (roll < 0.93) {
        ts.clock.advance(Math.floor(rand() * 12 * MIN));
        counts.timeout ??= { ok: 0, refused: 0 };
        counts.timeout.ok += expire.expireDue(ts.clock.now());
      } else if (offers.length) {
        const id = pick(offers);
        const owner = (db.prepare('SELECT merchant_id AS m FROM flow_offers WHERE id = ?').get(id) as { m: number }).m;
        const by = rand() < 0.7 ? people.find((p) => p.id === owner)! : u;
        count('close', await post(by, flowApi.flowOfferClose.path, { id }));
      }
      checkHolds(db, step);
    }
    // USDT is neither made nor lost: users hold exactly what they were funded with, house:flow nets to zero.
    const total = (
      db.prepare("SELECT available, frozen FROM user_assets WHERE coin = 'USDT'").all() as {
        available: string;
        frozen: string;
      }[]
    ).reduce((s, r) => s.plus(r.available).plus(r.frozen), new Decimal(0));
    const demo = new Decimal(10000); // the demo user's seeded platform USDT
    const seeded = new Decimal(1000 + 500); // and its finance and contract USDT
    expect(total.toFixed()).toBe(funded.plus(demo).plus(seeded).toFixed());
    const flowHouse = (
      db.prepare("SELECT amount FROM ledger_entries WHERE account = 'house:flow'").all() as { amount: string }[]
    ).reduce((s, r) => s.plus(r.amount), new Decimal(0));
    expect(flowHouse.toFixed()).toBe('0');
    expect(checkLedger(sqliteLedgerStore(db)).problems).toBe(0);
    // The walk did reach every operation, both ways.
    for (const op of ['apply', 'offer', 'take', 'paid', 'confirm', 'cancel', 'close']) {
      expect(counts[op]?.ok, op).toBeGreaterThan(0);
      expect(counts[op]?.refused, op).toBeGreaterThan(0);
    }
    expect(counts.timeout.ok).toBeGreaterThan(0);
  }, 120_000);
});

/**
 * The holds stand for exactly what they hold: each user's frozen USDT is their deposit, their open sell offers'
 * `available` and the escrow of their active orders as seller; every open hold is one of those, at that amount.
 */
function checkHolds(db: TestServer['ctx']['db'], step: number) {
  const open = new Map(
    (
      db
        .prepare(
          "SELECT id, user_id AS userId, amount, kind FROM ledger_holds WHERE state = 'open' AND coin = 'USDT' AND account = 'platform'",
        )
        .all() as { id: number; userId: number; amount: string; kind: string }[]
    ).map((h) => [h.id, h]),
  );
  const expected = new Map<number, string>();
  for (const m of db.prepare('SELECT hold_id AS holdId FROM flow_merchants').all() as { holdId: number }[])
    expected.set(m.holdId, FLOW_MERCHANT_DEPOSIT);
  for (const o of db
    .prepare("SELECT id, available, hold_id AS holdId FROM flow_offers WHERE side = 'sell' AND status = 'open'")
    .all() as { id: number; available: string; holdId: number | null }[]) {
    if (o.available === '0') {
      expect(o.holdId === null || !open.has(o.holdId), `step ${step}: offer ${o.id} empty but held`).toBe(true);
      continue;
    }
    expected.set(o.holdId!, o.available);
  }
  for (const o of db
    .prepare("SELECT id, amount, hold_id AS holdId FROM flow_orders WHERE state IN ('unpaid', 'paid')")
    .all() as { id: number; amount: string; holdId: number }[])
    expected.set(o.holdId, o.amount);
  const actual = new Map([...open.values()].filter((h) => h.kind.startsWith('flow_')).map((h) => [h.id, h.amount]));
  expect(actual, `step ${step}`).toEqual(expected);
  const frozen = db.prepare(
    "SELECT user_id AS userId, frozen FROM user_assets WHERE coin = 'USDT' AND account = 'platform'",
  );
  const heldBy = new Map<number, Decimal>();
  for (const h of open.values()) heldBy.set(h.userId, (heldBy.get(h.userId) ?? new Decimal(0)).plus(h.amount));
  for (const r of frozen.all() as { userId: number; frozen: string }[])
    expect(new Decimal(r.frozen).toFixed(), `step ${step}: user ${r.userId}`).toBe(
      (heldBy.get(r.userId) ?? new Decimal(0)).toFixed(),
    );
}

/**
 * The welfare centre on the whole server (WEL-*): task states read from the other modules' tables, the claim paid
 * once from `house:welfare` however often and however concurrently it is called, with or without one
 * Idempotency-Key, refusals for a task not done or done after its window, the paid rewards as deposit bonuses,
 * and the inbox's event. The server checks the books when it stops.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rechargeApi } from '../../../src/shared/api/recharge';
import { rewardsApi } from '../../../src/shared/api/rewards';
import { Decimal } from '../../../src/shared/decimal';
import { WELFARE_TERMS } from '../../../src/shared/rewards/welfareRules';
import { WELFARE_TASKS, type WelfareInfo, type WelfareTaskId } from '../../../src/shared/schemas/rewards';
import type { StatusEvent } from '../events/userEvents';
import { booksOf } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';

const START = Date.UTC(2026, 2, 1, 9, 0, 0);
const DAY = 86_400_000;

let ts: TestServer;
let opsToken: string;
const events: { userId: number; e: StatusEvent }[] = [];

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', clockStart: START });
  opsToken = readFileSync(join(ts.dataDir, 'ops-token'), 'utf8').trim();
  ts.ctx.userEvents.onStatus((userId, e) => events.push({ userId, e }));
});
afterAll(() => ts.stop());
beforeEach(async () => {
  await ts.reset();
  events.length = 0;
});

let users = 0;
async function user(): Promise<{ token: string; id: number }> {
  const token = await ts.signUp(`welfare-${++users}@example.com`);
  return { token, id: ts.acc.sessions.resolve(token)! };
}

const info = async (token: string) => {
  const r = await ts.call(rewardsApi.welfareInfo, { token });
  expect(r.code, r.msg).toBe(200);
  return r.data;
};
const task = (i: WelfareInfo, id: WelfareTaskId) => i.tasks.find((t) => t.id === id)!;
const claim = (token: string, t: WelfareTaskId, key?: string) =>
  ts.post(rewardsApi.welfareClaim.path, { task: t }, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });
const usdt = (id: number) => ts.ledger.balance(id, 'platform', 'USDT').available;
const books = () => booksOf(ts);
const houseWelfare = () =>
  (
    ts.ctx.db.prepare("SELECT amount FROM ledger_entries WHERE account = 'house:welfare'").all() as { amount: string }[]
  ).reduce((a, r) => a.plus(r.amount), new Decimal(0));

/** A credited on-chain deposit through the operator's test chain (20 confirmations credit at once). */
async function deposit(token: string, amount = '20') {
  const a = await ts.call(rechargeApi.getAdress, { token, query: { coin: 'USDT', symbol: 'USDT-TRC20' } });
  const r = await ts.post(
    '/api/_ops/chain/deposit',
    { address: a.data.address, amount, confirmations: 20 },
    { 'x-ops-token': opsToken },
  );
  expect(r.body.data.deposit.status).toBe('credited');
}

describe('welfare centre', () => {
  it('[WEL-1] [WEL-4] lists the four tasks with their terms, all to do for a new user', async () => {
    const u = await user();
    const i = await info(u.token);
    expect(i.claimedTotal).toBe('0');
    expect(i.tasks.map((t) => [t.id, t.state, t.amount, t.coin, t.windowDays])).toEqual(
      (['verifyIdentity', 'firstDeposit', 'firstTrade', 'inviteFriend'] as const).map((id) => [
        id,
        'todo',
        WELFARE_TERMS[id].amount,
        WELFARE_TERMS[id].coin,
        WELFARE_TERMS[id].windowDays,
      ]),
    );
    expect(task(i, 'firstDeposit').deadline).toBe(START + 30 * DAY);
    expect(task(i, 'inviteFriend').deadline).toBeNull();
  });

  it('[WEL-2] refuses a task not done, and pays nothing', async () => {
    const u = await user();
    const r = await claim(u.token, 'firstDeposit');
    expect(r.body.code).not.toBe(200);
    expect(r.body.msg).toBe('Complete the task first');
    expect(usdt(u.id)).toBe('0');
    expect(houseWelfare().toFixed()).toBe('0');
  });

  it('[WEL-2] [WEL-3] [WEL-5] pays a first deposit reward once under 50 concurrent claims, lists it as a bonus, tells the inbox', async () => {
    const u = await user();
    await deposit(u.token, '20');
    expect(task(await info(u.token), 'firstDeposit').state).toBe('claimable');
    // 25 claims under one key, 25 without a key, all at once.
    const replies = await Promise.all([
      ...Array.from({ length: 25 }, () => claim(u.token, 'firstDeposit', 'welfare-same-key-1')),
      ...Array.from({ length: 25 }, () => claim(u.token, 'firstDeposit')),
    ]);
    const paid = replies.filter((r) => r.body.code === 200);
    // Every success is the one payment (a replay under the key returns the same reply).
    expect(new Set(paid.map((r) => r.body.data.bonusId)).size).toBe(1);
    expect(paid[0].body.data).toMatchObject({ task: 'firstDeposit', coin: 'USDT', amount: '10' });
    for (const r of replies.filter((x) => x.body.code !== 200))
      expect(r.body.msg).toMatch(/already been claimed|in progress|being processed|already/i);
    expect(usdt(u.id)).toBe('30');
    expect(houseWelfare().toFixed()).toBe('-10');
    const count = ts.ctx.db.prepare("SELECT COUNT(*) FROM ledger_journal WHERE kind = 'welfare'").pluck().get();
    expect(count).toBe(1);
    // A later claim is refused in words.
    const again = await claim(u.token, 'firstDeposit');
    expect(again.body.msg).toBe('This reward has already been claimed');
    const i = await info(u.token);
    expect(task(i, 'firstDeposit')).toMatchObject({ state: 'claimed', claimedAt: START });
    expect(i.claimedTotal).toBe('10');
    const bons = await ts.call(rechargeApi.bonsList, { token: u.token, query: {} });
    expect(bons.data).toEqual({
      total: 1,
      rows: [{ id: paid[0].body.data.bonusId, coin: 'USDT', amount: '10', status: 'credited', createTime: START }],
    });
    await Promise.resolve();
    const welfareEvents = events.filter((e) => e.e.kind === 'welfare');
    expect(welfareEvents).toEqual([
      {
        userId: u.id,
        e: {
          kind: 'welfare',
          id: 'firstDeposit',
          status: 'paid',
          facts: { task: 'firstDeposit', coin: 'USDT', amount: '10' },
        },
      },
    ]);
    expect(books().problems).toBe(0);
  });

  it('[WEL-2] refuses a task done after its window closed; a task without a window stays open', async () => {
    const u = await user();
    const friend = await user();
    // Registered 31 days ago: the 30-day windows have closed.
    ts.ctx.db.prepare('UPDATE users SET create_time = ? WHERE id = ?').run(START - 31 * DAY, u.id);
    await deposit(u.token);
    ts.ctx.db.prepare('UPDATE users SET invited_by = ? WHERE id = ?').run(u.id, friend.id);
    const i = await info(u.token);
    expect(task(i, 'firstDeposit').state).toBe('todo');
    expect(task(i, 'inviteFriend').state).toBe('claimable');
    const r = await claim(u.token, 'firstDeposit');
    expect(r.body.msg).toBe('The task was completed after its window closed');
    const ok = await claim(u.token, 'inviteFriend');
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(usdt(u.id)).toBe('25');
    expect(books().problems).toBe(0);
  });

  it('[WEL-4] reads identity, a first trade and an invitee from their tables', async () => {
    const u = await user();
    const now = ts.clock.now();
    ts.ctx.db
      .prepare(
        "INSERT INTO kyc (user_id, level, state, created_at, updated_at) VALUES (?, 'primary', 'approved', ?, ?)",
      )
      .run(u.id, now, now + 1000);
    ts.ctx.db
      .prepare(
        `INSERT INTO futures_records (user_id, time, symbol, side, kind, position_id, shares, fee, pnl)
         VALUES (?, ?, 'btcusdt', 'long', 'open', 1, '1', '0.1', '0')`,
      )
      .run(u.id, now + 2000);
    const i = await info(u.token);
    expect(task(i, 'verifyIdentity').state).toBe('claimable');
    expect(task(i, 'firstTrade').state).toBe('claimable');
    expect(task(i, 'inviteFriend').state).toBe('todo');
    for (const t of ['verifyIdentity', 'firstTrade'] as const) {
      const r = await claim(u.token, t, `k-${t}`);
      expect(r.body.code, r.body.msg).toBe(200);
    }
    const after = await info(u.token);
    expect(after.claimedTotal).toBe('10');
    const bons = await ts.call(rechargeApi.bonsList, { token: u.token, query: { pageNum: 1, pageSize: 1 } });
    expect(bons.data.total).toBe(2);
    expect(bons.data.rows).toHaveLength(1);
    expect(books().problems).toBe(0);
  });

  it('[WEL-2] a pending identity check is not done', async () => {
    const u = await user();
    const now = ts.clock.now();
    ts.ctx.db
      .prepare("INSERT INTO kyc (user_id, level, state, created_at, updated_at) VALUES (?, 'primary', 'pending', ?, ?)")
      .run(u.id, now, now);
    expect(task(await info(u.token), 'verifyIdentity').state).toBe('todo');
    expect((await claim(u.token, 'verifyIdentity')).body.msg).toBe('Complete the task first');
  });

  it('[WEL-2] [WEL-3] property: random bursts of claims pay each done task exactly once and nothing else; the books balance', async () => {
    let tx = 0;
    /** Marks a task done straight in its owner's table (the owners' own flows are tested with them). */
    const markDone = (userId: number, t: WelfareTaskId, at: number) => {
      const db = ts.ctx.db;
      if (t === 'verifyIdentity')
        db.prepare(
          "INSERT INTO kyc (user_id, level, state, created_at, updated_at) VALUES (?, 'primary', 'approved', ?, ?)",
        ).run(userId, at, at);
      else if (t === 'firstDeposit')
        db.prepare(
          `INSERT INTO deposits (user_id, coin, network, address, amount, tx_hash, confirmations, required, status,
             created_at, updated_at) VALUES (?, 'USDT', 'USDT-TRC20', 'T', '1', ?, 20, 20, 'credited', ?, ?)`,
        ).run(userId, `ab${(++tx).toString(16).padStart(20, '0')}`, at, at);
      else if (t === 'firstTrade')
        db.prepare(
          `INSERT INTO futures_records (user_id, time, symbol, side, kind, position_id, shares, fee, pnl)
           VALUES (?, ?, 'btcusdt', 'long', 'open', 1, '1', '0', '0')`,
        ).run(userId, at);
      else
        db.prepare('UPDATE users SET invited_by = ? WHERE id = (SELECT MAX(id) FROM users WHERE id <> ?)').run(
          userId,
          userId,
        );
    };
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([...WELFARE_TASKS]),
        fc.array(
          fc.record({ task: fc.constantFrom(...WELFARE_TASKS), key: fc.option(fc.constantFrom('a', 'b', 'c')) }),
          { minLength: 1, maxLength: 20 },
        ),
        async (done, claims) => {
          await ts.reset();
          await user(); // someone for inviteFriend to point at
          const u = await user();
          for (const t of done) markDone(u.id, t, START + 1000);
          const replies = await Promise.all(
            claims.map((c) => claim(u.token, c.task, c.key === null ? undefined : `p-${c.key}-${c.task}`)),
          );
          const paidTasks = new Set(done.filter((t) => claims.some((c) => c.task === t)));
          // Every successful reply is of a done task; a task never done is refused in words.
          for (const [i, r] of replies.entries()) {
            if (r.body.code === 200) expect(paidTasks.has(claims[i].task)).toBe(true);
            else if (!done.includes(claims[i].task)) expect(r.body.msg).toBe('Complete the task first');
          }
          let expected = new Decimal(0);
          for (const t of paidTasks) expected = expected.plus(WELFARE_TERMS[t].amount);
          expect(usdt(u.id)).toBe(expected.toFixed());
          expect(houseWelfare().neg().toFixed()).toBe(expected.toFixed());
          const rows = ts.ctx.db
            .prepare("SELECT ref FROM ledger_journal WHERE kind = 'welfare' ORDER BY ref")
            .pluck()
            .all() as string[];
          expect(rows).toEqual([...paidTasks].map((t) => `${u.id}:${t}`).sort());
          expect((await info(u.token)).claimedTotal).toBe(expected.toFixed());
          expect(books().problems).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });
});

/** Withdrawals over HTTP against the whole server (spec 7.2, 3.3, 9.3; WDR-1..15), with the ledger's guarantees. */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { withdrawApi } from '../../../src/shared/api/withdraw';
import { Decimal } from '../../../src/shared/decimal';
import { DEFAULT_SETTINGS } from '../../../src/shared/defaultSettings';
import type { AllSettings } from '../../../src/shared/schemas/settings';
import { writeSetting } from '../db/settingsStore';
import { DEMO } from '../identity/demo';
import { booksOf, signInDemo, withdrawalsOf } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';
import { runWithdrawalsCli } from './cli';

let ts: TestServer;
let token: string;
let demoId: number;
const events: { userId: number; kind: string; id: number | string; status: string }[] = [];

const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ERC = '0x52908400098527886E0F7030069857D2E4169EE7';
const GENERAL = DEFAULT_SETTINGS.WITHDRAWAL_SETTING;

function setGeneral(over: Partial<AllSettings['WITHDRAWAL_SETTING']>): void {
  writeSetting(ts.ctx.db, 'WITHDRAWAL_SETTING', { ...GENERAL, limitTime: false, ...over }, ts.clock.now());
}
function setChannel(name: string, over: Partial<AllSettings['WITHDRAWAL_CHANNEL_SETTING'][number]>): void {
  const list = DEFAULT_SETTINGS.WITHDRAWAL_CHANNEL_SETTING.map((c) =>
    c.rechargeName === name ? { ...c, ...over } : c,
  );
  writeSetting(ts.ctx.db, 'WITHDRAWAL_CHANNEL_SETTING', list, ts.clock.now());
}

beforeAll(async () => {
  ts = await startTestServer({
    clock: 'manual',
    env: { WITHDRAW_AUTO_APPROVE_MAX: '100', WITHDRAW_AUTO_APPROVE_DELAY_MS: '5000' },
  });
  // The inbox's own news (MSG-6) is not the withdrawals module's.
  ts.ctx.userEvents.onStatus((userId, e) => e.kind !== 'inbox' && events.push({ userId, ...e }));
});
afterAll(() => ts.stop());
beforeEach(async () => {
  await ts.reset();
  events.length = 0;
  setGeneral({});
  writeSetting(ts.ctx.db, 'WITHDRAWAL_CHANNEL_SETTING', DEFAULT_SETTINGS.WITHDRAWAL_CHANNEL_SETTING, ts.clock.now());
  ({ token, id: demoId } = await signInDemo(ts));
});

type Q = Record<string, string>;
const submit = (q: Q) =>
  ts.call(withdrawApi.withdrawSubmit, {
    token,
    query: { coin: 'USDT', type: 'USDT-TRC20', address: TRC, pwd: DEMO.tradePassword, ...q },
  });
const submitHttp = (q: Q, key?: string) =>
  ts.post(
    `${withdrawApi.withdrawSubmit.path}?${new URLSearchParams({ coin: 'USDT', type: 'USDT-TRC20', address: TRC, pwd: DEMO.tradePassword, ...q })}`,
    undefined,
    { satoken: token, ...(key ? { 'idempotency-key': key } : {}) },
  );
const usdt = () => ts.ledger.balance(demoId, 'platform', 'USDT');
const books = () => booksOf(ts);
const count = (table: string) => (ts.ctx.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const snapshot = () => ({
  balances: ts.ledger.balances(demoId),
  journal: count('ledger_journal'),
  withdrawals: count('withdrawals'),
  holds: count('ledger_holds'),
});
const houseSum = (account: string, coin: string) =>
  (
    ts.ctx.db.prepare('SELECT amount FROM ledger_entries WHERE account = ? AND coin = ?').all(account, coin) as {
      amount: string;
    }[]
  )
    .reduce((s, r) => s.plus(r.amount), new Decimal(0))
    .toFixed();

/** Submits, expecting a refusal whose message matches `msg`, and that nothing changed. */
async function refused(q: Q, msg: RegExp): Promise<void> {
  const before = snapshot();
  const r = await submit(q);
  expect(r.code).not.toBe(200);
  expect(r.msg).toMatch(msg);
  expect(snapshot()).toEqual(before);
}

describe('[WDR-8] getWithDrawCoinList', () => {
  it('[WORD-7] lists each open channel with the rules that apply to the caller now, in the deposit order', async () => {
    setChannel('BTC', { status: false });
    const r = await ts.call(withdrawApi.getWithDrawCoinList, { token });
    expect(r.code).toBe(200);
    // WORD-7: in the deposit screen's order (USDT-TRC20 is the deposit coins' first network); the BANK channel's CNY,
    // which nothing deposits and this user does not hold, is not offered.
    expect(r.data.map((c) => c.type)).toEqual(['USDT-TRC20', 'USDT-ERC20', 'ETH']);
    const trc = r.data.find((c) => c.type === 'USDT-TRC20')!;
    expect(trc).toMatchObject({
      coin: 'USDT',
      addressFormat: 'TRC20',
      fee: '0',
      ratio: '10',
      min: '12',
      max: '100000',
      dayWithdrawalNum: 10,
      countLeft: 10,
      freeLeft: 0,
      checkPass: true,
      timeZone: '+08:00',
      offsetMinutes: 480,
      available: '10000',
      precision: 6,
    });
    // WDR-7: 10000 / 1.1 rounded down to 6 decimals.
    expect(trc.maxAmount).toBe('9090.90909');
    expect(r.data.find((c) => c.type === 'ETH')).toMatchObject({ freeLeft: 3, addressFormat: 'ERC20' });
    expect(r.data.find((c) => c.type === 'BANK')).toBeUndefined();
  });
});

describe('[WDR-10] withdraw/submit holds amount + fee and records it pending', () => {
  it('holds the amount plus the percent fee; approval posts amount and fee to the house', async () => {
    const r = await submitHttp({ amount: '100' }, 'key-0000001');
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ amount: '100', fee: '10', total: '110', status: 'pending', address: TRC });
    expect(usdt()).toEqual({ available: '9890', frozen: '110' });
    const id = r.body.data.id as number;
    const w = withdrawalsOf(ts);
    expect(w.approve(id).status).toBe('done');
    expect(usdt()).toEqual({ available: '9890', frozen: '0' });
    expect(houseSum('house:withdrawals', 'USDT')).toBe('100');
    expect(houseSum('house:fees', 'USDT')).toBe('10');
    expect(books().problems).toBe(0);
  });

  it('[WDR-2] a fixed fee is added on top; [WDR-3] free withdrawals carry none', async () => {
    const erc = await submit({ type: 'USDT-ERC20', address: ERC, amount: '50' });
    expect(erc.data).toMatchObject({ fee: '3', total: '53' });
    const eth = await submit({ coin: 'ETH', type: 'ETH', address: ERC, amount: '1' });
    expect(eth.data).toMatchObject({ fee: '0', total: '1' });
    expect(ts.ledger.balance(demoId, 'platform', 'ETH')).toEqual({ available: '2.25', frozen: '1' });
  });

  it('finds a submission by its Idempotency-Key, by id, or as the latest pending; a repeat is not applied twice', async () => {
    const a = await submitHttp({ amount: '20' }, 'intent-abcdef');
    const again = await submitHttp({ amount: '20' }, 'intent-abcdef');
    expect(again.body.data).toEqual(a.body.data);
    expect(count('withdrawals')).toBe(1);
    const byKey = await ts.call(withdrawApi.getWithdrawStatus, { token, query: { key: 'intent-abcdef' } });
    expect(byKey.data).toEqual(a.body.data);
    const latest = await ts.call(withdrawApi.getWithdrawStatus, { token });
    expect(latest.data?.id).toBe(a.body.data.id);
    const none = await ts.call(withdrawApi.getWithdrawStatus, { token, query: { key: 'never-sent-key' } });
    expect(none.data).toBeNull();
    const other = await ts.signUp('other@t.co');
    const theirs = await ts.call(withdrawApi.getWithdrawStatus, { token: other, query: { id: a.body.data.id } });
    expect(theirs.data).toBeNull();
  });
});

describe('[WDR-4] every rule refuses with a message naming it and changes nothing', () => {
  it('minimum, maximum, balance, closed network', async () => {
    await refused({ amount: '11.99' }, /minimum withdrawal is 12 USDT/);
    setChannel('USDT-TRC20', { withdrawalMax: '500' });
    await refused({ amount: '500.01' }, /maximum withdrawal is 500 USDT/);
    setChannel('USDT-TRC20', {});
    await refused({ amount: '9091' }, /Insufficient balance: 10000.1 USDT needed with the fee, 10000 available/);
    setChannel('USDT-TRC20', { status: false });
    await refused({ amount: '20' }, /not offered/);
  });

  it('[WDR-3] the daily count; rejected and cancelled ones do not use it up', async () => {
    setChannel('USDT-TRC20', { dayWithdrawalNum: 2 });
    const a = await submit({ amount: '12' });
    const cancel = await ts.call(withdrawApi.withdrawCancel, { token, query: { id: a.data.id } });
    expect(cancel.data.status).toBe('cancelled');
    expect((await submit({ amount: '12' })).code).toBe(200);
    expect((await submit({ amount: '12' })).code).toBe(200);
    await refused({ amount: '12' }, /today's 2 withdrawals on this network/);
    const list = await ts.call(withdrawApi.getWithDrawCoinList, { token });
    expect(list.data.find((c) => c.type === 'USDT-TRC20')).toMatchObject({ usedToday: 2, countLeft: 0 });
    // The next platform day (00:00 at +08:00 is 16:00 UTC) starts a new count.
    ts.clock.advance(16 * 3600_000);
    expect((await submit({ amount: '12' })).code).toBe(200);
  });

  it('[WDR-3] free withdrawals are counted per day: the fourth ETH withdrawal pays the fee', async () => {
    for (let i = 0; i < 3; i++)
      expect((await submit({ coin: 'ETH', type: 'ETH', address: ERC, amount: '0.1' })).data.fee).toBe('0');
    expect((await submit({ coin: 'ETH', type: 'ETH', address: ERC, amount: '0.1' })).data.fee).toBe('0.0001');
  });

  it('[WDR-6] the time window of the platform time zone', async () => {
    setGeneral({ limitTime: true });
    // The manual clock starts at 00:00 UTC = 08:00 platform time, before 11:00.
    await refused({ amount: '20' }, /between 11:00:00 and 23:00:00 \(platform time\)/);
    ts.clock.advance(3 * 3600_000);
    expect((await submit({ amount: '20' })).code).toBe(200);
  });

  it('[WDR-5] bad amounts are refused with the reason', async () => {
    for (const [amount, msg] of [
      ['-5', /positive/],
      ['0', /greater than zero/],
      ['1e5', /exponent/],
      ['12.1234567', /at most 6/],
      ['9'.repeat(1000), /too long/],
      ['abc', /number/],
      ['', /required/],
    ] as const)
      await refused({ amount }, msg);
  });

  it('[WDR-9] an address must match its network', async () => {
    await refused({ amount: '20', address: ERC }, /TRC20 address starts with T and has 34 characters/);
    await refused({ type: 'USDT-ERC20', amount: '20', address: TRC }, /0x followed by 40 hexadecimal/);
    await refused({ coin: 'BTC', type: 'BTC', amount: '0.01', address: 'bc1qnotvalid!' }, /BTC address/);
    await refused({ coin: 'ETH', type: 'USDT-TRC20', amount: '1' }, /withdraws USDT, not ETH/);
  });

  it('[WDR-12] the trade password, with attempt limits like sign-in', async () => {
    await refused({ amount: '20', pwd: '' }, /Trade password: enter your trade password/);
    for (let i = 4; i >= 1; i--)
      await refused({ amount: '20', pwd: '000000' }, new RegExp(`Wrong trade password \\(${i} attempts? left\\)`));
    await refused({ amount: '20', pwd: '000000' }, /Wrong trade password: Too many failed attempts/);
    // Limited: even the right password is refused, with the wait.
    await refused({ amount: '20' }, /Trade password: Too many failed attempts, try again in 15 minutes/);
    ts.clock.advance(15 * 60_000 + 1);
    expect((await submit({ amount: '20' })).code).toBe(200);
    setGeneral({ checkPass: false });
    expect((await submit({ amount: '20', pwd: '' })).code).toBe(200);
  });

  it('[WDR-12] a verification code when the settings require one', async () => {
    setGeneral({ checkCode: true });
    await refused({ amount: '20' }, /Verification code: enter the code/);
    await refused({ amount: '20', code: '000000' }, /code/i);
    await ts.call(userApi.sendEmailCode, { query: { codeType: 'withdraw', email: DEMO.account }, token });
    const code = (await ts.outbox(DEMO.account)).find((c) => c.codeType === 'withdraw')!.code;
    expect((await submit({ amount: '20', code })).code).toBe(200);
    // Used up.
    await refused({ amount: '20', code }, /code/i);
  });
});

describe('[WDR-11] lifecycle: pending, then done, rejected or cancelled; each change announced', () => {
  const service = () => withdrawalsOf(ts);

  it('reject and cancel release the hold; a finished withdrawal cannot end again', async () => {
    const a = await submit({ amount: '50' });
    const b = await submit({ amount: '60' });
    expect(usdt()).toEqual({ available: '9879', frozen: '121' });
    expect(service().reject(a.data.id, 'address on a sanctions list').status).toBe('rejected');
    const c = await ts.call(withdrawApi.withdrawCancel, { token, query: { id: b.data.id } });
    expect(c.data.status).toBe('cancelled');
    expect(usdt()).toEqual({ available: '10000', frozen: '0' });
    const again = await ts.call(withdrawApi.withdrawCancel, { token, query: { id: b.data.id } });
    expect(again.msg).toBe(`Withdrawal ${b.data.id} is already cancelled`);
    expect(() => service().approve(a.data.id)).toThrow(/already rejected/);
    const other = await ts.signUp('thief@t.co');
    const d = await submit({ amount: '20' });
    const theirs = await ts.call(withdrawApi.withdrawCancel, { token: other, query: { id: d.data.id } });
    expect(theirs.msg).toBe(`No withdrawal ${d.data.id}`);
    const list = await ts.call(withdrawApi.withdrawList, { token, query: { pageNum: 1, pageSize: 2 } });
    expect(list.data.total).toBe(3);
    expect(list.data.rows.map((r) => [r.id, r.status, r.reason])).toEqual([
      [d.data.id, 'pending', ''],
      [b.data.id, 'cancelled', ''],
    ]);
    const page2 = await ts.call(withdrawApi.withdrawList, { token, query: { pageNum: 2, pageSize: 2 } });
    expect(page2.data.rows.map((r) => [r.status, r.reason])).toEqual([['rejected', 'address on a sanctions list']]);
    await Promise.resolve();
    expect(events.filter((e) => e.kind === 'withdraw').map((e) => e.status)).toEqual([
      'pending',
      'pending',
      'cancelled',
      'pending',
    ]);
    // The operator's reject (another process) is announced by the server's job.
    ts.ctx.scheduler.runDue(ts.clock.now() + 1000);
    await Promise.resolve();
    expect(events.at(-1)).toMatchObject({ userId: demoId, kind: 'withdraw', id: a.data.id, status: 'rejected' });
    expect(books().problems).toBe(0);
  });

  it('[WDR-13] auto-approves amounts at or below the configured maximum after the delay', async () => {
    const small = await submit({ amount: '100' });
    const big = await submit({ amount: '100.01' });
    ts.ctx.scheduler.runDue(ts.clock.now() + 1000);
    expect((await ts.call(withdrawApi.getWithdrawStatus, { token, query: { id: small.data.id } })).data?.status).toBe(
      'pending',
    );
    ts.clock.advance(6000);
    ts.ctx.scheduler.runDue(ts.clock.now());
    expect((await ts.call(withdrawApi.getWithdrawStatus, { token, query: { id: small.data.id } })).data?.status).toBe(
      'done',
    );
    expect((await ts.call(withdrawApi.getWithdrawStatus, { token, query: { id: big.data.id } })).data?.status).toBe(
      'pending',
    );
    expect(usdt()).toEqual({ available: String(10000 - 110 - 110.011), frozen: '110.011' });
    expect(books().problems).toBe(0);
  });

  it('[WDR-14] the operator CLI lists, approves and rejects while the server runs; the server announces it', async () => {
    const a = await submit({ amount: '500' });
    const b = await submit({ amount: '600' });
    const out: string[] = [];
    expect(await runWithdrawalsCli(ts.dataDir, ['list', 'pending'], (s) => out.push(s))).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`#${b.data.id}  pending.*600 USDT \\(\\+60 fee\\)`));
    expect(await runWithdrawalsCli(ts.dataDir, ['approve', String(a.data.id)], (s) => out.push(s))).toBe(0);
    expect(
      await runWithdrawalsCli(ts.dataDir, ['reject', String(b.data.id), 'wrong', 'network'], (s) => out.push(s)),
    ).toBe(0);
    expect(await runWithdrawalsCli(ts.dataDir, ['approve', String(b.data.id)], (s) => out.push(s))).toBe(1);
    expect(out.at(-1)).toBe(`Withdrawal ${b.data.id} is already rejected`);
    expect(await runWithdrawalsCli(ts.dataDir, ['approve', 'x'], (s) => out.push(s))).toBe(2);
    events.length = 0;
    // What the running server's job does each second (its wiring is the lifecycle test's).
    withdrawalsOf(ts, { statusChanged: (userId, e) => events.push({ userId, ...e }) })
      .job()
      .step(ts.clock.now());
    await Promise.resolve();
    expect(events.map((e) => [e.id, e.status])).toEqual([
      [a.data.id, 'done'],
      [b.data.id, 'rejected'],
    ]);
    expect(usdt()).toEqual({ available: '9450', frozen: '0' });
    expect(books().problems).toBe(0);
  });
});

describe('[SAFE-24] [SAFE-26] money edges of the audit', () => {
  /** The server's job as configured in this file (max 100, after 5 s). */
  const autoApproval = () => withdrawalsOf(ts, { autoApproveMax: '100', autoApproveDelayMs: 5000 }).job();

  it('[SAFE-24] [WDR-13] 150 large pending withdrawals do not stall a small one: it is auto-approved', async () => {
    setGeneral({ checkPass: false });
    setChannel('USDT-TRC20', { ratio: '0', withdrawalMax: '1000000', dayWithdrawalNum: 1000 });
    ts.ledger.post({
      kind: 'deposit',
      ref: 'safe-24-funds',
      userId: demoId,
      memo: 'test funds',
      entries: [
        { house: 'house:deposits', coin: 'USDT', amount: '-30000' },
        { userId: demoId, account: 'platform', coin: 'USDT', amount: '30000' },
      ],
    });
    for (let i = 0; i < 150; i++) expect((await submit({ amount: '200.5' })).code).toBe(200);
    const small = await submit({ amount: '99.99' });
    expect(small.code).toBe(200);
    autoApproval().step(ts.clock.now() + 6000);
    const status = async (id: number) =>
      (await ts.call(withdrawApi.getWithdrawStatus, { token, query: { id } })).data?.status;
    expect(await status(small.data.id)).toBe('done');
    expect(count("withdrawals WHERE status = 'pending'")).toBe(150);
    expect(books().problems).toBe(0);
  });

  it('[SAFE-24] the amount is compared exactly: the maximum itself is approved, one unit above it is not', async () => {
    setGeneral({ checkPass: false });
    setChannel('USDT-TRC20', { ratio: '0', dayWithdrawalNum: 1000 });
    const at = await submit({ amount: '100' });
    const above = await submit({ amount: '100.000001' });
    const below = await submit({ amount: '99.999999' });
    const tiny = await submit({ amount: '12.5' });
    autoApproval().step(ts.clock.now() + 6000);
    const status = async (id: number) =>
      (await ts.call(withdrawApi.getWithdrawStatus, { token, query: { id } })).data?.status;
    expect([await status(at.data.id), await status(above.data.id)]).toEqual(['done', 'pending']);
    expect([await status(below.data.id), await status(tiny.data.id)]).toEqual(['done', 'done']);
  });

  it('[SAFE-26] [WDR-12] 10 parallel withdrawals with the right trade password all pass the password check', async () => {
    setChannel('USDT-TRC20', { ratio: '0', dayWithdrawalNum: 100 });
    const replies = await Promise.all(Array.from({ length: 10 }, () => submit({ amount: '20' })));
    expect(replies.map((r) => r.msg)).toEqual(Array(10).fill('success'));
    expect(count('trade_pwd_failures')).toBe(0);
  });

  it('[SAFE-26] parallel wrong guesses still stop at the limit', async () => {
    setChannel('USDT-TRC20', { ratio: '0', dayWithdrawalNum: 100 });
    const replies = await Promise.all(Array.from({ length: 12 }, () => submit({ amount: '20', pwd: '000000' })));
    expect(replies.filter((r) => /Wrong trade password/.test(r.msg))).toHaveLength(5);
    expect(replies.filter((r) => /Trade password: Too many failed attempts/.test(r.msg))).toHaveLength(7);
    // Locked: the right one waits too.
    expect((await submit({ amount: '20' })).msg).toMatch(/Too many failed attempts/);
  });
});

describe('[WDR-15] concurrency and the books', () => {
  it('50 concurrent withdrawals, each for 60 % of the balance: exactly one succeeds', async () => {
    setGeneral({ checkPass: false });
    setChannel('USDT-TRC20', { ratio: '0', withdrawalMax: '1000000', dayWithdrawalNum: 100 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => submitHttp({ amount: '6000' }, `concurrent-${i}-key`)),
    );
    const ok = replies.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.code !== 200)) expect(r.body.msg).toMatch(/Insufficient balance/);
    expect(usdt()).toEqual({ available: '4000', frozen: '6000' });
    expect(count('withdrawals')).toBe(1);
    expect(books().problems).toBe(0);
  });

  it('random sequences of submits, approvals, rejections and cancels keep the books right', async () => {
    setGeneral({ checkPass: false });
    setChannel('USDT-TRC20', { ratio: '1', fee: '0.5', withdrawalMix: '1', dayWithdrawalNum: 1000 });
    const w = withdrawalsOf(ts);
    const Op = fc.oneof(
      fc.record({
        op: fc.constant('submit' as const),
        amount: fc.integer({ min: 1, max: 400000 }).map((n) => (n / 100).toFixed(2)),
      }),
      fc.record({ op: fc.constantFrom('approve' as const, 'reject' as const, 'cancel' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(Op, { minLength: 1, maxLength: 25 }), async (ops) => {
        await ts.reset();
        const login = await ts.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } });
        token = login.data.satoken;
        demoId = ts.acc.users.byEmail(DEMO.account)!.id;
        const total = () => new Decimal(usdt().available).plus(usdt().frozen);
        let expected = total();
        for (const o of ops) {
          const pending = w.all('pending');
          if (o.op === 'submit') {
            await submit({ amount: o.amount });
          } else if (pending.length) {
            const p = pending[o.pick % pending.length];
            if (o.op === 'approve') {
              w.approve(p.id);
              expected = expected.minus(p.total);
            } else if (o.op === 'reject') w.reject(p.id, 'no');
            else await ts.call(withdrawApi.withdrawCancel, { token, query: { id: p.id } });
          }
          // The user's total changes only by settled withdrawals; the books balance after every step.
          expect(total().toFixed()).toBe(expected.toFixed());
          expect(books().problems).toBe(0);
          expect(new Decimal(usdt().frozen).toFixed()).toBe(
            w
              .all('pending')
              .reduce((s, r) => s.plus(r.total), new Decimal(0))
              .toFixed(),
          );
        }
      }),
      { numRuns: 30 },
    );
  });
});

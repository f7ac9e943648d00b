/** Deposits over HTTP against the whole server (spec 7.2, 4.7): addresses, the simulated chain, declarations. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assetApi } from '../../../src/shared/api/asset';
import { rechargeApi } from '../../../src/shared/api/recharge';
import { userApi } from '../../../src/shared/api/user';
import { Decimal } from '../../../src/shared/decimal';
import { DEFAULT_SETTINGS } from '../../../src/shared/defaultSettings';
import { depositNetworks } from '../../../src/shared/wallet/depositNetworks';
import { canonicalTxHash } from '../../../src/shared/wallet/txHash';
import type { StatusEvent } from '../events/userEvents';
import { DEMO } from '../identity/demo';
import { booksOf, signInDemo } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';
import { bech32HrpExpand, bech32Polymod, deriveAddress } from './addresses';
import { commandRequest, parseArgs } from './chainCli';

let ts: TestServer;
let token: string;
let demoId: number;
let opsToken: string;
const events: { userId: number; e: StatusEvent }[] = [];

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual' });
  opsToken = readFileSync(join(ts.dataDir, 'ops-token'), 'utf8').trim();
  // The inbox's own news (MSG-6) is not the deposits module's.
  ts.ctx.userEvents.onStatus((userId, e) => e.kind !== 'inbox' && events.push({ userId, e }));
});
afterAll(() => ts.stop());
beforeEach(async () => {
  await ts.reset();
  events.length = 0;
  ({ token, id: demoId } = await signInDemo(ts));
});

const books = () => booksOf(ts);
const chain = (body: unknown, tok = opsToken) => ts.post('/api/_ops/chain/deposit', body, { 'x-ops-token': tok });
const usdt = async (tok = token) =>
  (await ts.call(assetApi.assetBalance, { token: tok })).data.find((b) => b.account === 'platform' && b.coin === 'USDT')
    ?.available;
const address = async (coin: string, symbol?: string, tok = token) => {
  const r = await ts.call(rechargeApi.getAdress, { token: tok, query: { coin, symbol } });
  if (r.code !== 200) throw new Error(r.msg);
  return r.data;
};
const height = () =>
  Number(ts.ctx.db.prepare("SELECT value FROM chain_state WHERE key = 'height'").pluck().get() ?? '0');
/** `n` blocks of the chain: the manual clock moves by block times until the block job has run `n` times. */
const block = (n = 1) => {
  const until = height() + n;
  while (height() < until) {
    ts.clock.advance(ts.ctx.config.chainBlockMs);
    ts.ctx.scheduler.runDue(ts.clock.now());
  }
};
const list = async (tok = token) => (await ts.call(rechargeApi.rechargeList, { token: tok, query: {} })).data;

describe('[DEP-1] open networks from ASSET_COIN and WITHDRAWAL_CHANNEL_SETTING', () => {
  it('reads the default settings as USDT on TRC20 and ERC20, ETH and BTC; bank channels take no deposits', () => {
    const nets = depositNetworks(DEFAULT_SETTINGS);
    expect(nets.map((n) => [n.coin, n.network, n.minAmount, n.maxAmount ?? null, n.confirmations, n.memo])).toEqual([
      ['USDT', 'USDT-TRC20', '1', '9999999', 20, false],
      ['USDT', 'USDT-ERC20', '1', null, 12, false],
      ['ETH', 'ETH', '0.000001', null, 12, false],
      ['BTC', 'BTC', '0.0001', null, 3, false],
    ]);
    const closed = depositNetworks({
      ...DEFAULT_SETTINGS,
      WITHDRAWAL_CHANNEL_SETTING: DEFAULT_SETTINGS.WITHDRAWAL_CHANNEL_SETTING.map((c) => ({ ...c, status: false })),
    });
    expect(closed.map((n) => n.network)).toEqual(['USDT-TRC20']);
  });

  it('refuses a coin or network that is not open, naming the open ones', async () => {
    expect((await ts.call(rechargeApi.getAdress, { token, query: { coin: 'DOGE' } })).msg).toBe(
      'Deposits of DOGE are not open',
    );
    expect((await ts.call(rechargeApi.getAdress, { token, query: { coin: 'usdt', symbol: 'BTC' } })).msg).toBe(
      'USDT cannot be deposited on BTC; open networks: USDT-TRC20, USDT-ERC20',
    );
  });
});

describe('[DEP-2] a stable address per user and network, in the network format', () => {
  it('gives TRC20, ERC20 and bech32 addresses that stay the same and differ between users', async () => {
    const trc = await address('usdt', 'USDT-TRC20');
    expect(trc).toMatchObject({ coin: 'USDT', network: 'USDT-TRC20', minAmount: '1', confirmations: 20 });
    expect(trc.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(trc.memo).toBeUndefined();
    expect((await address('USDT', 'usdt-trc20')).address).toBe(trc.address);
    expect((await address('USDT')).address).toBe(trc.address);
    expect((await address('usdt', 'USDT-ERC20')).address).toMatch(/^0x[0-9a-f]{40}$/);
    const btc = (await address('btc')).address;
    expect(btc).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    const data = [...btc.slice(3)].map((c) => 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'.indexOf(c));
    expect(bech32Polymod([...bech32HrpExpand('bc'), ...data])).toBe(1);
    const other = await ts.signUp('other@t.co');
    expect((await address('usdt', 'USDT-TRC20', other)).address).not.toBe(trc.address);
  });

  it('derives the same address from the same secret (so it survives restarts), and XRP with a 9-digit memo', () => {
    expect(deriveAddress('s', 'tron', 'USDT-TRC20', 7)).toEqual(deriveAddress('s', 'tron', 'usdt-trc20', 7));
    expect(deriveAddress('s', 'tron', 'USDT-TRC20', 7)).not.toEqual(deriveAddress('t', 'tron', 'USDT-TRC20', 7));
    const a = deriveAddress('s', 'xrp', 'XRP', 1);
    const b = deriveAddress('s', 'xrp', 'XRP', 2);
    expect(a.address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    expect(a.address).toBe(b.address);
    expect(a.memo).toMatch(/^\d{9}$/);
    expect(a.memo).not.toBe(b.memo);
  });
});

describe('[DEP-3] [DEP-4] [DEP-5] [DEP-6] the chain simulator credits through the ledger', () => {
  it('refuses the operator route without the operator token', async () => {
    const { address: to } = await address('usdt');
    expect((await chain({ address: to, amount: '5' }, 'wrong')).body).toMatchObject({ code: 0 });
    expect((await chain({ address: to, amount: '5' }, '')).body.msg).toBe('Operator token missing or wrong');
    expect(await list()).toEqual({ total: 0, rows: [] });
  });

  it('confirms block by block and credits once at the required confirmations, telling every tab', async () => {
    const { address: to } = await address('usdt');
    const before = await usdt();
    const r = await chain({ address: to, amount: '25.5', confirmations: 17 });
    expect(r.body.code).toBe(200);
    expect(r.body.data.deposit).toMatchObject({ status: 'confirming', confirmations: 17, required: 20 });
    block(2);
    expect((await list()).rows[0]).toMatchObject({ status: 'confirming', confirmations: 19, amount: '25.5' });
    expect(await usdt()).toBe(before);
    block();
    const [row] = (await list()).rows;
    expect(row).toMatchObject({ status: 'credited', confirmations: 20, declared: false });
    expect(await usdt()).toBe(new Decimal(before!).plus('25.5').toFixed());
    block(5);
    expect(await usdt()).toBe(new Decimal(before!).plus('25.5').toFixed());
    const journal = ts.ctx.db.prepare("SELECT ref, user_id AS u FROM ledger_journal WHERE kind = 'deposit'").all();
    expect(journal).toEqual([{ ref: row.txHash, u: demoId }]);
    expect(events.map((x) => [x.userId, x.e.kind, x.e.status])).toEqual([
      [demoId, 'deposit', 'confirming'],
      [demoId, 'deposit', 'confirming'],
      [demoId, 'deposit', 'confirming'],
      [demoId, 'deposit', 'credited'],
    ]);
    expect(books().problems).toBe(0);
  });

  it('records a deposit below the minimum and never credits it', async () => {
    const { address: to } = await address('usdt');
    const before = await usdt();
    const r = await chain({ address: to, amount: '0.5', confirmations: 20 });
    expect(r.body.data.deposit).toMatchObject({ status: 'below_minimum', amount: '0.5' });
    block(25);
    expect((await list()).rows[0]).toMatchObject({ status: 'below_minimum' });
    expect(await usdt()).toBe(before);
    expect(books().problems).toBe(0);
  });

  it('refuses unknown addresses, bad amounts and a hash already on the chain, changing nothing', async () => {
    const { address: to } = await address('usdt');
    expect((await chain({ address: 'T' + 'x'.repeat(33), amount: '5' })).body.msg).toMatch(/^No account has/);
    for (const amount of ['-1', '0', '1e5', '1.1234567', '9'.repeat(1000), 'abc'])
      expect((await chain({ address: to, amount })).body.code).toBe(0);
    const tx = 'ab'.repeat(32);
    expect((await chain({ address: to, amount: '5', tx })).body.code).toBe(200);
    expect((await chain({ address: to, amount: '5', tx })).body.msg).toBe(`Transaction ${tx} is already on the chain`);
    expect((await list()).total).toBe(1);
  });

  it('parses the CLI: deposit with confirmations, tx and memo; match; bad input named', () => {
    expect(commandRequest(parseArgs(['deposit', 'Tabc', '12.5', '--confirmations', '3', '--tx=ff']))).toEqual({
      path: '/api/_ops/chain/deposit',
      body: { address: 'Tabc', amount: '12.5', confirmations: 3, tx: 'ff' },
    });
    expect(commandRequest(parseArgs(['match', 'p3']))).toEqual({ path: '/api/_ops/chain/match', body: { id: 'p3' } });
    expect(() => commandRequest(parseArgs(['deposit', 'Tabc']))).toThrow('deposit needs an address and an amount');
    expect(() => commandRequest(parseArgs(['deposit', 'a', '1', '--confirmations', '-1']))).toThrow(/whole number/);
  });

  it('property: whatever the deposits and blocks, credited money equals the confirmed deposits at or above the minimum', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 1, max: 500_000 }),
            confirmations: fc.integer({ min: 0, max: 25 }),
            blocks: fc.integer({ min: 0, max: 8 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (steps) => {
          await ts.reset();
          const login = await ts.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } });
          const tok = login.data.satoken;
          const { address: to } = await address('usdt', 'USDT-TRC20', tok);
          const start = new Decimal((await usdt(tok))!);
          const sent: { amount: Decimal; confs: number }[] = [];
          for (const s of steps) {
            const amount = new Decimal(s.cents).div(100);
            expect(
              (await chain({ address: to, amount: amount.toFixed(), confirmations: s.confirmations })).body.code,
            ).toBe(200);
            sent.push({ amount, confs: s.confirmations });
            block(s.blocks);
            for (const x of sent.slice(0, -1)) x.confs += s.blocks;
            sent[sent.length - 1].confs += s.blocks;
          }
          const expected = sent
            .filter((x) => x.amount.gte(1) && x.confs >= 20)
            .reduce((a, x) => a.plus(x.amount), start);
          expect(await usdt(tok)).toBe(expected.toFixed());
          expect(books().problems).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('[DEP-7] payAddress: a declared payment waits for the chain or the operator', () => {
  const declare = (body: unknown, key?: string) =>
    ts.post(rechargeApi.payAddress.path, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });

  it('stays pending until the chain shows the same transaction, then follows it', async () => {
    const { address: to } = await address('usdt');
    const hash = 'cd'.repeat(32);
    const d = await declare({ coin: 'usdt', symbol: 'USDT-TRC20', amount: '40', hash }, 'declare-0001');
    expect(d.body.msg).toBe('success');
    expect(d.body.data).toMatchObject({ id: 'p1', status: 'declared', declared: true, required: 20 });
    expect((await declare({ coin: 'usdt', symbol: 'USDT-TRC20', amount: '40', hash }, 'declare-0001')).body).toEqual(
      d.body,
    );
    expect((await list()).rows).toMatchObject([{ id: 'p1', status: 'declared' }]);
    await chain({ address: to, amount: '40', tx: hash, confirmations: 20 });
    expect((await list()).rows).toMatchObject([{ id: 'c1', status: 'credited', declared: true }]);
    expect((await declare({ coin: 'usdt', symbol: 'USDT-TRC20', amount: '40', hash })).body.msg).toBe(
      `Transaction ${hash} has already been declared`,
    );
  });

  it('refuses amounts outside the minimum and maximum, bad hashes and a chain tx that differs', async () => {
    const { address: to } = await address('usdt');
    const base = { coin: 'usdt', symbol: 'USDT-TRC20', hash: 'ef'.repeat(32) };
    expect((await declare({ ...base, amount: '0.5' })).body.msg).toBe('The minimum deposit on USDT-TRC20 is 1 USDT');
    expect((await declare({ ...base, amount: '10000000' })).body.msg).toBe(
      'The maximum deposit on USDT-TRC20 is 9999999 USDT',
    );
    expect((await declare({ ...base, amount: '1.1234567' })).body.msg).toMatch(/decimals/);
    expect((await declare({ ...base, amount: '5', hash: 'xyz' })).body.msg).toMatch(/Transaction hash must be/);
    await chain({ address: to, amount: '7', tx: base.hash });
    expect((await declare({ ...base, amount: '8' })).body.msg).toMatch(/on the chain with another address or amount/);
    expect((await list()).rows).toMatchObject([{ id: 'c1', declared: false }]);
  });

  it('is credited when the operator matches it, and the chain cannot credit the same hash again', async () => {
    const before = await usdt();
    const hash = '12'.repeat(32);
    await declare({ coin: 'usdt', symbol: 'USDT-TRC20', amount: '3', hash });
    const m = await ts.post('/api/_ops/chain/match', { id: 'p1' }, { 'x-ops-token': opsToken });
    expect(m.body.data.deposit).toMatchObject({ status: 'credited', declared: true, amount: '3' });
    expect(await usdt()).toBe(new Decimal(before!).plus(3).toFixed());
    const { address: to } = await address('usdt');
    expect((await chain({ address: to, amount: '3', tx: hash })).body.msg).toMatch(/already on the chain/);
    expect((await ts.post('/api/_ops/chain/match', { id: 'p1' }, { 'x-ops-token': opsToken })).body.msg).toBe(
      'Declaration 1 is already matched',
    );
    expect(await usdt()).toBe(new Decimal(before!).plus(3).toFixed());
    expect(books().problems).toBe(0);
  });
});

describe('[DEP-8] recharge/bonsList', () => {
  it('is an empty page until a welfare reward is claimed (WEL-5: server/src/welfare)', async () => {
    expect((await ts.call(rechargeApi.bonsList, { token, query: { pageNum: 1, pageSize: 10 } })).data).toEqual({
      total: 0,
      rows: [],
    });
  });
});

describe('[SAFE-21] [SAFE-27] money edges of the audit', () => {
  const declare = (body: unknown) => ts.post(rechargeApi.payAddress.path, body, { satoken: token });
  const match = (id: string) => ts.post('/api/_ops/chain/match', { id }, { 'x-ops-token': opsToken });

  it('[SAFE-21] a declared payment matched by the operator is not credited again when the chain writes the hash another way', async () => {
    const before = new Decimal((await usdt())!);
    const h = 'AbCd'.repeat(16);
    // ERC20: declared with 0x, put on the chain without it.
    expect((await declare({ coin: 'usdt', symbol: 'USDT-ERC20', amount: '30', hash: `0x${h}` })).body.msg).toBe(
      'success',
    );
    expect((await match('p1')).body.data.deposit).toMatchObject({ status: 'credited', txHash: `0x${h.toLowerCase()}` });
    const { address: erc } = await address('usdt', 'USDT-ERC20');
    expect((await chain({ address: erc, amount: '30', tx: h, confirmations: 12 })).body.msg).toBe(
      `Transaction 0x${h.toLowerCase()} is already on the chain`,
    );
    // TRC20: declared without 0x, put on the chain with it (and upper-case).
    const t = 'e1'.repeat(32);
    expect((await declare({ coin: 'usdt', symbol: 'USDT-TRC20', amount: '40', hash: t })).body.code).toBe(200);
    expect((await match('p2')).body.data.deposit).toMatchObject({ status: 'credited', txHash: t });
    const { address: trc } = await address('usdt');
    expect((await chain({ address: trc, amount: '40', tx: `0x${t.toUpperCase()}`, confirmations: 20 })).body.msg).toBe(
      `Transaction ${t} is already on the chain`,
    );
    expect(await usdt()).toBe(before.plus(70).toFixed());
    expect(ts.ctx.db.prepare("SELECT count(*) FROM ledger_journal WHERE kind = 'deposit'").pluck().get()).toBe(2);
    expect(books().problems).toBe(0);
  });

  it('[SAFE-21] the same payment declared twice in two spellings is one declaration; a declaration then a chain deposit in another spelling are one deposit', async () => {
    const h = '5a'.repeat(32);
    expect((await declare({ coin: 'usdt', symbol: 'USDT-ERC20', amount: '30', hash: h })).body.code).toBe(200);
    expect((await declare({ coin: 'usdt', symbol: 'USDT-ERC20', amount: '30', hash: `0x${h}` })).body.msg).toBe(
      `Transaction 0x${h} has already been declared`,
    );
    const { address: erc } = await address('usdt', 'USDT-ERC20');
    await chain({ address: erc, amount: '30', tx: `0x${h.toUpperCase()}`, confirmations: 12 });
    expect((await list()).rows).toMatchObject([{ id: 'c1', status: 'credited', declared: true, txHash: `0x${h}` }]);
  });

  it('[SAFE-21] an invalid hash is refused by name, on the chain and in a declaration', async () => {
    const { address: trc } = await address('usdt');
    expect((await chain({ address: trc, amount: '40', tx: 'ab'.repeat(20) })).body.msg).toBe(
      'Transaction hash: a USDT-TRC20 transaction hash is 64 hexadecimal digits',
    );
    expect((await declare({ coin: 'usdt', symbol: 'USDT-ERC20', amount: '30', hash: 'ab'.repeat(20) })).body.msg).toBe(
      'Transaction hash: a USDT-ERC20 transaction hash is 64 hexadecimal digits (with or without 0x)',
    );
  });

  it('[SAFE-21] canonical spellings per family: 0x + lower on EVM, lower on TRC20 and BTC, upper on XRP', () => {
    const h = 'aB'.repeat(32);
    expect(canonicalTxHash('evm', 'ETH', h)).toEqual({ ok: true, hash: `0x${h.toLowerCase()}` });
    expect(canonicalTxHash('tron', 'USDT-TRC20', `0x${h}`)).toEqual({ ok: true, hash: h.toLowerCase() });
    expect(canonicalTxHash('bitcoin', 'BTC', ` ${h} `)).toEqual({ ok: true, hash: h.toLowerCase() });
    expect(canonicalTxHash('xrp', 'XRP', h)).toEqual({ ok: true, hash: h.toUpperCase() });
    expect(canonicalTxHash('xrp', 'XRP', 'zz'.repeat(32)).ok).toBe(false);
  });

  it('[SAFE-27] a memo on a network without memos is refused by name', async () => {
    const { address: trc } = await address('usdt');
    const r = await chain({ address: trc, amount: '40', memo: '123456789' });
    expect(r.body.msg).toBe('USDT-TRC20 deposits have no memo: send it without 123456789');
    expect((await list()).rows).toEqual([]);
  });
});

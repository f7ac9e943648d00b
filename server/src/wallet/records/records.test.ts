/** record/financial over HTTP against the whole server (spec 7.2; REC-1..4): read from the journal itself. */
import { beforeEach, describe, expect, it } from 'vitest';
import { assetApi } from '../../../../src/shared/api/asset';
import { exchangeApi } from '../../../../src/shared/api/exchange';
import { Decimal } from '../../../../src/shared/decimal';
import { checkLedger } from '../../ledger/check';
import { sqliteLedgerStore } from '../../ledger/store';
import { serverForFile, resetAndSignInDemo } from '../../testing/fixtures';

const ts = serverForFile({ clock: 'manual' });
let token: string;
let demoId: number;
beforeEach(async () => ({ token, id: demoId } = await resetAndSignInDemo(ts)));

const records = (query: Record<string, unknown> = {}) => ts.call(exchangeApi.financialRecords, { token, query });

describe('[REC-1] record/financial', () => {
  it('[REC-2] lists every journal row that touched the user per account and coin, signed, newest first', async () => {
    ts.clock.advance(1000);
    const t = await ts.call(assetApi.transferFunds, {
      token,
      body: { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '25.5' },
    });
    ts.clock.advance(1000);
    const q = await ts.call(exchangeApi.getCurrencyPrice, { token, query: { currency: 'USDT,ETH' } });
    const x = await ts.call(exchangeApi.currencyExchange, { token, body: { quoteId: q.data.quoteId, amount: '100' } });
    ts.clock.advance(1000);
    // A hold and its release (what a pending and then cancelled withdrawal does) show in the frozen column.
    const hold = ts.ledger.hold({
      kind: 'withdraw',
      ref: 'w1',
      userId: demoId,
      account: 'platform',
      coin: 'BTC',
      amount: '0.1',
    });
    ts.clock.advance(1000);
    ts.ledger.release(hold.hold.id, { kind: 'withdraw_cancelled', ref: 'w1', userId: demoId });
    const r = await records({ pageSize: 50 });
    expect(r.code).toBe(200);
    const rows = r.data.rows.map((x) => [x.kind, x.account, x.coin, x.amount, x.frozen]);
    expect(rows.slice(0, 6)).toEqual([
      ['withdraw_cancelled', 'platform', 'BTC', '0', '-0.1'],
      ['withdraw', 'platform', 'BTC', '0', '0.1'],
      ['exchange', 'platform', 'ETH', x.data.receive, '0'],
      ['exchange', 'platform', 'USDT', '-100', '0'],
      ['transfer', 'finance', 'USDT', '25.5', '0'],
      ['transfer', 'platform', 'USDT', '-25.5', '0'],
    ]);
    expect(r.data.rows.find((x) => x.kind === 'transfer')!.ref).toBe(t.data.id);
    expect(r.data.rows.find((x) => x.kind === 'exchange')!.ref).toBe(x.data.id);
    // The genesis row (the demo money) comes last: one record per account and coin, all credits.
    const genesis = r.data.rows.filter((x) => x.kind === 'genesis');
    expect(genesis.length).toBe(5);
    for (const g of genesis) expect(new Decimal(g.amount).gt(0)).toBe(true);
    expect(r.data.total).toBe(11);
    // Another user sees none of these.
    const other = await ts.signUp('other@t.co');
    expect((await ts.call(exchangeApi.financialRecords, { token: other, query: {} })).data).toEqual({
      rows: [],
      total: 0,
    });
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
  });

  it('[REC-2] a deposit is a credit; a withdrawal a hold (frozen +) and then its settlement (amount and frozen -)', async () => {
    ts.clock.advance(1000);
    ts.ledger.post({
      kind: 'deposit',
      ref: 'tx-1',
      userId: demoId,
      entries: [
        { house: 'house:deposits', coin: 'USDT', amount: '-50' },
        { userId: demoId, account: 'platform', coin: 'USDT', amount: '50' },
      ],
    });
    ts.clock.advance(1000);
    const h = ts.ledger.hold({
      kind: 'withdraw',
      ref: 'w9',
      userId: demoId,
      account: 'platform',
      coin: 'USDT',
      amount: '21',
    });
    ts.clock.advance(1000);
    ts.ledger.settle(h.hold.id, {
      kind: 'withdraw_done',
      ref: 'w9',
      userId: demoId,
      to: [
        { house: 'house:withdrawals', amount: '20' },
        { house: 'house:fees', amount: '1' },
      ],
    });
    const r = await records({ coin: 'USDT' });
    const rows = r.data.rows.filter((x) => x.account === 'platform').slice(0, 3);
    expect(rows.map((x) => [x.kind, x.amount, x.frozen])).toEqual([
      ['withdraw_done', '-21', '-21'],
      ['withdraw', '0', '21'],
      ['deposit', '50', '0'],
    ]);
    // A kind filter takes its sub-kinds too: "withdraw" lists the hold and its settlement.
    const w = await records({ type: 'withdraw' });
    expect(w.data.rows.map((x) => x.kind)).toEqual(['withdraw_done', 'withdraw']);
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
  });

  it('[REC-3] filters by kind, coin and server time range, and pages', async () => {
    const t0 = ts.clock.now();
    for (let i = 1; i <= 5; i++) {
      ts.clock.advance(1000);
      await ts.call(assetApi.transferFunds, {
        token,
        body: { fromAccount: 'platform', toAccount: 'contract', coin: i % 2 ? 'USDT' : 'BTC', amount: `0.0${i}` },
      });
    }
    const kinds = await records({ type: 'transfer' });
    expect(kinds.data.total).toBe(10);
    expect(kinds.data.rows.every((x) => x.kind === 'transfer')).toBe(true);
    const btc = await records({ type: 'transfer', coin: 'btc' });
    expect(btc.data.total).toBe(4);
    expect(btc.data.rows.map((x) => x.amount)).toEqual(['0.04', '-0.04', '0.02', '-0.02']);
    const allBtc = await records({ coin: 'BTC' });
    expect(allBtc.data.total).toBe(5); // and the genesis credit
    const window = await records({ from: t0 + 2000, to: t0 + 4000 });
    expect(window.data.rows.map((x) => x.amount)).toEqual(['0.03', '-0.03', '0.02', '-0.02']);
    const p1 = await records({ type: 'transfer', pageNum: 1, pageSize: 3 });
    const p2 = await records({ type: 'transfer', pageNum: 2, pageSize: 3 });
    const p4 = await records({ type: 'transfer', pageNum: 4, pageSize: 3 });
    expect(p1.data.rows.length).toBe(3);
    expect(p4.data.rows.length).toBe(1);
    expect(p1.data.total).toBe(10);
    const ids = [...p1.data.rows, ...p2.data.rows].map((x) => `${x.id}:${x.account}`);
    expect(new Set(ids).size).toBe(6);
  });

  it('[REC-4] refuses bad filters with a clear message', async () => {
    expect((await records({ type: 'DROP TABLE' })).msg).toMatch(/record kind/);
    expect((await records({ pageSize: 5000 })).msg).toMatch(/at most 1000/);
    expect((await records({ from: 10, to: 5 })).msg).toMatch(/before its start/);
    expect((await ts.call(exchangeApi.financialRecords, { query: {} })).code).not.toBe(200);
  });
});

/** The flash exchange over HTTP against the whole server (spec 7.2 texchange/*; FX-1..6), with the ledger's guarantees. */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { assetApi } from '../../../src/shared/api/asset';
import { exchangeApi } from '../../../src/shared/api/exchange';
import { assetDecimals } from '../../../src/shared/amount';
import { Decimal } from '../../../src/shared/decimal';
import { booksOf, serverForFile, signInDemo } from '../testing/fixtures';

const ts = serverForFile({ clock: 'manual', env: { FLASH_SPREAD: '0.002', FLASH_FEE: '0.001' } });
let token: string;
beforeEach(async () => {
  await ts.reset();
  ({ token } = await signInDemo(ts));
});

const books = () => booksOf(ts);
const journalRows = () => (ts.ctx.db.prepare('SELECT count(*) AS n FROM ledger_journal').get() as { n: number }).n;
const quote = (currency: string) => ts.call(exchangeApi.getCurrencyPrice, { token, query: { currency } });
const execute = (body: unknown, key?: string) =>
  ts.post(exchangeApi.currencyExchange.path, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });
async function platform(): Promise<Record<string, string>> {
  const r = await ts.call(assetApi.assetBalance, { token });
  const out: Record<string, string> = {};
  for (const e of r.data) if (e.account === 'platform') out[e.coin] = e.available;
  return out;
}

describe('[FX-1] common/getAppCurrencyList', () => {
  it('lists USDT and the listed coins with a live USDT price and their decimals', async () => {
    const r = await ts.call(exchangeApi.getAppCurrencyList);
    expect(r.code).toBe(200);
    expect(r.data[0]).toEqual({ coin: 'USDT', price: '1', decimals: 6 });
    const btc = r.data.find((c) => c.coin === 'BTC')!;
    expect(btc.decimals).toBe(8);
    expect(btc.price).toBe(ts.ctx.market.ticker('btcusdt')!.close);
    expect(r.data.find((c) => c.coin === 'ETH')).toBeTruthy();
  });
});

describe('[FX-2] texchange/getCurrencyPrice', () => {
  it('quotes coin->USDT at the live price, USDT->coin at its inverse, coin->coin through USDT, with spread, fee and expiry', async () => {
    const btc = ts.ctx.market.ticker('btcusdt')!.close;
    const eth = ts.ctx.market.ticker('ethusdt')!.close;
    const now = ts.clock.now();
    const a = await quote('btc,usdt');
    expect(a.code).toBe(200);
    expect(a.data).toMatchObject({
      from: 'BTC',
      to: 'USDT',
      price: new Decimal(btc).toFixed(),
      spread: '0.002',
      fee: '0.001',
    });
    expect(a.data.serverTime).toBe(now);
    expect(a.data.expiresAt).toBe(now + 10_000);
    const b = await quote('USDT,BTC');
    expect(new Decimal(b.data.price).toFixed()).toBe(new Decimal(1).div(btc).toSignificantDigits(12).toFixed());
    const c = await quote('BTC,ETH');
    expect(c.data.price).toBe(new Decimal(btc).div(eth).toSignificantDigits(12).toFixed());
    expect(new Set([a.data.quoteId, b.data.quoteId, c.data.quoteId]).size).toBe(3);
  });

  it('refuses the same coin twice, unknown coins and bad input with a clear message', async () => {
    expect((await quote('BTC,BTC')).msg).toMatch(/two different coins/);
    expect((await quote('NOPE,USDT')).msg).toMatch(/NOPE cannot be exchanged/);
    expect((await quote('BTC')).msg).toMatch(/two coin codes/);
    expect((await ts.call(exchangeApi.getCurrencyPrice, { query: { currency: 'BTC,USDT' } })).code).not.toBe(200);
  });
});

describe('[FX-3] texchange/currencyExchange', () => {
  it('executes one journal row: FROM to house:exchange, TO to the user, the fee to house:fees; reply shows paid and received', async () => {
    const q = await quote('USDT,BTC');
    const before = journalRows();
    const r = await execute({ quoteId: q.data.quoteId, amount: '1000' });
    expect(r.body.code).toBe(200);
    const gross = new Decimal(1000).mul(q.data.price).mul('0.998');
    const receive = gross.mul('0.999').toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
    const fee = gross.mul('0.001').toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
    expect(r.body.data).toMatchObject({
      quoteId: q.data.quoteId,
      from: 'USDT',
      to: 'BTC',
      amount: '1000',
      receive,
      fee,
      price: q.data.price,
    });
    expect(journalRows()).toBe(before + 1);
    const entries = ts.ctx.db
      .prepare(
        `SELECT e.account, e.coin, e.amount FROM ledger_entries e JOIN ledger_journal j ON j.id = e.journal_id
         WHERE j.kind = 'exchange' ORDER BY e.id`,
      )
      .all();
    expect(entries).toEqual([
      { account: 'platform', coin: 'USDT', amount: '-1000' },
      { account: 'house:exchange', coin: 'USDT', amount: '1000' },
      { account: 'house:exchange', coin: 'BTC', amount: new Decimal(receive).plus(fee).neg().toFixed() },
      { account: 'platform', coin: 'BTC', amount: receive },
      { account: 'house:fees', coin: 'BTC', amount: fee },
    ]);
    expect(await platform()).toMatchObject({ USDT: '9000', BTC: new Decimal('0.5').plus(receive).toFixed() });
    const list = await ts.call(exchangeApi.exchangeList, { token, query: { pageNum: 1, pageSize: 10 } });
    expect(list.data).toEqual({ rows: [r.body.data], total: 1 });
    expect(books().problems).toBe(0);
  });

  it('[FX-4] refuses an expired, unknown, used or foreign quote and bad amounts with a clear message; nothing changes', async () => {
    const q = await quote('BTC,USDT');
    const other = await ts.signUp('other@t.co');
    const before = journalRows();
    const bal = await platform();
    ts.clock.advance(10_000);
    expect((await execute({ quoteId: q.data.quoteId, amount: '0.1' })).body.msg).toMatch(/expired: get a new price/);
    expect((await execute({ quoteId: 'no-such-quote', amount: '0.1' })).body.msg).toMatch(/unknown/);
    const fresh = await quote('BTC,USDT');
    const foreign = await ts.post(
      exchangeApi.currencyExchange.path,
      { quoteId: fresh.data.quoteId, amount: '0.1' },
      { satoken: other },
    );
    expect(foreign.body.msg).toMatch(/unknown/);
    for (const [amount, msg] of [
      ['-1', /positive/],
      ['0', /greater than zero/],
      ['1e5', /exponent/],
      ['0.123456789', /at most 8/],
      ['9'.repeat(1000), /too long/],
      ['abc', /number/],
      ['0.6', /Insufficient BTC/],
    ] as const)
      expect((await execute({ quoteId: fresh.data.quoteId, amount })).body.msg).toMatch(msg);
    const tiny = await quote('USDT,BTC');
    expect((await execute({ quoteId: tiny.data.quoteId, amount: '0.000001' })).body.msg).toMatch(/too small/);
    expect(journalRows()).toBe(before);
    expect(await platform()).toEqual(bal);
    expect((await execute({ quoteId: fresh.data.quoteId, amount: '0.1' })).body.code).toBe(200);
    expect((await execute({ quoteId: fresh.data.quoteId, amount: '0.1' })).body.msg).toMatch(/already been used/);
    expect(books().problems).toBe(0);
  });

  it('[FX-5] the same Idempotency-Key executes once and replays the same reply; another request under it is refused', async () => {
    const q = await quote('ETH,USDT');
    const body = { quoteId: q.data.quoteId, amount: '1.5' };
    const replies = await Promise.all(Array.from({ length: 40 }, () => execute(body, 'fx-key-00000001')));
    for (let i = 0; i < 10; i++) replies.push(await execute(body, 'fx-key-00000001'));
    const ok = replies.filter((r) => r.body.code === 200);
    // Every request in sequence after the first finished gets the stored reply.
    expect(ok.length).toBeGreaterThanOrEqual(10);
    for (const r of ok) expect(r.body).toEqual(ok[0].body);
    for (const r of replies.filter((x) => x.body.code !== 200)) expect(r.body.msg).toMatch(/in progress/);
    expect((await platform()).ETH).toBe('1.75');
    expect((await execute({ quoteId: q.data.quoteId, amount: '1' }, 'fx-key-00000001')).body.msg).toMatch(
      /different request/,
    );
    expect((await ts.call(exchangeApi.exchangeList, { token, query: {} })).data.total).toBe(1);
    expect(books().problems).toBe(0);
  });

  it('[FX-6] property: random exchanges keep the books balanced, pay floor(amount*price*(1-spread)*(1-fee)) and never go negative', async () => {
    const coins = ['USDT', 'BTC', 'ETH'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...coins),
        fc.constantFrom(...coins),
        fc.integer({ min: 1, max: 1200 }),
        async (from, to, permille) => {
          if (from === to) return;
          const bal = await platform();
          const have = new Decimal(bal[from] ?? '0');
          const amount = have.mul(permille).div(1000).toDecimalPlaces(assetDecimals(from), Decimal.ROUND_DOWN);
          const q = await quote(`${from},${to}`);
          const rows = journalRows();
          const r = await execute({ quoteId: q.data.quoteId, amount: amount.toFixed() });
          const after = await platform();
          const exact = amount
            .mul(q.data.price)
            .mul(new Decimal(1).minus(q.data.spread))
            .mul(new Decimal(1).minus(q.data.fee));
          const floor = exact.toDecimalPlaces(assetDecimals(to), Decimal.ROUND_DOWN);
          if (amount.gt(have) || amount.isZero() || floor.isZero()) {
            expect(r.body.code).not.toBe(200);
            expect(after).toEqual(bal);
            expect(journalRows()).toBe(rows);
          } else {
            expect(r.body.code).toBe(200);
            expect(r.body.data.receive).toBe(floor.toFixed());
            const favour = exact.minus(r.body.data.receive);
            expect(favour.gte(0) && favour.lt(new Decimal(10).pow(-assetDecimals(to)))).toBe(true);
            expect(after[from]).toBe(have.minus(amount).toFixed());
            expect(after[to]).toBe(new Decimal(bal[to] ?? '0').plus(floor).toFixed());
          }
          for (const v of Object.values(after)) expect(new Decimal(v).isNegative()).toBe(false);
          const report = books();
          expect(report.problems).toBe(0);
        },
      ),
      { numRuns: 120 },
    );
  });
});

/**
 * Options over HTTP (OPT-1..14): the chain against the documented series and strikes, quotes and their expiry,
 * buying (the money in one journal row, idempotency, clientOrderId, concurrency beyond the balance), every buy
 * rule's refusal changing nothing, settlement at expiry from the published trades (reproduced from an
 * independent capture of `market.onTrades`), the pushes, the order list and record/option. One server on a
 * manual clock; its books are checked when the file stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsApi } from '../../../src/shared/api/options';
import { recordsApi } from '../../../src/shared/api/records';
import { Decimal } from '../../../src/shared/decimal';
import type { SettlementData, Trade } from '../../../src/shared/protocol';
import type { OptionChain, OptionOrder, OptionQuote } from '../../../src/shared/schemas/options';
import type { StatusEvent } from '../events/userEvents';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { startTestServer, type TestServer } from '../testing/harness';
import { expirySeries, realisedVolatility, strikeStep, strikesAround, unitPremium, yearsTo } from './pricing';

/** 70 s before a 5-minute boundary: the 5m series is 12:05, reached after a short run. */
const START = Date.UTC(2026, 0, 1, 12, 3, 50);
let ts: TestServer;
const published = new Map<string, Trade[]>();
const statuses: [number, StatusEvent][] = [];
const settlements: [number, SettlementData][] = [];

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', clockStart: START });
  ts.ctx.market.onTrades((symbol, trades) => {
    let list = published.get(symbol);
    if (!list) published.set(symbol, (list = []));
    list.push(...trades);
  });
  ts.ctx.userEvents.onStatus((u, e) => void statuses.push([u, e]));
  ts.ctx.userEvents.onSettlement((u, d) => void settlements.push([u, d]));
  await run(1_000);
});
afterAll(() => ts.stop());

const flush = () => new Promise<void>((r) => setImmediate(r));
async function run(ms: number, stepMs = 100): Promise<void> {
  for (let done = 0; done < ms; done += stepMs) {
    ts.clock.advance(Math.min(stepMs, ms - done));
    ts.ctx.scheduler.runDue(ts.clock.now());
  }
  await flush();
}

let users = 0;
async function user(usdt = '10000'): Promise<{ token: string; id: number }> {
  const token = await ts.signUp(`option-${++users}@example.com`);
  const id = ts.acc.sessions.resolve(token)!;
  if (usdt !== '0')
    ts.ledger.post({
      kind: 'genesis',
      ref: `options-test-${id}`,
      userId: id,
      entries: [
        { house: 'house:genesis', coin: 'USDT', amount: `-${usdt}` },
        { userId: id, account: 'platform', coin: 'USDT', amount: usdt },
      ],
    });
  return { token, id };
}
const usdt = (id: number) => ts.ledger.balance(id, 'platform', 'USDT');
const count = (sql: string) => (ts.ctx.db.prepare(sql).get() as { n: number }).n;
/** What a refusal must leave alone: quotes, orders, journal rows. */
const footprint = () => ({
  quotes: count('SELECT count(*) AS n FROM option_quotes'),
  orders: count('SELECT count(*) AS n FROM option_orders'),
  journal: count('SELECT count(*) AS n FROM ledger_journal'),
});
const houseBalance = (house: string) =>
  (
    ts.ctx.db.prepare("SELECT amount FROM ledger_entries WHERE account = ? AND coin = 'USDT'").all(house) as {
      amount: string;
    }[]
  ).reduce((a, r) => a.plus(r.amount), new Decimal(0));

const chain = async (symbol: string) => {
  const r = await ts.call(optionsApi.optionChain, { query: { symbol } });
  expect(r.code, r.msg).toBe(200);
  return r.data as OptionChain;
};
const quote = (token: string, body: unknown) => ts.post(optionsApi.optionQuote.path, body, { satoken: token });
const buy = (token: string, body: unknown, key?: string) =>
  ts.post(optionsApi.buyOption.path, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });
/** An intent on the chain now: tenor index, strike index (0..6, 3 = at the money). */
async function intent(symbol: string, kind: 'call' | 'put', tenor = 0, strike = 3, quantity = '2') {
  const c = await chain(symbol);
  const e = c.expiries[tenor];
  return { symbol, kind, expiry: e.expiry, strike: e.strikes[strike].strike, quantity };
}
async function quoted(token: string, body: unknown): Promise<OptionQuote> {
  const r = await quote(token, body);
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data;
}

describe('[OPT-1][OPT-2][OPT-9][OPT-10] the chain', () => {
  it('[OPT-2] four series at the documented boundaries, seven strikes a nice step apart, premiums of the model before the fee', async () => {
    const c = await chain('BTCUSDT');
    const now = ts.clock.now();
    const last = ts.ctx.market.recentTrades('btcusdt', 1)[0];
    const closes = ts.ctx.market.history('btcusdt', '1m', 61).map((k) => k.close);
    const dec = ts.ctx.market.books.scales('btcusdt')!.price;
    expect(c).toMatchObject({ symbol: 'btcusdt', spot: last.price, feeType: 1, feeValue: '1', time: now });
    expect(c.volatility).toBe(realisedVolatility(closes));
    expect(Number(c.volatility)).toBeGreaterThanOrEqual(0.2);
    expect(Number(c.volatility)).toBeLessThanOrEqual(3);
    expect(c.expiries.map((e) => e.tenor)).toEqual(['5m', '15m', '1h', '1d']);
    expect(c.expiries.map((e) => e.expiry)).toEqual([
      Date.UTC(2026, 0, 1, 12, 5),
      Date.UTC(2026, 0, 1, 12, 15),
      Date.UTC(2026, 0, 1, 13, 0),
      Date.UTC(2026, 0, 2),
    ]);
    expect(c.expiries.map((e) => e.expiry)).toEqual(expirySeries(now).map((s) => s.expiry));
    for (const e of c.expiries) {
      const years = yearsTo(e.expiry, now);
      const step = strikeStep(c.spot, c.volatility, years, dec);
      const strikes = e.strikes.map((s) => s.strike);
      expect(strikes).toEqual(strikesAround(c.spot, step, dec));
      expect(strikes).toHaveLength(7);
      // evenly spaced, the middle one the spot rounded to the step
      for (let i = 1; i < 7; i++) expect(new Decimal(strikes[i]).minus(strikes[i - 1]).toFixed(dec)).toBe(step);
      expect(new Decimal(strikes[3]).minus(c.spot).abs().lte(new Decimal(step).div(2))).toBe(true);
      for (const s of e.strikes)
        for (const kind of ['call', 'put'] as const) {
          // the unit premium a quote would give, before the fee, at the price decimals
          expect(s[kind]).toBe(unitPremium(kind, c.spot, s.strike, c.volatility, years, dec));
        }
    }
    // further out of the money is cheaper; longer is dearer
    const calls = c.expiries[0].strikes.map((s) => Number(s.call));
    for (let i = 1; i < 7; i++) expect(calls[i]).toBeLessThanOrEqual(calls[i - 1]);
    expect(Number(c.expiries[3].strikes[3].call)).toBeGreaterThan(Number(c.expiries[0].strikes[3].call));
  });

  it('[OPT-1] an unknown pair is refused naming it', async () => {
    const r = await ts.call(optionsApi.optionChain, { query: { symbol: 'nonesuchusdt' } });
    expect(r.msg).toBe('Unknown option pair nonesuchusdt: options take a listed pair such as btcusdt');
  });
});

describe('[OPT-5][OPT-3][OPT-4] quotes and buying', () => {
  it('[OPT-5] a quote is stored and firm; buying it pays the total in ONE journal row: premium to house:options, fee to house:fees', async () => {
    const u = await user('1000');
    const body = await intent('ethusdt', 'call');
    const q = await quoted(u.token, body);
    const now = ts.clock.now();
    const dec = ts.ctx.market.books.scales('ethusdt')!.price;
    const unit = unitPremium('call', q.spot, q.strike, q.volatility, yearsTo(q.expiry, now), dec);
    const premium = new Decimal(unit).times('2').toDecimalPlaces(6, Decimal.ROUND_UP);
    const fee = premium.div(100).toDecimalPlaces(6, Decimal.ROUND_UP);
    expect(q).toMatchObject({
      symbol: 'ethusdt',
      kind: 'call',
      expiry: body.expiry,
      strike: body.strike,
      quantity: '2',
      unitPremium: unit,
      premium: premium.toFixed(6),
      fee: fee.toFixed(6),
      total: premium.plus(fee).toFixed(6),
      spot: ts.ctx.market.recentTrades('ethusdt', 1)[0].price,
      serverTime: now,
      expiresAt: now + ts.ctx.config.optionQuoteTtlMs,
    });
    const journal = count('SELECT count(*) AS n FROM ledger_journal');
    const [pool, fees] = [houseBalance('house:options'), houseBalance('house:fees')];
    await run(300); // the market moves; the quote holds
    const r = await buy(u.token, { quoteId: q.quoteId });
    expect(r.body.code, r.body.msg).toBe(200);
    const o = r.body.data as OptionOrder;
    expect(o).toMatchObject({
      symbol: 'ethusdt',
      kind: 'call',
      tenor: '5m',
      expiry: q.expiry,
      strike: q.strike,
      quantity: '2',
      unitPremium: q.unitPremium,
      premium: q.premium,
      fee: q.fee,
      spot: q.spot,
      volatility: q.volatility,
      createTime: ts.clock.now(),
      status: 'open',
      exit: null,
      settlePrice: null,
      payout: null,
      settleTime: null,
      clientOrderId: null,
    });
    expect(usdt(u.id)).toEqual({ available: new Decimal(1000).minus(q.total).toFixed(), frozen: '0' });
    expect(count('SELECT count(*) AS n FROM ledger_journal')).toBe(journal + 1);
    const row = ts.ctx.db
      .prepare("SELECT id, ref, user_id AS userId FROM ledger_journal WHERE kind = 'option_buy' AND ref = ?")
      .get(String(o.id)) as { id: number };
    expect(row).toMatchObject({ ref: String(o.id), userId: u.id });
    expect(houseBalance('house:options').minus(pool).toFixed()).toBe(new Decimal(q.premium).toFixed());
    expect(houseBalance('house:fees').minus(fees).toFixed()).toBe(new Decimal(q.fee).toFixed());
    await flush();
    expect(statuses.filter(([id]) => id === u.id).map(([, e]) => e)).toEqual([
      { kind: 'option', id: o.id, status: 'open' },
    ]);
    // the same quote again is refused; another user cannot use it
    expect((await buy(u.token, { quoteId: q.quoteId })).body.msg).toBe(
      'This quote has already been used: get a new price and confirm again',
    );
    const other = await user('1000');
    const q2 = await quoted(u.token, body);
    expect((await buy(other.token, { quoteId: q2.quoteId })).body.msg).toBe(
      'This quote is unknown: get a new price and confirm again',
    );
    expect((await buy(u.token, { quoteId: 'no-such-quote' })).body.msg).toBe(
      'This quote is unknown: get a new price and confirm again',
    );
  });

  it('[OPT-5] an expired quote is refused with the price now; nothing is bought', async () => {
    const u = await user('1000');
    const q = await quoted(u.token, await intent('btcusdt', 'put', 1, 2));
    await run(ts.ctx.config.optionQuoteTtlMs - 100);
    // still accepted up to its expiry ... (checked on a second quote below); at expiresAt it is not
    await run(100);
    expect(ts.clock.now()).toBe(q.expiresAt);
    const before = footprint();
    const r = await buy(u.token, { quoteId: q.quoteId });
    const m = /^This quote has expired: the price is now (\d+\.\d{6}) USDT\. Confirm again$/.exec(r.body.msg);
    expect(m, r.body.msg).not.toBeNull();
    expect(footprint()).toEqual(before);
    expect(usdt(u.id).available).toBe('1000');
    // the price named is what a new quote gives now, for the same intent
    const fresh = await quoted(u.token, {
      symbol: q.symbol,
      kind: q.kind,
      expiry: q.expiry,
      strike: q.strike,
      quantity: q.quantity,
    });
    expect(fresh.total).toBe(m![1]);
    await run(ts.ctx.config.optionQuoteTtlMs - 1, ts.ctx.config.optionQuoteTtlMs - 1);
    const ok = await buy(u.token, { quoteId: fresh.quoteId });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(usdt(u.id).available).toBe(new Decimal(1000).minus(fresh.total).toFixed());
  });

  it('[OPT-3][OPT-11] every rule refuses with its message and changes nothing', async () => {
    const u = await user('5');
    const ok = await intent('btcusdt', 'call', 0, 3, '1');
    const c = await chain('btcusdt');
    const spot = new Decimal(c.spot);
    const cases: [unknown, string | RegExp][] = [
      [
        { ...ok, symbol: 'nonesuchusdt' },
        'Unknown option pair nonesuchusdt: options take a listed pair such as btcusdt',
      ],
      [{ ...ok, quantity: '0' }, 'Quantity must be a number above 0'],
      [{ ...ok, quantity: '-1' }, 'Quantity must be a number above 0'],
      [{ ...ok, quantity: '0.00001' }, 'Quantity has at most 4 decimals'],
      [{ ...ok, quantity: 'abc' }, /quantity: expected a decimal string/],
      [{ ...ok, expiry: ts.clock.now() - 1 }, 'This expiry has passed: choose another'],
      [{ ...ok, expiry: ok.expiry + 60_000 }, /^Expiry .* is not offered now: choose one of the chain's expiries$/],
      [{ ...ok, strike: '0' }, 'Strike must be a price above 0'],
      [{ ...ok, strike: '-5' }, 'Strike must be a price above 0'],
      [{ ...ok, strike: `${ok.strike}1` }, /^Strike has at most \d decimals on this pair$/],
      [{ ...ok, strike: spot.times(2).toFixed(2) }, /^Strike .* is too far from the price .*: choose one between /],
      [{ ...ok, quantity: '0.0001' }, 'The premium is at least 1 USDT'],
      [{ ...ok, quantity: '100000' }, 'The premium is at most 100000 USDT'],
      [{ ...ok, kind: 'straddle' }, /kind/],
    ];
    for (const [body, msg] of cases) {
      const before = footprint();
      const r = await quote(u.token, body);
      expect(r.body.code, JSON.stringify(body)).not.toBe(200);
      if (typeof msg === 'string') expect(r.body.msg).toBe(msg);
      else expect(r.body.msg).toMatch(msg);
      expect(footprint()).toEqual(before);
    }
    // balance: the quote is given, the purchase refused
    const q = await quoted(u.token, ok);
    expect(new Decimal(q.total).gt(5)).toBe(true);
    let before = footprint();
    let r = await buy(u.token, { quoteId: q.quoteId }, 'rule-balance');
    expect(r.body.msg).toBe(`Insufficient USDT: this needs ${q.total}`);
    expect(footprint()).toEqual(before);
    expect(usdt(u.id)).toEqual({ available: '5', frozen: '0' });
    // a pair closed for options: no quote, and no purchase at a quote taken before
    const rich = await user('100000');
    const q2 = await quoted(rich.token, ok);
    ts.ctx.db.prepare("UPDATE coin_option SET status = 0 WHERE symbol = 'btcusdt'").run();
    try {
      before = footprint();
      r = await quote(rich.token, ok);
      expect(r.body.msg).toBe('Options on this pair are closed');
      r = await buy(rich.token, { quoteId: q2.quoteId });
      expect(r.body.msg).toBe('Options on this pair are closed');
      expect(footprint()).toEqual(before);
    } finally {
      ts.ctx.db.prepare("UPDATE coin_option SET status = 1 WHERE symbol = 'btcusdt'").run();
    }
    expect(usdt(rich.id).available).toBe('100000');
    // signed out: refused
    expect((await quote('', ok)).body.code).toBe(500);
  });
});

describe('[OPT-12][IDEM-1] idempotency, clientOrderId and concurrency', () => {
  it('[OPT-12] the same Idempotency-Key 50 times gives one order and one payment', async () => {
    const u = await user('1000');
    const q = await quoted(u.token, await intent('ethusdt', 'put'));
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => buy(u.token, { quoteId: q.quoteId }, 'opt-key-1')),
    );
    const ok = replies.filter((r) => r.body.code === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.data.id)).size).toBe(1);
    for (const r of replies.filter((x) => x.body.code !== 200)) expect(r.body.msg).toMatch(/in progress|already/i);
    const again = await buy(u.token, { quoteId: q.quoteId }, 'opt-key-1');
    expect(again.body.data.id).toBe(ok[0].body.data.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const list = await ts.call(optionsApi.optionOrderList, { token: u.token, query: {} });
    expect(list.data.total).toBe(1);
    expect(usdt(u.id).available).toBe(new Decimal(1000).minus(q.total).toFixed());
  });

  it('[OPT-12] a clientOrderId makes one order: again (even at a new quote of the same intent) it returns that order; the list finds it', async () => {
    const u = await user('1000');
    const body = await intent('btcusdt', 'call', 1, 4);
    const q = await quoted(u.token, body);
    const first = await buy(u.token, { quoteId: q.quoteId, clientOrderId: 'opt-cid-1' });
    expect(first.body.data).toMatchObject({ clientOrderId: 'opt-cid-1', status: 'open' });
    expect((await buy(u.token, { quoteId: q.quoteId, clientOrderId: 'opt-cid-1' })).body.data.id).toBe(
      first.body.data.id,
    );
    // the reply was lost, the form quoted again: the same intent finds its order
    const q2 = await quoted(u.token, body);
    expect((await buy(u.token, { quoteId: q2.quoteId, clientOrderId: 'opt-cid-1' })).body.data.id).toBe(
      first.body.data.id,
    );
    const q3 = await quoted(u.token, { ...body, kind: 'put' });
    expect((await buy(u.token, { quoteId: q3.quoteId, clientOrderId: 'opt-cid-1' })).body.msg).toBe(
      'clientOrderId opt-cid-1 is already used by another order',
    );
    const found = await ts.call(optionsApi.optionOrderList, { token: u.token, query: { clientOrderId: 'opt-cid-1' } });
    expect(found.data.rows.map((o) => o.id)).toEqual([first.body.data.id]);
    expect(usdt(u.id).available).toBe(new Decimal(1000).minus(q.total).toFixed());
  });

  it('[OPT-3] 50 concurrent purchases that together need more than the balance never take it below zero', async () => {
    const probe = await user('0');
    const body = await intent('btcusdt', 'call', 0, 3, '0.1');
    const total = new Decimal((await quoted(probe.token, body)).total);
    // enough for 20 of them, not 21
    const u = await user(total.times(20).plus(total.div(2)).toDecimalPlaces(6).toFixed());
    const quotes: OptionQuote[] = [];
    for (let i = 0; i < 50; i++) quotes.push(await quoted(u.token, body));
    expect(new Set(quotes.map((q) => q.total))).toEqual(new Set([total.toFixed(6)]));
    const replies = await Promise.all(quotes.map((q, i) => buy(u.token, { quoteId: q.quoteId }, `opt-many-${i}`)));
    const ok = replies.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(20);
    for (const r of replies.filter((x) => x.body.code !== 200))
      expect(r.body.msg).toBe(`Insufficient USDT: this needs ${total.toFixed(6)}`);
    expect(usdt(u.id)).toEqual({ available: total.div(2).toDecimalPlaces(6).toFixed(), frozen: '0' });
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
  });
});

describe('[OPT-6][OPT-13][OPT-14][OPT-15] settlement, pushes, lists and records', () => {
  it('[OPT-6] never before expiry, right after it, at the last published trade at or before it, paying from house:options once', async () => {
    const u = await user('10000');
    const other = await user('1000');
    const bought: OptionOrder[] = [];
    for (const [symbol, kind, strike] of [
      ['btcusdt', 'call', 0],
      ['btcusdt', 'call', 6],
      ['btcusdt', 'put', 0],
      ['btcusdt', 'put', 6],
      ['ethusdt', 'call', 3],
      ['ethusdt', 'put', 3],
      ['solusdt', 'call', 2],
    ] as const) {
      const q = await quoted(
        u.token,
        await intent(symbol, kind, 0, strike, symbol === 'btcusdt' ? '0.5' : symbol === 'ethusdt' ? '2' : '20'),
      );
      const r = await buy(u.token, { quoteId: q.quoteId });
      expect(r.body.code, r.body.msg).toBe(200);
      bought.push(r.body.data);
    }
    const otherQ = await quoted(other.token, await intent('ethusdt', 'call', 0, 3, '2'));
    const otherO = (await buy(other.token, { quoteId: otherQ.quoteId })).body.data as OptionOrder;
    const expiry = bought[0].expiry;
    for (const o of bought) expect(o.expiry).toBe(expiry);
    const afterBuy = new Decimal(usdt(u.id).available);
    const pool = houseBalance('house:options');
    const poolTime = ts.clock.now();
    // to the expiry itself: still open (a trade stamped exactly at expiry may still come)
    await run(expiry - ts.clock.now() - 2_000, 1_000);
    await run(expiry - ts.clock.now(), 100);
    expect(ts.clock.now()).toBe(expiry);
    let list = await ts.call(optionsApi.optionOrderList, { token: u.token, query: { status: 'open' } });
    expect(list.data.total).toBe(7);
    await run(100, 10);
    list = await ts.call(optionsApi.optionOrderList, { token: u.token, query: { pageSize: 100 } });
    let paid = new Decimal(0);
    for (const o of bought) {
      const s = list.data.rows.find((x) => x.id === o.id)!;
      // the independent reading: the last trade published at or before expiry
      let exit: { id: number; time: number; price: string } | undefined;
      for (const t of published.get(o.symbol) ?? [])
        if (t.ts <= expiry) exit = { id: t.id, time: t.ts, price: t.price };
      const diff =
        o.kind === 'call' ? new Decimal(exit!.price).minus(o.strike) : new Decimal(o.strike).minus(exit!.price);
      const payout = Decimal.max(0, diff).times(o.quantity).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6);
      expect(s).toMatchObject({ status: 'settled', exit, settlePrice: exit!.price, payout });
      expect(s.settleTime!).toBeGreaterThan(expiry);
      expect(s.settleTime! - expiry).toBeLessThanOrEqual(100);
      paid = paid.plus(payout);
    }
    // deep in the money pays, deep out of it does not: both happened
    expect(list.data.rows.some((o) => new Decimal(o.payout!).gt(0))).toBe(true);
    expect(list.data.rows.some((o) => new Decimal(o.payout!).isZero())).toBe(true);
    expect(new Decimal(usdt(u.id).available).minus(afterBuy).toFixed()).toBe(paid.toFixed());
    const otherPaid = (await ts.call(optionsApi.optionOrderList, { token: other.token, query: {} })).data.rows[0];
    expect(otherPaid.id).toBe(otherO.id);
    // the pool paid every option settled meanwhile (the other tests' too), and nothing else
    const ofExpiry = ts.ctx.db
      .prepare("SELECT payout FROM option_orders WHERE settle_time > ? AND status = 'settled'")
      .all(poolTime) as { payout: string }[];
    expect(count(`SELECT count(*) AS n FROM option_orders WHERE expiry = ${expiry} AND status = 'open'`)).toBe(0);
    const allPaid = ofExpiry.reduce((a, r) => a.plus(r.payout), new Decimal(0));
    expect(allPaid.gte(paid.plus(otherPaid.payout!))).toBe(true);
    expect(pool.minus(houseBalance('house:options')).toFixed()).toBe(allPaid.toFixed());
    const payouts = count("SELECT count(*) AS n FROM ledger_journal WHERE kind = 'option_payout'");
    await run(5_000);
    expect(count("SELECT count(*) AS n FROM ledger_journal WHERE kind = 'option_payout'")).toBe(payouts);
    // OPT-15: the pushes: USER_STATUS open then settled, SETTLEMENT with the price and the payout
    const mine = statuses.filter(([id, e]) => id === u.id && e.kind === 'option').map(([, e]) => e);
    for (const o of bought) {
      expect(mine).toContainEqual({ kind: 'option', id: o.id, status: 'open' });
      expect(mine).toContainEqual({ kind: 'option', id: o.id, status: 'settled' });
      const s = list.data.rows.find((x) => x.id === o.id)!;
      expect(settlements).toContainEqual([
        u.id,
        { kind: 'option', id: o.id, symbol: o.symbol, closePrice: s.settlePrice, payout: s.payout },
      ]);
    }
    expect(settlements.filter(([id]) => id === other.id)).toHaveLength(1);

    // OPT-13: the order list by status and pair, paged, newest first, only the caller's
    const settled = await ts.call(optionsApi.optionOrderList, {
      token: u.token,
      query: { status: 'settled', symbol: 'btcusdt', pageSize: 3 },
    });
    expect(settled.data.total).toBe(4);
    expect(settled.data.rows.map((o) => o.id)).toEqual(
      bought
        .slice(0, 4)
        .map((o) => o.id)
        .reverse()
        .slice(0, 3),
    );
    const page2 = await ts.call(optionsApi.optionOrderList, {
      token: u.token,
      query: { status: 'settled', symbol: 'btcusdt', pageSize: 3, pageNum: 2 },
    });
    expect(page2.data.rows.map((o) => o.id)).toEqual([bought[0].id]);

    // OPT-14: record/option: settled only, newest settlement first, by pair and [from, to)
    const rec = await ts.call(recordsApi.optionRecords, { token: u.token, query: { pageSize: 100 } });
    expect(rec.data.rows.every((o) => o.status === 'settled')).toBe(true);
    const ours = rec.data.rows.filter((o) => bought.some((b) => b.id === o.id));
    expect(ours).toHaveLength(7);
    const times = rec.data.rows.map((o) => o.settleTime!);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const eth = await ts.call(recordsApi.optionRecords, { token: u.token, query: { symbol: 'ETHUSDT' } });
    expect(eth.data.rows.every((o) => o.symbol === 'ethusdt')).toBe(true);
    const settleTime = ours[0].settleTime!;
    const inWindow = await ts.call(recordsApi.optionRecords, {
      token: u.token,
      query: { from: settleTime, to: settleTime + 1, pageSize: 100 },
    });
    expect(inWindow.data.rows.every((o) => o.settleTime === settleTime)).toBe(true);
    expect(inWindow.data.total).toBeGreaterThanOrEqual(1);
    const before = await ts.call(recordsApi.optionRecords, { token: u.token, query: { to: settleTime } });
    expect(before.data.rows.every((o) => o.settleTime! < settleTime)).toBe(true);
    const bad = await ts.call(recordsApi.optionRecords, { token: u.token, query: { from: 5, to: 5 } });
    expect(bad.msg).toMatch(/from must be before to/);
    const theirs = await ts.call(recordsApi.optionRecords, { token: other.token, query: {} });
    expect(theirs.data.rows.map((o) => o.id)).toEqual([otherO.id]);
  });

  it('[OPT-7] the pairs with open options are logged from the trade at purchase on; the others no longer', async () => {
    const u = await user('1000');
    const sol = () => count("SELECT count(*) AS n FROM option_trades WHERE symbol = 'solusdt'");
    const solBefore = sol();
    const last = ts.ctx.market.recentTrades('xrpusdt', 1)[0];
    const q = await quoted(u.token, await intent('xrpusdt', 'call', 3, 3, '1000'));
    expect((await buy(u.token, { quoteId: q.quoteId })).body.code).toBe(200);
    await run(2_000);
    const logged = ts.ctx.db
      .prepare("SELECT tape_id AS id, time, price FROM option_trades WHERE symbol = 'xrpusdt' ORDER BY seq")
      .all() as { id: number; time: number; price: string }[];
    // everything published after the entry, in publication order (the independent capture)
    const all = published.get('xrpusdt') ?? [];
    const after = all.slice(all.findIndex((t) => t.id === last.id && t.ts === last.ts) + 1);
    expect(after.length).toBeGreaterThan(0);
    expect(logged[0]).toEqual({ id: last.id, time: last.ts, price: last.price });
    expect(logged.slice(1).map((t) => t.id)).toEqual(after.map((t) => t.id));
    // solusdt's only option settled in the test before: no longer logged (its old trades go with the window)
    expect(sol()).toBe(solBefore);
  });
});

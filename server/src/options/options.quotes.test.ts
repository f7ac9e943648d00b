/**
 * Options over HTTP, the chain and quotes (OPT-1..5, 9..11): the chain against the documented series and strikes,
 * a quote firm until it expires and bought in one journal row, an expired quote refused with the price now, every
 * buy rule's refusal changing nothing. One server on a manual clock (testServer.ts); its books are checked when
 * the file stops.
 */
import { describe, expect, it } from 'vitest';
import { optionsApi } from '../../../src/shared/api/options';
import { Decimal } from '../../../src/shared/decimal';
import type { OptionOrder } from '../../../src/shared/schemas/options';
import type { TestServer } from '../testing/harness';
import { expirySeries, realisedVolatility, strikeStep, strikesAround, unitPremium, yearsTo } from './pricing';
import { optionsServer } from './testServer';

let ts: TestServer;
const { statuses, flush, run, user, usdt, count, footprint, houseBalance, chain, quote, buy, intent, quoted } =
  optionsServer((s) => (ts = s));

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
      [{ ...ok, quantity: '-1' }, 'Invalid body: quantity: Quantity must be positive'],
      [{ ...ok, quantity: '0.00001' }, 'Quantity has at most 4 decimals'],
      [{ ...ok, quantity: 'abc' }, /quantity: Quantity must be a number, e.g. 12.5/],
      [{ ...ok, expiry: ts.clock.now() - 1 }, 'This expiry has passed: choose another'],
      [{ ...ok, expiry: ok.expiry + 60_000 }, /^Expiry .* is not offered now: choose one of the chain's expiries$/],
      [{ ...ok, strike: '0' }, 'Strike must be a price above 0'],
      [{ ...ok, strike: '-5' }, 'Invalid body: strike: Strike must be positive'],
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

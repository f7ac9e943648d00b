/**
 * Futures over HTTP against the whole server and its simulated market (spec 7.4 contract/*; FUT-*), with the
 * ledger's guarantees. One server on a manual clock; the market moves only when a test steps it, and mark ticks
 * are run by hand (`marks.update`) or handed to the risk check directly.
 */
import { describe, expect, it, vi } from 'vitest';
import { futuresApi } from '../../../src/shared/api/futures';
import { recordsApi } from '../../../src/shared/api/records';
import { Decimal } from '../../../src/shared/decimal';
import type { MarkTick } from '../../../src/shared/schemas/futures';
import { liquidationPrice } from '../../../src/shared/trading/futuresRules';
import { booksOf, fundedUser, stepClock, tradingServerForFile } from '../testing/fixtures';

const SYMBOL = 'btcusdt';
const ts = tradingServerForFile(10);

const step = (ms: number) => stepClock(ts, ms, 10);

let users = 0;
const user = (usdt: string) =>
  fundedUser(ts, `fut${++users}@example.com`, usdt, { account: 'contract', via: 'deposit' });

const bal = (id: number) => ts.ledger.balance(id, 'contract', 'USDT');
const books = () => booksOf(ts);
const best = () => ts.ctx.market.books.best(SYMBOL);
const pair = () => ts.futures.service.pairOf(SYMBOL);
const submit = (token: string, body: unknown, key?: string) =>
  ts.post(futuresApi.submitFuturesOrder.path, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });
const positions = (id: number) => ts.futures.openPositions(id);
const tick = (price: string): MarkTick => ({
  symbol: SYMBOL,
  price,
  time: ts.clock.now(),
  index: price,
  basis: '0',
  tradeId: 1,
  tradeTime: ts.clock.now(),
});

describe('[FUT-2] every rule of the contract pair refuses over HTTP with a message naming it', () => {
  it('changes nothing', async () => {
    const u = await user('100');
    const bid = best().bestBid!;
    const base = { symbol: SYMBOL, side: 'long', action: 'open', type: 'limit', price: bid, shares: '2', leverage: 10 };
    const cases: [unknown, string][] = [
      [{ ...base, leverage: 7 }, 'Leverage is one of 5x, 10x, 20x, 50x, 100x'],
      [{ ...base, leverage: undefined }, 'Choose a leverage'],
      [{ ...base, price: '1.001' }, 'A price has at most'],
      [{ ...base, price: undefined }, 'Enter a price'],
      [{ ...base, type: 'market' }, 'A market order takes no price'],
      [{ ...base, shares: '1000000' }, 'holds at most'],
      [{ ...base, shares: '0' }, 'Size must be at least 1 share'],
      [{ ...base, shares: '100', leverage: 5 }, 'Insufficient USDT in the contract account'],
      [{ ...base, action: 'close' }, 'You have no open long'],
      [{ ...base, takeProfit: '1' }, "A long's take-profit must be above the mark price"],
      [{ ...base, stopLoss: '1' }, 'The stop-loss must be above the liquidation price'],
      [{ ...base, symbol: 'nosuchusdt' }, 'NOSUCHUSDT is not a futures pair'],
      [{ ...base, side: 'flat' }, 'side'],
    ];
    for (const [body, msg] of cases) {
      const r = await submit(u.token, body);
      expect(r.body.code, JSON.stringify(body)).not.toBe(200);
      expect(r.body.msg, JSON.stringify(body)).toContain(msg);
    }
    // minMargin: the smallest opening at the highest leverage puts up less than 10 USDT.
    const tiny = await submit(u.token, { ...base, leverage: 20, shares: '1' });
    expect(tiny.body.msg).toContain('An opening puts up at least 10 USDT');
    // The pair's switches, read again within 5 s of an operator's change.
    const flip = (col: string, v: number) => {
      ts.ctx.db.prepare(`UPDATE coin_contract SET "${col}" = ? WHERE symbol = ?`).run(v, SYMBOL);
      ts.clock.advance(6_000);
    };
    const switches: [string, unknown, string][] = [
      ['enableOpenSell', { ...base, side: 'short' }, 'Opening shorts is off for BTC/USDT'],
      ['enableOpenBuy', base, 'Opening longs is off for BTC/USDT'],
      ['enableMarketBuy', { ...base, type: 'market', price: undefined }, 'Market orders that buy are off for BTC/USDT'],
      ['enable', base, 'BTC/USDT futures are not open for trading'],
    ];
    for (const [col, body, msg] of switches) {
      flip(col, 0);
      try {
        const r = await submit(u.token, body);
        expect(r.body.msg, col).toContain(msg);
      } finally {
        flip(col, 1);
      }
    }
    expect(bal(u.id)).toEqual({ available: '100', frozen: '0' });
    const orders = await ts.call(futuresApi.futuresOrderList, { token: u.token, query: { status: 'history' } });
    expect(orders.data.total).toBe(0);
  });
});

describe('[FUT-13] an opening order holds margin + fee; its fill becomes the position margin', () => {
  it('market long: position, hold, fee and record', async () => {
    const u = await user('1000');
    const r = await submit(u.token, {
      symbol: SYMBOL,
      side: 'long',
      action: 'open',
      type: 'market',
      shares: '10',
      leverage: 10,
    });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data.status).toBe('filled');
    const [p] = positions(u.id);
    expect(p.side).toBe('long');
    expect(p.shares).toBe('10');
    expect(bal(u.id).frozen).toBe(new Decimal(p.margin).toFixed());
    expect(new Decimal(bal(u.id).available).plus(p.margin).plus(p.fees).toFixed()).toBe('1000');
    expect(p.liquidationPrice).toBe(liquidationPrice(pair(), p));
    const list = await ts.call(futuresApi.positionList, { token: u.token, query: {} });
    expect(list.data.rows[0].mark?.unrealisedPnl).toBeDefined();
    const rec = await ts.call(recordsApi.futuresRecords, { token: u.token, query: { symbol: SYMBOL } });
    expect(rec.data.rows.map((x) => x.kind)).toContain('open');
    const later = await ts.call(recordsApi.futuresRecords, { token: u.token, query: { from: ts.clock.now() + 1 } });
    expect(later.data.total).toBe(0);
    const window = await ts.call(recordsApi.futuresRecords, {
      token: u.token,
      query: { from: rec.data.rows[0].time, to: rec.data.rows[0].time + 1, symbol: SYMBOL },
    });
    expect(window.data.total).toBeGreaterThan(0);
    expect(books().problems).toBe(0);
  });

  it('a limit order rests with its hold and a cancel gives it back', async () => {
    const u = await user('1000');
    const price = new Decimal(best().bestBid!).times('0.9').toDecimalPlaces(pair().baseScale).toFixed();
    const r = await submit(u.token, {
      symbol: SYMBOL,
      side: 'long',
      action: 'open',
      type: 'limit',
      price,
      shares: '5',
      leverage: 20,
    });
    expect(r.body.data.status).toBe('open');
    expect(bal(u.id).frozen).not.toBe('0');
    const c = await ts.call(futuresApi.cancelFuturesOrder, { token: u.token, query: { id: r.body.data.id } });
    expect(c.data.status).toBe('cancelled');
    expect(bal(u.id)).toEqual({ available: '1000', frozen: '0' });
  });
});

describe('[PERF-88] the open opening orders of a position count in a new order of it', () => {
  it('[PERF-88] towards maxShare and its leverage; the other side and a cancelled order not', async () => {
    const u = await user('100000000');
    const max = new Decimal(pair().maxShare);
    // Prices that rest: a long below the best bid, a short above the best ask.
    const away = (p: string, f: string) => new Decimal(p).times(f).toDecimalPlaces(pair().baseScale).toFixed();
    const prices: Record<string, string> = { long: away(best().bestBid!, '0.9'), short: away(best().bestAsk!, '1.1') };
    const open = (side: string, shares: string, leverage: number) =>
      submit(u.token, { symbol: SYMBOL, side, action: 'open', type: 'limit', price: prices[side], shares, leverage });
    const first = await open('long', max.minus(25).toFixed(), 10);
    expect(first.body.data.status).toBe('open');
    // The resting order's shares count: 26 more would pass maxShare, 25 reach it.
    expect((await open('long', '26', 10)).body.msg).toContain('holds at most');
    expect((await open('long', '10', 10)).body.data.status).toBe('open');
    // Another leverage is refused while those orders wait, with the leverage they use.
    expect((await open('long', '10', 20)).body.msg).toContain('use 10x');
    expect((await open('long', '15', 10)).body.data.status).toBe('open');
    expect((await open('long', '10', 10)).body.msg).toContain('holds at most');
    // The short side counts its own orders only.
    expect((await open('short', '30', 20)).body.data.status).toBe('open');
    // A cancelled order no longer counts.
    const c = await ts.call(futuresApi.cancelFuturesOrder, { token: u.token, query: { id: first.body.data.id } });
    expect(c.data.status).toBe('cancelled');
    expect((await open('long', max.minus(25).toFixed(), 10)).body.data.status).toBe('open');
  });
});

describe('[FUT-15] a reduce-only close never flips a position', () => {
  it('refuses more than the position, closes half then the rest, and no short appears', async () => {
    const u = await user('1000');
    await submit(u.token, { symbol: SYMBOL, side: 'long', action: 'open', type: 'market', shares: '4', leverage: 10 });
    const p = positions(u.id)[0];
    const over = await submit(u.token, {
      symbol: SYMBOL,
      side: 'long',
      action: 'close',
      type: 'market',
      shares: '100',
    });
    expect(over.body.msg).toContain('You can close at most');
    const half = await ts.call(futuresApi.closePosition, { token: u.token, query: { id: p.id, shares: '2' } });
    expect(half.data.filledShares).toBe('2');
    expect(positions(u.id)[0].shares).toBe(new Decimal(p.shares).minus(2).toFixed());
    await ts.call(futuresApi.closePosition, { token: u.token, query: { id: p.id } });
    expect(positions(u.id)).toEqual([]);
    const closed = await ts.call(futuresApi.positionList, { token: u.token, query: { status: 'closed' } });
    expect(closed.data.rows[0].status).toBe('closed');
    expect(bal(u.id).frozen).toBe('0');
    expect(books().problems).toBe(0);
  });
});

describe('[FUT-9] take-profit and stop-loss', () => {
  it('a stop-loss beyond the liquidation price is refused; a valid one triggers a close at the mark', async () => {
    const u = await user('1000');
    await submit(u.token, { symbol: SYMBOL, side: 'long', action: 'open', type: 'market', shares: '10', leverage: 10 });
    const p = positions(u.id)[0];
    const beyond = new Decimal(p.liquidationPrice).minus(1).toFixed();
    const bad = await ts.post(futuresApi.setLoss.path, { positionId: p.id, stopLoss: beyond }, { satoken: u.token });
    expect(bad.body.msg).toContain('The stop-loss must be above the liquidation price');
    const sl = new Decimal(ts.ctx.marks.current(SYMBOL)!.price)
      .times('0.99')
      .toDecimalPlaces(pair().baseScale)
      .toFixed();
    const set = await ts.call(futuresApi.setLoss, { token: u.token, body: { positionId: p.id, stopLoss: sl } });
    expect(set.data.status).toBe('active');
    ts.futures.risk.onMarks([tick(new Decimal(sl).plus('0.01').toFixed())]);
    expect(positions(u.id)).toHaveLength(1);
    ts.futures.risk.onMarks([tick(sl)]);
    expect(positions(u.id)).toHaveLength(0);
    const entries = await ts.call(futuresApi.lossList, { token: u.token });
    expect(entries.data[0].status).toBe('triggered');
    expect(entries.data[0].triggeredBy).toBe('stopLoss');
    expect(books().problems).toBe(0);
  });
});

describe('[FUT-11] a position is liquidated at the first mark tick at or past its liquidation price', () => {
  it('one tick above: open; at the price: liquidated, margin to house:futures and house:insurance', async () => {
    const u = await user('1000');
    const r = await submit(u.token, {
      symbol: SYMBOL,
      side: 'short',
      action: 'open',
      type: 'market',
      shares: '40',
      leverage: 20,
    });
    expect(r.body.code, r.body.msg).toBe(200);
    const p = positions(u.id)[0];
    const step1 = new Decimal(1).div(10 ** pair().baseScale);
    ts.futures.risk.onMarks([tick(new Decimal(p.liquidationPrice).minus(step1).toFixed())]);
    expect(positions(u.id)).toHaveLength(1);
    ts.futures.risk.onMarks([tick(p.liquidationPrice)]);
    expect(positions(u.id)).toHaveLength(0);
    const done = await ts.call(futuresApi.positionList, { token: u.token, query: { status: 'closed' } });
    expect(done.data.rows[0].status).toBe('liquidated');
    expect(done.data.rows[0].liquidation?.price).toBe(p.liquidationPrice);
    expect(bal(u.id).frozen).toBe('0');
    const rec = await ts.call(recordsApi.futuresRecords, { token: u.token, query: {} });
    expect(rec.data.rows[0].kind).toBe('liquidation');
    // The published ticks are the board's, each with its last trade at or before its time.
    const marks = await ts.call(futuresApi.marks, { query: { symbol: SYMBOL, limit: 5 } });
    const last = marks.data[marks.data.length - 1];
    expect(last).toEqual(ts.ctx.marks.current(SYMBOL));
    expect(last.tradeTime).toBeLessThanOrEqual(last.time);
    expect(books().problems).toBe(0);
  });
});

describe('[FUT-3] every mark update reaches the risk check', () => {
  it('the mark board hands its ticks to liquidation and TP/SL', () => {
    const spy = vi.spyOn(ts.futures.risk, 'onMarks');
    try {
      step(1_000);
      const ticks = ts.ctx.marks.update(ts.clock.now());
      expect(spy).toHaveBeenCalledWith(ticks);
      expect(ticks.some((t) => t.symbol === SYMBOL)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('[FUT-8] margin: add moves the liquidation price away, removing past the mark is refused', () => {
  it('add and remove', async () => {
    const u = await user('1000');
    await submit(u.token, { symbol: SYMBOL, side: 'long', action: 'open', type: 'market', shares: '10', leverage: 10 });
    const p = positions(u.id)[0];
    const add = await ts.call(futuresApi.adjustMargin, {
      token: u.token,
      query: { id: p.id, money: '50', flag: 'add' },
    });
    expect(new Decimal(add.data.liquidationPrice).lt(p.liquidationPrice)).toBe(true);
    expect(bal(u.id).frozen).toBe(new Decimal(add.data.margin).toFixed());
    const tooMuch = await ts.post(
      `${futuresApi.adjustMargin.path}?id=${p.id}&money=${add.data.margin}&flag=remove`,
      undefined,
      { satoken: u.token },
    );
    expect(tooMuch.body.msg).toContain('can be removed');
    const rm = await ts.call(futuresApi.adjustMargin, {
      token: u.token,
      query: { id: p.id, money: '50', flag: 'remove' },
    });
    expect(rm.data.margin).toBe(p.margin);
    expect(books().problems).toBe(0);
  });
});

describe('[FUT-10] funding between longs and shorts', () => {
  it('[FUT-10][FUT-3] paid equals received, once per round; the round stores the mark and index it used', async () => {
    const a = await user('1000');
    const b = await user('1000');
    await submit(a.token, { symbol: SYMBOL, side: 'long', action: 'open', type: 'market', shares: '20', leverage: 10 });
    await submit(b.token, { symbol: SYMBOL, side: 'short', action: 'open', type: 'market', shares: '5', leverage: 10 });
    const info = await ts.call(futuresApi.funding, { query: { symbol: SYMBOL } });
    expect(new Decimal(info.data.rate).gt(0)).toBe(true);
    const round = info.data.nextTime;
    expect(ts.futures.runFunding(round)).toBeGreaterThan(0);
    expect(ts.futures.runFunding(round + 1000)).toBe(0);
    const rows = ts.ctx.db
      .prepare(
        `SELECT paid, received, mark_price AS mark, index_price AS idx, mark_time AS markTime
         FROM futures_funding_rounds WHERE symbol = ? AND round_time = ?`,
      )
      .get(SYMBOL, round) as { paid: string; received: string; mark: string; idx: string; markTime: number };
    expect(rows.paid).toBe(rows.received);
    // [FUT-3] The round keeps the mark tick it valued the notionals at, with its index; each record shows the mark.
    const mark = ts.ctx.marks.current(SYMBOL)!;
    expect(rows).toMatchObject({ mark: mark.price, idx: mark.index, markTime: mark.time });
    const rec = await ts.call(recordsApi.futuresRecords, { token: a.token, query: { symbol: SYMBOL } });
    expect(rec.data.rows.some((r) => r.kind === 'funding' && new Decimal(r.pnl).lt(0))).toBe(true);
    expect(rec.data.rows.filter((r) => r.kind === 'funding').every((r) => r.price === mark.price)).toBe(true);
    const house = ts.ctx.db.prepare("SELECT amount FROM ledger_entries WHERE account = 'house:funding'").all() as {
      amount: string;
    }[];
    expect(house.reduce((s, x) => s.plus(x.amount), new Decimal(0)).toFixed()).toBe('0');
    expect(books().problems).toBe(0);
  });
});

describe('[FUT-18] concurrency and idempotency over HTTP', () => {
  it('50 concurrent opens beyond the margin never take the contract account below zero', async () => {
    const u = await user('100');
    const price = new Decimal(best().bestBid!).times('0.8').toDecimalPlaces(pair().baseScale).toFixed();
    const body = { symbol: SYMBOL, side: 'long', action: 'open', type: 'limit', price, shares: '4', leverage: 5 };
    const rs = await Promise.all(Array.from({ length: 50 }, () => submit(u.token, body)));
    const ok = rs.filter((r) => r.body.code === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(50);
    const b = bal(u.id);
    expect(new Decimal(b.available).gte(0)).toBe(true);
    expect(new Decimal(b.available).plus(b.frozen).toFixed()).toBe('100');
    expect(books().problems).toBe(0);
  });

  it('the same Idempotency-Key 50 times gives one order', async () => {
    const u = await user('1000');
    const price = new Decimal(best().bestBid!).times('0.8').toDecimalPlaces(pair().baseScale).toFixed();
    const body = { symbol: SYMBOL, side: 'long', action: 'open', type: 'limit', price, shares: '1', leverage: 5 };
    const rs = await Promise.all(Array.from({ length: 50 }, () => submit(u.token, body, 'same-key-1')));
    const ids = new Set(rs.filter((r) => r.body.code === 200).map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    const open = await ts.call(futuresApi.futuresOrderList, { token: u.token, query: { status: 'open' } });
    expect(open.data.total).toBe(1);
  });
});

describe('[FUT-12] one book shared with spot', () => {
  it("two users' futures orders trade with each other, and a spot user's order trades with a futures order", async () => {
    const a = await user('5000');
    const b = await user('5000');
    const p = pair();
    // a's short joins the best ask level behind the maker; b's long takes the whole level, so a's order too.
    const inside = best().bestAsk!;
    const level = ts.ctx.market.books.depth(SYMBOL, 1)!.asks[0];
    expect(level[0]).toBe(inside);
    const makerShares = new Decimal(level[1]).div(p.shareNumber).ceil();
    const short = await submit(a.token, {
      symbol: SYMBOL,
      side: 'short',
      action: 'open',
      type: 'limit',
      price: inside,
      shares: '6',
      leverage: 20,
    });
    expect(short.body.data?.status, short.body.msg).toBe('open');
    const long = await submit(b.token, {
      symbol: SYMBOL,
      side: 'long',
      action: 'open',
      type: 'limit',
      price: inside,
      shares: makerShares.plus(3).toFixed(),
      leverage: 20,
    });
    expect(long.body.code, long.body.msg).toBe(200);
    const filled = new Decimal(positions(a.id)[0].shares);
    expect(positions(a.id)[0].side).toBe('short');
    expect(filled.gt(0) && filled.lt(6)).toBe(true);
    expect(positions(b.id)[0].side).toBe('long');
    expect(new Decimal(positions(b.id)[0].entryPrice).eq(inside)).toBe(true);
    // A spot user buys the rest of a's short: spot settles against house:market, futures against the house.
    const s = await user('1');
    ts.ledger.post({
      kind: 'deposit',
      ref: `fut-spot-${s.id}`,
      userId: s.id,
      entries: [
        { userId: s.id, account: 'platform', coin: 'USDT', amount: '1000' },
        { house: 'house:deposits', coin: 'USDT', amount: '-1000' },
      ],
    });
    const qty = new Decimal(6).minus(filled).times(p.shareNumber).toFixed();
    const buy = await ts.post(
      '/api/currency/order/submit',
      { symbol: SYMBOL, side: 'buy', type: 'limit', price: inside, amount: qty },
      { satoken: s.token },
    );
    expect(buy.body.code, buy.body.msg).toBe(200);
    expect(buy.body.data.status).toBe('filled');
    expect(ts.ledger.balance(s.id, 'platform', 'BTC').available).toBe(qty);
    expect(positions(a.id)[0].shares).toBe('6');
    expect(books().problems).toBe(0);
  });
});

describe('[SAFE-28] a reused clientOrderId', () => {
  it('[SAFE-28] [FUT-1] with any different term is refused by name; the exact same order returns the first', async () => {
    const u = await user('10000');
    const price = new Decimal(best().bestBid!).times(0.9).toDecimalPlaces(1).toFixed();
    const order = {
      symbol: SYMBOL,
      side: 'long',
      action: 'open',
      type: 'limit',
      price,
      shares: '2',
      leverage: 10,
      clientOrderId: 'safe-28-f',
    };
    const first = await submit(u.token, order);
    expect(first.body.msg).toBe('success');
    expect((await submit(u.token, { ...order })).body.data.id).toBe(first.body.data.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ price: new Decimal(price).minus(1).toFixed() }, 'price'],
      [{ type: 'market', price: undefined }, 'type'],
      [{ leverage: 20 }, 'leverage'],
      [{ shares: '3' }, 'shares'],
      [{ takeProfit: new Decimal(price).times(2).toDecimalPlaces(1).toFixed() }, 'takeProfit'],
    ];
    for (const [change, term] of cases)
      expect((await submit(u.token, { ...order, ...change })).body.msg).toBe(
        `clientOrderId safe-28-f is already used by an order with another ${term}: use a new clientOrderId for a new order`,
      );
    expect(ts.ctx.db.prepare('SELECT count(*) FROM futures_orders WHERE user_id = ?').pluck().get(u.id)).toBe(1);
  });
});

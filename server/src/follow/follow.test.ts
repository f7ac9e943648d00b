/**
 * Copy trading over HTTP against the whole server (COPY-4..7, COPY-11..18, RECS-6): a lead trader who applied
 * through the programme trades futures; followers mirror the open, the partial close and the close in
 * proportion; a follower short of margin is skipped with a message; the profit share is paid once; the stop; the
 * broker records; the books balance after a random session. One server on a manual clock.
 */
import { describe, expect, it } from 'vitest';
import { followApi } from '../../../src/shared/api/follow';
import { recordsApi } from '../../../src/shared/api/records';
import { Decimal } from '../../../src/shared/decimal';
import { copyCloseShares, profitShare } from '../../../src/shared/earn/followRules';
import { sharesForMargin } from '../../../src/shared/trading/futuresChecks';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { fundedUser, stepClock, tradingServerForFile } from '../testing/fixtures';
import { SHARE_KIND } from './mirror';

const SYMBOL = 'btcusdt';
const ts = tradingServerForFile(50);

function step(ms: number): void {
  stepClock(ts, ms, 50);
  ts.ctx.marks.update(ts.clock.now());
}
/** Lets the deferred mirroring run (COPY-11). */
const settle = () => new Promise((r) => setImmediate(r));

let users = 0;
const user = (usdt: string) =>
  fundedUser(ts, `copy${++users}@example.com`, usdt, { account: 'contract', via: 'deposit' });
const openCopy = (followerId: number, traderId: number) =>
  ts.futures.service.deps.store.openPositionsOf(followerId).find((p) => p.copyOf === traderId);
const lead = (id: number, side: 'long' | 'short', action: 'open' | 'close', shares: string) =>
  ts.futures.service.submit(id, { symbol: SYMBOL, side, action, type: 'market', shares, leverage: 10 });

describe('[COPY-7] the trader programme', () => {
  it('[COPY-7][COPY-18] applying: refused below traderMinAmount with the rule named, then accepted; nicknames checked', async () => {
    const poor = await user('100');
    const p = await ts.call(followApi.traderProgramme, { token: poor.token });
    expect(p.data!.rules.find((r) => r.rule === 'equity')!.met).toBe(false);
    const no = await ts.call(followApi.traderApply, {
      token: poor.token,
      body: { nickname: 'Poor', shareRate: '0.1' },
    });
    expect(no.msg).toMatch(/At least 1000 USDT of equity/);

    const rich = await user('5000');
    for (const [body, msg] of [
      [{ nickname: 'Fake · sim', shareRate: '0.1' }, /simulated/],
      [{ nickname: 'Rich', shareRate: '0.5' }, /from 0 to 0.4/],
    ] as const) {
      const r = await ts.call(followApi.traderApply, { token: rich.token, body });
      expect(r.msg).toMatch(msg);
    }
    const ok = await ts.call(followApi.traderApply, {
      token: rich.token,
      body: { nickname: 'Rich', shareRate: '0.2' },
    });
    expect(ok.code).toBe(200);
    expect(ok.data!.maxFollowers).toBe(100);
    const again = await ts.call(followApi.traderApply, {
      token: rich.token,
      body: { nickname: 'Other', shareRate: '0.2' },
    });
    expect(again.msg).toBe('You are already a lead trader');
    const taken = await user('2000');
    const t = await ts.call(followApi.traderApply, {
      token: taken.token,
      body: { nickname: 'rich', shareRate: '0.1' },
    });
    expect(t.msg).toMatch(/taken/);
  });
});

describe('[COPY-5] mirroring', () => {
  it('[COPY-5][COPY-12][COPY-13][COPY-6] a follower mirrors the open, a partial close and the close in proportion; one short of margin is skipped and told', async () => {
    const trader = await user('5000');
    await ts.call(followApi.traderApply, { token: trader.token, body: { nickname: 'Mirror', shareRate: '0.1' } });
    const a = await user('1000');
    const b = await user('3');
    const self = await ts.call(followApi.follow, {
      token: trader.token,
      body: { traderId: trader.id, mode: 'fixed', amount: '50', maxTotal: '500' },
    });
    expect(self.msg).toBe('You cannot follow yourself');
    const bad = await ts.call(followApi.follow, {
      token: a.token,
      body: { traderId: trader.id, mode: 'fixed', amount: '0.5', maxTotal: '500' },
    });
    expect(bad.msg).toMatch(/margin per trade is from 1/);
    for (const f of [a, b]) {
      const r = await ts.call(followApi.follow, {
        token: f.token,
        body: { traderId: trader.id, mode: 'fixed', amount: '50', maxTotal: '500' },
      });
      expect(r.code, r.msg).toBe(200);
    }
    const twice = await ts.call(followApi.follow, {
      token: a.token,
      body: { traderId: trader.id, mode: 'fixed', amount: '50', maxTotal: '500' },
    });
    expect(twice.msg).toMatch(/already follow/);

    const o = lead(trader.id, 'long', 'open', '10');
    expect(o.status).toBe('filled');
    await settle();
    const pair = ts.futures.service.pairOf(SYMBOL);
    const copied = openCopy(a.id, trader.id)!;
    expect(copied.shares).toBe(sharesForMargin(pair, '50.000000', o.price, 10));
    expect(ts.futures.service.deps.store.openPosition(a.id, SYMBOL, 'long')).toBeUndefined(); // kept apart
    expect(openCopy(b.id, trader.id)).toBeUndefined();
    const mineB = (await ts.call(followApi.followMine, { token: b.token })).data![0];
    expect(mineB.events[0].kind).toBe('skipped');
    expect(mineB.events[0].message).toMatch(/Insufficient USDT in the contract account/);

    // A partial close of 4 of 10 closes the same share of the copy.
    lead(trader.id, 'long', 'close', '4');
    await settle();
    const after = openCopy(a.id, trader.id)!;
    const closed = copyCloseShares(copied.shares, '10', '4');
    expect(new Decimal(after.shares).toFixed()).toBe(new Decimal(copied.shares).minus(closed).toFixed());

    // The rest: the copy ends too, with its net PnL recorded and the share paid when it made a profit.
    lead(trader.id, 'long', 'close', '6');
    await settle();
    expect(openCopy(a.id, trader.id)).toBeUndefined();
    const ended = ts.futures.service.deps.store.position(copied.id)!;
    const net = new Decimal(ended.realisedPnl).minus(ended.fees).plus(ended.funding);
    const mineA = (await ts.call(followApi.followMine, { token: a.token })).data![0];
    expect(mineA.realisedPnl).toBe(net.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6));
    expect(mineA.sharePaid).toBe(new Decimal(profitShare(net.toFixed(), '0.1')).toFixed(6));

    const broker = await ts.call(recordsApi.brokerRecords, { token: a.token, query: {} });
    expect(broker.data!.rows).toHaveLength(1);
    expect(broker.data!.rows[0]).toMatchObject({
      trader: 'Mirror',
      symbol: SYMBOL,
      side: 'long',
      shares: copied.shares,
    });
  });

  it('[COPY-14] the profit share is paid once, from the follower to the lead, however often the end is reported', async () => {
    const trader = await user('5000');
    await ts.call(followApi.traderApply, { token: trader.token, body: { nickname: 'Sharer', shareRate: '0.2' } });
    const f = await user('1000');
    await ts.call(followApi.follow, {
      token: f.token,
      body: { traderId: trader.id, mode: 'fixed', amount: '50', maxTotal: '500' },
    });
    lead(trader.id, 'short', 'open', '5');
    await settle();
    const copy = openCopy(f.id, trader.id)!;
    // The copy is closed by hand; its end is then reported again with a profit, as a duplicate delivery would.
    ts.futures.positions.close(f.id, { id: copy.id });
    const ended = ts.futures.service.deps.store.position(copy.id)!;
    const before = ts.ledger.balance(trader.id, 'contract', 'USDT').available;
    const win = { ...ended, realisedPnl: '100', fees: '1', funding: '0' };
    ts.ctx.db.prepare('UPDATE follow_copies SET closed_at = NULL WHERE position_id = ?').run(copy.id);
    ts.follow.mirror.onEnded(win);
    ts.follow.mirror.onEnded(win);
    const journal = ts.ctx.db
      .prepare('SELECT count(*) AS n FROM ledger_journal WHERE kind = ? AND ref = ?')
      .get(SHARE_KIND, `position ${copy.id}`) as { n: number };
    expect(journal.n).toBe(1);
    const after = ts.ledger.balance(trader.id, 'contract', 'USDT').available;
    expect(new Decimal(after).minus(before).toFixed()).toBe(new Decimal(profitShare('99', '0.2')).toFixed());
    lead(trader.id, 'short', 'close', '5');
    await settle();
  });

  it('[COPY-15][COPY-17] the stop ends the copying; unfollowing can close the copies', async () => {
    const trader = await user('5000');
    await ts.call(followApi.traderApply, { token: trader.token, body: { nickname: 'Stopper', shareRate: '0.1' } });
    const f = await user('1000');
    await ts.call(followApi.follow, {
      token: f.token,
      body: { traderId: trader.id, mode: 'ratio', ratio: '1', maxTotal: '900', stopLoss: '0.000001' },
    });
    lead(trader.id, 'long', 'open', '5');
    await settle();
    expect(openCopy(f.id, trader.id)).toBeDefined();
    lead(trader.id, 'long', 'close', '5');
    await settle();
    // Fees alone make a round trip lose: the stop of 0.000001 USDT is reached.
    let mine = (await ts.call(followApi.followMine, { token: f.token })).data![0];
    expect(new Decimal(mine.realisedPnl).lt(0)).toBe(true);
    expect(mine.status).toBe('stopped');
    lead(trader.id, 'long', 'open', '5');
    await settle();
    expect(openCopy(f.id, trader.id)).toBeUndefined();
    // Changing the follow starts it again; unfollowing with closePositions closes the new copy.
    await ts.call(followApi.followUpdate, {
      token: f.token,
      body: { traderId: trader.id, mode: 'ratio', ratio: '1', maxTotal: '900' },
    });
    lead(trader.id, 'long', 'open', '5');
    await settle();
    expect(openCopy(f.id, trader.id)).toBeDefined();
    const un = await ts.call(followApi.unfollow, {
      token: f.token,
      body: { traderId: trader.id, closePositions: true },
    });
    expect(un.data!.status).toBe('ended');
    await settle();
    expect(openCopy(f.id, trader.id)).toBeUndefined();
    mine = (await ts.call(followApi.followMine, { token: f.token })).data![0];
    expect(mine.status).toBe('ended');
    const dash = await ts.call(followApi.traderDashboard, { token: trader.token });
    expect(dash.code).toBe(200);
    lead(trader.id, 'long', 'close', '10');
    await settle();
  });

  it('[COPY-12] the cap: a copy that would pass it is skipped with the figures', async () => {
    const trader = await user('5000');
    await ts.call(followApi.traderApply, { token: trader.token, body: { nickname: 'Capper', shareRate: '0.1' } });
    const f = await user('1000');
    await ts.call(followApi.follow, {
      token: f.token,
      body: { traderId: trader.id, mode: 'fixed', amount: '60', maxTotal: '100' },
    });
    lead(trader.id, 'long', 'open', '2');
    await settle();
    lead(trader.id, 'long', 'open', '2');
    await settle();
    const mine = (await ts.call(followApi.followMine, { token: f.token })).data![0];
    expect(mine.events.map((e) => e.kind)).toEqual(['skipped', 'copied']);
    expect(mine.events[0].message).toMatch(/would pass your cap of 100 USDT/);
    lead(trader.id, 'long', 'close', '4');
    await settle();
  });

  it("[COPY-12][COPY-13] resting limit copies count toward the cap, and the lead's cancel cancels them", async () => {
    const trader = await user('5000');
    await ts.call(followApi.traderApply, { token: trader.token, body: { nickname: 'Rester', shareRate: '0.1' } });
    const f = await user('1000');
    await ts.call(followApi.follow, {
      token: f.token,
      body: { traderId: trader.id, mode: 'fixed', amount: '60', maxTotal: '100' },
    });
    const bid = ts.ctx.market.books.best(SYMBOL).bestBid!;
    const decimals = bid.includes('.') ? bid.split('.')[1].length : 0;
    const price = new Decimal(bid).times('0.995').toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
    const limit = () =>
      ts.futures.service.submit(trader.id, {
        symbol: SYMBOL,
        side: 'long',
        action: 'open',
        type: 'limit',
        price,
        shares: '2',
        leverage: 10,
      });
    const restingCopies = () =>
      ts.futures.service.deps.store.openOrders().filter((o) => o.userId === f.id && o.copyOf === trader.id);
    const first = limit();
    await settle();
    expect(restingCopies()).toHaveLength(1);
    const second = limit();
    await settle();
    expect(restingCopies()).toHaveLength(1);
    const mine = (await ts.call(followApi.followMine, { token: f.token })).data![0];
    expect(mine.events[0].message).toMatch(/would pass your cap of 100 USDT/);
    ts.futures.service.cancel(trader.id, first.id);
    await settle();
    expect(restingCopies()).toHaveLength(0);
    ts.futures.service.cancel(trader.id, second.id);
    await settle();
  });

  it('[COPY-5] a random session of lead opens and closes with three followers: the books balance', async () => {
    const trader = await user('20000');
    await ts.call(followApi.traderApply, { token: trader.token, body: { nickname: 'Random', shareRate: '0.3' } });
    const followers = [await user('800'), await user('300'), await user('40')];
    const modes = [
      { mode: 'fixed' as const, amount: '30', maxTotal: '400' },
      { mode: 'ratio' as const, ratio: '0.5', maxTotal: '250' },
      { mode: 'fixed' as const, amount: '20', maxTotal: '35' },
    ];
    for (const [i, f] of followers.entries())
      await ts.call(followApi.follow, { token: f.token, body: { traderId: trader.id, ...modes[i] } });
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 40; i++) {
      const side = rnd() < 0.5 ? 'long' : 'short';
      const pos = ts.futures.service.deps.store.openPosition(trader.id, SYMBOL, side);
      try {
        if (pos && rnd() < 0.5)
          lead(trader.id, side, 'close', String(Math.max(1, Math.floor(Number(pos.shares) * rnd()))));
        else lead(trader.id, side, 'open', String(1 + Math.floor(rnd() * 5)));
      } catch {
        /* a refused lead order is not mirrored */
      }
      await settle();
      step(500);
    }
    for (const side of ['long', 'short'] as const) {
      const pos = ts.futures.service.deps.store.openPosition(trader.id, SYMBOL, side);
      if (pos) lead(trader.id, side, 'close', pos.shares);
      await settle();
    }
    for (const f of followers) expect(openCopy(f.id, trader.id)).toBeUndefined();
    const copied = ts.ctx.db
      .prepare(
        "SELECT count(*) AS n FROM follow_events e JOIN follows f ON f.id = e.follow_id WHERE f.trader_id = ? AND e.kind = 'copied'",
      )
      .get(trader.id) as { n: number };
    expect(copied.n).toBeGreaterThan(10);
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
  });
});

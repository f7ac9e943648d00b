import { beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { WATCHLIST_MAX } from '../../../src/shared/schemas/user';
import { serverForFile } from '../testing/fixtures';
import { startIdentityServer } from '../testing/harness';

const h = serverForFile({}, () => startIdentityServer());
let t: string;
beforeEach(async () => {
  await h.reset();
  t = await h.signUp('w@example.com', 'Right1234-Quartz');
});

const symbols = (rows: { symbol: string }[]) => rows.map((r) => r.symbol);

describe('[WATCH-1] watchlist add and remove', () => {
  it('[WATCH-1] adds listed pairs in order, once each; removes them; both answer with the whole list', async () => {
    expect((await h.call(userApi.getUserCoin, { token: t })).data).toEqual([]);
    const a = await h.call(userApi.addUserCoin, { token: t, body: { symbol: 'btcusdt' } });
    expect(a.code).toBe(200);
    expect(a.data).toEqual([expect.objectContaining({ coin: 'BTC', symbol: 'btcusdt', sort: 0 })]);
    await h.call(userApi.addUserCoin, { token: t, body: { symbol: 'ETHUSDT' } });
    const again = await h.call(userApi.addUserCoin, { token: t, body: { symbol: 'btcusdt' } });
    expect(symbols(again.data)).toEqual(['btcusdt', 'ethusdt']);
    const removed = await h.call(userApi.removeUserCoin, { token: t, body: { symbol: 'BTCUSDT' } });
    expect(symbols(removed.data)).toEqual(['ethusdt']);
    const none = await h.call(userApi.removeUserCoin, { token: t, body: { symbol: 'btcusdt' } });
    expect(symbols(none.data)).toEqual(['ethusdt']);
    expect(symbols((await h.call(userApi.getUserCoin, { token: t })).data)).toEqual(['ethusdt']);
  });

  it('[WATCH-1] an unlisted pair, a coin code instead of a pair, or a malformed symbol is refused; nothing changes', async () => {
    for (const symbol of ['nopeusdt', 'BTC', 'btc usdt', '']) {
      const r = await h.call(userApi.addUserCoin, { token: t, body: { symbol } });
      expect(r.code, symbol).not.toBe(200);
      expect(r.msg.length, symbol).toBeGreaterThan(0);
    }
    expect((await h.call(userApi.addUserCoin, { token: t, body: { symbol: 'nopeusdt' } })).msg).toBe(
      'Unknown pair nopeusdt: only listed pairs can be watched',
    );
    expect((await h.call(userApi.getUserCoin, { token: t })).data).toEqual([]);
  });

  it('[WATCH-1] a watchlist holds at most WATCHLIST_MAX pairs; each user has their own', async () => {
    const listed = (h.ctx.db.prepare('SELECT symbol FROM coin_spot').all() as { symbol: string }[]).map(
      (r) => r.symbol,
    );
    const ins = h.ctx.db.prepare('INSERT INTO user_coins (user_id, coin, symbol, sort) VALUES (?, ?, ?, ?)');
    const uid = h.acc.sessions.resolve(t)!;
    for (let i = 0; i < WATCHLIST_MAX; i++) ins.run(uid, 'X', `fill${i}`, i);
    const r = await h.call(userApi.addUserCoin, { token: t, body: { symbol: listed[0] } });
    expect(r.msg).toBe(`A watchlist holds at most ${WATCHLIST_MAX} pairs`);
    const other = await h.signUp('w2@example.com', 'Right1234-Quartz');
    expect(symbols((await h.call(userApi.addUserCoin, { token: other, body: { symbol: listed[0] } })).data)).toEqual([
      listed[0],
    ]);
  });

  it('[TRADE-15] a change is announced to the user as USER_STATUS watchlist/changed; a repeat or a refusal is not', async () => {
    const heard: { userId: number; kind: string; id: number | string; status: string }[] = [];
    const off = h.ctx.userEvents.onStatus((userId, e) => heard.push({ userId, ...e }));
    try {
      const uid = h.acc.sessions.resolve(t)!;
      await h.call(userApi.addUserCoin, { token: t, body: { symbol: 'btcusdt' } });
      expect(heard).toEqual([{ userId: uid, kind: 'watchlist', id: 0, status: 'changed' }]);
      // Nothing changed: nothing to announce.
      await h.call(userApi.addUserCoin, { token: t, body: { symbol: 'btcusdt' } });
      await h.call(userApi.addUserCoin, { token: t, body: { symbol: 'nopeusdt' } });
      await h.call(userApi.removeUserCoin, { token: t, body: { symbol: 'ethusdt' } });
      expect(heard).toHaveLength(1);
      await h.call(userApi.removeUserCoin, { token: t, body: { symbol: 'BTCUSDT' } });
      expect(heard).toEqual([
        { userId: uid, kind: 'watchlist', id: 0, status: 'changed' },
        { userId: uid, kind: 'watchlist', id: 0, status: 'changed' },
      ]);
    } finally {
      off();
    }
  });

  it('[WATCH-1] signed out, both calls are refused', async () => {
    expect((await h.call(userApi.addUserCoin, { body: { symbol: 'btcusdt' } })).code).not.toBe(200);
    expect((await h.call(userApi.removeUserCoin, { body: { symbol: 'btcusdt' } })).code).not.toBe(200);
  });
});

/**
 * The caller's watchlist (spec 7.1 getUserCoin) and, as a documented extension, adding and removing a pair
 * (WATCH-1): only listed pairs, at most WATCHLIST_MAX, each once; both answer with the whole list, so a client
 * never has to guess the result, and repeating either changes nothing. A change is announced to the user's open
 * tabs and devices as USER_STATUS {kind: 'watchlist', id: 0, status: 'changed'} once committed (TRADE-15), so
 * each of them fetches the list again.
 */
import { userApi } from '../../../../src/shared/api/user';
import { WATCHLIST_MAX } from '../../../../src/shared/schemas/user';
import { ApiFail } from '../../http/failures';
import { findListedSymbol } from '../../market/coinStore';
import type { Identity, IdentityRouter } from '../service';

interface Row {
  id: number;
  coin: string;
  symbol: string;
  sort: number;
}

function list(acc: Identity, userId: number): Row[] {
  return acc.db
    .prepare('SELECT id, coin, symbol, sort FROM user_coins WHERE user_id = ? ORDER BY sort, id')
    .all(userId) as Row[];
}

/** After a committed change: every open tab and device of the user fetches the list again (TRADE-15). */
function announce(acc: Identity, userId: number): void {
  acc.statusChanged?.(userId, { kind: 'watchlist', id: 0, status: 'changed' });
}

export function registerWatchlistRoutes(r: IdentityRouter, acc: Identity): void {
  r.route(userApi.getUserCoin, ({ user }) => list(acc, user.id));

  r.route(userApi.addUserCoin, ({ user, body }) => {
    const { rows, changed } = acc.db.transaction(() => {
      const pair = findListedSymbol(acc.db, body.symbol);
      if (!pair || pair.symbol.toLowerCase() !== body.symbol.toLowerCase())
        throw new ApiFail(`Unknown pair ${body.symbol}: only listed pairs can be watched`);
      const before = list(acc, user.id);
      if (before.some((x) => x.symbol.toLowerCase() === pair.symbol.toLowerCase()))
        return { rows: before, changed: false };
      if (before.length >= WATCHLIST_MAX) throw new ApiFail(`A watchlist holds at most ${WATCHLIST_MAX} pairs`);
      const sort = before.reduce((m, x) => Math.max(m, x.sort), -1) + 1;
      acc.db
        .prepare('INSERT INTO user_coins (user_id, coin, symbol, sort) VALUES (?, ?, ?, ?)')
        .run(user.id, pair.coin, pair.symbol, sort);
      return { rows: list(acc, user.id), changed: true };
    })();
    if (changed) announce(acc, user.id);
    return rows;
  });

  r.route(userApi.removeUserCoin, ({ user, body }) => {
    const gone = acc.db
      .prepare('DELETE FROM user_coins WHERE user_id = ? AND lower(symbol) = lower(?)')
      .run(user.id, body.symbol).changes;
    if (gone > 0) announce(acc, user.id);
    return list(acc, user.id);
  });
}

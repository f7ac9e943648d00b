/**
 * The caller's watchlist (spec 7.1 getUserCoin) and, as a documented extension, adding and removing a pair
 * (WATCH-1): only listed pairs, at most WATCHLIST_MAX, each once; both answer with the whole list, so a client
 * never has to guess the result, and repeating either changes nothing.
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

export function registerWatchlistRoutes(r: IdentityRouter, acc: Identity): void {
  r.route(userApi.getUserCoin, ({ user }) => list(acc, user.id));

  r.route(userApi.addUserCoin, ({ user, body }) =>
    acc.db.transaction(() => {
      const pair = findListedSymbol(acc.db, body.symbol);
      if (!pair || pair.symbol.toLowerCase() !== body.symbol.toLowerCase())
        throw new ApiFail(`Unknown pair ${body.symbol}: only listed pairs can be watched`);
      const rows = list(acc, user.id);
      if (rows.some((x) => x.symbol.toLowerCase() === pair.symbol.toLowerCase())) return rows;
      if (rows.length >= WATCHLIST_MAX) throw new ApiFail(`A watchlist holds at most ${WATCHLIST_MAX} pairs`);
      const sort = rows.reduce((m, x) => Math.max(m, x.sort), -1) + 1;
      acc.db
        .prepare('INSERT INTO user_coins (user_id, coin, symbol, sort) VALUES (?, ?, ?, ?)')
        .run(user.id, pair.coin, pair.symbol, sort);
      return list(acc, user.id);
    })(),
  );

  r.route(userApi.removeUserCoin, ({ user, body }) => {
    acc.db.prepare('DELETE FROM user_coins WHERE user_id = ? AND lower(symbol) = lower(?)').run(user.id, body.symbol);
    return list(acc, user.id);
  });
}

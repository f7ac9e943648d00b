/** The caller's watchlist (spec 7.1 getUserCoin). */
import { userApi } from '../../../../src/shared/api/user';
import type { Identity, IdentityRouter } from '../service';

export function registerWatchlistRoutes(r: IdentityRouter, acc: Identity): void {
  r.route(
    userApi.getUserCoin,
    ({ user }) =>
      acc.db
        .prepare('SELECT id, coin, symbol, sort FROM user_coins WHERE user_id = ? ORDER BY sort, id')
        .all(user.id) as {
        id: number;
        coin: string;
        symbol: string;
        sort: number;
      }[],
  );
}

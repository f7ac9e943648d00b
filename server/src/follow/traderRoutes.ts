/**
 * The lead traders' two read-only calls (COPY-9, COPY-10, COPY-23): the leaderboard and a trader's page. No
 * sign-in needed; a signed-in caller is told whether they follow the trader.
 */
import { followApi } from '../../../src/shared/api/follow';
import type { IdentityRouter } from '../identity/service';
import type { UserRow } from '../identity/users';
import type { TraderStats } from './traders';

export function registerTraderRoutes(r: IdentityRouter, stats: TraderStats): void {
  r.route(followApi.followTraders, ({ query }) => stats.list(query));
  r.route(followApi.followTrader, ({ query, user }) => stats.detail(query.id, (user as UserRow | undefined)?.id));
}

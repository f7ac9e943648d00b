/** Invitations, rebates and VIP (REB-*, VIP-*; ours, the spec shows the routes only): thin. */
import { rewardsApi } from '../../../src/shared/api/rewards';
import type { IdentityRouter } from '../identity/service';
import type { RewardsService } from './service';

export function registerRewardsRoutes(r: IdentityRouter, rewards: RewardsService): void {
  r.route(rewardsApi.inviteInfo, ({ user }) => rewards.inviteInfo(user.id));
  r.route(rewardsApi.inviteList, ({ user, query }) => rewards.inviteList(user.id, query));
  r.route(rewardsApi.rebateList, ({ user, query }) => rewards.rebateList(user.id, query));
  r.route(rewardsApi.vipInfo, ({ user }) => rewards.vipInfo(user.id));
}

/** The welfare centre's calls (WEL-*; ours, the spec shows the route only): thin. The claim is idempotent (IDEM-*). */
import { rewardsApi } from '../../../src/shared/api/rewards';
import type { IdentityRouter } from '../identity/service';
import type { WelfareService } from './service';

export function registerWelfareRoutes(r: IdentityRouter, welfare: WelfareService): void {
  r.route(rewardsApi.welfareInfo, ({ user }) => welfare.info(user.id));
  r.route(rewardsApi.welfareClaim, ({ user, body }) => welfare.claim(user.id, body.task), { idempotent: true });
}

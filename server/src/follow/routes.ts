/** Copy trading's routes (COPY-*): thin; every POST honours Idempotency-Key. */
import { followApi } from '../../../src/shared/api/follow';
import type { IdentityRouter } from '../identity/service';
import type { FollowService } from './service';

export function registerFollowRoutes(r: IdentityRouter, svc: FollowService): void {
  r.route(followApi.follow, ({ user, body }) => svc.follow(user.id, body), { idempotent: true });
  r.route(followApi.followUpdate, ({ user, body }) => svc.update(user.id, body), { idempotent: true });
  r.route(followApi.unfollow, ({ user, body }) => svc.unfollow(user.id, body), { idempotent: true });
  r.route(followApi.followMine, ({ user }) => svc.mine(user.id));
  r.route(followApi.traderProgramme, ({ user }) => svc.programme(user.id));
  r.route(followApi.traderApply, ({ user, body }) => svc.apply(user.id, body), { idempotent: true });
  r.route(followApi.traderDashboard, ({ user }) => svc.dashboard(user.id));
}

/**
 * Copy trading (COPY rules in docs/spec/follow.md). The spec shows `record/broker` only (in records.ts): these
 * calls are ours, in section 7's style. Following, changing and stopping a follow, and applying, honour
 * Idempotency-Key.
 */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/follow';

export const followApi = {
  followTraders: defineEndpoint({
    method: 'GET',
    path: '/api/follow/traders',
    summary: 'The lead traders with their 7, 30 and 90-day figures from their own trades, sorted, paged',
    query: S.TraderListQuery,
    data: S.TraderPage,
  }),
  followTrader: defineEndpoint({
    method: 'GET',
    path: '/api/follow/trader',
    summary: "A lead trader's figures, equity curve, open and closed positions, and whether the caller follows",
    query: S.TraderIdQuery,
    data: S.TraderDetail,
  }),
  follow: defineEndpoint({
    method: 'POST',
    path: '/api/follow/follow',
    summary:
      "Follow a lead trader: each of their futures orders is mirrored onto the caller's contract account within the caller's limits; honours Idempotency-Key",
    body: S.FollowBody,
    data: S.Follow,
    auth: true,
  }),
  followUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/follow/update',
    summary: "Change a follow's amount or ratio, cap and stop; honours Idempotency-Key",
    body: S.FollowBody,
    data: S.Follow,
    auth: true,
  }),
  unfollow: defineEndpoint({
    method: 'POST',
    path: '/api/follow/unfollow',
    summary: 'Stop following; the copied positions stay open unless closePositions; honours Idempotency-Key',
    body: S.UnfollowBody,
    data: S.Follow,
    auth: true,
  }),
  followMine: defineEndpoint({
    method: 'GET',
    path: '/api/follow/mine',
    summary: "The caller's follows with margin used, PnL, profit share paid, open copied positions and events",
    data: S.FollowList,
    auth: true,
  }),
  traderProgramme: defineEndpoint({
    method: 'GET',
    path: '/api/follow/programme',
    summary: "The trader programme's rules and figures, and whether the caller meets each rule",
    data: S.TraderProgramme,
    auth: true,
  }),
  traderApply: defineEndpoint({
    method: 'POST',
    path: '/api/follow/apply',
    summary: 'Become a lead trader when every rule of the programme is met; honours Idempotency-Key',
    body: S.TraderApplyBody,
    data: S.TraderSummary,
    auth: true,
  }),
  traderDashboard: defineEndpoint({
    method: 'GET',
    path: '/api/follow/dashboard',
    summary: "A lead trader's own dashboard: figures, followers and the profit share received",
    data: S.TraderDashboard,
    auth: true,
  }),
};

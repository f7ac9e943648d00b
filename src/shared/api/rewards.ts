/**
 * Invitations and rebates, VIP levels and the welfare centre (REB, VIP, WEL rules in docs/spec/rewards.md). The
 * spec shows the routes and settings only: these calls are ours, in section 7's style. Claiming honours
 * Idempotency-Key (and pays once however often it is called).
 */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/rewards';

export const rewardsApi = {
  inviteInfo: defineEndpoint({
    method: 'GET',
    path: '/api/invite/info',
    summary: "The caller's invite code and link, the rebate terms (FINANCIAL_REBATE_SETTING) and the caller's totals",
    data: S.InviteInfo,
    auth: true,
  }),
  inviteList: defineEndpoint({
    method: 'GET',
    path: '/api/invite/list',
    summary: "The caller's invitees at levels 1 to 3 (masked), newest first, paged, with the rebates each brought",
    query: S.InviteeQuery,
    data: S.InviteePage,
    auth: true,
  }),
  rebateList: defineEndpoint({
    method: 'GET',
    path: '/api/invite/rebates',
    summary: "The caller's rebate payments, newest first, paged, with totals by day and by invitee",
    query: S.RebateQuery,
    data: S.RebatePage,
    auth: true,
  }),
  vipInfo: defineEndpoint({
    method: 'GET',
    path: '/api/vip/info',
    summary: "VIP levels (VIP_LEVEL_SETTING): whether on, the caller's 30-day volume, level, discount and the table",
    data: S.VipInfo,
    auth: true,
  }),
  welfareInfo: defineEndpoint({
    method: 'GET',
    path: '/api/welfare/info',
    summary: "The welfare centre's tasks with their rewards, terms and the caller's state of each",
    data: S.WelfareInfo,
    auth: true,
  }),
  welfareClaim: defineEndpoint({
    method: 'POST',
    path: '/api/welfare/claim',
    summary:
      "Claim a done task's reward, credited as a deposit bonus (paid once; a second claim is refused); honours Idempotency-Key",
    body: S.WelfareClaimBody,
    data: S.WelfareClaimResult,
    auth: true,
  }),
};

/** Invitations and rebates' REST data (REB-*, INVUI-*): info, invitees and rebates through the one client and cache. */
import { rewardsApi } from '../../../shared/api/rewards';
import type { InviteInfo, InviteePage, RebatePage } from '../../../shared/schemas/rewards';
import { call } from '../../api/client';
import { queryKey } from '../../data/queryCache';
import { useQuery, type QueryResult } from '../../data/useQuery';

export const INVITE_PAGE_SIZE = 20;

export function useInviteInfo(): QueryResult<InviteInfo> {
  return useQuery(queryKey(['invite', 'info']), (signal) => call(rewardsApi.inviteInfo, { signal, silent: true }));
}

export function useInvitees(level: number, pageNum: number): QueryResult<InviteePage> {
  return useQuery(queryKey(['invite', 'list', level, pageNum]), (signal) =>
    call(rewardsApi.inviteList, { query: { level, pageNum, pageSize: INVITE_PAGE_SIZE }, signal, silent: true }),
  );
}

export function useRebates(pageNum: number): QueryResult<RebatePage> {
  return useQuery(queryKey(['invite', 'rebates', pageNum]), (signal) =>
    call(rewardsApi.rebateList, { query: { pageNum, pageSize: INVITE_PAGE_SIZE }, signal, silent: true }),
  );
}

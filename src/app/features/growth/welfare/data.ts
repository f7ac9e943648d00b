/**
 * The welfare centre's and the VIP card's REST data (WELUI-*): the tasks, the VIP info and the deposit bonuses
 * through the one client and the keyed query cache, fetched again on the private stream's news (never polled);
 * the claim through mutate (one Idempotency-Key per claim intent, kept until the server has answered).
 */
import { useSnapshot } from 'valtio';
import { rechargeApi } from '../../../../shared/api/recharge';
import { rewardsApi } from '../../../../shared/api/rewards';
import type { VipInfo, WelfareClaimResult, WelfareInfo, WelfareTaskId } from '../../../../shared/schemas/rewards';
import { call } from '../../../api/client';
import { mutate } from '../../../data/mutate';
import { queryKey } from '../../../data/queryCache';
import { useQuery, type QueryResult } from '../../../data/useQuery';
import { useStatusRefetch } from '../../../market/useStatusRefetch';
import { session } from '../../../state/session';
import { balancesChanged } from '../../../money/balances';
import { WELFARE_NEWS_KINDS } from './model/welfareView';

export const BONUS_PAGE_SIZE = 10;

type BonusPage = Awaited<ReturnType<typeof fetchBonuses>>;
const fetchBonuses = (pageNum: number, signal?: AbortSignal) =>
  call(rechargeApi.bonsList, { query: { pageNum, pageSize: BONUS_PAGE_SIZE }, signal, silent: true });

export function useWelfareInfo(): QueryResult<WelfareInfo> {
  const uid = useSnapshot(session).userInfo?.uid ?? '';
  const q = useQuery(
    queryKey(['welfare', 'info', uid]),
    (signal) => call(rewardsApi.welfareInfo, { signal, silent: true }),
    { enabled: uid !== '' },
  );
  useStatusRefetch(WELFARE_NEWS_KINDS, q.reload, uid !== '');
  return q;
}

export function useVipInfo(): QueryResult<VipInfo> {
  const uid = useSnapshot(session).userInfo?.uid ?? '';
  return useQuery(queryKey(['vip', 'info', uid]), (signal) => call(rewardsApi.vipInfo, { signal, silent: true }), {
    enabled: uid !== '',
  });
}

/** The deposit bonuses (`recharge/bonsList`: the paid welfare rewards), fetched again when one is paid. */
export function useBonuses(pageNum = 1): QueryResult<BonusPage> {
  const uid = useSnapshot(session).userInfo?.uid ?? '';
  const q = useQuery(queryKey(['welfare', 'bonuses', uid, pageNum]), (signal) => fetchBonuses(pageNum, signal), {
    enabled: uid !== '',
  });
  useStatusRefetch(['welfare'], q.reload, uid !== '');
  return q;
}

/** WEL-2: claims a task's reward; a retry of the same claim (after a timeout or a reload) reuses its key. */
export async function claimWelfare(task: WelfareTaskId): Promise<WelfareClaimResult> {
  const out = await mutate(
    (idempotencyKey) => call(rewardsApi.welfareClaim, { body: { task }, idempotencyKey, silent: true }),
    { intent: `welfare:claim:${task}`, invalidates: [queryKey(['welfare'])] },
  );
  balancesChanged();
  return out;
}

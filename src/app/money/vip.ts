/**
 * The caller's VIP fee discount (VIP-4) for the order forms' fee lines: "0" while signed out, while VIP is off
 * (the default) or refused, or until vip/info has answered, so the forms show the pair's fee then. Read once per
 * form mount through the keyed cache (never polled); the server charges the discount of the moment of each fill.
 */
import { rewardsApi } from '../../shared/api/rewards';
import { Decimal } from '../../shared/decimal';
import { discountedFee } from '../../shared/rewards/vipRules';
import { call } from '../api/client';
import { queryKey } from '../data/queryCache';
import { useQuery } from '../data/useQuery';

export function useFeeDiscount(signedIn: boolean): string {
  const q = useQuery(queryKey(['vip', 'info']), (signal) => call(rewardsApi.vipInfo, { signal, silent: true }), {
    enabled: signedIn,
  });
  return signedIn && q.data?.open ? q.data.feeDiscount : '0';
}

/** A fee estimate after the discount, rounded up to `places` like the server (VIP-4); unchanged without one. */
export function withDiscount(fee: string | undefined, discount: string, places: number): string | undefined {
  if (fee === undefined || !new Decimal(discount).gt(0)) return fee;
  return discountedFee(fee, discount, places);
}

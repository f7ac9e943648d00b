/**
 * The panel's live side (SECUI-6, SECUI-7): the pushes that tell a contract opened or settled (USER_STATUS kind
 * "second"; SETTLEMENT once the worker hands it on), and a last-resort check when a countdown reaches zero and no
 * push follows (the socket may be down). The countdowns' server clock offset is `useServerOffset`
 * (market/serverClock.ts).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { AccountView } from '../../../../../engine';
import type { SettlementData } from '../../../../../shared/protocol';
import { useLiveAccount } from '../../../../market/hooks';
import { clock, type TimerHandle } from '../../../../time/clock';

/** After a countdown reaches zero without a push: ask for the lists at these delays, then stop. */
export const CLOSE_CHECKS_MS = [2_000, 6_000] as const;

/** The account view, with the settlement fields the worker adds for SETTLEMENT frames. */
type LiveAccount = AccountView & { settlementCount?: number; lastSettlement?: SettlementData | null };

/**
 * Calls `onStatus` when the server reports a second contract opened or settled (USER_STATUS kind "second"),
 * and `onSettlement` with the payload of each SETTLEMENT push.
 */
type SecondSettlement = Extract<SettlementData, { kind: 'second' }>;

export function useSecondsPushes(onStatus: () => void, onSettlement: (s: SecondSettlement) => void): void {
  const live = useLiveAccount() as LiveAccount | undefined;
  const handlers = useRef({ onStatus, onSettlement });
  useEffect(() => {
    handlers.current = { onStatus, onSettlement };
  });
  const statusCount = live?.statusCount ?? 0;
  const kind = live?.lastStatus?.kind;
  const firstStatus = useRef(statusCount);
  useEffect(() => {
    if (statusCount === firstStatus.current) return;
    firstStatus.current = statusCount;
    if (kind === undefined || kind === 'second') handlers.current.onStatus();
  }, [statusCount, kind]);
  const settlementCount = live?.settlementCount ?? 0;
  const settlement = live?.lastSettlement ?? null;
  const firstSettlement = useRef(settlementCount);
  useEffect(() => {
    if (settlementCount === firstSettlement.current) return;
    firstSettlement.current = settlementCount;
    if (settlement && settlement.kind === 'second') handlers.current.onSettlement(settlement);
  }, [settlementCount, settlement]);
}

/** Countdowns ending this close together share one set of checks. */
const CLOSE_CHECKS_COALESCE_MS = 1_000;

/** `check()` runs `refetch` at CLOSE_CHECKS_MS after the call (timers end with the component). */
export function useCloseChecks(refetch: () => void): () => void {
  const timers = useRef(new Set<TimerHandle>());
  const lastCall = useRef(-Infinity);
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    const set = timers.current;
    return () => {
      for (const id of set) clock.clearTimeout(id);
      set.clear();
    };
  }, []);
  return useCallback(() => {
    const now = clock.now();
    if (now - lastCall.current < CLOSE_CHECKS_COALESCE_MS) return;
    lastCall.current = now;
    for (const ms of CLOSE_CHECKS_MS) {
      const id = clock.setTimeout(() => {
        timers.current.delete(id);
        latest.current();
      }, ms);
      timers.current.add(id);
    }
  }, []);
}

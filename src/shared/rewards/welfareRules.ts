/**
 * The welfare centre's terms (WEL-1..3): each task's reward and window, shown on the screen before a claim and
 * paid by the server from the same table. A task is claimable once done within its window after registration;
 * each reward is paid once, to the platform account, as a deposit bonus (`recharge/bonsList`).
 */
import type { WelfareTaskId } from '../schemas/rewards';

export interface WelfareTerms {
  coin: string;
  amount: string;
  /** Days after registration to do the task in; null = no limit. */
  windowDays: number | null;
}

export const WELFARE_TERMS: Readonly<Record<WelfareTaskId, WelfareTerms>> = {
  /** Identity verification (primary level) approved. */
  verifyIdentity: { coin: 'USDT', amount: '5', windowDays: 30 },
  /** A first on-chain deposit credited (any coin, any amount). */
  firstDeposit: { coin: 'USDT', amount: '10', windowDays: 30 },
  /** A first filled trade: a spot fill, a futures fill, a second contract or an option bought. */
  firstTrade: { coin: 'USDT', amount: '5', windowDays: 30 },
  /** A first invitee registered with the user's code. */
  inviteFriend: { coin: 'USDT', amount: '5', windowDays: null },
};

const DAY_MS = 86_400_000;

/** When a task's window closes, or null when it has none. */
export function welfareDeadline(task: WelfareTaskId, registeredAt: number): number | null {
  const days = WELFARE_TERMS[task].windowDays;
  return days === null ? null : registeredAt + days * DAY_MS;
}

/**
 * WEL-2: whether a task done at `doneAt` (null = not done) may be claimed now, and why not. A task done within its
 * window stays claimable after the window closes.
 */
export function welfareClaimProblem(
  task: WelfareTaskId,
  registeredAt: number,
  doneAt: number | null,
  claimed: boolean,
): string | null {
  if (claimed) return 'This reward has already been claimed';
  if (doneAt === null) return 'Complete the task first';
  const deadline = welfareDeadline(task, registeredAt);
  if (deadline !== null && doneAt > deadline) return 'The task was completed after its window closed';
  return null;
}

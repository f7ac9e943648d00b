/**
 * The welfare screen's view of a task (WELUI-2): what its card shows and where "do it" leads. Pure: the screen
 * passes the server's task and the time now.
 */
import type { WelfareTask, WelfareTaskId } from '../../../../../shared/schemas/rewards';
import { APP_PATHS } from '../../../../ui/appPaths';
import { GROWTH_PATHS } from '../../paths';

/** 'expired': not done and its window has closed (never claimable any more, WEL-4). */
export type TaskCardState = 'todo' | 'expired' | 'claimable' | 'claimed';

/** Where a customer does each task. */
export const TASK_LINKS: Readonly<Record<WelfareTaskId, string>> = {
  verifyIdentity: APP_PATHS.account.userAuth,
  firstDeposit: APP_PATHS.wallet.recharge,
  firstTrade: APP_PATHS.trade.spot,
  inviteFriend: GROWTH_PATHS.invite,
};

export function taskCardState(task: Pick<WelfareTask, 'state' | 'deadline'>, now: number): TaskCardState {
  if (task.state !== 'todo') return task.state;
  return task.deadline !== null && now > task.deadline ? 'expired' : 'todo';
}

/** Whole days left before a window closes (rounded up), or null when there is no window or it has closed. */
export function daysLeft(deadline: number | null, now: number): number | null {
  if (deadline === null || now > deadline) return null;
  return Math.ceil((deadline - now) / 86_400_000);
}

/** The USER_STATUS kinds after which a task's state may have changed (LIVE-2): fetch the tasks again then. */
export const WELFARE_NEWS_KINDS: readonly string[] = ['welfare', 'deposit', 'spot', 'futures', 'second', 'option'];

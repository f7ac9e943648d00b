import { describe, expect, it } from 'vitest';
import { WELFARE_TASKS } from '../../../../../shared/schemas/rewards';
import { TASK_LINKS, daysLeft, taskCardState } from './welfareView';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);

describe('[WELUI-2] a task card state', () => {
  it('follows the server state; a task still to do whose window has closed is shown closed', () => {
    expect(taskCardState({ state: 'claimable', deadline: NOW - DAY }, NOW)).toBe('claimable');
    expect(taskCardState({ state: 'claimed', deadline: NOW - DAY }, NOW)).toBe('claimed');
    expect(taskCardState({ state: 'todo', deadline: NOW + DAY }, NOW)).toBe('todo');
    expect(taskCardState({ state: 'todo', deadline: null }, NOW)).toBe('todo');
    expect(taskCardState({ state: 'todo', deadline: NOW - 1 }, NOW)).toBe('expired');
  });

  it('counts the whole days left, rounded up; none without a window or after it', () => {
    expect(daysLeft(NOW + 29.5 * DAY, NOW)).toBe(30);
    expect(daysLeft(NOW + DAY, NOW)).toBe(1);
    expect(daysLeft(null, NOW)).toBeNull();
    expect(daysLeft(NOW - 1, NOW)).toBeNull();
  });

  it('[WELUI-3] every task links to where it is done', () => {
    for (const id of WELFARE_TASKS) expect(TASK_LINKS[id]).toMatch(/^\//);
    expect(TASK_LINKS.firstDeposit).toBe('/recharge');
    expect(TASK_LINKS.verifyIdentity).toBe('/userauth');
  });
});

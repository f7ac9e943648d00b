/** What the order forms' and accounts' tests share: a part of the markup, and the worker's account push. */
import { expect } from 'vitest';

/** The markup of the element with this test id, up to its first closing tag (a button's or link's: its own). */
export function part(html: string, testId: string): string {
  const at = html.indexOf(`data-testid="${testId}"`);
  expect(at, testId).toBeGreaterThan(-1);
  const open = html.lastIndexOf('<', at);
  // Up to the element's own closing tag (a button holds spans: its side and the failing rule, SIDE-2).
  const tag = /^<([a-z0-9]+)/.exec(html.slice(open))?.[1] ?? '';
  const own = tag === 'button' || tag === 'a' ? html.indexOf(`</${tag}>`, at) : -1;
  return html.slice(open, own >= 0 ? own : html.indexOf('</', at));
}

/** useLiveAccount() as the worker hands it over, with these balances (none frozen) and no status push yet. */
export function liveAccount(balances: { account: 'platform' | 'contract'; coin: string; available: string }[]) {
  return {
    version: 1,
    authorized: true,
    statusCount: 0,
    lastStatus: null,
    balances: balances.map((b) => ({ ...b, frozen: '0' })),
  };
}

/** SPOT-13: the form's wait after a refusal by the order limit, set by a test (0: no wait). */
export const limitWait = { seconds: 0 };

/** useOrderLimit() as the tests set it: `limitWait.seconds`, no rule refused. */
export const useTestOrderLimit = () => ({ seconds: limitWait.seconds, refusedBy: () => false });

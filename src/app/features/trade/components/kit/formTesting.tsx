/** What the order forms' and accounts' tests share: a part of the markup, and the market hooks as the worker hands them over. */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect } from 'vitest';
import type { UserInfo } from '../../../../../shared/schemas/user';
import { loadNamespaces, setLanguage } from '../../../../i18n/index';
import { session } from '../../../../state/session';

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

type Balance = { account: 'platform' | 'contract'; coin: string; available: string };

/**
 * The market hooks an order form reads, as the worker hands them over: no book, a last price of 100.004 (100.00
 * shown), the user's account with these balances (none frozen, no status push yet); `more` adds or replaces hooks.
 */
export function formHooks(balances: Balance[], more: Record<string, () => unknown> = {}) {
  return {
    useDepth: () => undefined,
    useDepthFeed: () => undefined,
    useTicker: (symbol: string | undefined) => (symbol ? { symbol, priceRaw: '100.004', price: '100.00' } : undefined),
    useLiveAccount: () => ({
      version: 1,
      authorized: true,
      statusCount: 0,
      lastStatus: null,
      balances: balances.map((b) => ({ ...b, frozen: '0' })),
    }),
    ...more,
  };
}

/** SPOT-13: the form's wait after a refusal by the order limit, set by a test (0: no wait). */
export const limitWait = { seconds: 0 };

/** useOrderLimit() as the tests set it: `limitWait.seconds`, no rule refused. */
export const useTestOrderLimit = () => ({ seconds: limitWait.seconds, refusedBy: () => false });

/** An order form's tests in English with its namespace; after each, no order-limit wait and nobody signed in. */
export function setUpFormTests(ns: 'trade' | 'futures') {
  beforeAll(async () => {
    await setLanguage('en', { persist: false });
    await loadNamespaces([ns, 'market']);
  });
  afterEach(() => {
    limitWait.seconds = 0;
    Object.assign(session, { token: '', isSign: false, userInfo: null });
  });
}

/** The test user (uid u1) signs in. */
export const signIn = () => Object.assign(session, { token: 't', isSign: true, userInfo: { uid: 'u1' } as UserInfo });

/** A form's markup, in a router (a visitor's side is a link to sign in). */
export const markupOf = (form: ReactElement) => renderToStaticMarkup(<MemoryRouter>{form}</MemoryRouter>);

/**
 * Every development route of the server (SAFE-1, SAFE-2): the mailbox and the `/api/_test/*` switches. A test on
 * a development server checks this list is complete (its route table has exactly these), and the production tests
 * walk it: each answers 404 there.
 */
export const TEST_SWITCH_ROUTES: readonly [method: 'GET' | 'POST', path: string][] = [
  ['GET', '/api/_test/outbox'],
  ['POST', '/api/_test/expireTokens'],
  ['POST', '/api/_test/kycReview'],
  ['POST', '/api/_test/delaySpotReply'],
  ['POST', '/api/_test/delayWithdrawReply'],
  ['POST', '/api/_test/ws/drop'],
  ['POST', '/api/_test/ws/garbage'],
  ['POST', '/api/_test/ws/skip'],
  ['POST', '/api/_test/ws/silence'],
  ['GET', '/api/_test/ws/subscriptions'],
  ['POST', '/api/_test/clock/advance'],
  ['GET', '/api/_test/slow'],
  ['GET', '/api/_test/slow/inflight'],
  ['POST', '/api/_test/core/failNextPost'],
  ['GET', '/api/_test/core/state'],
];

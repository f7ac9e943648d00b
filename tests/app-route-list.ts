/**
 * The routes of spec 2.1 and 2.4, for the browser test that visits all of them (tests/app-walk.test.ts).
 * Parameterised paths carry a sample id that exists in the seeded data: the help articles are seeded with ids
 * 101 to 106 (server/src/seed/content.ts), so the sample article is 101.
 */

/** Spec 2.1 (path = name), with sample ids for the parameterised ones. */
export const ROUTES_2_1 = [
  '/',
  '/lr',
  '/login',
  '/register',
  '/forget',
  '/setpwd',
  '/recharge',
  '/withdraw',
  '/fund-password',
  '/withdrawDeposit',
  '/flashExchange',
  '/exchange',
  '/invaite',
  '/store',
  '/flash',
  '/contract',
  '/trade',
  '/flashOption',
  '/finance',
  '/wallet',
  '/search',
  '/termService',
  '/help',
  '/helpDetail/101',
  '/about',
  '/langList',
  '/download',
  '/finance/subscribe/1',
  '/cashflow',
  '/proxy',
  '/proxy/records',
  '/proxy/earnings',
  '/changePassword',
  '/emailAuthentication',
  '/floworder',
  '/floworder/confirm/1',
  '/floworder/mine',
  '/floworder/apply',
  '/userauth',
  '/message',
  '/message/detail',
  '/phoneAuth',
] as const;

/** Spec 2.4 (default navigation configuration). */
export const ROUTES_2_4 = [
  '/',
  '/proxy',
  '/trade',
  '/option',
  '/assets',
  '/welfare',
  '/invite',
  '/extend',
  '/primary',
  '/advanced',
  '/follow',
  '/recharge',
] as const;

/** Every route of 2.1 and 2.4, each once, in the order above. */
export const ALL_ROUTES: readonly string[] = [...new Set<string>([...ROUTES_2_1, ...ROUTES_2_4])];

/** PUB-1: the public market pages a visitor opens without an account. */
export const PUBLIC_MARKET_PATHS: readonly string[] = [
  '/store',
  '/search',
  '/trade',
  '/contract',
  '/flash',
  '/flashOption',
  '/option',
  '/help',
  '/helpDetail/101',
  '/about',
  '/termService',
  '/download',
  '/langList',
];

/**
 * The paths that pass the guard signed out: the seed's five (GUARD-1) and the public market pages (PUB-1); every
 * other route lands on `/lr` carrying itself as `redirect` (PUB-2).
 */
export const OPEN_PATHS: readonly string[] = ['/', '/lr', '/login', '/register', '/forget', ...PUBLIC_MARKET_PATHS];

/** GUARD-5: signed in, these entry screens send the visitor on; on a fresh page load that is home. */
export const SIGNED_IN_ENTRY_PATHS: readonly string[] = ['/lr', '/login', '/register'];

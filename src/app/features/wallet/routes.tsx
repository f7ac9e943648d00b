/**
 * The wallet area's routes (spec 2.1, 2.4): later issues' screens, "coming soon" until then. "My" (/wallet) is the
 * account hub until balances arrive (LAYOUT-4): the account feature's screen, with the account namespace.
 */
import { placeholder, type RouteDef } from '../routeDef';
import { WALLET_PATHS } from './paths';

export const WALLET_ROUTES: readonly RouteDef[] = [
  { path: WALLET_PATHS.recharge, load: placeholder('recharge'), ns: [] },
  { path: WALLET_PATHS.withdraw, load: placeholder('withdraw'), ns: [] },
  { path: WALLET_PATHS.withdrawDeposit, load: placeholder('withdrawDeposit'), ns: [] },
  { path: WALLET_PATHS.flashExchange, load: placeholder('flashExchange'), ns: [] },
  { path: WALLET_PATHS.exchange, load: placeholder('exchange'), ns: [] },
  { path: WALLET_PATHS.wallet, load: () => import('../account/screens/MyScreen'), ns: ['account'] },
  { path: WALLET_PATHS.cashflow, load: placeholder('cashflow'), ns: [] },
  { path: WALLET_PATHS.assets, load: placeholder('assets'), ns: [] },
];

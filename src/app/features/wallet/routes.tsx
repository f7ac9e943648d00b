/**
 * The wallet area's routes (spec 2.1, 2.4). "My" (/wallet) is the assets overview with the account hub
 * (LAYOUT-4, WAL-1), /assets the assets page (NAV-5); both show the account feature's parts, so they load its
 * namespace too. /flashExchange and /exchange are one screen, the flash exchange (FX-6); /cashflow the financial
 * records (REC-4). Deposit and withdraw are later screens, "coming soon" until then.
 */
import { placeholder, type RouteDef } from '../routeDef';
import { WALLET_PATHS } from './paths';

export const WALLET_ROUTES: readonly RouteDef[] = [
  { path: WALLET_PATHS.recharge, load: () => import('./screens/RechargeScreen'), ns: ['wallet'] },
  { path: WALLET_PATHS.withdraw, load: placeholder('withdraw'), ns: [] },
  { path: WALLET_PATHS.withdrawDeposit, load: placeholder('withdrawDeposit'), ns: [] },
  { path: WALLET_PATHS.flashExchange, load: () => import('./screens/FlashExchangeScreen'), ns: ['wallet'] },
  { path: WALLET_PATHS.exchange, load: () => import('./screens/FlashExchangeScreen'), ns: ['wallet'] },
  { path: WALLET_PATHS.wallet, load: () => import('./screens/WalletScreen'), ns: ['wallet', 'account'] },
  { path: WALLET_PATHS.cashflow, load: () => import('./screens/CashflowScreen'), ns: ['wallet'] },
  { path: WALLET_PATHS.assets, load: () => import('./screens/AssetsScreen'), ns: ['wallet'] },
];

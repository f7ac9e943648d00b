/**
 * The wallet area's routes (spec 2.1, 2.4). "My" (/wallet) is the assets overview with the account hub
 * (LAYOUT-4, WAL-1), /assets the assets page (NAV-5); both show the account feature's parts, so they load its
 * namespace too. /flashExchange and /exchange are one screen, the flash exchange (FX-6); /cashflow the financial
 * records (REC-4); /recharge deposits (DEP-9), /withdraw and /withdrawDeposit withdrawals and their records
 * (WDR-16, WDR-17).
 */
import type { RouteDef } from '../routeDef';
import { WALLET_PATHS } from './paths';

export const WALLET_ROUTES: readonly RouteDef[] = [
  { path: WALLET_PATHS.recharge, load: () => import('./screens/RechargeScreen'), ns: ['wallet', 'welfare'] },
  // The code field's send button and development hint are the account feature's parts (their strings).
  { path: WALLET_PATHS.withdraw, load: () => import('./screens/WithdrawScreen'), ns: ['wallet', 'account'] },
  { path: WALLET_PATHS.withdrawDeposit, load: () => import('./screens/WithdrawDepositScreen'), ns: ['wallet'] },
  { path: WALLET_PATHS.flashExchange, load: () => import('./screens/FlashExchangeScreen'), ns: ['wallet'] },
  { path: WALLET_PATHS.exchange, load: () => import('./screens/FlashExchangeScreen'), ns: ['wallet'] },
  { path: WALLET_PATHS.wallet, load: () => import('./screens/WalletScreen'), ns: ['wallet', 'account', 'welfare'] },
  { path: WALLET_PATHS.cashflow, load: () => import('./screens/CashflowScreen'), ns: ['wallet'] },
  { path: WALLET_PATHS.assets, load: () => import('./screens/AssetsScreen'), ns: ['wallet'] },
];

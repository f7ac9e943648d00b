/** A contract pair and a position for the futures screen's tests. */
import type { ContractPair } from '../../../../../shared/schemas/coins';
import { TEST_PAIR_LISTING } from '../../../../../shared/trading/testPair';
import { loadNamespaces, setLanguage } from '../../../../i18n/index';
import { session } from '../../../../state/session';
import { settings } from '../../../../state/settings';

/** BTC/USDT perpetual: 2 price decimals, 0.01 BTC a share, fees 0.1 %, liquidated at 80 % of the margin lost. */
export const TEST_CONTRACT_PAIR: ContractPair = {
  ...TEST_PAIR_LISTING,
  baseScale: 2,
  coinScale: 4,
  closeFee: '0.001',
  openFee: '0.001',
  deliveryDays: 0,
  enable: true,
  enableMarketBuy: true,
  enableMarketSell: true,
  enableOpenBuy: true,
  enableOpenSell: true,
  intervalHour: 8,
  leverage: '5,10,20',
  lossRate: '0.8',
  maxShare: '100000',
  minMargin: '1',
  minShare: '1',
  shareNumber: '0.01',
  usdtRate: '1',
  visible: true,
};

export { testPosition } from '../../../../../shared/trading/testPair';

/** The futures screen's tests start in English with the test pair listed (run it in beforeAll). */
export async function futuresScreenSetUp(): Promise<void> {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['futures', 'market']);
  Object.assign(settings.coins, { contractList: [TEST_CONTRACT_PAIR] });
}

/** Signed out again (run it in afterEach). */
export function signOut(): void {
  Object.assign(session, { token: '', isSign: false, userInfo: null });
}

/** A contract pair and a position for the futures screen's tests. */
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { Position } from '../../../../../shared/schemas/futures';
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

/** An open long of 50 shares (0.5 BTC) at 100 with 10x leverage and 5 USDT margin; `over` changes any field. */
export function testPosition(over: Partial<Position> = {}): Position {
  return {
    id: 9,
    symbol: 'btcusdt',
    side: 'long',
    shares: '50',
    entryPrice: '100.0000',
    margin: '5.000000',
    leverage: 10,
    quantity: '0.5',
    liquidationPrice: '92.00',
    lossRate: '0.8',
    takeProfit: null,
    stopLoss: null,
    closingShares: '0',
    realisedPnl: '0',
    fees: '0',
    funding: '0',
    status: 'open',
    closePrice: null,
    liquidation: null,
    createTime: 1,
    updateTime: 1,
    closeTime: null,
    ...over,
  };
}

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

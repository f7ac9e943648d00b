/** The pairs the rules' and the order forms' tests share. */
import type { SpotPair } from '../schemas/coins';
import type { Position } from '../schemas/futures';
import type { FuturesPair } from './futuresRules';

/** The listing fields every test pair of BTC/USDT has, spot or contract. */
export const TEST_PAIR_LISTING = {
  id: 1,
  symbol: 'btcusdt',
  showSymbol: 'BTC/USDT',
  coin: 'BTC',
  baseCoin: 'USDT',
  customizeFlag: 0,
  market: '',
  amount: '100',
  open: '100',
  coinType: 0,
  logo: '',
  sort: 0,
};

/** A BTC/USDT spot pair for the spot rules' and the order form's tests: 2 price and 4 amount decimals, fee 0.1 %. */
export const TEST_SPOT_PAIR: SpotPair = {
  ...TEST_PAIR_LISTING,
  basePrecision: 2,
  coinPrecision: 4,
  buyMax: '1000000',
  enable: true,
  feeRate: '0.1',
  isDeal: true,
  isShow: true,
  limitedBuy: true,
  limitedSell: true,
  marketBuy: true,
  marketSell: true,
  minSell: '0.001',
  orderMax: '100',
  orderMin: '0.0001',
  sellMin: '0.001',
};

/**
 * A BTC/USDT futures pair for the futures rules' and checks' tests: 2 price decimals, a share of 0.001 BTC,
 * fees 0.1 %, leverage 5 to 100, loss rate 0.8, margin from 10.
 */
export const TEST_FUTURES_PAIR: FuturesPair = {
  coin: 'BTC',
  baseCoin: 'USDT',
  baseScale: 2,
  closeFee: '0.001',
  openFee: '0.001',
  enable: true,
  enableMarketBuy: true,
  enableMarketSell: true,
  enableOpenBuy: true,
  enableOpenSell: true,
  leverage: '5,10,20,50,100',
  lossRate: '0.8',
  maxShare: '1000',
  minMargin: '10',
  minShare: '1',
  shareNumber: '0.001',
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

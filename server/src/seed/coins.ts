/**
 * Builds the rows of the four coin lists (spec 3.4, 9.3) from the coin table: second contracts, spot,
 * contracts and options, every coin against USDT.
 */
import type { ContractPair, OptionPair, SecondCoin, SpotPair, CoinBase } from '../../../src/shared/schemas/coins';
import { SEED_COINS, VOLUME_LOOKUP_COINS, type SeedCoin } from './coinTable';
import { lotScaleOf, maxShareOf, pow10, priceScaleOf, shareNumberOf } from './scales';

export const QUOTE = 'USDT';

/**
 * Spot quantity decimals: 4, DOGE 0 (spec 9.3), fewer for coins under 10 USDT (lotScaleOf: 3 from 1 to 10, 2
 * under 1, ... SHIB and PEPE 0), the lot of the pair's order book (SIM-12).
 */
export function qtyScaleOf(coin: string, price: string): number {
  return lotScaleOf(price, coin === 'DOGE' ? 0 : 4);
}

/** The seeded spot fee: a percent of each fill's total (SPOT rules), 0.1 %. */
export const SPOT_FEE_RATE = '0.1';

function base(c: SeedCoin, i: number, idBase: number): CoinBase {
  return {
    id: idBase + i + 1,
    symbol: `${c.coin}${QUOTE}`.toLowerCase(),
    showSymbol: `${c.coin}/${QUOTE}`,
    coin: c.coin,
    baseCoin: QUOTE,
    customizeFlag: 2,
    market: 'crypto',
    amount: c.price,
    open: c.price,
    coinType: VOLUME_LOOKUP_COINS.includes(c.coin) ? 3 : 1,
    logo: '',
    sort: i + 1,
  };
}

export function secondCoins(coins = SEED_COINS): SecondCoin[] {
  return coins.map((c, i) => ({ ...base(c, i, 1000), showFlag: true, status: true, type: 1 }));
}

export function spotPairs(coins: readonly SeedCoin[] = SEED_COINS): SpotPair[] {
  return coins.map((c, i) => {
    const qty = qtyScaleOf(c.coin, c.price);
    // The smallest order is one lot of the book.
    const min = pow10(-qty);
    return {
      ...base(c, i, 2000),
      basePrecision: priceScaleOf(c.price),
      coinPrecision: qty,
      buyMax: '1000000',
      enable: true,
      feeRate: SPOT_FEE_RATE,
      isDeal: true,
      isShow: true,
      limitedBuy: true,
      limitedSell: true,
      marketBuy: true,
      marketSell: true,
      minSell: min,
      orderMax: '1000000',
      orderMin: min,
      sellMin: min,
    };
  });
}

export function contractPairs(coins = SEED_COINS): ContractPair[] {
  return coins.map((c, i) => ({
    ...base(c, i, 3000),
    baseScale: priceScaleOf(c.price),
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
    leverage: '5,10,20,50,100',
    lossRate: '0.8',
    maxShare: maxShareOf(c.price),
    minMargin: '10',
    minShare: '1',
    shareNumber: shareNumberOf(c.price),
    usdtRate: '1',
    visible: true,
  }));
}

export function optionPairs(coins = SEED_COINS): OptionPair[] {
  return coins.map((c, i) => ({ ...base(c, i, 4000), feeType: 1, feeValue: '1', showFlag: true, status: true }));
}

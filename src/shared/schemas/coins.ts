/**
 * Market entities of spec 3.4: the four coin lists of GET /api/common/getCoinList and the spot pairs of
 * GET /api/symbolmanage/list.
 *
 * Every row carries the per-coin fields the app reads (CoinBase): baseCoin, coin, symbol, showSymbol,
 * customizeFlag (2 = show showSymbol instead of symbol), market ("mt5" keeps the coin's case, otherwise the
 * app lower-cases coin), amount (latest price), open (opening price), coinType (3 = ask the per-coin volume
 * lookup), plus id, logo and sort. Each list adds its own fields.
 */
import { z } from 'zod';
import { Count, Flag, Int, UrlStr } from './common';
import { DecimalStr } from '../money';

export const CoinBase = z.object({
  id: Int,
  /** Lower-case pair code, as on the socket: "btcusdt". */
  symbol: z.string().min(1),
  /** Display form: "BTC/USDT". */
  showSymbol: z.string().min(1),
  coin: z.string().min(1),
  baseCoin: z.string().min(1),
  customizeFlag: z.number().int(),
  market: z.string(),
  /** Latest price (at seed time; live prices come from the socket and the ticker call). */
  amount: DecimalStr,
  /** Opening price. */
  open: DecimalStr,
  coinType: z.number().int(),
  logo: UrlStr,
  sort: Count,
});
export type CoinBase = z.infer<typeof CoinBase>;

/** A second-contract coin (coinList; 3.4 "Coin"). */
export const SecondCoin = CoinBase.extend({
  showFlag: Flag,
  status: Flag,
  /** Kind of coin: 1 crypto, 2 forex/metal, 3 platform coin. */
  type: z.number().int(),
});
export type SecondCoin = z.infer<typeof SecondCoin>;

/** A spot pair (currencyList; 3.4 "Spot pair"). */
export const SpotPair = CoinBase.extend({
  /** Decimals of the price (in baseCoin). */
  basePrecision: Count,
  /** Decimals of quantities of coin (4; 0 for DOGE). */
  coinPrecision: Count,
  buyMax: DecimalStr,
  enable: Flag,
  /** Fee rate in percent. */
  feeRate: DecimalStr,
  isDeal: Flag,
  isShow: Flag,
  limitedBuy: Flag,
  limitedSell: Flag,
  marketBuy: Flag,
  marketSell: Flag,
  minSell: DecimalStr,
  orderMax: DecimalStr,
  orderMin: DecimalStr,
  sellMin: DecimalStr,
});
export type SpotPair = z.infer<typeof SpotPair>;

/** A USDT-margined contract pair (contractList; 3.4 "Contract pair"). */
export const ContractPair = CoinBase.extend({
  baseScale: Count,
  coinScale: Count,
  closeFee: DecimalStr,
  openFee: DecimalStr,
  deliveryDays: Count,
  enable: Flag,
  enableMarketBuy: Flag,
  enableMarketSell: Flag,
  enableOpenBuy: Flag,
  enableOpenSell: Flag,
  /** Funding interval in hours. */
  intervalHour: z.number().int().positive(),
  /** Comma list of leverages, e.g. "5,10,20,50,100". */
  leverage: z.string().regex(/^\d+(,\d+)*$/, 'expected a comma list of integers'),
  lossRate: DecimalStr,
  maxShare: DecimalStr,
  minMargin: DecimalStr,
  minShare: DecimalStr,
  /** Coin amount per share. */
  shareNumber: DecimalStr,
  usdtRate: DecimalStr,
  visible: Flag,
});
export type ContractPair = z.infer<typeof ContractPair>;

/** An option pair (optionList; 3.4 "Option pair"). */
export const OptionPair = CoinBase.extend({
  feeType: z.number().int(),
  feeValue: DecimalStr,
  showFlag: Flag,
  status: Flag,
});
export type OptionPair = z.infer<typeof OptionPair>;

/** `data` of getCoinList. */
export const CoinLists = z.object({
  coinList: z.array(SecondCoin),
  currencyList: z.array(SpotPair),
  contractList: z.array(ContractPair),
  optionList: z.array(OptionPair),
});
export type CoinLists = z.infer<typeof CoinLists>;
export const COIN_LIST_NAMES = ['coinList', 'currencyList', 'contractList', 'optionList'] as const;
export type CoinListName = (typeof COIN_LIST_NAMES)[number];

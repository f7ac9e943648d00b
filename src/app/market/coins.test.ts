import { describe, expect, it } from 'vitest';
import {
  coinCode,
  compareDecimal,
  displaySymbol,
  filterRows,
  homeRows,
  mergeCoinLists,
  needsVolumeLookup,
  shortDecimal,
  sortRows,
  streamSymbol,
  usesShowSymbol,
  type CoinLike,
} from './coins';

const btc: CoinLike = { coin: 'BTC', baseCoin: 'USDT', symbol: 'btcusdt', market: 'binance', sort: 1 };
const eth: CoinLike = { coin: 'ETH', baseCoin: 'USDT', symbol: 'ethusdt', sort: 2 };
const gold: CoinLike = { coin: 'XAUusd', baseCoin: 'USD', symbol: 'XAUusd', market: 'mt5', sort: 3 };

describe('coin display rules (spec 3.4)', () => {
  it('[spec 3.4] customizeFlag 2 means show showSymbol instead of symbol', () => {
    const c = { ...btc, customizeFlag: 2, showSymbol: 'Bitcoin Perp' };
    expect(usesShowSymbol(c)).toBe(true);
    expect(displaySymbol(c)).toBe('Bitcoin Perp');
  });

  it('[spec 3.4] customizeFlag 2 also works when the flag arrives as a string', () => {
    expect(displaySymbol({ ...btc, customizeFlag: '2', showSymbol: 'BTC-X' })).toBe('BTC-X');
  });

  it('[spec 3.4] any other customizeFlag shows the symbol (as BASE/QUOTE)', () => {
    expect(displaySymbol({ ...btc, customizeFlag: 1, showSymbol: 'Bitcoin Perp' })).toBe('BTC/USDT');
    expect(displaySymbol({ ...btc, customizeFlag: undefined })).toBe('BTC/USDT');
  });

  it('[spec 3.4] customizeFlag 2 with an empty showSymbol falls back to the symbol', () => {
    expect(displaySymbol({ ...btc, customizeFlag: 2, showSymbol: ' ' })).toBe('BTC/USDT');
  });

  it('[spec 3.4] market mt5 keeps the coin case', () => {
    expect(coinCode(gold)).toBe('XAUusd');
    expect(streamSymbol(gold)).toBe('XAUusd');
    expect(displaySymbol(gold)).toBe('XAUusd/USD');
  });

  it('[spec 3.4] market other than mt5 lower-cases the coin', () => {
    expect(coinCode(btc)).toBe('btc');
    expect(coinCode({ coin: 'DOGE' })).toBe('doge');
    expect(streamSymbol({ coin: 'DOGE', baseCoin: 'USDT', market: 'huobi' })).toBe('dogeusdt');
    expect(streamSymbol({ coin: 'SOL', baseCoin: 'USDT', symbol: 'SOL/USDT' })).toBe('solusdt');
  });

  it('[spec 3.4] market "MT5" in another case still counts as mt5', () => {
    expect(coinCode({ coin: 'EURusd', market: 'MT5' })).toBe('EURusd');
  });

  it('[spec 3.4] coinType 3 triggers the extra volume lookup; other types do not', () => {
    expect(needsVolumeLookup({ ...btc, coinType: 3 })).toBe(true);
    expect(needsVolumeLookup({ ...btc, coinType: '3' })).toBe(true);
    expect(needsVolumeLookup({ ...btc, coinType: 1 })).toBe(false);
    expect(needsVolumeLookup(btc)).toBe(false);
  });
});

describe('merging the four coin lists (spec 3.4)', () => {
  const lists = {
    coinList: [eth, btc],
    currencyList: [btc, { ...eth, coinType: 3 }],
    contractList: [{ ...btc, customizeFlag: 2, showSymbol: 'BTC-PERP' }],
    optionList: [gold],
  };

  it('[spec 3.4] the lists are coinList, currencyList, contractList, optionList, each in its sort order', () => {
    const rows = mergeCoinLists(lists);
    expect(rows.map((r) => r.key)).toEqual([
      'coinList:btcusdt',
      'coinList:ethusdt',
      'currencyList:btcusdt',
      'currencyList:ethusdt',
      'contractList:btcusdt',
      'optionList:XAUusd',
    ]);
    expect(rows[3].volumeLookup).toBe(true);
    expect(rows[4].display).toBe('BTC-PERP');
  });

  it('[NUM-2] a row carries its pair price decimals, from the spot or contract pair when it has none', () => {
    const spot = { ...btc, basePrecision: 2 };
    const rows = mergeCoinLists({
      coinList: [btc, eth],
      currencyList: [spot],
      contractList: [{ ...eth, baseScale: 3 }],
    });
    expect(rows.map((r) => `${r.key}=${r.priceDecimals}`)).toEqual([
      'coinList:btcusdt=2',
      'coinList:ethusdt=3',
      'currencyList:btcusdt=2',
      'contractList:ethusdt=3',
    ]);
  });

  it('[spec 3.4] one list alone, duplicates in a list kept once, missing lists tolerated', () => {
    const rows = mergeCoinLists({ coinList: [btc, btc, eth], currencyList: null }, ['coinList', 'currencyList']);
    expect(rows.map((r) => r.symbol)).toEqual(['btcusdt', 'ethusdt']);
  });

  it('filters by base, quote or pair, ignoring case and separators', () => {
    const rows = mergeCoinLists(lists);
    expect(filterRows(rows, 'eth').map((r) => r.key)).toEqual(['coinList:ethusdt', 'currencyList:ethusdt']);
    expect(filterRows(rows, 'btc/usdt')).toHaveLength(3);
    expect(filterRows(rows, 'perp')).toHaveLength(1);
    expect(filterRows(rows, 'nothing')).toHaveLength(0);
    expect(filterRows(rows, '  ')).toHaveLength(rows.length);
  });
});

describe('sorting', () => {
  const rows = mergeCoinLists({ currencyList: [btc, eth, { coin: 'DOGE', baseCoin: 'USDT', sort: 3 }] });
  const stats = {
    btcusdt: { price: '64000.5', change: '-1.20', volume: '12000' },
    ethusdt: { price: '3200.10', change: '2.5', volume: '120000' },
  };

  it('compares exact decimal strings without floating point', () => {
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('10', '9.999999999999999999')).toBe(1);
    expect(compareDecimal('-2', '-10')).toBe(1);
    expect(compareDecimal('-0', '0')).toBe(0);
    expect(compareDecimal('0.30000000000000000001', '0.3')).toBe(1);
    expect(compareDecimal('abc', '1')).toBe(1);
  });

  it('sorts by price, change and volume both ways; rows without values go last', () => {
    expect(sortRows(rows, 'price', 'desc', stats).map((r) => r.symbol)).toEqual(['btcusdt', 'ethusdt', 'dogeusdt']);
    expect(sortRows(rows, 'price', 'asc', stats).map((r) => r.symbol)).toEqual(['ethusdt', 'btcusdt', 'dogeusdt']);
    expect(sortRows(rows, 'change', 'asc', stats).map((r) => r.symbol)).toEqual(['btcusdt', 'ethusdt', 'dogeusdt']);
    expect(sortRows(rows, 'volume', 'desc', stats).map((r) => r.symbol)).toEqual(['ethusdt', 'btcusdt', 'dogeusdt']);
  });

  it('sorts by name and keeps list order without a key', () => {
    expect(sortRows(rows, 'name', 'asc').map((r) => r.base)).toEqual(['BTC', 'DOGE', 'ETH']);
    expect(sortRows(rows, 'name', 'desc').map((r) => r.base)).toEqual(['ETH', 'DOGE', 'BTC']);
    expect(sortRows(rows, null, 'asc').map((r) => r.base)).toEqual(['BTC', 'ETH', 'DOGE']);
  });
});

describe('short volume (spec 9.2)', () => {
  it('[spec 9.2] suffixes K, M, B, T above 1e3, 1e6, 1e9, 1e12', () => {
    expect(shortDecimal('999.999')).toBe('999.99');
    expect(shortDecimal('1000')).toBe('1000.00');
    expect(shortDecimal('1000.5')).toBe('1.00K');
    expect(shortDecimal('123456.789')).toBe('123.45K');
    expect(shortDecimal('1234567')).toBe('1.23M');
    expect(shortDecimal('9876543210')).toBe('9.87B');
    expect(shortDecimal('1500000000000')).toBe('1.50T');
    expect(shortDecimal('0.5')).toBe('0.50');
    expect(shortDecimal('x')).toBeUndefined();
  });
});

describe('home coins (spec 3.3 HOME_COIN_SETTING)', () => {
  const lists = { currencyList: [btc, eth], contractList: [gold] };
  it('[spec 3.3] open entries only, by sort, matched to their pair', () => {
    const rows = homeRows(
      [
        { coin: 'ETH', sort: 2, isOpen: true },
        { coin: 'BTC', sort: 1, isOpen: true },
        { coin: 'XAUusd', sort: 3, isOpen: false },
      ],
      lists,
    );
    expect(rows.map((r) => r.key)).toEqual(['currencyList:btcusdt', 'currencyList:ethusdt']);
  });
  it('[spec 3.3] a coin found only in another list, and an unknown coin, still get a row', () => {
    const rows = homeRows(
      [
        { coin: 'xauusd', sort: 1, isOpen: true },
        { coin: 'PEPE', sort: 2, isOpen: true },
      ],
      lists,
    );
    expect(rows.map((r) => r.symbol)).toEqual(['XAUusd', 'pepeusdt']);
    expect(rows[1].display).toBe('PEPE/USDT');
  });
});

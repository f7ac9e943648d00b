import { describe, expect, it } from 'vitest';
import { listTabs } from './listTabs';

const one = [{ coin: 'BTC', baseCoin: 'USDT', symbol: 'btcusdt' }];
const all = { coinList: one, currencyList: one, contractList: one, optionList: one };

describe('markets list tabs (spec 3.4, 2.4)', () => {
  it('[spec 2.4] ordered and filtered by PLAYING_SETTING where the names map to lists', () => {
    const playing = [
      { name: 'BBTrading', isOpen: true, sort: 1 },
      { name: 'Ustandard', isOpen: true, sort: 2 },
      { name: 'SecondContract', isOpen: false, sort: 3 },
    ];
    expect(listTabs(playing, all).map((t) => t.list)).toEqual(['currencyList', 'contractList']);
  });
  it('[spec 3.4] without playing settings: the four lists in order, empty lists left out', () => {
    expect(listTabs([], { ...all, optionList: [] }).map((t) => t.list)).toEqual([
      'coinList',
      'currencyList',
      'contractList',
    ]);
  });
});

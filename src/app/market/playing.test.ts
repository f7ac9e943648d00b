import { describe, expect, it } from 'vitest';
import { modeForPath, tradeHref, tradeModes } from './playing';

describe('trade header tabs (spec 2.4)', () => {
  it('[spec 2.4] Optional (watchlist) is always first, then PLAYING_SETTING by sort', () => {
    const playing = [
      { name: 'Ustandard', isOpen: true, sort: 3 },
      { name: 'SecondContract', isOpen: true, sort: 1 },
      { name: 'BBTrading', isOpen: true, sort: 2 },
    ];
    expect(tradeModes(playing)).toEqual(['Optional', 'SecondContract', 'BBTrading', 'Ustandard']);
  });

  it('[spec 3.3] PLAYING_SETTING entries with isOpen off are not shown; Optional still is', () => {
    const playing = [
      { name: 'SecondContract', isOpen: false, sort: 1 },
      { name: 'BBTrading', isOpen: true, sort: 2 },
      { name: 'Option', isOpen: false, sort: 4 },
    ];
    expect(tradeModes(playing)).toEqual(['Optional', 'BBTrading']);
    expect(tradeModes(playing.map((p) => ({ ...p, isOpen: false })))).toEqual(['Optional']);
  });

  it('without settings every mode shows in the default order', () => {
    expect(tradeModes(undefined)).toEqual(['Optional', 'SecondContract', 'BBTrading', 'Ustandard', 'Option']);
  });

  it('[spec 2.1, 2.4] routes map to modes; /trade?componentName=2 is futures', () => {
    const q = (s = '') => new URLSearchParams(s);
    expect(modeForPath('/flash', q())).toBe('SecondContract');
    expect(modeForPath('/flashOption', q())).toBe('Option');
    expect(modeForPath('/contract', q())).toBe('Ustandard');
    expect(modeForPath('/trade', q())).toBe('BBTrading');
    expect(modeForPath('/trade', q('componentName=2'))).toBe('Ustandard');
  });

  it('rows open the trade route of their list', () => {
    expect(tradeHref('coinList', 'btcusdt')).toBe('/flash?symbol=btcusdt');
    expect(tradeHref('currencyList', 'ethusdt')).toBe('/trade?symbol=ethusdt');
    expect(tradeHref('contractList', 'ethusdt')).toBe('/contract?symbol=ethusdt');
    expect(tradeHref('optionList', 'XAUusd')).toBe('/flashOption?symbol=XAUusd');
  });
});

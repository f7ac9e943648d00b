import { describe, expect, it } from 'vitest';
import { BOTTOM_MENU, MIDDLE_MENU, TAB_BAR, activeTabKey, showsTabBar } from './navConfig';

describe('[spec 2.2] tab bar', () => {
  it('[spec 2.2] five entries: home, store, trade (/flash), finance, my (/wallet)', () => {
    expect(TAB_BAR.map((t) => [t.key, t.path])).toEqual([
      ['home', '/'],
      ['store', '/store'],
      ['trade', '/flash'],
      ['finance', '/finance'],
      ['my', '/wallet'],
    ]);
  });

  it('[NAV-2] visible only on /, /store, /flash, /contract, /wallet, /trade, /flashOption, /finance', () => {
    for (const p of [
      '/',
      '/store',
      '/flash',
      '/contract',
      '/wallet',
      '/trade',
      '/flashOption',
      '/finance',
      '/store/',
      '/trade?componentName=2',
    ])
      expect(showsTabBar(p), p).toBe(true);
    for (const p of ['/finance/subscribe/1', '/search', '/langList', '/lr', '/wallet/x', '/storex', '/help'])
      expect(showsTabBar(p), p).toBe(false);
  });

  it('[spec 2.2] the trade tab is highlighted on every trade screen', () => {
    expect(activeTabKey('/contract')).toBe('trade');
    expect(activeTabKey('/flashOption')).toBe('trade');
    expect(activeTabKey('/wallet')).toBe('my');
    expect(activeTabKey('/help')).toBeUndefined();
  });
});

describe('[spec 2.4] menus', () => {
  it('[spec 2.4] bottom menu: home, trade, option, follow, proxy (hidden by default), assets', () => {
    expect(BOTTOM_MENU.map((e) => e.key)).toEqual(['home', 'trade', 'option', 'follow', 'proxy', 'assets']);
    expect(BOTTOM_MENU.filter((e) => !e.isOpen).map((e) => e.key)).toEqual(['proxy']);
  });

  it('[spec 2.4] middle menu: trade, recharge, proxy, futures (/trade?componentName=2), option', () => {
    expect(MIDDLE_MENU.map((e) => e.path)).toEqual([
      '/trade',
      '/recharge',
      '/proxy',
      '/trade?componentName=2',
      '/option',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/shared/defaultSettings';
import { AllSettings } from '../../../src/shared/schemas/settings';
import { CoinLists } from '../../../src/shared/schemas/coins';
import { migratedMemoryDb } from '../testing/fixtures';
import { readCoinLists } from '../market/coinStore';
import { readAllSettings } from '../db/settingsStore';
import { SEED_COINS } from './coinTable';
import { seedDatabase } from './index';
import { maxShareOf, pow10, priceScaleOf, shareNumberOf } from './scales';
import { seedSettings } from './settings';

describe('[spec 9.3] built-in default settings', () => {
  it('validate against the settings schema', () => {
    const r = AllSettings.safeParse(DEFAULT_SETTINGS);
    expect(r.success, JSON.stringify(r.error?.issues.slice(0, 3))).toBe(true);
  });
  it('[spec 9.1] flag zh as the default language; 13 of 16 languages enabled', () => {
    expect(DEFAULT_SETTINGS.languageList.filter((l) => l.isDefault === 'Y').map((l) => l.dictValue)).toEqual(['zh']);
    expect(DEFAULT_SETTINGS.languageList).toHaveLength(16);
    expect(DEFAULT_SETTINGS.languageList.filter((l) => l.status)).toHaveLength(13);
  });
  it('[spec 9.3] carry the channel values of 9.3', () => {
    const ch = Object.fromEntries(DEFAULT_SETTINGS.WITHDRAWAL_CHANNEL_SETTING.map((c) => [c.rechargeName, c]));
    expect(ch['USDT-ERC20']).toMatchObject({
      fee: '3',
      dayWithdrawalNum: 5,
      withdrawalMax: '1000000',
      withdrawalMix: '1',
    });
    expect(ch['USDT-TRC20']).toMatchObject({ ratio: '10', dayWithdrawalNum: 10, withdrawalMix: '12' });
    expect(ch.ETH).toMatchObject({ ratio: '0.1', withdrawalMix: '0.000001', freeNum: 3 });
    expect(ch.BTC).toMatchObject({ fee: '1' });
    expect(ch.BANK).toMatchObject({ rechargeType: 'cny', type: 1, ratio: '0.1', freeNum: 3, withdrawalMix: '1' });
    expect(DEFAULT_SETTINGS.VIP_LEVEL_SETTING).toMatchObject({
      isOpen: false,
      vip0Start: '0',
      vip0End: '100',
      vip6Start: '20001',
      vip6End: '50000',
    });
    expect(DEFAULT_SETTINGS.FINANCIAL_REBATE_SETTING).toEqual({
      isOpen: false,
      oneRatio: '1',
      twoRatio: '2',
      threeRatio: '3',
    });
  });
});

describe('[DB-3] seed', () => {
  it('the reference seed validates and flags en default (operator choice, README)', () => {
    const s = seedSettings();
    expect(AllSettings.safeParse(s).success).toBe(true);
    expect(s.languageList.filter((l) => l.isDefault === 'Y').map((l) => l.dictValue)).toEqual(['en']);
  });

  it('fills an empty database once; a second run changes nothing', async () => {
    const db = await migratedMemoryDb();
    const first = seedDatabase(db);
    expect(first).toEqual(
      expect.arrayContaining([
        'languages',
        'time_zones',
        'coinList',
        'currencyList',
        'contractList',
        'optionList',
        'notices',
        'rules',
      ]),
    );
    const snapshot = JSON.stringify([readAllSettings(db), readCoinLists(db)]);
    expect(seedDatabase(db)).toEqual([]);
    expect(JSON.stringify([readAllSettings(db), readCoinLists(db)])).toBe(snapshot);
    db.close();
  });

  it('adds only a setting key that is missing, keeping the others as the operator left them', async () => {
    const db = await migratedMemoryDb();
    seedDatabase(db);
    db.prepare("UPDATE settings SET value = json_set(value, '$.credits', 99) WHERE key = 'LOGIN_REGIS_SETTING'").run();
    db.prepare("DELETE FROM settings WHERE key = 'AUTH_LIMIT'").run();
    expect(seedDatabase(db)).toEqual(['settings(1)']);
    const s = readAllSettings(db);
    expect(s.LOGIN_REGIS_SETTING.credits).toBe(99);
    expect(s.AUTH_LIMIT.primaryLimit).toBe('1.001');
    db.close();
  });

  it('[spec 3.4] 50 well-known coins against USDT in all four lists, valid against the schemas', async () => {
    const db = await migratedMemoryDb();
    seedDatabase(db);
    const lists = CoinLists.parse(readCoinLists(db));
    for (const rows of Object.values(lists)) {
      expect(rows).toHaveLength(50);
      expect(new Set(rows.map((r) => r.symbol)).size).toBe(50);
      for (const r of rows) expect(r.baseCoin).toBe('USDT');
    }
    expect(SEED_COINS.slice(0, 10).map((c) => c.coin)).toEqual([
      'BTC',
      'ETH',
      'BNB',
      'SOL',
      'XRP',
      'DOGE',
      'ADA',
      'TRX',
      'AVAX',
      'LINK',
    ]);
    db.close();
  });

  it('a stored setting that no longer validates falls back to the default for that key, others untouched', async () => {
    const db = await migratedMemoryDb();
    seedDatabase(db);
    db.prepare("UPDATE settings SET value = '{\"oops\":1}' WHERE key = 'TRADER_SETTING'").run();
    const warnings: object[] = [];
    const s = readAllSettings(db, { warn: (o) => warnings.push(o) });
    expect(s.TRADER_SETTING.shareRate).toBe('0.2');
    expect(warnings).toHaveLength(1);
    expect(AllSettings.safeParse(s).success).toBe(true);
    db.close();
  });
});

describe('[h1] price and size scales by magnitude, exact', () => {
  it('BTC 2, DOGE 5, SHIB 8 price decimals', () => {
    expect(priceScaleOf('67250.50')).toBe(2);
    expect(priceScaleOf('0.12345')).toBe(5);
    expect(priceScaleOf('0.00002345')).toBe(8);
    expect(priceScaleOf('6.85')).toBe(4);
  });
  it('every seeded price is exact at its own scale', () => {
    for (const c of SEED_COINS) {
      const decimals = c.price.split('.')[1]?.length ?? 0;
      expect(decimals, c.coin).toBeLessThanOrEqual(priceScaleOf(c.price));
    }
  });
  it('powers of ten, share sizes and max shares', () => {
    expect(pow10(3)).toBe('1000');
    expect(pow10(-3)).toBe('0.001');
    expect(shareNumberOf('67250.50')).toBe('0.001');
    expect(shareNumberOf('0.00002345')).toBe('1000000');
    expect(maxShareOf('67250.50')).toBe('1000');
    expect(maxShareOf('0.5')).toBe('1000000');
  });
});

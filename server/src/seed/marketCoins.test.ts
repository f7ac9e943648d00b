import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { CoinLists } from '../../../src/shared/schemas/coins';
import { migratedMemoryDb } from '../testing/fixtures';
import { readCoinLists } from '../market/coinStore';
import { SEED_COINS } from './coinTable';
import { seedDatabase } from './index';
import { marketCoins } from './marketCoins';
import { priceScaleOf } from './scales';

describe('[SRV-11] MARKET_COINS: generated spot coins', () => {
  it("the first coins are the table's; the rest are deterministic for MARKET_SEED, and another seed gives others", () => {
    const a = marketCoins(200, 42);
    expect(a).toHaveLength(200);
    expect(a.slice(0, 50)).toEqual(SEED_COINS);
    expect(marketCoins(200, 42)).toEqual(a);
    expect(marketCoins(200, 43).slice(50)).not.toEqual(a.slice(50));
    expect(marketCoins(120, 42)).toEqual(a.slice(0, 120));
    expect(marketCoins(10, 42)).toEqual(SEED_COINS.slice(0, 10));
  });

  it('codes are unique letters (never a flood pair SIMnn), prices positive with the scale of their magnitude', () => {
    const coins = marketCoins(1000, 7);
    expect(new Set(coins.map((c) => c.coin)).size).toBe(1000);
    const scales = new Set<number>();
    for (const c of coins.slice(50)) {
      expect(c.coin).toMatch(/^[A-Z]{3,5}$/);
      expect(c.name).toMatch(/^[A-Z][a-z]+ [A-Za-z]+$/);
      expect(new Decimal(c.price).gt(0)).toBe(true);
      const decimals = c.price.split('.')[1]?.length ?? 0;
      expect(decimals, c.price).toBe(priceScaleOf(c.price));
      scales.add(decimals);
    }
    expect([...scales].sort()).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('[spec 3.4] the seed writes N spot pairs valid against the coin list schemas; the other lists keep 50', async () => {
    const db = await migratedMemoryDb();
    seedDatabase(db, undefined, Date.now(), marketCoins(200, 42));
    const lists = CoinLists.parse(readCoinLists(db));
    expect(lists.currencyList).toHaveLength(200);
    expect(new Set(lists.currencyList.map((r) => r.symbol)).size).toBe(200);
    expect(lists.currencyList.map((r) => r.sort)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    for (const list of ['coinList', 'contractList', 'optionList'] as const) expect(lists[list]).toHaveLength(50);
    db.close();
  });

  it('a larger MARKET_COINS on a seeded database adds the missing generated coins only, with free ids', async () => {
    const db = await migratedMemoryDb();
    seedDatabase(db, undefined, Date.now(), marketCoins(50, 42));
    // An operator's own pair holding the id the next generated coin would get.
    db.prepare(
      "INSERT INTO coin_spot (id, symbol, showSymbol, coin, baseCoin, market, amount, open, basePrecision, coinPrecision, buyMax, feeRate, minSell, orderMax, orderMin, sellMin) VALUES (2051, 'ownusdt', 'OWN/USDT', 'OWN', 'USDT', 'crypto', '1.00', '1.00', 2, 4, '1', '0', '1', '1', '1', '1')",
    ).run();
    expect(seedDatabase(db, undefined, Date.now(), marketCoins(120, 42))).toEqual(['currencyList(+70)']);
    expect(seedDatabase(db, undefined, Date.now(), marketCoins(120, 42))).toEqual([]);
    expect(seedDatabase(db, undefined, Date.now(), marketCoins(20, 42))).toEqual([]); // nothing is removed
    const spot = CoinLists.parse(readCoinLists(db)).currencyList;
    expect(spot).toHaveLength(121);
    expect(spot.find((r) => r.symbol === 'ownusdt')?.id).toBe(2051);
    db.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketApi } from '../../../src/shared/api/market';
import { Candle, PriceInfo, Trade } from '../../../src/shared/protocol';
import { CoinLists, SpotPair } from '../../../src/shared/schemas/coins';
import { startTestServer, type TestServer } from '../testing/harness';

let ex: TestServer;
beforeAll(async () => {
  ex = await startTestServer({ env: { MARKET_COINS: '200', MARKET_SEED: '42' } });
}, 60_000);
afterAll(async () => {
  await ex?.stop();
});

describe('[SRV-11] MARKET_COINS=200: a 200-coin spot market', () => {
  it('[spec 3.4] getCoinList has 200 spot pairs (the 50 listed first) and 50 in the other lists, all valid', async () => {
    const { body } = await ex.get(marketApi.getCoinList.path);
    expect(body.code).toBe(200);
    const lists = CoinLists.parse(body.data);
    expect(lists.currencyList).toHaveLength(200);
    expect(lists.currencyList[0].symbol).toBe('btcusdt');
    for (const list of ['coinList', 'contractList', 'optionList'] as const) expect(lists[list]).toHaveLength(50);
  });

  it('[spec 3.4] symbolList sorted by live price lists the 200 valid pairs; every generated pair trades', async () => {
    const { body } = await ex.get(`${marketApi.symbolList.path}?isAsc=desc&orderByColumn=amount`);
    expect(body.code).toBe(200);
    const rows = SpotPair.array().parse(body.data);
    expect(rows).toHaveLength(200);
    const tickers = (await ex.get(marketApi.tickers.path)).body.data as Record<string, unknown>;
    for (const r of rows) expect(PriceInfo.safeParse(tickers[r.symbol]).success, r.symbol).toBe(true);
  });

  it('a generated pair answers price, ticker, trades and 1m history paged back 5,000+ candles', async () => {
    const spot = CoinLists.parse((await ex.get(marketApi.getCoinList.path)).body.data).currencyList;
    const last = spot[spot.length - 1];
    const price = await ex.post(`${marketApi.getMt5Amount.path}?coin=${last.coin}`);
    expect([price.body.code, typeof price.body.data]).toEqual([200, 'string']);
    expect(
      PriceInfo.safeParse((await ex.get(`${marketApi.ticker.path}?symbol=${last.symbol}`)).body.data).success,
    ).toBe(true);
    expect(
      Trade.array().safeParse((await ex.get(`${marketApi.trades.path}?symbol=${last.symbol}&limit=50`)).body.data)
        .success,
    ).toBe(true);
    const times: number[] = [];
    for (let end = ''; ;) {
      const { body } = await ex.get(`${marketApi.kline.path}?symbol=${last.symbol}&interval=1m&limit=2000${end}`);
      const page = Candle.array().parse(body.data);
      if (page.length === 0) break;
      times.unshift(...page.map((c) => c.t));
      end = `&endTime=${page[0].t}`;
    }
    expect(times.length).toBeGreaterThanOrEqual(5500);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(60_000);
  });
});

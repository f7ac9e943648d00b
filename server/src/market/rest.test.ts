import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { marketApi } from '../../../src/shared/api/market';
import { envelope } from '../../../src/shared/api/envelope';
import { SETTING_KEYS } from '../../../src/shared/schemas/settings';
import {
  COIN_LIST_NAMES,
  CoinLists,
  ContractPair,
  OptionPair,
  SecondCoin,
  SpotPair,
} from '../../../src/shared/schemas/coins';
import { startTestServer, type TestServer } from '../testing/harness';
import Decimal from 'decimal.js';
import { SEED_COINS } from '../seed/coinTable';

/** Spec 3.3: every platform setting key. */
const SPEC_33_KEYS = [
  'LOGIN_REGIS_SETTING',
  'PLAYING_SETTING',
  'MING_SETTLEMENT_SETTING',
  'SUPPORT_STAFF_SETTING',
  'MARKET_URL',
  'LOGO_SETTING',
  'WITHDRAWAL_SETTING',
  'WITHDRAWAL_CHANNEL_SETTING',
  'HOME_COIN_SETTING',
  'DOWNLOAD_SETTING',
  'TAB_SETTING',
  'VIP_LEVEL_SETTING',
  'timeZone',
  'FINANCIAL_REBATE_SETTING',
  'AUTH_LIMIT',
  'VIP_DIRECTIONS_SETTING',
  'languageList',
  'TRADER_SETTING',
  'ASSET_COIN',
  'DEFI_INCOME_SETTING',
];

/** Spec 3.4: fields per list (common per-coin fields plus the list's own). */
const COMMON_FIELDS = [
  'baseCoin',
  'coin',
  'symbol',
  'showSymbol',
  'customizeFlag',
  'market',
  'amount',
  'open',
  'coinType',
];
const LIST_FIELDS: Record<string, string[]> = {
  coinList: [
    'amount',
    'baseCoin',
    'coin',
    'coinType',
    'id',
    'logo',
    'market',
    'open',
    'showFlag',
    'showSymbol',
    'sort',
    'status',
    'symbol',
    'type',
  ],
  currencyList: [
    'basePrecision',
    'buyMax',
    'coinPrecision',
    'enable',
    'feeRate',
    'isDeal',
    'isShow',
    'limitedBuy',
    'limitedSell',
    'marketBuy',
    'marketSell',
    'minSell',
    'orderMax',
    'orderMin',
    'sellMin',
  ],
  contractList: [
    'amount',
    'baseCoin',
    'baseScale',
    'closeFee',
    'coin',
    'coinScale',
    'deliveryDays',
    'enable',
    'enableMarketBuy',
    'enableMarketSell',
    'enableOpenBuy',
    'enableOpenSell',
    'id',
    'intervalHour',
    'leverage',
    'logo',
    'lossRate',
    'market',
    'maxShare',
    'minMargin',
    'minShare',
    'open',
    'openFee',
    'shareNumber',
    'showSymbol',
    'sort',
    'symbol',
    'usdtRate',
    'visible',
  ],
  optionList: ['feeType', 'feeValue', 'showFlag', 'status'],
};

let ex: TestServer;
beforeAll(async () => {
  ex = await startTestServer();
});
afterAll(async () => {
  await ex?.stop();
});

/** Sample inputs for every endpoint of marketApi. */
const SAMPLES: Record<keyof typeof marketApi, Record<string, string>> = {
  getAllSetting: {},
  getCoinList: {},
  symbolList: { isAsc: 'desc', orderByColumn: 'amount' },
  getMt5Amount: { coin: 'BTC' },
  coinVolume: { symbol: 'pepeusdt' },
  noticeList: { key: 'NOTICE' },
  rulesList: { key: 'ABOUT' },
  kline: { symbol: 'btcusdt', interval: '1m', limit: '100' },
  ticker: { symbol: 'ethusdt' },
  tickers: {},
  trades: { symbol: 'dogeusdt', limit: '50' },
};

async function call(key: keyof typeof marketApi, params: Record<string, string>, headers?: Record<string, string>) {
  const e = marketApi[key];
  const qs = new URLSearchParams(params).toString();
  const path = qs ? `${e.path}?${qs}` : e.path;
  return e.method === 'GET' ? ex.get(path, headers) : ex.post(path, undefined, headers);
}

describe('[SRV-6] REST replies against their schemas (one contract)', () => {
  for (const key of Object.keys(marketApi) as Array<keyof typeof marketApi>) {
    it(`[spec 5] ${key} answers HTTP 200, code 200 and data matching its schema`, async () => {
      const res = await call(key, SAMPLES[key]);
      expect(res.status).toBe(200);
      const env = envelope(marketApi[key].data as z.ZodTypeAny).parse(res.body);
      expect(env.code).toBe(200);
      const data = (marketApi[key].data as z.ZodTypeAny).safeParse(res.body.data);
      expect(data.success, JSON.stringify(data.error?.issues.slice(0, 3))).toBe(true);
    });
  }
});

describe('[spec 3.3] getAllSetting', () => {
  it('has every setting key of 3.3 plus the 38-zone table', async () => {
    const { body } = await ex.get('/api/common/getAllSetting');
    for (const k of SPEC_33_KEYS) expect(body.data, k).toHaveProperty(k);
    expect(SETTING_KEYS.sort()).toEqual([...SPEC_33_KEYS].sort());
    expect(body.data.timeZoneList).toHaveLength(38);
  });

  it('[spec 4.5] lists 16 languages, 13 enabled, ar enabled, en flagged default by the reference seed', async () => {
    const { body } = await ex.get('/api/common/getAllSetting');
    const langs = body.data.languageList as Array<{ dictValue: string; status: boolean; isDefault: string }>;
    expect(langs.map((l) => l.dictValue).sort()).toEqual([
      'ar',
      'da',
      'de',
      'en',
      'es',
      'fr',
      'it',
      'ja',
      'ko',
      'pl',
      'pt',
      'ru',
      'th',
      'tr',
      'vi',
      'zh',
    ]);
    expect(langs.filter((l) => l.status)).toHaveLength(13);
    expect(
      langs
        .filter((l) => !l.status)
        .map((l) => l.dictValue)
        .sort(),
    ).toEqual(['da', 'pl', 'th']);
    expect(langs.find((l) => l.dictValue === 'ar')?.status).toBe(true);
    expect(langs.filter((l) => l.isDefault === 'Y').map((l) => l.dictValue)).toEqual(['en']);
  });

  it('[spec 4.6] 38 time zones from -12 to +14 with half and three-quarter hours, offset values matching', async () => {
    const { body } = await ex.get('/api/common/getAllSetting');
    const zones = body.data.timeZoneList as Array<{ offSet: string; offSetValue: number }>;
    const values = zones.map((z) => z.offSetValue);
    expect(Math.min(...values)).toBe(-12);
    expect(Math.max(...values)).toBe(14);
    expect(values).toContain(5.5);
    expect(values).toContain(5.75);
    expect(new Set(values).size).toBe(38);
    for (const z of zones) {
      const [h, m] = z.offSet.slice(1).split(':').map(Number);
      expect(z.offSetValue).toBe((z.offSet[0] === '-' ? -1 : 1) * (h + m / 60));
    }
    expect(body.data.timeZone).toEqual({ zoneId: 'Asia/Shanghai', offSet: '+08:00', offSetValue: 8 });
  });

  it('[spec 9.3] carries the 9.3 defaults: credits 80, withdrawal window 11:00-23:00, AUTH_LIMIT 1.001 / 2.002', async () => {
    const { body } = await ex.get('/api/common/getAllSetting');
    const d = body.data;
    expect(d.LOGIN_REGIS_SETTING.credits).toBe(80);
    expect(d.LOGIN_REGIS_SETTING.inviteCodeRequired).toBe(false);
    expect(d.WITHDRAWAL_SETTING).toMatchObject({
      ratio: '10',
      dayWithdrawalNum: 10,
      withdrawalMax: '100000',
      withdrawalMix: '12',
      freeNum: 0,
      limitTime: true,
      limitTimeStart: '11:00:00',
      limitTimeEnd: '23:00:00',
      coinTax: 'usdt',
    });
    expect(d.AUTH_LIMIT).toMatchObject({ primaryLimit: '1.001', seniorLimit: '2.002', isOpenSenior: true });
    expect(d.TRADER_SETTING).toMatchObject({
      shareRate: '0.2',
      maxUserCount: 2500,
      traderMinAmount: '1000',
      highRebate: '40',
    });
    // OPC-8: the seed leaves the support links empty (an operator sets real ones).
    expect(d.SUPPORT_STAFF_SETTING).toEqual([]);
    expect(d.PLAYING_SETTING.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['SecondContract', 'BBTrading', 'Ustandard']),
    );
    const trc = d.ASSET_COIN.find((a: { coinName: string }) => a.coinName === 'USDT-TRC20');
    expect(trc).toMatchObject({ rechargeMin: '1', rechargeMax: '9999999', rechargeNum: 99999 });
  });
});

describe('[spec 3.4] getCoinList', () => {
  it('has 50 coins in each of the four lists, with every field 3.4 names', async () => {
    const { body } = await ex.get('/api/common/getCoinList');
    CoinLists.parse(body.data);
    for (const list of COIN_LIST_NAMES) {
      const rows = body.data[list] as Array<Record<string, unknown>>;
      expect(rows, list).toHaveLength(50);
      for (const r of rows)
        for (const f of [...COMMON_FIELDS, ...LIST_FIELDS[list]]) expect(r, `${list}.${f}`).toHaveProperty(f);
    }
    SecondCoin.parse(body.data.coinList[0]);
    SpotPair.parse(body.data.currencyList[0]);
    ContractPair.parse(body.data.contractList[0]);
    OptionPair.parse(body.data.optionList[0]);
  });

  it('[spec 9.3][SIM-12] contract pairs: leverage 5..100, fees 0.001, minShare 1, 8 h interval, maxShare 1e3..1e6; spot precision 4 (DOGE 0, fewer under 10 USDT), minimums of one lot, fee 0.1 %', async () => {
    const { body } = await ex.get('/api/common/getCoinList');
    for (const c of body.data.contractList) {
      expect(c).toMatchObject({
        leverage: '5,10,20,50,100',
        openFee: '0.001',
        closeFee: '0.001',
        minShare: '1',
        intervalHour: 8,
      });
      expect(Number(c.maxShare)).toBeGreaterThanOrEqual(1e3);
      expect(Number(c.maxShare)).toBeLessThanOrEqual(1e6);
    }
    // The spot amount precision is the book's lot: 4 decimals, DOGE 0, fewer for coins under 10 USDT (SIM-12).
    const listed = new Map(SEED_COINS.map((c) => [c.coin, c.price]));
    for (const s of body.data.currencyList) {
      const price = listed.get(s.coin)!;
      const want = s.coin === 'DOGE' ? 0 : Math.max(0, Math.min(4, new Decimal(price).e + 3));
      expect(s.coinPrecision, s.coin).toBe(want);
      expect([s.orderMin, s.minSell, s.sellMin]).toEqual(Array(3).fill(new Decimal(10).pow(-want).toFixed()));
      expect(s.feeRate).toBe('0.1');
    }
    const cp = (coin: string) => body.data.currencyList.find((s: { coin: string }) => s.coin === coin).coinPrecision;
    expect([cp('BTC'), cp('DOT'), cp('XRP'), cp('DOGE'), cp('SHIB')]).toEqual([4, 3, 2, 0, 0]);
    const btc = body.data.contractList.find((c: { symbol: string }) => c.symbol === 'btcusdt');
    expect(btc.maxShare).toBe('1000');
  });

  it('[spec 3.4] amount is the live price of the market', async () => {
    const { body } = await ex.get('/api/common/getCoinList');
    const t = await ex.get('/api/market/ticker?symbol=btcusdt');
    const btc = body.data.currencyList.find((c: { symbol: string }) => c.symbol === 'btcusdt');
    // Both read the same simulator; the price moves between the two calls, so compare the magnitude.
    expect(Math.abs(Number(btc.amount) / Number(t.body.data.close) - 1)).toBeLessThan(0.05);
  });
});

describe('[spec 7.2] symbolmanage/list', () => {
  /** The list ordered by `column`, ascending or descending. */
  const listBy = async (column: string, isAsc: 'asc' | 'desc') =>
    (await ex.get(`/api/symbolmanage/list?orderByColumn=${column}&isAsc=${isAsc}`)).body.data as Array<{
      sort: number;
      coin: string;
      amount: string;
    }>;

  it('orders by the asked column and direction', async () => {
    const asc = await listBy('sort', 'asc');
    expect(asc[0].coin).toBe('BTC');
    const desc = await listBy('sort', 'desc');
    expect(desc[0].sort).toBe(50);
  });
  it('orders by live price as a number, not as text', async () => {
    const desc = await listBy('amount', 'desc');
    expect(desc[0].coin).toBe('BTC');
    for (let i = 1; i < desc.length; i++)
      expect(Number(desc[i - 1].amount)).toBeGreaterThanOrEqual(Number(desc[i].amount));
    const asc = await listBy('amount', 'asc');
    expect(['PEPE', 'SHIB']).toContain(asc[0].coin);
  });
  it('refuses an unknown column with a message naming orderByColumn', async () => {
    const r = await ex.get('/api/symbolmanage/list?orderByColumn=password');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    expect(r.body.msg).toContain('orderByColumn');
  });
});

describe('[spec 7.3] texts follow the lang header, falling back to English', () => {
  it('[OPC-1] notices in zh, en and ar; a language with no text -> en', async () => {
    const zh = await ex.get('/api/notice/list?key=NOTICE', { lang: 'zh' });
    const en = await ex.get('/api/notice/list?key=NOTICE', { lang: 'en' });
    const ar = await ex.get('/api/notice/list?key=NOTICE', { lang: 'ar' });
    const sw = await ex.get('/api/notice/list?key=NOTICE', { lang: 'sw' });
    expect(zh.body.data.length).toBeGreaterThan(0);
    expect(zh.body.data[0].title).toMatch(/[\u4e00-\u9fff]/);
    expect(en.body.data[0].title).not.toMatch(/[\u4e00-\u9fff]/);
    expect(ar.body.data[0].title).toMatch(/[\u0600-\u06ff]/);
    expect(sw.body.data).toEqual(en.body.data);
  });
  it('notices filter by key and modelKey', async () => {
    const popup = await ex.get('/api/notice/list?key=POPUP');
    expect(popup.body.data.every((n: { key: string }) => n.key === 'POPUP')).toBe(true);
    const home = await ex.get('/api/notice/list?key=NOTICE&modelKey=TRADE');
    expect(home.body.data.every((n: { modelKey: string }) => n.modelKey === 'TRADE' || n.modelKey === '')).toBe(true);
  });
  it('rules: ABOUT, TERMS, PRIVACY and six HELP articles with ids', async () => {
    expect((await ex.get('/api/option/rules/list?key=ABOUT')).body.data).toHaveLength(1);
    expect((await ex.get('/api/option/rules/list?key=TERMS')).body.data).toHaveLength(1);
    expect((await ex.get('/api/option/rules/list?key=PRIVACY')).body.data).toHaveLength(1);
    const help = (await ex.get('/api/option/rules/list?key=HELP', { lang: 'zh-CN' })).body.data as Array<{
      id: number;
      title: string;
    }>;
    expect(help).toHaveLength(6);
    expect(new Set(help.map((h) => h.id)).size).toBe(6);
    expect(help[0].title).toMatch(/[\u4e00-\u9fff]/);
  });
  it('rules without key name the missing field', async () => {
    const r = await ex.get('/api/option/rules/list');
    expect(r.body.code).toBe(0);
    expect(r.body.msg).toContain('key');
  });
});

describe('market REST', () => {
  it('[h1] an unknown symbol is code 0 "Unknown symbol x"', async () => {
    for (const p of [
      '/api/market/kline?symbol=nosuchusdt&interval=1m',
      '/api/market/ticker?symbol=nosuchusdt',
      '/api/market/trades?symbol=nosuchusdt',
      '/api/market/volume?symbol=nosuchusdt',
    ]) {
      const r = await ex.get(p);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ code: 0, msg: 'Unknown symbol nosuchusdt' });
    }
    const m = await ex.post('/api/common/getMt5Amount?coin=NOSUCH');
    expect(m.body).toMatchObject({ code: 0, msg: 'Unknown coin NOSUCH' });
  });

  it('[SIM-5][SRV-9] kline history has at least 1,000 one-minute candles, oldest first, limit respected', async () => {
    const r = await ex.get('/api/market/kline?symbol=btcusdt&interval=1m&limit=2000');
    const c = r.body.data as Array<{ t: number }>;
    expect(c.length).toBeGreaterThanOrEqual(1000);
    for (let i = 1; i < c.length; i++) expect(c[i].t).toBeGreaterThan(c[i - 1].t);
    const few = await ex.get('/api/market/kline?symbol=btcusdt&interval=1m&limit=5');
    expect(few.body.data).toHaveLength(5);
  });

  it('[SRV-9] kline endTime pages backwards: every candle opens before endTime', async () => {
    const all = (await ex.get('/api/market/kline?symbol=ethusdt&interval=5m&limit=100')).body.data as Array<{
      t: number;
    }>;
    const end = all[50].t;
    const page = (await ex.get(`/api/market/kline?symbol=ethusdt&interval=5m&limit=20&endTime=${end}`)).body
      .data as Array<{ t: number }>;
    expect(page.length).toBe(20);
    expect(page[page.length - 1].t).toBeLessThan(end);
    expect(page[page.length - 1].t).toBe(all[49].t);
  });

  it('[SRV-9] kline limit over 2000 and a bad interval are refused naming the field', async () => {
    const r = await ex.get('/api/market/kline?symbol=btcusdt&interval=1m&limit=2001');
    expect(r.body.code).toBe(0);
    expect(r.body.msg).toContain('limit');
    const i = await ex.get('/api/market/kline?symbol=btcusdt&interval=2m');
    expect(i.body.msg).toContain('interval');
  });

  it('[spec 7.3] the per-coin volume lookup answers code 200 with the 24 h volume as a decimal string', async () => {
    const r = await ex.get('/api/market/volume?symbol=pepeusdt');
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatch(/^\d+(\.\d+)?$/);
  });

  it('[spec 7.3] getMt5Amount as the app sends it: POST, JSON content type, no body', async () => {
    const res = await fetch(`${ex.url.replace('localhost', '127.0.0.1')}/api/common/getMt5Amount?coin=ETH`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en', language: 'en' },
    });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data).toMatch(/^\d+\.\d+$/);
  });

  it('tickers cover all 50 listed symbols', async () => {
    const r = await ex.get('/api/market/tickers');
    expect(Object.keys(r.body.data).length).toBeGreaterThanOrEqual(50);
    expect(r.body.data.btcusdt.close).toMatch(/^\d+\.\d{2}$/);
  });
});

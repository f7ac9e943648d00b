/**
 * The option call tests' server (OPT-*): the whole server on a manual clock at START, an independent capture of
 * every trade the market published (`market.onTrades`), of the status and settlement events, and the helpers both
 * test files use (users with USDT, balances, what a refusal must leave alone, the chain, quotes and purchases).
 * `optionsServer()` registers the file's beforeAll/afterAll; the server's books are checked at stop.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { optionsApi } from '../../../src/shared/api/options';
import { Decimal } from '../../../src/shared/decimal';
import type { SettlementData, Trade } from '../../../src/shared/protocol';
import type { OptionChain, OptionQuote } from '../../../src/shared/schemas/options';
import type { StatusEvent } from '../events/userEvents';
import { captureTrades, fundedUser, runClock } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';

/** 70 s before a 5-minute boundary: the 5m series is 12:05, reached after a short run. */
export const START = Date.UTC(2026, 0, 1, 12, 3, 50);

export function optionsServer(onStart: (ts: TestServer) => void) {
  let ts!: TestServer;
  /** Every trade the market published, per symbol, in publication order (captured independently of the module). */
  const published = new Map<string, Trade[]>();
  const statuses: [number, StatusEvent][] = [];
  const settlements: [number, SettlementData][] = [];

  const flush = () => new Promise<void>((r) => setImmediate(r));
  /** Moves the server's time on by `ms` in market-sized steps, running every due job (market, settlement). */
  const run = (ms: number, stepMs?: number) => runClock(ts, ms, stepMs);

  beforeAll(async () => {
    ts = await startTestServer({ clock: 'manual', clockStart: START });
    captureTrades(ts, published);
    ts.ctx.userEvents.onStatus((u, e) => void statuses.push([u, e]));
    ts.ctx.userEvents.onSettlement((u, d) => void settlements.push([u, d]));
    onStart(ts);
    await run(1_000);
  });
  afterAll(() => ts.stop());

  let users = 0;
  /** A new user with `usdt` in the platform account (one genesis journal row, like the demo user). */
  const user = (usdt = '10000') => fundedUser(ts, `option-${++users}@example.com`, usdt);
  const count = (sql: string) => (ts.ctx.db.prepare(sql).get() as { n: number }).n;
  const chain = async (symbol: string) => {
    const r = await ts.call(optionsApi.optionChain, { query: { symbol } });
    expect(r.code, r.msg).toBe(200);
    return r.data as OptionChain;
  };
  const quote = (token: string, body: unknown) => ts.post(optionsApi.optionQuote.path, body, { satoken: token });

  return {
    published,
    statuses,
    settlements,
    flush,
    run,
    user,
    usdt: (id: number) => ts.ledger.balance(id, 'platform', 'USDT'),
    count,
    /** What a refusal must leave alone: quotes, orders, journal rows. */
    footprint: () => ({
      quotes: count('SELECT count(*) AS n FROM option_quotes'),
      orders: count('SELECT count(*) AS n FROM option_orders'),
      journal: count('SELECT count(*) AS n FROM ledger_journal'),
    }),
    houseBalance: (house: string) =>
      (
        ts.ctx.db.prepare("SELECT amount FROM ledger_entries WHERE account = ? AND coin = 'USDT'").all(house) as {
          amount: string;
        }[]
      ).reduce((a, r) => a.plus(r.amount), new Decimal(0)),
    chain,
    quote,
    buy: (token: string, body: unknown, key?: string) =>
      ts.post(optionsApi.buyOption.path, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) }),
    /** An intent on the chain now: tenor index, strike index (0..6, 3 = at the money). */
    async intent(symbol: string, kind: 'call' | 'put', tenor = 0, strike = 3, quantity = '2') {
      const c = await chain(symbol);
      const e = c.expiries[tenor];
      return { symbol, kind, expiry: e.expiry, strike: e.strikes[strike].strike, quantity };
    },
    async quoted(token: string, body: unknown): Promise<OptionQuote> {
      const r = await quote(token, body);
      expect(r.body.code, r.body.msg).toBe(200);
      return r.body.data;
    },
  };
}

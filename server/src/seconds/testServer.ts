/**
 * The second-contract tests' server (SEC-*): the whole server on a manual clock, an independent capture of every
 * trade the market published (`market.onTrades`), of the status and settlement events, and the helpers both test
 * files use. `secondsServer()` registers the file's beforeAll/afterAll; the server's books are checked at stop.
 */
import { afterAll, beforeAll } from 'vitest';
import { tradingApi } from '../../../src/shared/api/trading';
import { Decimal } from '../../../src/shared/decimal';
import type { SettlementData, Trade } from '../../../src/shared/protocol';
import type { SecondOrder } from '../../../src/shared/schemas/trading';
import type { StatusEvent } from '../events/userEvents';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { captureTrades, fundedUser, runClock } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';

export function secondsServer(onStart: (ts: TestServer) => void) {
  let ts!: TestServer;
  /** Every trade the market published, per symbol, in publication order (captured independently of the module). */
  const published = new Map<string, Trade[]>();
  const statuses: [number, StatusEvent][] = [];
  const settlements: [number, SettlementData][] = [];

  beforeAll(async () => {
    ts = await startTestServer({ clock: 'manual' });
    captureTrades(ts, published);
    ts.ctx.userEvents.onStatus((u, e) => void statuses.push([u, e]));
    ts.ctx.userEvents.onSettlement((u, d) => void settlements.push([u, d]));
    onStart(ts);
  });
  afterAll(() => ts.stop());

  const flushMicrotasks = () => new Promise<void>((r) => setImmediate(r));
  let users = 0;
  return {
    published,
    statuses,
    settlements,
    flushMicrotasks,
    books: () => checkLedger(sqliteLedgerStore(ts.ctx.db)),
    /** Moves the server's time on by `ms` in market-sized steps, running every due job (market, settlement). */
    run: (ms: number, stepMs?: number) => runClock(ts, ms, stepMs),
    /** A new user with `usdt` in the platform account (one genesis journal row, like the demo user). */
    user: (usdt = '10000') => fundedUser(ts, `second-${++users}@example.com`, usdt),
    create: (token: string, body: unknown, key?: string) =>
      ts.post(tradingApi.createSecondOrder.path, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) }),
    usdt: (id: number) => ts.ledger.balance(id, 'platform', 'USDT'),
    journal: (kind: string) =>
      (ts.ctx.db.prepare('SELECT count(*) AS n FROM ledger_journal WHERE kind = ?').get(kind) as { n: number }).n,
    periodId: (seconds: number) =>
      (ts.ctx.db.prepare('SELECT id FROM second_periods WHERE seconds = ?').get(seconds) as { id: number }).id,
    orderOf: (id: number, token: string) =>
      ts
        .call(tradingApi.selectSecondOrders, { token, body: { pageNum: 1, pageSize: 100 } })
        .then((r) => r.data.rows.find((o) => o.id === id)!),
    /** The independent reading: the last trade published at or before closeTime, from the capture. */
    expectedExit(o: SecondOrder): { id: number; time: number; price: string } {
      const list = published.get(o.symbol) ?? [];
      let exit = o.entry;
      for (const t of list)
        if (t.ts <= o.closeTime && t.ts >= o.entry.time) exit = { id: t.id, time: t.ts, price: t.price };
      return exit;
    },
    expectedResult(o: SecondOrder, exitPrice: string): 'win' | 'lose' | 'draw' {
      const c = new Decimal(exitPrice).cmp(o.openPrice);
      return c === 0 ? 'draw' : c > 0 === (o.direction === 'up') ? 'win' : 'lose';
    },
  };
}

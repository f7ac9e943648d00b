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
import { startTestServer, type TestServer } from '../testing/harness';

export function secondsServer(onStart: (ts: TestServer) => void) {
  let ts!: TestServer;
  /** Every trade the market published, per symbol, in publication order (captured independently of the module). */
  const published = new Map<string, Trade[]>();
  const statuses: [number, StatusEvent][] = [];
  const settlements: [number, SettlementData][] = [];

  beforeAll(async () => {
    ts = await startTestServer({ clock: 'manual' });
    ts.ctx.market.onTrades((symbol, trades) => {
      let list = published.get(symbol);
      if (!list) published.set(symbol, (list = []));
      list.push(...trades);
    });
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
    async run(ms: number, stepMs = 100): Promise<void> {
      for (let done = 0; done < ms; done += stepMs) {
        ts.clock.advance(Math.min(stepMs, ms - done));
        ts.ctx.scheduler.runDue(ts.clock.now());
      }
      await flushMicrotasks();
    },
    /** A new user with `usdt` in the platform account (one genesis journal row, like the demo user). */
    async user(usdt = '10000'): Promise<{ token: string; id: number }> {
      const token = await ts.signUp(`second-${++users}@example.com`);
      const id = ts.acc.sessions.resolve(token)!;
      if (usdt !== '0')
        ts.ledger.post({
          kind: 'genesis',
          ref: `seconds-test-${id}`,
          userId: id,
          entries: [
            { house: 'house:genesis', coin: 'USDT', amount: `-${usdt}` },
            { userId: id, account: 'platform', coin: 'USDT', amount: usdt },
          ],
        });
      return { token, id };
    },
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

/**
 * A random session of 10,000 futures operations on the whole server (FUT-18; 1,000 in `npm test`, PERF-50):
 * opens, closes, partial closes, cancels, margin changes, TP/SL, the market and the marks moving, liquidations
 * and three funding rounds. The ledger check passes after it, every open position's margin is exactly its hold,
 * and funding paid equals funding received.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/shared/decimal';
import type { FuturesOrderBody } from '../../../src/shared/schemas/futures';
import { leverages } from '../../../src/shared/trading/futuresRules';
import { ApiFail } from '../http/failures';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { createRng } from '../market/rng';
import { countText, formCount } from '../testing/long';
import { stepClock, tradingServerForFile } from '../testing/fixtures';

const ts = tradingServerForFile(50);
const SYMBOLS = ['btcusdt', 'ethusdt'];
/** PERF-50: 10,000 operations under `npm run test:long` (FUT-18's count), 1,000 (the same seed) in `npm test`. */
const OPS = formCount(10_000);
/** The session's own checks that count operations scale with the form (1 in the long form). */
const SCALE = OPS / 10_000;

const step = (ms: number) => stepClock(ts, ms, 50);

describe(`[FUT-18] a random session of ${countText(OPS)} futures operations`, () => {
  it('keeps the books right, every margin equal to its hold, and funding paid equal to funding received', async () => {
    const rng = createRng(14);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng.next() * xs.length)];
    const int = (a: number, b: number) => a + Math.floor(rng.next() * (b - a + 1));
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const email = `session${i}@example.com`;
      await ts.signUp(email);
      const id = (ts.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
      ts.ledger.post({
        kind: 'deposit',
        ref: `session-${id}`,
        userId: id,
        entries: [
          { userId: id, account: 'contract', coin: 'USDT', amount: '20000' },
          { house: 'house:deposits', coin: 'USDT', amount: '-20000' },
        ],
      });
      ids.push(id);
    }
    const f = ts.futures;
    const svc = f.service;
    const counts: Record<string, number> = {};
    const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
    const rounds: number[] = [];
    for (let n = 0; n < OPS; n++) {
      const u = pick(ids);
      const symbol = pick(SYMBOLS);
      const pair = svc.pairOf(symbol);
      const best = ts.ctx.market.books.best(symbol);
      const open = f.positions.openPositions(u).filter((p) => p.symbol === symbol);
      const r = rng.next();
      try {
        if (r < 0.3) {
          const side = pick(['long', 'short'] as const);
          const pos = open.find((p) => p.side === side);
          const body: FuturesOrderBody = {
            symbol,
            side,
            action: 'open',
            type: rng.next() < 0.5 ? 'market' : 'limit',
            shares: String(int(1, 40)),
            leverage: pos?.leverage ?? pick(leverages(pair)),
          };
          if (body.type === 'limit') {
            const ref = new Decimal((side === 'long' ? best.bestBid : best.bestAsk) ?? '1');
            body.price = ref
              .times(1 + (rng.next() - 0.6) * 0.004 * (side === 'long' ? 1 : -1))
              .toDecimalPlaces(pair.baseScale)
              .toFixed();
          }
          svc.submit(u, body);
          count('open');
        } else if (r < 0.45 && open.length > 0) {
          const p = pick(open);
          const free = new Decimal(p.shares).minus(p.closingShares);
          const how = rng.next();
          if (how < 0.5 || free.lt(2)) f.positions.close(u, { id: p.id });
          else if (how < 0.75) f.positions.close(u, { id: p.id, shares: String(int(1, free.floor().toNumber())) });
          else {
            const ref = new Decimal((p.side === 'long' ? best.bestAsk : best.bestBid) ?? '1');
            svc.submit(u, {
              symbol,
              side: p.side,
              action: 'close',
              type: 'limit',
              price: ref.toDecimalPlaces(pair.baseScale).toFixed(),
              shares: String(int(1, free.floor().toNumber())),
            });
          }
          count('close');
        } else if (r < 0.55) {
          const orders = svc.list(u, { status: 'open', pageNum: 1, pageSize: 50 }).rows;
          if (orders.length > 0) {
            svc.cancel(u, pick(orders).id);
            count('cancel');
          }
        } else if (r < 0.63 && open.length > 0) {
          const p = pick(open);
          f.positions.adjustMargin(u, {
            id: p.id,
            money: String(int(1, 30)),
            flag: rng.next() < 0.5 ? 'add' : 'remove',
          });
          count('margin');
        } else if (r < 0.7 && open.length > 0) {
          const p = pick(open);
          const mark = new Decimal(ts.ctx.marks.current(symbol)!.price);
          const dir = p.side === 'long' ? 1 : -1;
          f.positions.setLoss(u, {
            positionId: p.id,
            takeProfit: mark
              .times(1 + dir * 0.004)
              .toDecimalPlaces(pair.baseScale)
              .toFixed(),
            stopLoss:
              rng.next() < 0.5
                ? mark
                    .times(1 - dir * 0.003)
                    .toDecimalPlaces(pair.baseScale)
                    .toFixed()
                : null,
          });
          count('tpsl');
        } else if (r < 0.9) {
          step(50);
          count('market');
        } else {
          // A mark tick away from the tape (the risk check sees it like any tick): liquidations and triggers.
          const m = ts.ctx.marks.current(symbol)!;
          const price = new Decimal(m.price)
            .times(1 + (rng.next() - 0.5) * 0.05)
            .toDecimalPlaces(pair.baseScale)
            .toFixed();
          f.risk.onMarks([{ ...m, price, time: ts.clock.now() }]);
          count('mark');
        }
      } catch (err) {
        if (!(err instanceof ApiFail)) throw err;
        count('refused');
      }
      if (n === OPS * 0.3 || n === OPS * 0.6 || n === OPS * 0.9) {
        const info = f.funding.info('btcusdt');
        ts.clock.advance(Math.max(0, info.nextTime - ts.clock.now()));
        expect(f.runFunding(ts.clock.now())).toBeGreaterThan(0);
        rounds.push(info.nextTime);
      }
    }
    const liquidated = (
      ts.ctx.db.prepare("SELECT count(*) AS n FROM futures_positions WHERE status = 'liquidated'").get() as {
        n: number;
      }
    ).n;
    expect(liquidated).toBeGreaterThan(0);
    expect(rounds).toHaveLength(3);
    const funding = ts.ctx.db
      .prepare("SELECT paid, received FROM futures_funding_rounds WHERE paid != '0.000000'")
      .all() as { paid: string; received: string }[];
    expect(funding.length).toBeGreaterThan(0);
    for (const r of funding) expect(r.paid).toBe(r.received);
    const house = ts.ctx.db.prepare("SELECT amount FROM ledger_entries WHERE account = 'house:funding'").all() as {
      amount: string;
    }[];
    expect(house.reduce((s, x) => s.plus(x.amount), new Decimal(0)).toFixed()).toBe('0');
    const byPosition = ts.ctx.db
      .prepare("SELECT kind, sum(CAST(pnl AS REAL)) AS s FROM futures_records WHERE kind = 'funding' GROUP BY kind")
      .all();
    expect(byPosition).toHaveLength(1);
    // Every open position's margin is its hold; closed ones hold nothing.
    for (const p of ts.ctx.db.prepare('SELECT id, status, margin, hold_id AS holdId FROM futures_positions').all() as {
      id: number;
      status: string;
      margin: string;
      holdId: number | null;
    }[]) {
      const h = p.holdId === null ? undefined : ts.ledger.holdById(p.holdId);
      const held = h && h.state === 'open' ? h.amount : '0';
      expect(new Decimal(held).eq(p.status === 'open' ? p.margin : 0), `position ${p.id}`).toBe(true);
    }
    const report = checkLedger(sqliteLedgerStore(ts.ctx.db));
    expect(report.problems).toBe(0);
    expect(counts.open).toBeGreaterThan(1000 * SCALE);
    expect(counts.close).toBeGreaterThan(100 * SCALE);
    // Not a limit on the code: room for a loaded machine (it takes about 20 s on two busy cores).
  }, 300_000);
});

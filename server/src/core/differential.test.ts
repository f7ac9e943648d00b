/**
 * The trading core's differential test (CORE-1, CORE-2, CORE-4, CORE-5, SPOT-5..8, MATCH-11's method): seeded
 * random spot commands from ten funded users go through a real `TradingCore` over a temporary SQLite database,
 * with the real market books (the simulator's first ladder, never stepped), a real `Ledger` and `SpotService`.
 * Beside it run a naive `ReferenceBook` per symbol (seeded with the starting ladder) and a ledger model written
 * here from the reference's fills: holds, fills, fees and releases with decimal.js, by the arithmetic SPOT-5 and
 * SPOT-6 state (not the shared `orderSums`/`fillShare`/`checkSpotOrder`).
 *
 * After every command (inside a group-committed batch too): the command's symbol's whole depth, the states of the
 * orders it touched, its fills (as the books told the services), its outcome (accepted or refused), the touched
 * spot order rows and the touched users' balances (available and held, every coin) equal the reference and the
 * model. Every FULL_EVERY commands: every resting order of both books and every user's balances. At the end:
 * `checkLedger` passes, the whole journal (tapped as the core writes it, since the core prunes behind its
 * snapshots) replayed from the start snapshot reaches `core.stateHash()`, and so does a second core started on the
 * same database (the newest snapshot plus the journal after it, as after a restart).
 *
 * Commands: 35 % cancels (a few of another user's order or of an order already ended), 10 % market orders, the
 * rest limit orders behind or through the touch, a long tail of sizes that sweeps, 2 % exactly at the edge of the
 * balance; about half of them in group-committed batches of 2 to 16 (`core.run`, flushed by the test's `defer`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/shared/decimal';
import type { SpotPair } from '../../../src/shared/schemas/coins';
import type { BookMatch, MarketSymbol } from '../context';
import { closeDatabase, openDatabase } from '../db/open';
import { ApiFail } from '../http/failures';
import { checkLedger } from '../ledger/check';
import { Ledger } from '../ledger/service';
import { sqliteLedgerStore } from '../ledger/store';
import { writeBehindLedgerStore } from '../ledger/writeBehind';
import { createRng } from '../market/rng';
import { createSimulator, type SimulatorState } from '../market/simulator';
import { T0, TEST_SYMBOLS, testConfig } from '../market/testSymbols';
import { ReferenceBook } from '../matching/referenceBook';
import type { Command, Fill, OrderState, Result, Side } from '../matching/types';
import { Metrics } from '../metrics';
import { SpotService } from '../spot/service';
import { sqliteSpotStore, type SpotStore } from '../spot/store';
import { manualClock } from '../time/clock';
import { TradingCore } from './core';
import { replay, stateHash, type CoreEngine } from './replay';
import type { JournalEntry } from './entries';
import { coreStore, type CoreStore } from './store';
import { countText, formCount, LONG_FORM } from '../testing/long';

const SEED = 20260107;
/** PERF-50: 100,000 commands under `npm run test:long`, 10,000 (the same seed) in `npm test`. */
const COMMANDS = formCount(100_000);
/** The stream's own checks (fills, refusals...) count events: they scale with the form (1 in the long form). */
const SCALE = COMMANDS / 100_000;
const USERS = 10;
/** Every this many commands: every resting order and every user's balances, not only what the command touched. */
const FULL_EVERY = 500;
/** Snapshots during the run (CORE-4): the core keeps two and prunes the journal before the older one. */
const SNAPSHOT_EVERY = COMMANDS / 10;
const QUOTE = 'USDT';
const QUOTE_DP = 6; // USDT's wallet decimals (src/shared/amount.ts), written here on purpose

/** The pairs: btcusdt and ethusdt of the test market, with distinct fee rates (percent) so they cannot be mixed. */
const SYMBOLS: MarketSymbol[] = TEST_SYMBOLS.slice(0, 2);
const FEE_PERCENT: Record<string, string> = { btcusdt: '0.1', ethusdt: '0.25' };
/** A typical order in lots (0.002 BTC, 0.05 ETH): about 130 USDT. */
const LOT_UNIT: Record<string, number> = { btcusdt: 2_000, ethusdt: 500 };
const FUNDS: Record<string, string> = { USDT: '400000', BTC: '5', ETH: '100' };

function pairOf(s: MarketSymbol, i: number): SpotPair {
  return {
    id: i + 1,
    symbol: s.symbol,
    showSymbol: `${s.coin}/${s.baseCoin}`,
    coin: s.coin,
    baseCoin: s.baseCoin,
    customizeFlag: 0,
    market: s.baseCoin,
    amount: s.price,
    open: s.price,
    coinType: 1,
    logo: '',
    sort: i,
    basePrecision: s.priceScale,
    coinPrecision: s.qtyScale,
    buyMax: '0',
    enable: true,
    feeRate: FEE_PERCENT[s.symbol],
    isDeal: true,
    isShow: true,
    limitedBuy: true,
    limitedSell: true,
    marketBuy: true,
    marketSell: true,
    minSell: '0',
    orderMax: '0',
    orderMin: '0',
    sellMin: '0',
  };
}

// ------------------------------------------------------------------ the model's arithmetic (SPOT-5, SPOT-6)

const up = (d: Decimal) => d.toDecimalPlaces(QUOTE_DP, Decimal.ROUND_UP);
const down = (d: Decimal) => d.toDecimalPlaces(QUOTE_DP, Decimal.ROUND_DOWN);

/**
 * What an order has paid (buy) or received (sell) in the quote coin after fills of exact total `x`: a buyer the
 * total rounded up plus the fee on it rounded up; a seller the total rounded down less the fee on it rounded up.
 */
function owed(side: Side, x: Decimal, rate: Decimal): { net: Decimal; fee: Decimal; total: Decimal } {
  const total = side === 'buy' ? up(x) : down(x);
  const fee = up(total.times(rate));
  return { total, fee, net: side === 'buy' ? total.plus(fee) : total.minus(fee) };
}

interface ModelOrder {
  spotId: number;
  bookId: number;
  user: number;
  symbol: string;
  side: Side;
  /** Locked at placing: quote for a buy (total at the limit + fee), the coin for a sell. */
  hold: Decimal;
  /** Taken out of the hold by fills so far. */
  taken: Decimal;
  exact: Decimal;
  filledLots: number;
  fee: Decimal;
  ended: boolean;
}

interface Bal {
  available: Decimal;
  frozen: Decimal;
}

// ------------------------------------------------------------------ the world

let dir: string;
let db: Database.Database;
let core: TradingCore;
let spot: SpotService;
let ledger: Ledger;
let ledgerStore: ReturnType<typeof writeBehindLedgerStore>;
let journal: CoreStore;
let spotStore: SpotStore;
let sim: ReturnType<typeof createSimulator>;
let startSnapshot: { seq: number; state: string };
const clock = manualClock(T0);
const deferred: (() => void)[] = [];
const tapped: { seq: number; entry: JournalEntry }[] = [];
const coreErrors: unknown[] = [];
const serviceErrors: unknown[] = [];
const pairs = new Map(SYMBOLS.map((s, i) => [s.symbol, pairOf(s, i)]));
const config = testConfig({ core: { groupCommit: true, batchWindowMs: 0, snapshotEvery: SNAPSHOT_EVERY } });

/** The core needs no timers with `batchWindowMs` 0 (it defers to the next turn instead). */
const noTimers = {
  after: (): never => {
    throw new Error('no timers: batchWindowMs is 0');
  },
  every: (): never => {
    throw new Error('no timers: batchWindowMs is 0');
  },
};

function engineOf(s: ReturnType<typeof createSimulator>): CoreEngine {
  return {
    books: s.books,
    save: s.save,
    load: s.load,
    step: (now) => s.step(now),
    resume: (now) => s.resume(now),
    fingerprint: s.fingerprint,
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'core-diff-'));
  db = await openDatabase(dir);
  const ins = db.prepare(
    "INSERT INTO users (uid, register_type, email, nickname, invite_code, create_time) VALUES (?, 'email', ?, ?, ?, 0)",
  );
  for (let i = 1; i <= USERS; i++) ins.run(String(i), `d${i}@t.co`, `d${i}`, `DIF${i}`);
  sim = createSimulator(config, SYMBOLS, new Metrics(), { now: T0, clock: () => clock.now() });
  // LEDGER-11: the ledger writes behind inside the core's batches, as in the server.
  ledgerStore = writeBehindLedgerStore(db);
  ledger = new Ledger({ store: ledgerStore, clock });
  // Every entry the core writes is also kept here, so the whole run replays from the start snapshot although
  // the core prunes the journal behind its snapshots.
  const store = coreStore(db);
  journal = {
    ...store,
    append(entries, at) {
      const last = store.append(entries, at);
      let seq = last - entries.length + 1;
      for (const e of entries) tapped.push({ seq: seq++, entry: JSON.parse(JSON.stringify(e)) as JournalEntry });
      return last;
    },
  };
  core = new TradingCore({
    ledger: ledgerStore,
    db,
    store: journal,
    engine: engineOf(sim),
    clock,
    timers: noTimers,
    defer: (fn) => void deferred.push(fn),
    config: config.core,
    log: { error: (o) => void coreErrors.push(o), info: () => undefined },
  });
  expect(core.start()).toBeUndefined(); // a new journal: the start snapshot is the simulator's first ladder
  const [snap] = journal.snapshots();
  startSnapshot = { seq: snap.seq, state: snap.state };
  spotStore = sqliteSpotStore(db);
  spot = new SpotService({
    ledger,
    store: spotStore,
    books: sim.books,
    clock,
    pair: (s) => pairs.get(s),
    statusChanged: (_u, _e) => core.afterCommit(() => undefined),
    onError: (err, context) => void serviceErrors.push({ err, context }),
  });
  for (let u = 1; u <= USERS; u++)
    for (const [coin, amount] of Object.entries(FUNDS))
      ledger.post({
        kind: 'deposit',
        ref: `diff-${u}-${coin}`,
        userId: u,
        entries: [
          { userId: u, account: 'platform', coin, amount },
          { house: 'house:deposits', coin, amount: `-${amount}` },
        ],
      });
});

afterAll(() => {
  spot?.stop();
  if (db) closeDatabase(db);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// ------------------------------------------------------------------ the run

type Cmd =
  | { t: 'submit'; user: number; symbol: string; side: Side; kind: 'limit' | 'market'; price?: number; lots: number }
  | { t: 'cancel'; user: number; spotId: number };

const fmt = (units: number, scale: number): string => new Decimal(units).div(new Decimal(10).pow(scale)).toFixed(scale);
const bookFill = (f: Fill, ps: number, qs: number) => ({
  price: fmt(f.price, ps),
  amount: fmt(f.quantity, qs),
  makerOrderId: f.makerOrderId,
  takerOrderId: f.takerOrderId,
  makerOwner: f.makerOwner,
  takerOwner: f.takerOwner,
  takerSide: f.takerSide,
  time: f.time,
});

describe(`trading core: ${countText(COMMANDS)} random spot commands against a reference book and a ledger model`, () => {
  it('[CORE-1][CORE-2][CORE-4][CORE-5][SPOT-6][MATCH-11] book, orders, fills and balances agree after every command; the ledger checks; the journal replays to the same state hash, from the start and after a restart', () => {
    const rng = createRng(SEED, 'core-differential');
    const int = (n: number): number => Math.floor(rng.next() * n);
    const refs = new Map<string, ReferenceBook>();
    const nextBookId = new Map<string, number>();
    for (const s of SYMBOLS) {
      const sb = sim.books.bySymbol.get(s.symbol)!;
      const ref = new ReferenceBook();
      const orders = [...sb.book.state().orders].sort((a, b) => a[0] - b[0]);
      for (const [id, owner, group, side, kind, price, quantity, remaining] of orders) {
        expect(remaining).toBe(quantity); // the first ladder has not traded
        const c: Command = { type: 'place', id, owner, side, kind, price, quantity, time: T0 };
        if (group !== owner) c.group = group;
        const r = ref.apply(c);
        expect(r.ok && r.fills.length === 0).toBe(true);
      }
      expect(ref.depth()).toEqual(sb.book.depth());
      refs.set(s.symbol, ref);
      nextBookId.set(s.symbol, sb.nextOrderId);
    }
    const scale = new Map(SYMBOLS.map((s) => [s.symbol, { ps: s.priceScale, qs: s.qtyScale, coin: s.coin }]));
    const rate = new Map(SYMBOLS.map((s) => [s.symbol, new Decimal(FEE_PERCENT[s.symbol]).div(100)]));

    // The ledger model: every user's available and held balance of every coin.
    const bal = new Map<string, Bal>();
    const b = (user: number, coin: string): Bal => {
      const k = `${user}:${coin}`;
      let x = bal.get(k);
      if (!x) bal.set(k, (x = { available: new Decimal(0), frozen: new Decimal(0) }));
      return x;
    };
    for (let u = 1; u <= USERS; u++)
      for (const [coin, amount] of Object.entries(FUNDS)) b(u, coin).available = new Decimal(amount);
    const orders = new Map<number, ModelOrder>(); // by spot id
    const byBook = new Map<string, ModelOrder>(); // `${symbol}:${bookId}`
    const open: ModelOrder[] = [];

    // What the books told the services (compared with the reference's fills).
    let heard: BookMatch[] = [];
    const off = sim.books.onUserMatch((_s, m) => void heard.push(m));

    const stats = {
      restingSamples: 0,
      restingSum: 0,
      refusedNoBook: 0,
      refusedBalance: 0,
      accepted: 0,
      refused: 0,
      fills: 0,
      selfTrades: 0,
      sweeps: 0,
      marketRest: 0,
      batches: 0,
    };
    let problem: string | undefined;
    let index = 0;

    const release = (o: ModelOrder) => {
      o.ended = true;
      const coin = o.side === 'buy' ? QUOTE : scale.get(o.symbol)!.coin;
      const rest = o.hold.minus(o.taken);
      b(o.user, coin).frozen = b(o.user, coin).frozen.minus(rest);
      b(o.user, coin).available = b(o.user, coin).available.plus(rest);
      const i = open.indexOf(o);
      if (i >= 0) open.splice(i, 1);
    };

    const applyFill = (symbol: string, f: Fill) => {
      const { ps, qs, coin } = scale.get(symbol)!;
      const qty = new Decimal(f.quantity).div(new Decimal(10).pow(qs));
      const exact = new Decimal(f.price).div(new Decimal(10).pow(ps)).times(qty);
      for (const id of [f.takerOrderId, f.makerOrderId]) {
        const o = byBook.get(`${symbol}:${id}`);
        if (!o) continue; // the simulator's maker: house:market
        const before = owed(o.side, o.exact, rate.get(symbol)!);
        o.exact = o.exact.plus(exact);
        const after = owed(o.side, o.exact, rate.get(symbol)!);
        const net = after.net.minus(before.net);
        o.fee = o.fee.plus(after.fee.minus(before.fee));
        o.filledLots += f.quantity;
        if (o.side === 'buy') {
          b(o.user, coin).available = b(o.user, coin).available.plus(qty);
          b(o.user, QUOTE).frozen = b(o.user, QUOTE).frozen.minus(net);
          o.taken = o.taken.plus(net);
        } else {
          b(o.user, coin).frozen = b(o.user, coin).frozen.minus(qty);
          o.taken = o.taken.plus(qty);
          b(o.user, QUOTE).available = b(o.user, QUOTE).available.plus(net);
        }
      }
    };

    const note = (what: string, got: unknown, want: unknown) => {
      problem ??= `seed ${SEED}, command ${index}: ${what}\n  core:      ${JSON.stringify(got)}\n  reference: ${JSON.stringify(want)}`;
    };

    const compareBalances = (users: Iterable<number>) => {
      for (const u of users)
        for (const coin of Object.keys(FUNDS)) {
          const got = ledger.balance(u, 'platform', coin);
          const want = b(u, coin);
          if (!want.available.eq(got.available) || !want.frozen.eq(got.frozen))
            note(`user ${u} ${coin} balance`, got, { available: want.available, frozen: want.frozen });
        }
    };

    const compareOrderRow = (o: ModelOrder) => {
      const row = spotStore.order(o.spotId)!;
      const { qs } = scale.get(o.symbol)!;
      const filled = new Decimal(o.filledLots).div(new Decimal(10).pow(qs));
      const wantStatus = !o.ended ? (o.filledLots > 0 ? 'partiallyFilled' : 'open') : undefined;
      if (
        !filled.eq(row.filled) ||
        !o.exact.eq(row.filledTotal) ||
        !o.fee.eq(row.fee) ||
        (wantStatus !== undefined && row.status !== wantStatus) ||
        (o.ended && row.status !== 'filled' && row.status !== 'cancelled')
      )
        note(`spot order ${o.spotId} row`, row, { filled, filledTotal: o.exact, fee: o.fee, status: wantStatus });
    };

    /** Everything a command touched: the depth of its symbol, its orders, its fills, rows and users. */
    const compareAfter = (symbol: string, r: Result | undefined, users: Set<number>) => {
      const sb = sim.books.bySymbol.get(symbol)!;
      const ref = refs.get(symbol)!;
      const { ps, qs } = scale.get(symbol)!;
      const got = JSON.stringify(sb.book.depth());
      const want = JSON.stringify(ref.depth());
      if (got !== want) note(`${symbol} depth`, JSON.parse(got), JSON.parse(want));
      if (sb.nextOrderId !== nextBookId.get(symbol))
        note(`${symbol} next book id`, sb.nextOrderId, nextBookId.get(symbol));
      if (r?.ok) {
        const touched: OrderState[] = [r.order, ...r.makers];
        for (const s of touched) {
          const a = sb.book.order(s.id);
          const w = ref.order(s.id);
          if (JSON.stringify(a) !== JSON.stringify(w)) note(`${symbol} order ${s.id}`, a, w);
          const o = byBook.get(`${symbol}:${s.id}`);
          if (o) {
            compareOrderRow(o);
            users.add(o.user);
          }
        }
        const wantFills = r.fills.map((f) => bookFill(f, ps, qs));
        const gotFills = heard.flatMap((m) =>
          m.fills.map((f) => ({
            price: f.price,
            amount: f.amount,
            makerOrderId: f.makerOrderId,
            takerOrderId: f.takerOrderId,
            makerOwner: f.makerOwner,
            takerOwner: f.takerOwner,
            takerSide: f.takerSide,
            time: f.time,
          })),
        );
        if (JSON.stringify(gotFills) !== JSON.stringify(wantFills)) note(`${symbol} fills`, gotFills, wantFills);
      } else if (heard.length > 0) note(`${symbol} fills of a refused command`, heard, []);
      heard = [];
      compareBalances(users);
    };

    const compareAll = () => {
      for (const s of SYMBOLS) {
        const sb = sim.books.bySymbol.get(s.symbol)!;
        const ref = refs.get(s.symbol)!;
        stats.restingSamples++;
        stats.restingSum += sb.book.state().orders.length;
        // Every real order is in the reference as it is; with equal depth totals the reference has no more.
        for (const [id] of sb.book.state().orders) {
          const a = sb.book.order(id);
          const w = ref.order(id);
          if (JSON.stringify(a) !== JSON.stringify(w)) note(`${s.symbol} resting order ${id}`, a, w);
        }
        if (JSON.stringify(sb.book.depth()) !== JSON.stringify(ref.depth()))
          note(`${s.symbol} depth`, sb.book.depth(), ref.depth());
      }
      compareBalances(Array.from({ length: USERS }, (_, i) => i + 1));
      for (const o of open) compareOrderRow(o);
    };

    /** Runs one command through the spot service, the reference and the model, then compares (CORE-1). */
    const execute = (c: Cmd): void => {
      heard = [];
      clock.advance(int(20));
      const time = clock.now();
      if (c.t === 'cancel') {
        const o = orders.get(c.spotId)!;
        const ref = refs.get(o.symbol)!;
        const mine = o.user === c.user;
        let refused: string | undefined;
        try {
          spot.cancel(c.user, c.spotId);
        } catch (err) {
          if (!(err instanceof ApiFail)) throw err;
          refused = err.message;
        }
        let r: Result | undefined;
        if (!mine || o.ended) {
          if (refused === undefined)
            note(`cancel of spot order ${c.spotId} by user ${c.user} accepted`, 'ok', 'refused');
          stats.refused++;
        } else {
          if (refused !== undefined) note(`cancel of spot order ${c.spotId} refused`, refused, 'ok');
          r = ref.apply({ type: 'cancel', id: o.bookId, time });
          if (!r.ok) note('reference refused a cancel of an open order', r, 'ok');
          else release(o);
          stats.accepted++;
        }
        compareAfter(o.symbol, r, new Set([c.user]));
        return;
      }
      const { ps, qs, coin } = scale.get(c.symbol)!;
      const ref = refs.get(c.symbol)!;
      // The model's verdict first: the price a market order is protected at, the hold, the balance (SPOT-4, SPOT-5).
      let price = c.price;
      let verdict: string | undefined;
      if (c.kind === 'market') {
        const best = c.side === 'buy' ? ref.bestAsk() : ref.bestBid();
        if (best === undefined) verdict = 'No ';
        else {
          const n = best * (c.side === 'buy' ? 105 : 95);
          price = c.side === 'buy' ? (n - (n % 100)) / 100 : (n + ((100 - (n % 100)) % 100)) / 100;
        }
      }
      let hold = new Decimal(0);
      if (verdict === undefined) {
        const amount = new Decimal(c.lots).div(new Decimal(10).pow(qs));
        const p = new Decimal(price!).div(new Decimal(10).pow(ps));
        hold = c.side === 'buy' ? owed('buy', p.times(amount), rate.get(c.symbol)!).net : amount;
        const holdCoin = c.side === 'buy' ? QUOTE : coin;
        if (hold.gt(b(c.user, holdCoin).available)) verdict = `Insufficient ${holdCoin}`;
      }
      let got: ReturnType<SpotService['submit']> | undefined;
      let refused: string | undefined;
      try {
        got = spot.submit(c.user, {
          symbol: c.symbol,
          side: c.side,
          type: c.kind,
          ...(c.kind === 'limit' ? { price: fmt(price!, ps) } : {}),
          amount: fmt(c.lots, qs),
        });
      } catch (err) {
        if (!(err instanceof ApiFail)) throw err;
        refused = err.message;
      }
      if (verdict !== undefined) {
        if (refused === undefined || !refused.startsWith(verdict))
          note('submit should be refused', refused ?? got, verdict);
        stats.refused++;
        if (verdict === 'No ') stats.refusedNoBook++;
        else stats.refusedBalance++;
        compareAfter(c.symbol, undefined, new Set([c.user]));
        return;
      }
      if (refused !== undefined || !got) {
        note('submit refused', refused, 'accepted');
        compareAfter(c.symbol, undefined, new Set([c.user]));
        return;
      }
      stats.accepted++;
      const bookId = nextBookId.get(c.symbol)!;
      nextBookId.set(c.symbol, bookId + 1);
      const holdCoin = c.side === 'buy' ? QUOTE : coin;
      b(c.user, holdCoin).available = b(c.user, holdCoin).available.minus(hold);
      b(c.user, holdCoin).frozen = b(c.user, holdCoin).frozen.plus(hold);
      const o: ModelOrder = {
        spotId: got.id,
        bookId,
        user: c.user,
        symbol: c.symbol,
        side: c.side,
        hold,
        taken: new Decimal(0),
        exact: new Decimal(0),
        filledLots: 0,
        fee: new Decimal(0),
        ended: false,
      };
      orders.set(o.spotId, o);
      byBook.set(`${c.symbol}:${bookId}`, o);
      const r = ref.apply({
        type: 'place',
        id: bookId,
        owner: c.user,
        side: c.side,
        kind: c.kind,
        price: price!,
        quantity: c.lots,
        time,
      });
      if (!r.ok) {
        note('the reference refused an order the core accepted', r, got);
        return;
      }
      const users = new Set([c.user]);
      for (const f of r.fills) applyFill(c.symbol, f);
      for (const m of r.makers) {
        const mo = byBook.get(`${c.symbol}:${m.id}`);
        if (mo && (m.status === 'filled' || m.status === 'cancelled')) release(mo);
      }
      if (r.order.status === 'filled' || r.order.status === 'cancelled') release(o);
      else open.push(o);
      if (got.status !== r.order.status || !new Decimal(got.filled).eq(fmt(r.order.filled, qs)))
        note(`the reply to spot order ${o.spotId}`, { status: got.status, filled: got.filled }, r.order);
      stats.fills += r.fills.length;
      if (r.order.cancelReason === 'selfTrade') stats.selfTrades++;
      if (r.order.cancelReason === 'market') stats.marketRest++;
      if (r.fills.length > 1 && r.fills[0].price !== r.fills[r.fills.length - 1].price) stats.sweeps++;
      compareAfter(c.symbol, r, users);
    };

    /** The next random command: orders around the touch (some through it, some market), cancels of open orders. */
    const mids = new Map(SYMBOLS.map((s) => [s.symbol, Math.round(Number(s.price) * 10 ** s.priceScale)]));
    const nextCommand = (): Cmd => {
      const user = 1 + int(USERS);
      const r = rng.next();
      if (r < 0.35 && open.length > 0) {
        // Mostly the owner cancels an open order; now and then someone else's, or an order already ended.
        const o = open[int(open.length)];
        const x = rng.next();
        if (x < 0.02) return { t: 'cancel', user: 1 + (o.user % USERS), spotId: o.spotId };
        if (x < 0.04) return { t: 'cancel', user, spotId: 1 + int(orders.size) };
        return { t: 'cancel', user: o.user, spotId: o.spotId };
      }
      const s = SYMBOLS[int(SYMBOLS.length)];
      const ref = refs.get(s.symbol)!;
      const bid = ref.bestBid();
      const ask = ref.bestAsk();
      let mid = mids.get(s.symbol)!;
      if (bid !== undefined && ask !== undefined) mid = Math.round((bid + ask) / 2);
      else if (bid !== undefined) mid = bid + 1;
      else if (ask !== undefined) mid = Math.max(1, ask - 1);
      mids.set(s.symbol, mid);
      const side: Side = rng.next() < 0.5 ? 'buy' : 'sell';
      const sign = side === 'buy' ? 1 : -1;
      // Sizes: mostly small, a long tail that sweeps several levels.
      const lots = Math.max(1, Math.floor(LOT_UNIT[s.symbol] * rng.exp() * (rng.next() < 0.05 ? 20 : 1)));
      if (r > 0.9) return { t: 'submit', user, symbol: s.symbol, side, kind: 'market', lots };
      // Limit: behind the touch by a few steps, or through it (0.4), a few far through (sweeps).
      const tick = Math.max(1, Math.round(mid / 20_000)); // about 0.005 % of the price
      let offset = Math.floor(rng.exp() * 4) - (rng.next() < 0.4 ? 5 : -1);
      if (rng.next() < 0.03) offset = -20 - int(60);
      const price = Math.max(1, mid - sign * offset * tick);
      if (rng.next() < 0.02) {
        // At the edge of the balance (SPOT-5, SPOT-7): the most the available balance holds, or one lot more.
        const edge = edgeLots(user, s.symbol, side, price) + (rng.next() < 0.5 ? 1 : 0);
        if (edge > 0) return { t: 'submit', user, symbol: s.symbol, side, kind: 'limit', price, lots: edge };
      }
      return { t: 'submit', user, symbol: s.symbol, side, kind: 'limit', price, lots };
    };

    /** The most lots of a limit order at `price` (ticks) the user's available balance holds, by the model. */
    const edgeLots = (user: number, symbol: string, side: Side, price: number): number => {
      const { ps, qs, coin } = scale.get(symbol)!;
      const lot = new Decimal(10).pow(-qs);
      if (side === 'sell') return b(user, coin).available.div(lot).floor().toNumber();
      const avail = b(user, QUOTE).available;
      const p = new Decimal(price).div(new Decimal(10).pow(ps));
      let lots = avail
        .div(p.times(rate.get(symbol)!.plus(1)))
        .div(lot)
        .floor()
        .toNumber();
      while (lots > 0 && owed('buy', p.times(lot.times(lots)), rate.get(symbol)!).net.gt(avail)) lots--;
      return lots;
    };

    let lastFull = 0;
    const started = performance.now();
    try {
      while (index < COMMANDS) {
        if (rng.next() < 0.5) {
          // A group-committed batch (CORE-3): several commands queued in one turn, one transaction.
          const n = Math.min(2 + int(15), COMMANDS - index);
          const first = index;
          const before = core.stats.batches;
          for (let k = 0; k < n; k++) {
            const c = nextCommand();
            const at = first + k;
            void core
              .run(() => {
                index = at;
                try {
                  execute(c);
                } catch (err) {
                  problem ??= `seed ${SEED}, command ${at}: ${String((err as Error)?.stack ?? err)}`;
                  throw err;
                }
              })
              .catch((err: unknown) => {
                problem ??= `seed ${SEED}, command ${at}: its batch failed: ${String(err)}`;
              });
          }
          const flush = deferred.splice(0);
          expect(flush.length).toBe(1);
          flush[0]();
          if (core.stats.batches !== before + 1) problem ??= `seed ${SEED}, batch from ${first}: not one commit`;
          stats.batches++;
          index = first + n;
        } else {
          const c = nextCommand();
          core.runNow(() => execute(c));
          index++;
        }
        if (problem) break;
        if (index - lastFull >= FULL_EVERY) {
          compareAll();
          lastFull = index;
        }
        if (problem) break;
      }
    } finally {
      off();
    }
    const ms = performance.now() - started;
    const resting = SYMBOLS.map((x) => sim.books.bySymbol.get(x.symbol)!.book.state().orders.length);
    if (problem) expect.fail(problem);
    compareAll();
    if (problem) expect.fail(problem);
    expect(coreErrors).toEqual([]);
    expect(serviceErrors).toEqual([]);
    console.info(
      `core differential: ${COMMANDS} commands in ${(ms / 1000).toFixed(1)} s (${Math.round(COMMANDS / (ms / 1000))}/s)`,
      stats,
      'resting at the end',
      resting,
    );

    // The stream exercised what it claims to.
    expect(stats.fills).toBeGreaterThan(20_000 * SCALE);
    expect(stats.refused).toBeGreaterThan(500 * SCALE);
    expect(stats.refusedBalance).toBeGreaterThan(100 * SCALE);
    // A side runs empty only deep into the long stream: the short form (10,000 commands) never meets one.
    if (LONG_FORM) expect(stats.refusedNoBook).toBeGreaterThan(10);
    expect(stats.selfTrades).toBeGreaterThan(100 * SCALE);
    expect(stats.sweeps).toBeGreaterThan(500 * SCALE);
    expect(stats.batches).toBeGreaterThan(1000 * SCALE);

    // The ledger's own check (SPOT-10).
    const report = checkLedger(sqliteLedgerStore(db));
    expect(report.mismatches).toEqual([]);
    expect(report.problems).toBe(0);

    // CORE-2: every batch committed, none refused; one journal entry per accepted command, none for a refusal.
    expect(core.stats.refused).toBe(0);
    expect(tapped.length).toBe(stats.accepted);
    expect(tapped.map((t) => t.seq)).toEqual(tapped.map((_, i) => startSnapshot.seq + 1 + i));

    // CORE-5: the whole journal from the start snapshot reaches the same state, byte for byte.
    const fresh = createSimulator(config, SYMBOLS, new Metrics(), { now: T0 });
    const engine = engineOf(fresh);
    engine.load(JSON.parse(startSnapshot.state) as SimulatorState);
    replay(engine, tapped);
    expect(stateHash(engine.save())).toBe(core.stateHash());

    // CORE-4, CORE-5: a start as after a restart (the newest of the two kept snapshots, then the journal after it)
    // reaches it too.
    expect(journal.snapshots().length).toBe(2);
    const again = createSimulator(config, SYMBOLS, new Metrics(), { now: clock.now() });
    const restarted = new TradingCore({
      db,
      store: coreStore(db),
      engine: engineOf(again),
      clock,
      timers: noTimers,
      defer: (fn) => void deferred.push(fn),
      config: config.core,
      log: { error: (o) => void coreErrors.push(o), info: () => undefined },
    });
    const started2 = restarted.start();
    expect(started2?.replayed).toBe(tapped[tapped.length - 1].seq - journal.snapshots()[0].seq);
    expect(restarted.stateHash()).toBe(core.stateHash());
    expect(coreErrors).toEqual([]);
  }, 600_000);
});

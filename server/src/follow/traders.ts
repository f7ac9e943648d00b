/**
 * The lead traders' figures and the simulated lead traders (COPY-3, COPY-9, COPY-10, COPY-20..24).
 *
 * `TraderStats` answers `summary` (what the follow service asks through its TraderFigures), `detail` and `list`.
 * Each trader's contract-account moves are read incrementally (entries after the last one seen) into hourly
 * buckets kept for the longest window, so a list of traders does not re-read months of journal per request; the
 * figures themselves are the pure functions of stats.ts. `mountTraders` builds it, registers the two read-only
 * calls and starts the bots (app.ts needs one line).
 */
import { Decimal } from '../../../src/shared/decimal';
import type {
  TraderDetail,
  TraderListQuery,
  TraderPage,
  TraderSort,
  TraderSummary,
  TraderTrade,
} from '../../../src/shared/schemas/follow';
import type { z } from 'zod';
import type { ServerContext } from '../context';
import type { FuturesModule } from '../futures/index';
import { ApiFail } from '../http/failures';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import { ensureBots, startBots, type Bot } from './bots';
import {
  addMove,
  equityCurve,
  positionResult,
  windowFigures,
  windowStart,
  WINDOW_DAYS,
  type Buckets,
  type ClosedPosition,
} from './stats';
import { sqliteStatsStore, type PositionLine, type StatsStore } from './statsStore';
import { registerTraderRoutes } from './traderRoutes';

/** What the follow service asks of the figures. */
export interface TraderFigures {
  summary(traderId: number): TraderSummary;
}

/** Closed positions shown on a trader's page (COPY-10). */
export const CLOSED_SHOWN = 50;
const LONGEST = Math.max(...WINDOW_DAYS);
const MONEY = 6;

interface Cache {
  lastEntryId: number;
  lastJournalId: number;
  buckets: Buckets;
  firstMove?: number;
  closed: Map<number, ClosedPosition>;
  closedScan?: number;
}

export interface TraderStatsDeps {
  store: StatsStore;
  clock: Clock;
  /** The trader's contract-account USDT now (available + frozen). */
  equity(userId: number): string;
  /** Whether a transaction is open on the database (then nothing read is cached). */
  inTransaction?(): boolean;
}

function copyOf(c: Cache): Cache {
  const buckets: Buckets = new Map();
  for (const [h, x] of c.buckets) buckets.set(h, { ...x });
  return { ...c, buckets, closed: new Map(c.closed) };
}

const money = (d: Decimal | string) => new Decimal(d).toDecimalPlaces(MONEY, Decimal.ROUND_DOWN).toFixed(MONEY);

export class TraderStats implements TraderFigures {
  private readonly cache = new Map<number, Cache>();

  constructor(private readonly deps: TraderStatsDeps) {}

  /** Reads what is new of a trader's moves and closed positions into the cache. */
  private refresh(userId: number, now: number): Cache {
    const { store } = this.deps;
    let c = this.cache.get(userId);
    // The tables were emptied (a test's reset): start again.
    if (c && c.lastEntryId > 0 && !store.entryIs(c.lastEntryId, userId, c.lastJournalId)) c = undefined;
    if (!c) c = { lastEntryId: 0, lastJournalId: 0, buckets: new Map(), closed: new Map() };
    // Inside a caller's transaction the new rows may still roll back: work on a copy and keep nothing.
    if (this.deps.inTransaction?.()) c = copyOf(c);
    else this.cache.set(userId, c);
    // Entries of one journal row are written in one transaction, so a read never splits a row.
    let row: { journalId: number; time: number; kind: string; amount: Decimal } | undefined;
    const flush = () => {
      if (!row) return;
      addMove(c.buckets, { time: row.time, kind: row.kind, amount: row.amount.toFixed() });
      if (!row.amount.isZero()) c.firstMove = Math.min(c.firstMove ?? row.time, row.time);
    };
    for (const e of store.entriesAfter(userId, c.lastEntryId)) {
      if (!row || row.journalId !== e.journalId) {
        flush();
        row = { journalId: e.journalId, time: e.time, kind: e.kind, amount: new Decimal(0) };
      }
      row.amount = row.amount.plus(e.amount);
      c.lastEntryId = e.id;
      c.lastJournalId = e.journalId;
    }
    flush();
    const oldest = windowStart(now, LONGEST);
    for (const h of c.buckets.keys()) if (h < oldest) c.buckets.delete(h);
    // Closes happen at the clock's time, never before the last scan: look a minute back, keyed by id.
    const since = c.closedScan === undefined ? oldest : Math.max(oldest, c.closedScan - 60_000);
    for (const p of store.closedSince(userId, since)) c.closed.set(p.id, p);
    for (const [id, p] of c.closed) if (p.closedAt < oldest) c.closed.delete(id);
    c.closedScan = now;
    return c;
  }

  private trader(traderId: number) {
    const t = this.deps.store.trader(traderId);
    if (!t) throw new ApiFail(`Trader ${traderId} was not found`);
    return t;
  }

  /** Margin of the followers' open copied positions plus the unused part of each active follow's cap (COPY-23). */
  private aum(traderId: number): string {
    const used = new Map<number, Decimal>();
    let total = new Decimal(0);
    for (const r of this.deps.store.copiedMargins(traderId)) {
      total = total.plus(r.margin);
      used.set(r.followId, (used.get(r.followId) ?? new Decimal(0)).plus(r.margin));
    }
    for (const f of this.deps.store.activeCaps(traderId)) {
      const left = new Decimal(f.maxTotal).minus(used.get(f.followId) ?? 0);
      if (left.gt(0)) total = total.plus(left);
    }
    return money(total);
  }

  private summaryOf(
    t: ReturnType<StatsStore['traders']>[number],
    now: number,
    followers: Map<number, number>,
  ): TraderSummary {
    const c = this.refresh(t.userId, now);
    const equity = this.deps.equity(t.userId);
    const closed = [...c.closed.values()];
    return {
      traderId: t.userId,
      nickname: t.nickname,
      bot: t.bot,
      since: t.createdAt,
      shareRate: t.shareRate,
      followers: followers.get(t.userId) ?? 0,
      maxFollowers: t.maxFollowers,
      aum: this.aum(t.userId),
      equity: money(equity),
      windows: WINDOW_DAYS.map((d) => windowFigures(c.buckets, closed, equity, now, d)),
    };
  }

  summary(traderId: number): TraderSummary {
    const t = this.trader(traderId);
    return this.summaryOf(t, this.deps.clock.now(), this.deps.store.followerCounts());
  }

  detail(traderId: number, viewerId?: number): TraderDetail {
    const t = this.trader(traderId);
    const now = this.deps.clock.now();
    const summary = this.summaryOf(t, now, this.deps.store.followerCounts());
    const c = this.refresh(traderId, now);
    return {
      summary,
      equity: equityCurve(c.buckets, this.deps.equity(traderId), now, c.firstMove),
      open: this.deps.store.openOwn(traderId).map(trade),
      closed: this.deps.store.closedOwn(traderId, CLOSED_SHOWN).map(trade),
      following: viewerId !== undefined && this.deps.store.isFollowing(viewerId, traderId),
    };
  }

  list(query: z.output<typeof TraderListQuery>): TraderPage {
    const now = this.deps.clock.now();
    const followers = this.deps.store.followerCounts();
    const rows = this.deps.store.traders().map((t) => this.summaryOf(t, now, followers));
    rows.sort(compareBy(query.sort, query.days));
    const from = (query.pageNum - 1) * query.pageSize;
    return { total: rows.length, rows: rows.slice(from, from + query.pageSize) };
  }
}

/** COPY-10: open positions without size or result; closed ones with their result (PnL - fees + funding). */
function trade(p: PositionLine): TraderTrade {
  const open = p.closeTime === null;
  return {
    id: p.id,
    symbol: p.symbol,
    side: p.side,
    leverage: p.leverage,
    entryPrice: p.entryPrice,
    closePrice: open ? null : p.closePrice,
    pnl: open ? null : money(positionResult(p)),
    openedAt: p.createdAt,
    closedAt: p.closeTime,
  };
}

/** COPY-23: the leaderboard's order: highest first (drawdown lowest first), then the oldest trader. */
export function compareBy(sort: TraderSort, days: number) {
  const w = (s: TraderSummary) => s.windows.find((x) => x.days === days)!;
  const key = (s: TraderSummary): Decimal | null => {
    switch (sort) {
      case 'roi':
        return new Decimal(w(s).roi);
      case 'pnl':
        return new Decimal(w(s).pnl);
      case 'winRate':
        return w(s).winRate === null ? null : new Decimal(w(s).winRate!);
      case 'followers':
        return new Decimal(s.followers);
      case 'drawdown':
        return new Decimal(w(s).maxDrawdown).neg();
    }
  };
  return (a: TraderSummary, b: TraderSummary): number => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else {
      const c = kb.cmp(ka);
      if (c !== 0) return c;
    }
    return a.since - b.since || a.traderId - b.traderId;
  };
}

export interface Traders {
  stats: TraderStats;
  bots: Bot[];
  stop(): void;
}

export function mountTraders(r: IdentityRouter, ctx: ServerContext, ledger: Ledger, futures: FuturesModule): Traders {
  const stats = new TraderStats({
    store: sqliteStatsStore(ctx.db),
    clock: ctx.clock,
    equity: (u) => {
      const b = ledger.balance(u, 'contract', 'USDT');
      return new Decimal(b.available).plus(b.frozen).toFixed();
    },
    inTransaction: () => ctx.db.inTransaction,
  });
  registerTraderRoutes(r, stats);
  const bots = ensureBots(ctx, ledger, ctx.config.followBots);
  const off = startBots(ctx, ledger, futures, bots);
  return { stats, bots, stop: off };
}

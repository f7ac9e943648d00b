/**
 * The SQL behind the lead traders' figures (COPY-9, COPY-20..23): the trader's contract-account USDT entries,
 * own positions (a copied position is one a `follow_copies` row names), the follows and the copies; and the
 * simulated lead traders' own rows (COPY-24: their follow_traders row, last close, seeding count).
 */
import type Database from 'better-sqlite3';
import type { ClosedPosition } from './stats';

export interface TraderRow {
  userId: number;
  nickname: string;
  shareRate: string;
  maxFollowers: number;
  bot: boolean;
  createdAt: number;
}

/** One entry of the trader's contract-account USDT, with its journal row. */
export interface EntryRow {
  id: number;
  journalId: number;
  kind: string;
  time: number;
  amount: string;
}

export interface PositionLine {
  id: number;
  symbol: string;
  side: 'long' | 'short';
  leverage: number;
  entryPrice: string;
  closePrice: string | null;
  realisedPnl: string;
  fees: string;
  funding: string;
  createdAt: number;
  closeTime: number | null;
}

const NOT_COPY = 'NOT EXISTS (SELECT 1 FROM follow_copies c WHERE c.follower_id = p.user_id AND c.position_id = p.id)';
const POSITION_COLS = `p.id, p.symbol, p.side, p.leverage, p.entry_price AS entryPrice, p.close_price AS closePrice,
  p.realised_pnl AS realisedPnl, p.fees, p.funding, p.created_at AS createdAt, p.close_time AS closeTime`;

export interface StatsStore {
  traders(): TraderRow[];
  trader(userId: number): TraderRow | undefined;
  /** The trader's contract-account USDT entries after entry `afterId`, oldest first. */
  entriesAfter(userId: number, afterId: number): EntryRow[];
  /** Whether entry `id` still is the trader's (false after the tables were emptied). */
  entryIs(id: number, userId: number, journalId: number): boolean;
  /** Own positions closed or liquidated at or after `since`. */
  closedSince(userId: number, since: number): ClosedPosition[];
  openOwn(userId: number): PositionLine[];
  closedOwn(userId: number, limit: number): PositionLine[];
  /** Active follows per trader. */
  followerCounts(): Map<number, number>;
  /** Margins of the trader's followers' open copied positions, and the caps of the active follows. */
  copiedMargins(traderId: number): { followId: number; margin: string }[];
  activeCaps(traderId: number): { followId: number; maxTotal: string }[];
  isFollowing(followerId: number, traderId: number): boolean;
  traderByNickname(nickname: string): TraderRow | undefined;
  insertTrader(t: TraderRow): void;
  /** When the user last opened a position of their own (not a copy), if ever (LEAD-2). */
  lastOpenTime(userId: number): number | undefined;
  /** When an active follow of this trader was last started or changed, if any is active (LEAD-3). */
  lastFollowStart(traderId: number): number | undefined;
  /** Journal rows of a kind for a user. */
  journalCount(kind: string, userId: number): number;
}

export function sqliteStatsStore(db: Database.Database): StatsStore {
  const traderCols = `user_id AS userId, nickname, share_rate AS shareRate, max_followers AS maxFollowers, bot,
    created_at AS createdAt`;
  const toTrader = (r: Omit<TraderRow, 'bot'> & { bot: number }): TraderRow => ({ ...r, bot: r.bot === 1 });
  const q = {
    traders: db.prepare(`SELECT ${traderCols} FROM follow_traders ORDER BY user_id`),
    trader: db.prepare(`SELECT ${traderCols} FROM follow_traders WHERE user_id = ?`),
    entries: db.prepare(
      `SELECT e.id, e.journal_id AS journalId, j.kind, j.created_at AS time, e.amount
       FROM ledger_entries e JOIN ledger_journal j ON j.id = e.journal_id
       WHERE e.user_id = ? AND e.account = 'contract' AND e.coin = 'USDT' AND e.id > ?
       ORDER BY e.id`,
    ),
    entryIs: db.prepare(
      `SELECT 1 FROM ledger_entries WHERE id = ? AND user_id = ? AND journal_id = ? AND account = 'contract'`,
    ),
    closedSince: db.prepare(
      `SELECT p.id, p.close_time AS closedAt, p.realised_pnl AS realisedPnl, p.fees, p.funding
       FROM futures_positions p
       WHERE p.user_id = ? AND p.status != 'open' AND p.close_time >= ? AND ${NOT_COPY}
       ORDER BY p.close_time, p.id`,
    ),
    openOwn: db.prepare(
      `SELECT ${POSITION_COLS} FROM futures_positions p
       WHERE p.user_id = ? AND p.status = 'open' AND ${NOT_COPY} ORDER BY p.id DESC`,
    ),
    closedOwn: db.prepare(
      `SELECT ${POSITION_COLS} FROM futures_positions p
       WHERE p.user_id = ? AND p.status != 'open' AND ${NOT_COPY} ORDER BY p.close_time DESC, p.id DESC LIMIT ?`,
    ),
    followerCounts: db.prepare(
      `SELECT trader_id AS traderId, count(*) AS n FROM follows WHERE status = 'active' GROUP BY trader_id`,
    ),
    copiedMargins: db.prepare(
      `SELECT DISTINCT c.follow_id AS followId, p.id AS positionId, p.margin
       FROM follow_copies c JOIN futures_positions p ON p.id = c.position_id
       WHERE c.trader_id = ? AND p.status = 'open'`,
    ),
    activeCaps: db.prepare(
      `SELECT id AS followId, max_total AS maxTotal FROM follows WHERE trader_id = ? AND status = 'active'`,
    ),
    isFollowing: db.prepare(`SELECT 1 FROM follows WHERE follower_id = ? AND trader_id = ? AND status = 'active'`),
    byNickname: db.prepare(`SELECT ${traderCols} FROM follow_traders WHERE nickname = ?`),
    insertTrader: db.prepare(
      `INSERT INTO follow_traders (user_id, nickname, share_rate, max_followers, bot, created_at)
       VALUES (@userId, @nickname, @shareRate, @maxFollowers, @bot, @createdAt)`,
    ),
    lastOpen: db.prepare('SELECT max(created_at) AS t FROM futures_positions WHERE user_id = ? AND copy_of = 0'),
    lastFollow: db.prepare("SELECT max(updated_at) AS t FROM follows WHERE trader_id = ? AND status = 'active'"),
    journalCount: db.prepare('SELECT count(*) AS n FROM ledger_journal WHERE kind = ? AND user_id = ?'),
  };
  return {
    traders: () => (q.traders.all() as Parameters<typeof toTrader>[0][]).map(toTrader),
    trader: (id) => {
      const r = q.trader.get(id) as Parameters<typeof toTrader>[0] | undefined;
      return r && toTrader(r);
    },
    entriesAfter: (id, after) => q.entries.all(id, after) as EntryRow[],
    entryIs: (id, userId, journalId) => q.entryIs.get(id, userId, journalId) !== undefined,
    closedSince: (id, since) => q.closedSince.all(id, since) as ClosedPosition[],
    openOwn: (id) => q.openOwn.all(id) as PositionLine[],
    closedOwn: (id, limit) => q.closedOwn.all(id, limit) as PositionLine[],
    followerCounts: () =>
      new Map((q.followerCounts.all() as { traderId: number; n: number }[]).map((r) => [r.traderId, r.n])),
    copiedMargins: (id) => q.copiedMargins.all(id) as { followId: number; margin: string }[],
    activeCaps: (id) => q.activeCaps.all(id) as { followId: number; maxTotal: string }[],
    isFollowing: (f, t) => q.isFollowing.get(f, t) !== undefined,
    traderByNickname: (n) => {
      const r = q.byNickname.get(n) as Parameters<typeof toTrader>[0] | undefined;
      return r && toTrader(r);
    },
    insertTrader: (t) => void q.insertTrader.run({ ...t, bot: t.bot ? 1 : 0 }),
    lastOpenTime: (id) => (q.lastOpen.get(id) as { t: number | null }).t ?? undefined,
    lastFollowStart: (id) => (q.lastFollow.get(id) as { t: number | null }).t ?? undefined,
    journalCount: (kind, id) => (q.journalCount.get(kind, id) as { n: number }).n,
  };
}

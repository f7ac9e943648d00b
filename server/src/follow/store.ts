/** The SQL of following, the follow events and the copies (032_follow; copied positions in 033_futures_copy). */
import type Database from 'better-sqlite3';

export interface TraderRowC {
  userId: number;
  nickname: string;
  shareRate: string;
  maxFollowers: number;
  bot: number;
  createdAt: number;
}

export interface FollowRow {
  id: number;
  followerId: number;
  traderId: number;
  mode: 'fixed' | 'ratio';
  amount: string | null;
  ratio: string | null;
  maxTotal: string;
  stopLoss: string | null;
  status: 'active' | 'stopped' | 'ended';
  createdAt: number;
  updatedAt: number;
}

export interface CopyRow {
  id: number;
  followId: number;
  followerId: number;
  traderId: number;
  leadPositionId: number;
  positionId: number | null;
  symbol: string;
  side: string;
  pnl: string | null;
  share: string | null;
  shareJournal: number | null;
  createdAt: number;
  closedAt: number | null;
}

export interface EventRow {
  id: number;
  followId: number;
  time: number;
  kind: 'copied' | 'skipped' | 'closed' | 'share' | 'stopped';
  symbol: string | null;
  message: string;
  amount: string | null;
}

const F = `id, follower_id AS followerId, trader_id AS traderId, mode, amount, ratio, max_total AS maxTotal,
  stop_loss AS stopLoss, status, created_at AS createdAt, updated_at AS updatedAt`;
const C = `id, follow_id AS followId, follower_id AS followerId, trader_id AS traderId,
  lead_position_id AS leadPositionId, position_id AS positionId, symbol, side, pnl, share,
  share_journal AS shareJournal, created_at AS createdAt, closed_at AS closedAt`;
const CJ = `c.id, c.follow_id AS followId, c.follower_id AS followerId, c.trader_id AS traderId,
  c.lead_position_id AS leadPositionId, c.position_id AS positionId, c.symbol, c.side, c.pnl, c.share,
  c.share_journal AS shareJournal, c.created_at AS createdAt, c.closed_at AS closedAt`;
const T = `user_id AS userId, nickname, share_rate AS shareRate, max_followers AS maxFollowers, bot,
  created_at AS createdAt`;

export function sqliteFollowStore(db: Database.Database) {
  const q = {
    trader: db.prepare(`SELECT ${T} FROM follow_traders WHERE user_id = ?`),
    traders: db.prepare(`SELECT ${T} FROM follow_traders ORDER BY user_id`),
    traderByNick: db.prepare(`SELECT ${T} FROM follow_traders WHERE nickname = ? COLLATE NOCASE`),
    insertTrader: db.prepare(
      `INSERT INTO follow_traders (user_id, nickname, share_rate, max_followers, bot, created_at)
       VALUES (@userId, @nickname, @shareRate, @maxFollowers, @bot, @createdAt)`,
    ),
    follow: db.prepare(`SELECT ${F} FROM follows WHERE follower_id = ? AND trader_id = ?`),
    followById: db.prepare(`SELECT ${F} FROM follows WHERE id = ?`),
    followsOf: db.prepare(`SELECT ${F} FROM follows WHERE follower_id = ? ORDER BY updated_at DESC, id DESC`),
    followersOf: db.prepare(`SELECT ${F} FROM follows WHERE trader_id = ? AND status <> 'ended' ORDER BY id`),
    activeOf: db.prepare(`SELECT ${F} FROM follows WHERE trader_id = ? AND status = 'active' ORDER BY id`),
    activeCount: db.prepare(`SELECT count(*) AS n FROM follows WHERE trader_id = ? AND status = 'active'`),
    allActiveCount: db.prepare(`SELECT count(*) AS n FROM follows WHERE status = 'active'`),
    insertFollow: db.prepare(
      `INSERT INTO follows (follower_id, trader_id, mode, amount, ratio, max_total, stop_loss, status, created_at,
       updated_at) VALUES (@followerId, @traderId, @mode, @amount, @ratio, @maxTotal, @stopLoss, @status, @createdAt,
       @updatedAt)`,
    ),
    updateFollow: db.prepare(
      `UPDATE follows SET mode = @mode, amount = @amount, ratio = @ratio, max_total = @maxTotal,
       stop_loss = @stopLoss, status = @status, created_at = @createdAt, updated_at = @updatedAt WHERE id = @id`,
    ),
    insertEvent: db.prepare(
      `INSERT INTO follow_events (follow_id, time, kind, symbol, message, amount)
       VALUES (@followId, @time, @kind, @symbol, @message, @amount)`,
    ),
    events: db.prepare(
      `SELECT id, follow_id AS followId, time, kind, symbol, message, amount FROM follow_events
       WHERE follow_id = ? ORDER BY id DESC LIMIT ?`,
    ),
    copyByPosition: db.prepare(`SELECT ${C} FROM follow_copies WHERE position_id = ?`),
    insertCopy: db.prepare(
      `INSERT INTO follow_copies (follow_id, follower_id, trader_id, lead_position_id, position_id, symbol, side,
       created_at) VALUES (@followId, @followerId, @traderId, @leadPositionId, @positionId, @symbol, @side,
       @createdAt)`,
    ),
    closeCopy: db.prepare(
      `UPDATE follow_copies SET pnl = @pnl, share = @share, share_journal = @shareJournal, closed_at = @closedAt
       WHERE id = @id`,
    ),
    copiesOfFollow: db.prepare(`SELECT ${C} FROM follow_copies WHERE follow_id = ? ORDER BY id`),
    sharesTo: db.prepare(
      `SELECT ${C} FROM follow_copies WHERE trader_id = ? AND share IS NOT NULL AND share <> '0' AND
       CAST(share AS REAL) > 0 ORDER BY closed_at DESC, id DESC LIMIT ?`,
    ),
    allShares: db.prepare(`SELECT share FROM follow_copies WHERE share IS NOT NULL`),
    userName: db.prepare(`SELECT nickname, account, email, phone FROM users WHERE id = ?`),
  };
  return {
    trader: (userId: number) => q.trader.get(userId) as TraderRowC | undefined,
    traders: () => q.traders.all() as TraderRowC[],
    traderByNickname: (n: string) => q.traderByNick.get(n) as TraderRowC | undefined,
    insertTrader: (t: TraderRowC) => void q.insertTrader.run(t),
    follow: (followerId: number, traderId: number) => q.follow.get(followerId, traderId) as FollowRow | undefined,
    followById: (id: number) => q.followById.get(id) as FollowRow | undefined,
    followsOf: (followerId: number) => q.followsOf.all(followerId) as FollowRow[],
    followersOf: (traderId: number) => q.followersOf.all(traderId) as FollowRow[],
    activeFollowsOf: (traderId: number) => q.activeOf.all(traderId) as FollowRow[],
    activeCount: (traderId: number) => (q.activeCount.get(traderId) as { n: number }).n,
    allActiveCount: () => (q.allActiveCount.get() as { n: number }).n,
    insertFollow: (f: Omit<FollowRow, 'id'>) => Number(q.insertFollow.run(f).lastInsertRowid),
    updateFollow: (f: FollowRow) => void q.updateFollow.run(f),
    insertEvent: (e: Omit<EventRow, 'id'>) => void q.insertEvent.run(e),
    events: (followId: number, limit: number) => q.events.all(followId, limit) as EventRow[],
    copyByPosition: (positionId: number) => q.copyByPosition.get(positionId) as CopyRow | undefined,
    insertCopy: (
      c: Pick<
        CopyRow,
        'followId' | 'followerId' | 'traderId' | 'leadPositionId' | 'positionId' | 'symbol' | 'side' | 'createdAt'
      >,
    ) => Number(q.insertCopy.run(c).lastInsertRowid),
    closeCopy: (c: Pick<CopyRow, 'id' | 'pnl' | 'share' | 'shareJournal' | 'closedAt'>) => void q.closeCopy.run(c),
    copiesOfFollow: (followId: number) => q.copiesOfFollow.all(followId) as CopyRow[],
    sharesTo: (traderId: number, limit: number) => q.sharesTo.all(traderId, limit) as CopyRow[],
    allShares: () => (q.allShares.all() as { share: string }[]).map((r) => r.share),
    userName(userId: number): string {
      const u = q.userName.get(userId) as
        { nickname: string | null; account: string | null; email: string | null; phone: string | null } | undefined;
      return mask(u?.nickname || u?.account || u?.email || u?.phone || `user ${userId}`);
    },
    /** Closed copies of a follower for record/broker, newest first. */
    brokerPage(
      followerId: number,
      f: { symbol?: string; from?: number; to?: number },
      limit: number,
      offset: number,
    ): { total: number; rows: (CopyRow & { nickname: string; shares: string })[] } {
      const where = [
        'c.follower_id = @followerId',
        'c.closed_at IS NOT NULL',
        f.symbol ? 'c.symbol = @symbol' : '',
        f.from !== undefined ? 'c.closed_at >= @from' : '',
        f.to !== undefined ? 'c.closed_at < @to' : '',
      ]
        .filter(Boolean)
        .join(' AND ');
      const a = Object.fromEntries(
        Object.entries({ followerId, symbol: f.symbol || undefined, from: f.from, to: f.to }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      const total = (db.prepare(`SELECT count(*) AS n FROM follow_copies c WHERE ${where}`).get(a) as { n: number }).n;
      const rows = db
        .prepare(
          `SELECT ${CJ}, t.nickname AS nickname,
             COALESCE((SELECT group_concat(shares, ' ') FROM futures_records r WHERE r.position_id = c.position_id
               AND r.kind IN ('open')), '0') AS shares
           FROM follow_copies c JOIN follow_traders t ON t.user_id = c.trader_id
           WHERE ${where} ORDER BY c.closed_at DESC, c.id DESC LIMIT @limit OFFSET @offset`,
        )
        .all({ ...a, limit, offset }) as (CopyRow & { nickname: string; shares: string })[];
      return { total, rows };
    },
  };
}
export type FollowStore = ReturnType<typeof sqliteFollowStore>;

/** A name shown to others: its first two and last two characters (COPY-13). */
export function mask(name: string): string {
  const s = name.split('@')[0];
  if (s.length <= 4) return `${s.slice(0, 1)}***`;
  return `${s.slice(0, 2)}***${s.slice(-2)}`;
}

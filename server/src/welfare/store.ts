/**
 * The welfare centre's SQL (WEL-*): the paid rewards (`welfare_claims`, migration 036) and, read-only, when the
 * user first did each task, from the tables the other modules own. No arithmetic here.
 */
import type Database from 'better-sqlite3';
import type { WelfareTaskId } from '../../../src/shared/schemas/rewards';

export interface ClaimRow {
  id: number;
  userId: number;
  task: WelfareTaskId;
  coin: string;
  amount: string;
  doneAt: number;
  claimedAt: number;
  journalId: number;
}

export interface WelfareStore {
  /** The user's registration time, or undefined for an unknown user. */
  registeredAt(userId: number): number | undefined;
  /** When the user first did `task` (WEL-4), or null when not yet. */
  doneAt(userId: number, task: WelfareTaskId): number | null;
  claims(userId: number): ClaimRow[];
  claim(userId: number, task: WelfareTaskId): ClaimRow | undefined;
  insertClaim(c: Omit<ClaimRow, 'id'>): ClaimRow;
  /** The user's paid rewards, newest first (the deposit bonuses of `recharge/bonsList`). */
  page(userId: number, limit: number, offset: number): ClaimRow[];
  count(userId: number): number;
  transaction<T>(fn: () => T): T;
}

const COLS =
  'id, user_id AS userId, task, coin, amount, done_at AS doneAt, claimed_at AS claimedAt, journal_id AS journalId';

/**
 * WEL-4: the first time of each task, read from the owners' tables: the primary identity check approved (its last
 * change is the approval); a credited deposit (credited is final, so its last change is the crediting); a spot
 * fill, a futures fill (open, close, take-profit, stop-loss), a second contract opened or an option bought; a
 * user registered with the caller as inviter.
 */
const DONE_SQL: Record<WelfareTaskId, string> = {
  verifyIdentity: "SELECT MIN(updated_at) AS t FROM kyc WHERE user_id = ? AND level = 'primary' AND state = 'approved'",
  firstDeposit: "SELECT MIN(updated_at) AS t FROM deposits WHERE user_id = ? AND status = 'credited'",
  firstTrade: `SELECT MIN(t) AS t FROM (
      SELECT MIN(time) AS t FROM spot_fills WHERE user_id = @u
      UNION ALL SELECT MIN(time) FROM futures_records
        WHERE user_id = @u AND kind IN ('open', 'close', 'takeProfit', 'stopLoss')
      UNION ALL SELECT MIN(open_time) FROM second_orders WHERE user_id = @u
      UNION ALL SELECT MIN(create_time) FROM option_orders WHERE user_id = @u
    )`,
  inviteFriend: 'SELECT MIN(create_time) AS t FROM users WHERE invited_by = ?',
};

export function sqliteWelfareStore(db: Database.Database): WelfareStore {
  const q = {
    registered: db.prepare('SELECT create_time AS t FROM users WHERE id = ?'),
    claims: db.prepare(`SELECT ${COLS} FROM welfare_claims WHERE user_id = ? ORDER BY id`),
    claim: db.prepare(`SELECT ${COLS} FROM welfare_claims WHERE user_id = ? AND task = ?`),
    insert: db.prepare(
      `INSERT INTO welfare_claims (user_id, task, coin, amount, done_at, claimed_at, journal_id)
       VALUES (@userId, @task, @coin, @amount, @doneAt, @claimedAt, @journalId)`,
    ),
    page: db.prepare(
      `SELECT ${COLS} FROM welfare_claims WHERE user_id = ? ORDER BY claimed_at DESC, id DESC LIMIT ? OFFSET ?`,
    ),
    count: db.prepare('SELECT COUNT(*) AS n FROM welfare_claims WHERE user_id = ?'),
  };
  const done = Object.fromEntries(Object.entries(DONE_SQL).map(([task, sql]) => [task, db.prepare(sql)])) as Record<
    WelfareTaskId,
    Database.Statement
  >;
  return {
    registeredAt: (userId) => (q.registered.get(userId) as { t: number } | undefined)?.t,
    doneAt: (userId, task) => {
      const stmt = done[task];
      const row = (task === 'firstTrade' ? stmt.get({ u: userId }) : stmt.get(userId)) as { t: number | null };
      return row?.t ?? null;
    },
    claims: (userId) => q.claims.all(userId) as ClaimRow[],
    claim: (userId, task) => q.claim.get(userId, task) as ClaimRow | undefined,
    insertClaim: (c) => {
      const r = q.insert.run(c);
      return { ...c, id: Number(r.lastInsertRowid) };
    },
    page: (userId, limit, offset) => q.page.all(userId, limit, offset) as ClaimRow[],
    count: (userId) => (q.count.get(userId) as { n: number }).n,
    transaction: (fn) => db.transaction(fn)(),
  };
}

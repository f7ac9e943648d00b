/** The rewards' SQL (REB, VIP): the invitation tree on users.invited_by, rebate rows (migration 035), volumes. */
import type Database from 'better-sqlite3';

export interface RebateRow {
  id: number;
  feeRef: string;
  level: number;
  inviterId: number;
  inviteeId: number;
  source: 'spot' | 'futures' | 'options';
  coin: string;
  fee: string;
  amount: string;
  day: number;
  time: number;
  journalId: number;
}

/** What a user is shown by (masked by the service). */
export interface PersonRow {
  id: number;
  email: string | null;
  phone: string | null;
  account: string | null;
  address: string | null;
  nickname: string;
}

export interface InviteeRow extends PersonRow {
  level: number;
  joinedAt: number;
}

export interface RewardsStore {
  inviteCode(userId: number): string | undefined;
  inviterOf(userId: number): number | null;
  person(userId: number): PersonRow | undefined;
  /** Invitees of `userId` at `level` (0 = every level 1..3), newest first. */
  invitees(userId: number, level: number, limit: number, offset: number): InviteeRow[];
  countInvitees(userId: number, level: number): number;
  rebateRowsOf(feeRef: string): number;
  insertRebate(r: Omit<RebateRow, 'id'>): void;
  rebates(inviterId: number, limit: number, offset: number): RebateRow[];
  countRebates(inviterId: number): number;
  /** Every rebate of an inviter (coin, amount, day, invitee, level) for the totals. */
  rebateAmounts(inviterId: number): Pick<RebateRow, 'coin' | 'amount' | 'day' | 'inviteeId' | 'level'>[];
  /** Quote totals of a user's spot fills since `from`. */
  spotTotals(userId: number, from: number): string[];
  /** A user's futures fills (opening and closing trades) since `from`. */
  futuresFills(userId: number, from: number): { symbol: string; shares: string; price: string }[];
  transaction<T>(fn: () => T): T;
}

const PERSON = 'u.id, u.email, u.phone, u.account, u.address, u.nickname';
/** Levels 1..3 of the tree under ?1, each row with its level. */
const TREE = `
  SELECT ${PERSON}, u.create_time AS joinedAt, 1 AS level FROM users u WHERE u.invited_by = @me
  UNION ALL
  SELECT ${PERSON}, u.create_time, 2 FROM users a JOIN users u ON u.invited_by = a.id WHERE a.invited_by = @me
  UNION ALL
  SELECT ${PERSON}, u.create_time, 3 FROM users a JOIN users b ON b.invited_by = a.id JOIN users u ON u.invited_by = b.id
    WHERE a.invited_by = @me`;
const REBATE_COLS = `id, fee_ref AS feeRef, level, inviter_id AS inviterId, invitee_id AS inviteeId, source, coin, fee,
  amount, day, time, journal_id AS journalId`;

export function sqliteRewardsStore(db: Database.Database): RewardsStore {
  const q = {
    code: db.prepare('SELECT invite_code AS code FROM users WHERE id = ?'),
    inviter: db.prepare('SELECT invited_by AS inviter FROM users WHERE id = ?'),
    person: db.prepare(`SELECT ${PERSON} FROM users u WHERE u.id = ?`),
    invitees: db.prepare(
      `SELECT * FROM (${TREE}) WHERE (@level = 0 OR level = @level) ORDER BY joinedAt DESC, id DESC
       LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare(`SELECT count(*) AS n FROM (${TREE}) WHERE (@level = 0 OR level = @level)`),
    byRef: db.prepare('SELECT count(*) AS n FROM rebates WHERE fee_ref = ?'),
    insert: db.prepare(
      `INSERT INTO rebates (fee_ref, level, inviter_id, invitee_id, source, coin, fee, amount, day, time, journal_id)
       VALUES (@feeRef, @level, @inviterId, @inviteeId, @source, @coin, @fee, @amount, @day, @time, @journalId)`,
    ),
    rebates: db.prepare(
      `SELECT ${REBATE_COLS} FROM rebates WHERE inviter_id = ? ORDER BY time DESC, id DESC LIMIT ? OFFSET ?`,
    ),
    countRebates: db.prepare('SELECT count(*) AS n FROM rebates WHERE inviter_id = ?'),
    amounts: db.prepare(
      'SELECT coin, amount, day, invitee_id AS inviteeId, level FROM rebates WHERE inviter_id = ? ORDER BY id',
    ),
    spot: db.prepare('SELECT total FROM spot_fills WHERE user_id = ? AND time >= ?'),
    futures: db.prepare(
      `SELECT symbol, shares, price FROM futures_records
       WHERE user_id = ? AND time >= ? AND trade_id IS NOT NULL AND price IS NOT NULL`,
    ),
  };
  const n = (r: unknown) => (r as { n: number }).n;
  return {
    inviteCode: (u) => (q.code.get(u) as { code: string } | undefined)?.code,
    inviterOf: (u) => (q.inviter.get(u) as { inviter: number | null } | undefined)?.inviter ?? null,
    person: (u) => q.person.get(u) as PersonRow | undefined,
    invitees: (me, level, limit, offset) => q.invitees.all({ me, level, limit, offset }) as InviteeRow[],
    countInvitees: (me, level) => n(q.count.get({ me, level })),
    rebateRowsOf: (ref) => n(q.byRef.get(ref)),
    insertRebate: (r) => void q.insert.run(r),
    rebates: (u, limit, offset) => q.rebates.all(u, limit, offset) as RebateRow[],
    countRebates: (u) => n(q.countRebates.get(u)),
    rebateAmounts: (u) => q.amounts.all(u) as Pick<RebateRow, 'coin' | 'amount' | 'day' | 'inviteeId' | 'level'>[],
    spotTotals: (u, from) => (q.spot.all(u, from) as { total: string }[]).map((r) => r.total),
    futuresFills: (u, from) => q.futures.all(u, from) as { symbol: string; shares: string; price: string }[],
    transaction: (fn) => db.transaction(fn)(),
  };
}

/** SQL of the withdrawals module (tables of migration 025): withdrawal rows and trade password failures. */
import type Database from 'better-sqlite3';
import type { Withdrawal, WithdrawStatus } from '../../../src/shared/schemas/withdraw';

/** What a withdrawal asks: the coin, the chain type, the address, the amount, its fee and the total held. */
interface WithdrawalTerms {
  coin: string;
  type: string;
  address: string;
  amount: string;
  fee: string;
  total: string;
}

export interface WithdrawalRow extends WithdrawalTerms {
  id: number;
  user_id: number;
  status: WithdrawStatus;
  reason: string;
  hold_id: number | null;
  client_key: string | null;
  announced: number;
  created_at: number;
  updated_at: number;
}

export interface NewWithdrawal extends WithdrawalTerms {
  userId: number;
  clientKey: string | null;
  now: number;
}

export function toWithdrawal(r: WithdrawalRow): Withdrawal {
  return {
    id: r.id,
    coin: r.coin,
    type: r.type,
    address: r.address,
    amount: r.amount,
    fee: r.fee,
    total: r.total,
    status: r.status,
    reason: r.reason,
    createTime: r.created_at,
    updateTime: r.updated_at,
  };
}

/**
 * The amount as a fixed-width text that sorts exactly as the decimal does (30 integer digits, '.', 30
 * decimals): `amount_key <= amountKey(max)` in SQL is `amount <= max`, with no float (SAFE-24, migration 040).
 */
export function amountKey(amount: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m || m[1].length > 30 || (m[2] ?? '').length > 30) throw new Error(`not a plain decimal amount: ${amount}`);
  return `${m[1].padStart(30, '0')}.${(m[2] ?? '').padEnd(30, '0')}`;
}

export class WithdrawalStore {
  constructor(private readonly db: Database.Database) {}

  insert(w: NewWithdrawal): number {
    const r = this.db
      .prepare(
        `INSERT INTO withdrawals (user_id, coin, type, address, amount, amount_key, fee, total, status, client_key,
           created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
      )
      .run(
        w.userId,
        w.coin,
        w.type,
        w.address,
        w.amount,
        amountKey(w.amount),
        w.fee,
        w.total,
        w.clientKey,
        w.now,
        w.now,
      );
    return Number(r.lastInsertRowid);
  }

  setHold(id: number, holdId: number): void {
    this.db.prepare('UPDATE withdrawals SET hold_id = ? WHERE id = ?').run(holdId, id);
  }

  byId(id: number): WithdrawalRow | undefined {
    return this.db.prepare('SELECT * FROM withdrawals WHERE id = ?').get(id) as WithdrawalRow | undefined;
  }

  byKey(userId: number, key: string): WithdrawalRow | undefined {
    return this.db.prepare('SELECT * FROM withdrawals WHERE user_id = ? AND client_key = ?').get(userId, key) as
      WithdrawalRow | undefined;
  }

  latestPending(userId: number): WithdrawalRow | undefined {
    return this.db
      .prepare("SELECT * FROM withdrawals WHERE user_id = ? AND status = 'pending' ORDER BY id DESC LIMIT 1")
      .get(userId) as WithdrawalRow | undefined;
  }

  page(userId: number, pageNum: number, pageSize: number): { rows: WithdrawalRow[]; total: number } {
    const rows = this.db
      .prepare('SELECT * FROM withdrawals WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?')
      .all(userId, pageSize, (pageNum - 1) * pageSize) as WithdrawalRow[];
    const { n } = this.db.prepare('SELECT COUNT(*) AS n FROM withdrawals WHERE user_id = ?').get(userId) as {
      n: number;
    };
    return { rows, total: n };
  }

  /** Withdrawals of a channel since `since` that use up the day's count (WDR-3: pending or done). */
  countSince(userId: number, type: string, since: number): number {
    const { n } = this.db
      .prepare(
        "SELECT COUNT(*) AS n FROM withdrawals WHERE user_id = ? AND type = ? AND created_at >= ? AND status IN ('pending','done')",
      )
      .get(userId, type, since) as { n: number };
    return n;
  }

  /** pending -> `to`, only if still pending (false when another writer got there first). */
  finish(id: number, to: Exclude<WithdrawStatus, 'pending'>, reason: string, now: number, announced: boolean): boolean {
    return (
      this.db
        .prepare(
          "UPDATE withdrawals SET status = ?, reason = ?, updated_at = ?, announced = ? WHERE id = ? AND status = 'pending'",
        )
        .run(to, reason, now, announced ? 1 : 0, id).changes === 1
    );
  }

  /** Pending withdrawals made at or before `createdBefore` for at most `max` (exact, by `amount_key`), oldest first. */
  eligibleForAutoApproval(createdBefore: number, max: string, limit: number): WithdrawalRow[] {
    return this.db
      .prepare(
        `SELECT * FROM withdrawals WHERE status = 'pending' AND amount_key <= ? AND created_at <= ?
         ORDER BY id LIMIT ?`,
      )
      .all(amountKey(max), createdBefore, limit) as WithdrawalRow[];
  }

  allOf(status: WithdrawStatus | undefined, limit: number): WithdrawalRow[] {
    return (
      status
        ? this.db.prepare('SELECT * FROM withdrawals WHERE status = ? ORDER BY id DESC LIMIT ?').all(status, limit)
        : this.db.prepare('SELECT * FROM withdrawals ORDER BY id DESC LIMIT ?').all(limit)
    ) as WithdrawalRow[];
  }

  /** Rows changed by another process (the operator CLI) that the server has not announced yet; marks them. */
  takeUnannounced(): WithdrawalRow[] {
    const rows = this.db.prepare('SELECT * FROM withdrawals WHERE announced = 0').all() as WithdrawalRow[];
    if (rows.length) this.db.prepare('UPDATE withdrawals SET announced = 1 WHERE announced = 0').run();
    return rows;
  }

  // Trade password failures (attempt limits, as sign-in's).
  failuresSince(userId: number, since: number): number[] {
    return (
      this.db
        .prepare('SELECT at FROM trade_pwd_failures WHERE user_id = ? AND at > ? ORDER BY at DESC')
        .all(userId, since) as { at: number }[]
    ).map((r) => r.at);
  }

  addFailure(userId: number, at: number, olderThan: number): number {
    this.db.prepare('DELETE FROM trade_pwd_failures WHERE at <= ?').run(olderThan);
    return Number(
      this.db.prepare('INSERT INTO trade_pwd_failures (user_id, at) VALUES (?, ?)').run(userId, at).lastInsertRowid,
    );
  }

  clearFailures(userId: number): void {
    this.db.prepare('DELETE FROM trade_pwd_failures WHERE user_id = ?').run(userId);
  }
}

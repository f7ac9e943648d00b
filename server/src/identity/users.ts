/** The users table: lookups and creation. Emails and account names compare case-insensitively. */
import { randomBytes, randomInt } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { RegisterType } from '../../../src/shared/schemas/user';

export interface UserRow {
  id: number;
  uid: string;
  register_type: RegisterType;
  account: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  nickname: string;
  level: number;
  credits: number;
  invite_code: string;
  invited_by: number | null;
  pwd_hash: string | null;
  trade_pwd_hash: string | null;
  create_time: number;
}

export interface NewUser {
  registerType: RegisterType;
  account?: string;
  email?: string;
  phone?: string;
  address?: string;
  pwdHash?: string;
  credits: number;
  invitedBy?: number;
  now: number;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export class Users {
  constructor(private db: Database.Database) {}

  /** Prepared once: every signed-in request reads its user. */
  private byIdQuery: Database.Statement | undefined;

  byId(id: number): UserRow | undefined {
    this.byIdQuery ??= this.db.prepare('SELECT * FROM users WHERE id = ?');
    return this.byIdQuery.get(id) as UserRow | undefined;
  }

  /** Sign-in identifier: account name, email, phone or wallet address. */
  byLogin(login: string): UserRow | undefined {
    const l = login.trim();
    // Phones are stored as "+<digits>"; accept them typed without the plus. EVM addresses are stored lower-case.
    const phone = /^\d{6,20}$/.test(l) ? '+' + l : l;
    const address = /^0x[0-9a-fA-F]{40}$/.test(l) ? l.toLowerCase() : l;
    return this.db
      .prepare('SELECT * FROM users WHERE account = ? OR email = ? OR phone = ? OR address = ? ORDER BY id LIMIT 1')
      .get(l, l.toLowerCase(), phone, address) as UserRow | undefined;
  }

  byEmail(email: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
  }
  byPhone(phone: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE phone = ?').get(phone) as UserRow | undefined;
  }
  byAddress(address: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE address = ?').get(address) as UserRow | undefined;
  }
  byAccount(account: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE account = ?').get(account) as UserRow | undefined;
  }
  byInviteCode(code: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE invite_code = ? COLLATE NOCASE').get(code) as UserRow | undefined;
  }

  /** Is `login` taken as any identifier by someone? (a phone number must not equal another's account name...) */
  identifierTaken(value: string): boolean {
    return this.byLogin(value) !== undefined;
  }

  create(u: NewUser): UserRow {
    const taken = (col: 'uid' | 'invite_code', v: string) =>
      this.db.prepare(`SELECT 1 FROM users WHERE ${col} = ?`).get(v) !== undefined;
    let uid: string;
    do uid = String(randomInt(10_000_000, 100_000_000));
    while (taken('uid', uid));
    let invite: string;
    do {
      invite = '';
      for (let i = 0; i < 8; i++) invite += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
    } while (taken('invite_code', invite));
    const shown =
      u.account ?? u.email ?? u.phone ?? (u.address ? u.address.slice(0, 6) + '…' + u.address.slice(-4) : 'user');
    const nickname = u.email ? u.email.split('@')[0] : shown;
    const r = this.db
      .prepare(
        `INSERT INTO users (uid, register_type, account, email, phone, address, nickname, credits, invite_code, invited_by, pwd_hash, create_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        uid,
        u.registerType,
        u.account ?? null,
        u.email ?? null,
        u.phone ?? null,
        u.address ?? null,
        nickname,
        u.credits,
        invite,
        u.invitedBy ?? null,
        u.pwdHash ?? null,
        u.now,
      );
    return this.byId(Number(r.lastInsertRowid))!;
  }

  setPassword(id: number, hash: string): void {
    this.db.prepare('UPDATE users SET pwd_hash = ? WHERE id = ?').run(hash, id);
  }
  /** Sets the trade password only if none is set (two racing first-time sets cannot both win). */
  setTradePasswordIfUnset(id: number, hash: string): boolean {
    return (
      this.db.prepare('UPDATE users SET trade_pwd_hash = ? WHERE id = ? AND trade_pwd_hash IS NULL').run(hash, id)
        .changes === 1
    );
  }
  setTradePassword(id: number, hash: string): void {
    this.db.prepare('UPDATE users SET trade_pwd_hash = ? WHERE id = ?').run(hash, id);
  }
  /** Binds an email to an account that has none; false when one was bound meanwhile. */
  bindEmail(id: number, email: string): boolean {
    return this.db.prepare('UPDATE users SET email = ? WHERE id = ? AND email IS NULL').run(email, id).changes === 1;
  }
  /** Binds a phone to an account that has none; false when one was bound meanwhile. */
  bindPhone(id: number, phone: string): boolean {
    return this.db.prepare('UPDATE users SET phone = ? WHERE id = ? AND phone IS NULL').run(phone, id).changes === 1;
  }
  /** Unbinds exactly `phone`; false when the bound phone changed meanwhile. */
  unbindPhone(id: number, phone: string): boolean {
    return this.db.prepare('UPDATE users SET phone = NULL WHERE id = ? AND phone = ?').run(id, phone).changes === 1;
  }
}

/** Random filler for ids that must not be guessed (uploads). */
export const randomId = (bytes = 16) => randomBytes(bytes).toString('base64url');

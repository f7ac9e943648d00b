/**
 * Email and SMS verification codes (AUTH-4): 6 digits, single use, valid 5 minutes, only for the
 * purpose (codeType) and address they were sent to. A code dies after 5 wrong guesses.
 * Sending is limited (SAFE-7, numbers in limits.ts): one per 60 s and 10 per hour per address, 30 per hour per
 * client address, answered with 429 and Retry-After beyond.
 * Codes leave through the courier of ./delivery.ts (SMTP, the SMS webhook, the development mailbox; SAFE-3,
 * SAFE-4); when a channel has no way to reach anyone the send is refused before anything is stored.
 */
import { createHash, randomInt } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../time/clock';
import { ApiFail } from '../http/failures';
import {
  CODE_LIMIT_WINDOW_MS,
  MAX_PER_ADDRESS_PER_HOUR,
  MAX_PER_IP_PER_HOUR,
  RESEND_GAP_MS,
  codeLimitReached,
} from './limits';

export const CODE_TTL_MS = 5 * 60_000;
export { RESEND_GAP_MS, MAX_PER_ADDRESS_PER_HOUR, MAX_PER_IP_PER_HOUR };
export const MAX_WRONG_TRIES = 5;
const HOUR = 3600_000;

export type Channel = 'email' | 'phone';

export interface Delivery {
  channel: Channel;
  address: string;
  codeType: string;
  /** The code; empty for a notice. */
  code: string;
  /**
   * What the message says (SAFE-10): a code, or, when someone asked for a registration or binding code of an
   * address that already has an account, a notice to its owner (no code; "sign in or reset your password").
   */
  kind: 'code' | 'account_exists';
}

const hashCode = (channel: Channel, address: string, codeType: string, code: string) =>
  createHash('sha256').update(`${channel}|${address}|${codeType}|${code}`).digest('hex');

export const INVALID_CODE = 'The verification code is invalid or expired';

export class Codes {
  constructor(
    private db: Database.Database,
    private clock: Clock,
    private deliver: (d: Delivery) => void,
    /** Undefined when the channel can reach its user, else the message the send is refused with (SAFE-3, SAFE-4). */
    private refusal: (channel: Channel) => string | undefined = () => undefined,
  ) {}

  /** Refuses a send on a channel that cannot reach anyone (SAFE-3, SAFE-4), before any limit or store. */
  requireChannel(channel: Channel): void {
    const r = this.refusal(channel);
    if (r !== undefined) throw new ApiFail(r);
  }

  send(channel: Channel, address: string, codeType: string, ip: string): void {
    this.requireChannel(channel);
    this.limit(channel, address, ip);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.record(channel, address, codeType, hashCode(channel, address, codeType, code), ip);
    this.deliver({ channel, address, codeType, code, kind: 'code' });
  }

  /**
   * SAFE-10: the same limits and the same reply as `send`, but the owner of an address that already has an
   * account gets a notice instead of a code (no code exists, so registering with any code fails as a wrong code).
   */
  notifyExisting(channel: Channel, address: string, codeType: string, ip: string): void {
    this.requireChannel(channel);
    this.limit(channel, address, ip);
    this.record(channel, address, codeType, `notice:${randomInt(0, 2 ** 47)}`, ip);
    this.deliver({ channel, address, codeType, code: '', kind: 'account_exists' });
  }

  /**
   * The sending limits (AUTH-4, SAFE-7; numbers in limits.ts): one per RESEND_GAP_MS and MAX_PER_ADDRESS_PER_HOUR
   * per address, MAX_PER_IP_PER_HOUR per client. Beyond them, 429 with the seconds until the limit frees.
   */
  private limit(channel: Channel, address: string, ip: string): void {
    const now = this.clock.now();
    const since = now - CODE_LIMIT_WINDOW_MS;
    const last = this.db
      .prepare('SELECT created_at FROM verify_codes WHERE channel = ? AND address = ? ORDER BY created_at DESC LIMIT 1')
      .get(channel, address) as { created_at: number } | undefined;
    if (last && now - last.created_at < RESEND_GAP_MS) {
      const wait = last.created_at + RESEND_GAP_MS - now;
      const s = Math.ceil(wait / 1000);
      throw codeLimitReached(`Please wait ${s} seconds before requesting another code`, wait);
    }
    const perAddr = this.db
      .prepare(
        'SELECT created_at FROM verify_codes WHERE channel = ? AND address = ? AND created_at > ? ORDER BY created_at DESC LIMIT ?',
      )
      .all(channel, address, since, MAX_PER_ADDRESS_PER_HOUR) as { created_at: number }[];
    if (perAddr.length >= MAX_PER_ADDRESS_PER_HOUR)
      throw codeLimitReached(
        'Too many codes requested for this address, try again in an hour',
        perAddr[perAddr.length - 1].created_at + CODE_LIMIT_WINDOW_MS - now,
      );
    const perIp = this.db
      .prepare('SELECT created_at FROM verify_codes WHERE ip = ? AND created_at > ? ORDER BY created_at DESC LIMIT ?')
      .all(ip, since, MAX_PER_IP_PER_HOUR) as { created_at: number }[];
    if (perIp.length >= MAX_PER_IP_PER_HOUR)
      throw codeLimitReached(
        'Too many codes requested, try again in an hour',
        perIp[perIp.length - 1].created_at + CODE_LIMIT_WINDOW_MS - now,
      );
  }

  /** Stores a sent code's hash (only the newest of a purpose is valid); a notice stores an unguessable stand-in. */
  private record(channel: Channel, address: string, codeType: string, codeHash: string, ip: string): void {
    const now = this.clock.now();
    this.db.transaction(() => {
      // Only the newest code of a purpose is valid.
      this.db
        .prepare(
          'UPDATE verify_codes SET used_at = ? WHERE channel = ? AND address = ? AND code_type = ? AND used_at IS NULL',
        )
        .run(now, channel, address, codeType);
      this.db
        .prepare(
          'INSERT INTO verify_codes (channel, address, code_type, code_hash, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(channel, address, codeType, codeHash, ip, now, now + CODE_TTL_MS);
      this.db.prepare('DELETE FROM verify_codes WHERE created_at < ?').run(now - 24 * HOUR);
    })();
  }

  /**
   * Checks a code without using it up; returns the code's id for `consume`. A wrong guess is recorded
   * at once (outside any transaction of the caller) and throws.
   */
  check(channel: Channel, address: string, codeType: string, code: string): number {
    const now = this.clock.now();
    const row = this.db
      .prepare(
        'SELECT id, code_hash, wrong_tries FROM verify_codes WHERE channel = ? AND address = ? AND code_type = ? AND used_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 1',
      )
      .get(channel, address, codeType, now) as { id: number; code_hash: string; wrong_tries: number } | undefined;
    if (!row) throw new ApiFail(INVALID_CODE);
    if (row.code_hash !== hashCode(channel, address, codeType, code)) {
      const tries = row.wrong_tries + 1;
      this.db
        .prepare(
          'UPDATE verify_codes SET wrong_tries = ?, used_at = CASE WHEN ? >= ? THEN ? ELSE used_at END WHERE id = ?',
        )
        .run(tries, tries, MAX_WRONG_TRIES, now, row.id);
      throw new ApiFail(INVALID_CODE);
    }
    return row.id;
  }

  /** Uses the code up; call inside the transaction of the change it authorizes. */
  consume(id: number): void {
    const r = this.db
      .prepare('UPDATE verify_codes SET used_at = ? WHERE id = ? AND used_at IS NULL')
      .run(this.clock.now(), id);
    if (r.changes !== 1) throw new ApiFail(INVALID_CODE);
  }
}

/** The development outbox: the latest codes sent, newest first: to one address, or to every address. */
export function readOutbox(db: Database.Database, address?: string, limit = 10) {
  const cols = 'channel, address, code_type AS codeType, code, created_at AS createTime';
  const rows =
    address === undefined
      ? db.prepare(`SELECT ${cols} FROM dev_outbox ORDER BY id DESC LIMIT ?`).all(limit)
      : db.prepare(`SELECT ${cols} FROM dev_outbox WHERE address = ? ORDER BY id DESC LIMIT ?`).all(address, limit);
  return rows as { channel: Channel; address: string; codeType: string; code: string; createTime: number }[];
}

/** Keeps a day of codes: enough for any test or manual check, never a growing table. */
export function writeOutbox(db: Database.Database, d: Delivery, at: number): void {
  db.prepare('INSERT INTO dev_outbox (channel, address, code_type, code, created_at) VALUES (?, ?, ?, ?, ?)').run(
    d.channel,
    d.address,
    d.codeType,
    d.code,
    at,
  );
  db.prepare('DELETE FROM dev_outbox WHERE created_at < ?').run(at - 24 * HOUR);
}

/**
 * The inbox's SQL (MSG-*; migration 037): messages and announcements, and read-only looks at the tables of the
 * modules whose events write messages (deposits, withdrawals, spot and futures orders, positions, second contracts,
 * options), for the facts an event does not carry. No arithmetic here.
 */
import type Database from 'better-sqlite3';
import type { MessageKind } from '../../../src/shared/schemas/inbox';

export interface MessageRow {
  id: number;
  userId: number;
  kind: MessageKind;
  params: Record<string, string>;
  title: string;
  body: string;
  createdAt: number;
  readAt: number | null;
}

export interface NewMessage {
  userId: number;
  kind: MessageKind;
  params: Record<string, string>;
  title?: string;
  body?: string;
  source: string;
  createdAt: number;
}

export interface DepositFacts {
  coin: string;
  amount: string;
  network: string;
}
export interface WithdrawalFacts {
  coin: string;
  amount: string;
  fee: string;
  reason: string;
}
export interface SpotOrderFacts {
  symbol: string;
  side: string;
  type: string;
  amount: string;
  filled: string;
  filledTotal: string;
}
export interface FuturesOrderFacts {
  symbol: string;
  side: string;
  action: string;
  type: string;
  shares: string;
  filledShares: string;
  filledNotional: string;
}
export interface PositionFacts {
  symbol: string;
  side: string;
  shares: string;
  leverage: number;
  entryPrice: string;
  closePrice: string | null;
  margin: string;
}
export interface SecondFacts {
  symbol: string;
  direction: string;
  amount: string;
  coin: string;
  period: number;
}
export interface OptionFacts {
  symbol: string;
  kind: string;
  strike: string;
  quantity: string;
  premium: string;
}

export interface InboxStore {
  /** The new message's id, or undefined when its source already wrote one for this user (MSG-4). */
  insert(m: NewMessage): number | undefined;
  page(userId: number, unreadOnly: boolean, limit: number, offset: number): MessageRow[];
  count(userId: number, unreadOnly: boolean): number;
  byId(id: number): MessageRow | undefined;
  /** Marks unread messages of `userId` read (those of `ids`, or all); the number changed. */
  markRead(userId: number, ids: number[] | 'all', at: number): number;
  insertAnnouncement(a: { title: string; body: string; audience: 'all' | 'users'; createdAt: number }): number;
  setRecipients(id: number, n: number): void;
  /** An announcement's title and text in one language (OPC-11). */
  insertAnnouncementText(id: number, lang: string, title: string, body: string): void;
  /** The texts per language of these announcements (OPC-11). */
  announcementTexts(ids: number[]): { id: number; lang: string; title: string; body: string }[];
  allUserIds(): number[];
  existingUserIds(ids: number[]): number[];
  deposit(id: number): (DepositFacts & { userId: number }) | undefined;
  withdrawal(id: number): (WithdrawalFacts & { userId: number }) | undefined;
  spotOrder(id: number): (SpotOrderFacts & { userId: number }) | undefined;
  futuresOrder(id: number): (FuturesOrderFacts & { userId: number }) | undefined;
  position(id: number): (PositionFacts & { userId: number }) | undefined;
  secondOrder(id: number): (SecondFacts & { userId: number }) | undefined;
  optionOrder(id: number): (OptionFacts & { userId: number }) | undefined;
  transaction<T>(fn: () => T): T;
}

interface RawMessage {
  id: number;
  userId: number;
  kind: MessageKind;
  params: string;
  title: string;
  body: string;
  createdAt: number;
  readAt: number | null;
}

const MSG_COLS = 'id, user_id AS userId, kind, params, title, body, created_at AS createdAt, read_at AS readAt';

function parseParams(s: string): Record<string, string> {
  try {
    const v: unknown = JSON.parse(s);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (typeof x === 'string') out[k] = x;
    return out;
  } catch {
    return {};
  }
}

const toRow = (r: RawMessage): MessageRow => ({ ...r, params: parseParams(r.params) });

export function sqliteInboxStore(db: Database.Database): InboxStore {
  const q = {
    insert: db.prepare(
      `INSERT OR IGNORE INTO messages (user_id, kind, params, title, body, source, created_at)
       VALUES (@userId, @kind, @params, @title, @body, @source, @createdAt)`,
    ),
    pageAll: db.prepare(`SELECT ${MSG_COLS} FROM messages WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`),
    pageUnread: db.prepare(
      `SELECT ${MSG_COLS} FROM messages WHERE user_id = ? AND read_at IS NULL ORDER BY id DESC LIMIT ? OFFSET ?`,
    ),
    countAll: db.prepare('SELECT COUNT(*) AS n FROM messages WHERE user_id = ?'),
    countUnread: db.prepare('SELECT COUNT(*) AS n FROM messages WHERE user_id = ? AND read_at IS NULL'),
    byId: db.prepare(`SELECT ${MSG_COLS} FROM messages WHERE id = ?`),
    readAll: db.prepare('UPDATE messages SET read_at = ? WHERE user_id = ? AND read_at IS NULL'),
    readOne: db.prepare('UPDATE messages SET read_at = ? WHERE user_id = ? AND id = ? AND read_at IS NULL'),
    insertAnnouncement: db.prepare(
      `INSERT INTO announcements (title, body, audience, created_at) VALUES (@title, @body, @audience, @createdAt)`,
    ),
    setRecipients: db.prepare('UPDATE announcements SET recipients = ? WHERE id = ?'),
    insertAnnouncementText: db.prepare(
      `INSERT INTO announcement_texts (announcement_id, lang, title, body) VALUES (?, ?, ?, ?)
       ON CONFLICT (announcement_id, lang) DO UPDATE SET title = excluded.title, body = excluded.body`,
    ),
    announcementTexts: db.prepare(
      `SELECT announcement_id AS id, lang, title, body FROM announcement_texts
       WHERE announcement_id IN (SELECT value FROM json_each(?))`,
    ),
    allUsers: db.prepare('SELECT id FROM users ORDER BY id'),
    userExists: db.prepare('SELECT id FROM users WHERE id = ?'),
    deposit: db.prepare('SELECT user_id AS userId, coin, amount, network FROM deposits WHERE id = ?'),
    withdrawal: db.prepare('SELECT user_id AS userId, coin, amount, fee, reason FROM withdrawals WHERE id = ?'),
    spotOrder: db.prepare(
      `SELECT user_id AS userId, symbol, side, type, amount, filled, filled_total AS filledTotal
       FROM spot_orders WHERE id = ?`,
    ),
    futuresOrder: db.prepare(
      `SELECT user_id AS userId, symbol, side, action, type, shares, filled_shares AS filledShares,
              filled_notional AS filledNotional FROM futures_orders WHERE id = ?`,
    ),
    position: db.prepare(
      `SELECT user_id AS userId, symbol, side, shares, leverage, entry_price AS entryPrice,
              close_price AS closePrice, margin FROM futures_positions WHERE id = ?`,
    ),
    secondOrder: db.prepare(
      'SELECT user_id AS userId, symbol, direction, amount, coin, period FROM second_orders WHERE id = ?',
    ),
    optionOrder: db.prepare(
      'SELECT user_id AS userId, symbol, kind, strike, quantity, premium FROM option_orders WHERE id = ?',
    ),
  };
  return {
    insert(m) {
      const r = q.insert.run({
        userId: m.userId,
        kind: m.kind,
        params: JSON.stringify(m.params),
        title: m.title ?? '',
        body: m.body ?? '',
        source: m.source,
        createdAt: m.createdAt,
      });
      return r.changes > 0 ? Number(r.lastInsertRowid) : undefined;
    },
    page(userId, unreadOnly, limit, offset) {
      const rows = (unreadOnly ? q.pageUnread : q.pageAll).all(userId, limit, offset) as RawMessage[];
      return rows.map(toRow);
    },
    count(userId, unreadOnly) {
      return ((unreadOnly ? q.countUnread : q.countAll).get(userId) as { n: number }).n;
    },
    byId(id) {
      const r = q.byId.get(id) as RawMessage | undefined;
      return r && toRow(r);
    },
    markRead(userId, ids, at) {
      if (ids === 'all') return q.readAll.run(at, userId).changes;
      let n = 0;
      for (const id of ids) n += q.readOne.run(at, userId, id).changes;
      return n;
    },
    insertAnnouncement(a) {
      return Number(q.insertAnnouncement.run(a).lastInsertRowid);
    },
    setRecipients(id, n) {
      q.setRecipients.run(n, id);
    },
    insertAnnouncementText(id, lang, title, body) {
      q.insertAnnouncementText.run(id, lang, title, body);
    },
    announcementTexts(ids) {
      if (ids.length === 0) return [];
      return q.announcementTexts.all(JSON.stringify(ids)) as ReturnType<InboxStore['announcementTexts']>;
    },
    allUserIds() {
      return (q.allUsers.all() as { id: number }[]).map((r) => r.id);
    },
    existingUserIds(ids) {
      return [...new Set(ids)].filter((id) => q.userExists.get(id) !== undefined);
    },
    deposit: (id) => q.deposit.get(id) as ReturnType<InboxStore['deposit']>,
    withdrawal: (id) => q.withdrawal.get(id) as ReturnType<InboxStore['withdrawal']>,
    spotOrder: (id) => q.spotOrder.get(id) as ReturnType<InboxStore['spotOrder']>,
    futuresOrder: (id) => q.futuresOrder.get(id) as ReturnType<InboxStore['futuresOrder']>,
    position: (id) => q.position.get(id) as ReturnType<InboxStore['position']>,
    secondOrder: (id) => q.secondOrder.get(id) as ReturnType<InboxStore['secondOrder']>,
    optionOrder: (id) => q.optionOrder.get(id) as ReturnType<InboxStore['optionOrder']>,
    transaction: (fn) => db.transaction(fn)(),
  };
}

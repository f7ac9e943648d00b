/** The proxy programme's SQL (PROXY-*): agents, links, commissions (migration 034). No arithmetic here. */
import type Database from 'better-sqlite3';

export interface AgentRow {
  userId: number;
  code: string;
  createdAt: number;
}

export interface LinkRow {
  customerId: number;
  agentId: number;
  linkedAt: number;
}

export interface CommissionRow {
  agentId: number;
  customerId: number;
  interestRef: string;
  coin: string;
  interest: string;
  commission: string;
  interestUsdt: string;
  commissionUsdt: string;
  day: number;
  time: number;
  journalId: number | null;
}

/** A customer of an agent with what they identify by (masked by the service). */
export interface CustomerRow extends LinkRow {
  email: string | null;
  phone: string | null;
  account: string | null;
  address: string | null;
  nickname: string;
}

export interface EarningRow {
  id: number;
  time: number;
  day: number;
  customerId: number;
  coin: string;
  interest: string;
  commission: string;
}

export interface ProxyStore {
  agent(userId: number): AgentRow | undefined;
  agentByCode(code: string): AgentRow | undefined;
  insertAgent(a: AgentRow): void;
  link(customerId: number): LinkRow | undefined;
  insertLink(l: LinkRow): void;
  customers(agentId: number, limit: number, offset: number): CustomerRow[];
  /** Every link (the programme's live figures). */
  allLinks(): LinkRow[];
  countCustomers(agentId: number): number;
  countAgents(): number;
  countLinks(): number;
  customer(userId: number): Omit<CustomerRow, keyof LinkRow> | undefined;
  commissionOf(interestRef: string): CommissionRow | undefined;
  insertCommission(c: CommissionRow): void;
  /** USDT values (as stored) of an agent's commissions, optionally of one customer. */
  commissionValues(agentId: number, customerId?: number): string[];
  /** USDT values of every commission and every interest they came from. */
  allValues(): { interestUsdt: string; commissionUsdt: string }[];
  earnings(agentId: number, limit: number, offset: number): EarningRow[];
  countEarnings(agentId: number): number;
  /** An agent's paid commissions by day: the day and each row's USDT value. */
  earningValuesByDay(agentId: number): { day: number; commissionUsdt: string }[];
  transaction<T>(fn: () => T): T;
}

const USER_COLS = 'u.email, u.phone, u.account, u.address, u.nickname';
const PAID = "commission <> '0'";

export function sqliteProxyStore(db: Database.Database): ProxyStore {
  const q = {
    agent: db.prepare('SELECT user_id AS userId, code, created_at AS createdAt FROM proxy_agents WHERE user_id = ?'),
    agentByCode: db.prepare('SELECT user_id AS userId, code, created_at AS createdAt FROM proxy_agents WHERE code = ?'),
    insertAgent: db.prepare('INSERT INTO proxy_agents (user_id, code, created_at) VALUES (@userId, @code, @createdAt)'),
    link: db.prepare(
      'SELECT customer_id AS customerId, agent_id AS agentId, linked_at AS linkedAt FROM proxy_links WHERE customer_id = ?',
    ),
    insertLink: db.prepare(
      'INSERT INTO proxy_links (customer_id, agent_id, linked_at) VALUES (@customerId, @agentId, @linkedAt)',
    ),
    customers: db.prepare(
      `SELECT l.customer_id AS customerId, l.agent_id AS agentId, l.linked_at AS linkedAt, ${USER_COLS}
       FROM proxy_links l JOIN users u ON u.id = l.customer_id WHERE l.agent_id = ?
       ORDER BY l.linked_at DESC, l.customer_id DESC LIMIT ? OFFSET ?`,
    ),
    allLinks: db.prepare(
      'SELECT customer_id AS customerId, agent_id AS agentId, linked_at AS linkedAt FROM proxy_links',
    ),
    countCustomers: db.prepare('SELECT count(*) AS n FROM proxy_links WHERE agent_id = ?'),
    countAgents: db.prepare('SELECT count(*) AS n FROM proxy_agents'),
    countLinks: db.prepare('SELECT count(*) AS n FROM proxy_links'),
    customer: db.prepare(`SELECT ${USER_COLS} FROM users u WHERE u.id = ?`),
    commissionOf: db.prepare(
      `SELECT agent_id AS agentId, customer_id AS customerId, interest_ref AS interestRef, coin, interest, commission,
       interest_usdt AS interestUsdt, commission_usdt AS commissionUsdt, day, time, journal_id AS journalId
       FROM proxy_commissions WHERE interest_ref = ?`,
    ),
    insertCommission: db.prepare(
      `INSERT INTO proxy_commissions (agent_id, customer_id, interest_ref, coin, interest, commission, interest_usdt,
       commission_usdt, day, time, journal_id) VALUES (@agentId, @customerId, @interestRef, @coin, @interest,
       @commission, @interestUsdt, @commissionUsdt, @day, @time, @journalId)`,
    ),
    values: db.prepare('SELECT commission_usdt AS v FROM proxy_commissions WHERE agent_id = ?'),
    valuesOf: db.prepare('SELECT commission_usdt AS v FROM proxy_commissions WHERE agent_id = ? AND customer_id = ?'),
    allValues: db.prepare(
      'SELECT interest_usdt AS interestUsdt, commission_usdt AS commissionUsdt FROM proxy_commissions',
    ),
    earnings: db.prepare(
      `SELECT id, time, day, customer_id AS customerId, coin, interest, commission FROM proxy_commissions
       WHERE agent_id = ? AND ${PAID} ORDER BY time DESC, id DESC LIMIT ? OFFSET ?`,
    ),
    countEarnings: db.prepare(`SELECT count(*) AS n FROM proxy_commissions WHERE agent_id = ? AND ${PAID}`),
    byDay: db.prepare(
      `SELECT day, commission_usdt AS commissionUsdt FROM proxy_commissions WHERE agent_id = ? AND ${PAID}
       ORDER BY day DESC`,
    ),
  };
  const n = (r: unknown) => (r as { n: number }).n;
  return {
    agent: (u) => q.agent.get(u) as AgentRow | undefined,
    agentByCode: (c) => q.agentByCode.get(c) as AgentRow | undefined,
    insertAgent: (a) => void q.insertAgent.run(a),
    link: (c) => q.link.get(c) as LinkRow | undefined,
    insertLink: (l) => void q.insertLink.run(l),
    customers: (a, limit, offset) => q.customers.all(a, limit, offset) as CustomerRow[],
    allLinks: () => q.allLinks.all() as LinkRow[],
    countCustomers: (a) => n(q.countCustomers.get(a)),
    countAgents: () => n(q.countAgents.get()),
    countLinks: () => n(q.countLinks.get()),
    customer: (u) => q.customer.get(u) as Omit<CustomerRow, keyof LinkRow> | undefined,
    commissionOf: (ref) => q.commissionOf.get(ref) as CommissionRow | undefined,
    insertCommission: (c) => void q.insertCommission.run(c),
    commissionValues: (a, c) =>
      ((c === undefined ? q.values.all(a) : q.valuesOf.all(a, c)) as { v: string }[]).map((r) => r.v),
    allValues: () => q.allValues.all() as { interestUsdt: string; commissionUsdt: string }[],
    earnings: (a, limit, offset) => q.earnings.all(a, limit, offset) as EarningRow[],
    countEarnings: (a) => n(q.countEarnings.get(a)),
    earningValuesByDay: (a) => q.byDay.all(a) as { day: number; commissionUsdt: string }[],
    transaction: (fn) => db.transaction(fn)(),
  };
}

/**
 * The inbox (MSG rules in docs/spec/inbox.md). Messages are written by listening to the user events
 * (server/src/events/userEvents.ts), never by the publishers calling in (MSG-2): `onStatus` (deposits, withdrawals,
 * spot and futures orders, welfare rewards, flow orders), `onSettlement` (second contracts, options) and
 * `onPositions` (liquidations). A message keeps the event's facts (MSG-3), from `event.facts` when the publisher
 * gave them, else read from the module's table; each event source writes once per user (MSG-4). Every write and
 * every read is announced as USER_STATUS `{kind: 'inbox'}` so each tab refetches its count (MSG-6); the inbox's
 * own 'inbox' events are ignored (no loop).
 */
import { Decimal } from '../../../src/shared/decimal';
import type { Message, MessageKind, MessagePage, UnreadCount } from '../../../src/shared/schemas/inbox';
import type { SettlementData } from '../../../src/shared/protocol';
import { OPTION_COIN } from '../../../src/shared/trading/optionRules';
import type { PositionEvent, StatusEvent } from '../events/userEvents';
import { ApiFail } from '../http/failures';
import { pick } from '../db/rows';
import type { Clock } from '../time/clock';
import type { InboxStore, MessageRow } from './store';

export const INBOX_KIND = 'inbox';

export interface InboxDeps {
  store: InboxStore;
  clock: Clock;
  /** USER_STATUS `{kind: 'inbox', id, status: 'new' | 'read'}` (MSG-6). */
  statusChanged(userId: number, e: StatusEvent): void;
  /** OPC-2's order of languages for a reader of `lang`: it, the operator's default, English. */
  languages(lang: string): string[];
}

export interface Announcement {
  /** The text in the operator's default language, which a reader gets when their language has none (OPC-11). */
  title: string;
  body: string;
  /** The title and text in other languages, by language code (OPC-11). */
  texts?: Record<string, { title: string; body: string }>;
  /** Only these users; absent: every user there is now (MSG-7). */
  userIds?: number[];
}

/** What the event listeners write (before the store adds the user and the time). */
interface Draft {
  kind: MessageKind;
  source: string;
  params: Record<string, string>;
}

/** "12.3400" -> "12.34"; an average of a total over an amount to 8 decimals. */
const plain = (s: string) => new Decimal(s).toFixed();
const average = (total: string, amount: string) => {
  const a = new Decimal(amount);
  return a.isZero() ? '0' : new Decimal(total).div(a).toDecimalPlaces(8).toFixed();
};
/** The numeric id behind a deposit id such as `c12` (declared payments, `p3`, are not deposits yet). */
const depositNumber = (id: number | string) => {
  const m = /^c(\d+)$/.exec(String(id));
  return m ? Number(m[1]) : undefined;
};
const asNumber = (id: number | string) => {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
/** Only string facts, at most 20 of them, each at most 200 characters. */
function cleanFacts(f: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!f) return out;
  for (const [k, v] of Object.entries(f).slice(0, 20)) if (typeof v === 'string') out[k.slice(0, 40)] = v.slice(0, 200);
  return out;
}

const SPOT_FACTS = ['symbol', 'side', 'type', 'amount', 'filled', 'filledTotal'] as const;
/** A spot order's facts given with its event (PERF-72), as the row would give them; undefined when one is missing. */
function spotFacts(
  userId: number,
  f: Record<string, string>,
): (Record<(typeof SPOT_FACTS)[number], string> & { userId: number }) | undefined {
  if (!SPOT_FACTS.every((k) => typeof f[k] === 'string' && f[k] !== '')) return undefined;
  return {
    userId,
    symbol: f.symbol,
    side: f.side,
    type: f.type,
    amount: f.amount,
    filled: f.filled,
    filledTotal: f.filledTotal,
  };
}

export class InboxService {
  constructor(private readonly deps: InboxDeps) {}

  // ---------- the read side (MSG-1, MSG-5) ----------

  list(userId: number, q: { pageNum: number; pageSize: number; filter: 'all' | 'unread' }, lang = 'en'): MessagePage {
    const { store } = this.deps;
    const unreadOnly = q.filter === 'unread';
    const rows = this.inLanguage(store.page(userId, unreadOnly, q.pageSize, (q.pageNum - 1) * q.pageSize), lang);
    return { total: store.count(userId, unreadOnly), unread: store.count(userId, true), rows };
  }

  /** One of the caller's messages; another user's is "not found" like a missing one (MSG-5). */
  detail(userId: number, id: number, lang = 'en'): Message {
    const m = this.deps.store.byId(id);
    if (!m || m.userId !== userId) throw new ApiFail(`Message ${id} not found`);
    return this.inLanguage([m], lang)[0];
  }

  /**
   * OPC-11: an announcement reads in the first of OPC-2's languages it has a text in, else as the message keeps it
   * (the operator's default-language text). Other messages carry no prose (MSG-3).
   */
  private inLanguage(rows: MessageRow[], lang: string): Message[] {
    const ids = [...new Set(rows.filter((m) => m.kind === 'announcement').map((m) => Number(m.params.announcement)))];
    const texts = this.deps.store.announcementTexts(ids.filter((id) => Number.isInteger(id) && id > 0));
    if (texts.length === 0) return rows.map(view);
    const langs = this.deps.languages(lang);
    return rows.map((m) => {
      if (m.kind !== 'announcement') return view(m);
      const id = Number(m.params.announcement);
      for (const l of langs) {
        const t = texts.find((x) => x.id === id && x.lang === l);
        if (t) return { ...view(m), title: t.title, body: t.body };
      }
      return view(m);
    });
  }

  unread(userId: number): UnreadCount {
    return { unread: this.deps.store.count(userId, true) };
  }

  /** Marks some (only the caller's) or all messages read; every tab hears it when something changed (MSG-6). */
  read(userId: number, b: { ids?: number[]; all?: boolean }): UnreadCount {
    const { store, clock } = this.deps;
    const ids = b.all === true ? 'all' : (b.ids ?? []);
    const changed = store.transaction(() => store.markRead(userId, ids, clock.now()));
    if (changed > 0)
      this.deps.statusChanged(userId, { kind: INBOX_KIND, id: ids === 'all' ? 'all' : ids.join(','), status: 'read' });
    return this.unread(userId);
  }

  // ---------- the write side ----------

  /** Writes one message (once per source, MSG-4) and tells the user's tabs. */
  private write(userId: number, d: Draft, extra: { title?: string; body?: string } = {}): number | undefined {
    const id = this.deps.store.insert({ userId, ...d, ...extra, createdAt: this.deps.clock.now() });
    if (id !== undefined) this.deps.statusChanged(userId, { kind: INBOX_KIND, id, status: 'new' });
    return id;
  }

  /** The operator's announcement (MSG-7): to the users named, or to every user. */
  announce(a: Announcement): { id: number; recipients: number } {
    const { store, clock } = this.deps;
    const title = a.title.trim();
    const body = a.body.trim();
    if (!title) throw new ApiFail('title: the announcement needs a title');
    if (!body) throw new ApiFail('body: the announcement needs a text');
    const now = clock.now();
    const written = store.transaction(() => {
      const audience = a.userIds === undefined ? 'all' : 'users';
      const users = a.userIds === undefined ? store.allUserIds() : store.existingUserIds(a.userIds);
      if (a.userIds !== undefined && users.length === 0) throw new ApiFail('userIds: none of these users exists');
      const id = store.insertAnnouncement({ title, body, audience, createdAt: now });
      for (const [lang, t] of Object.entries(a.texts ?? {})) store.insertAnnouncementText(id, lang, t.title, t.body);
      const out: { userId: number; messageId: number }[] = [];
      for (const userId of users) {
        const messageId = store.insert({
          userId,
          kind: 'announcement',
          params: { announcement: String(id) },
          title,
          body,
          source: `announce:${id}`,
          createdAt: now,
        });
        if (messageId !== undefined) out.push({ userId, messageId });
      }
      store.setRecipients(id, out.length);
      return { id, out };
    });
    for (const { userId, messageId } of written.out)
      this.deps.statusChanged(userId, { kind: INBOX_KIND, id: messageId, status: 'new' });
    return { id: written.id, recipients: written.out.length };
  }

  /** USER_STATUS listener (MSG-2): deposits, withdrawals, spot and futures fills, welfare, flow. */
  onStatus = (userId: number, e: StatusEvent): void => {
    if (e.kind === INBOX_KIND) return;
    const d = this.draftOfStatus(userId, e);
    if (d) this.write(userId, d);
  };

  /** SETTLEMENT listener (MSG-2): a second contract or an option settled. */
  onSettlement = (userId: number, s: SettlementData): void => {
    const { store } = this.deps;
    const common = { product: s.kind, id: String(s.id), symbol: s.symbol, closePrice: s.closePrice, payout: s.payout };
    if (s.kind === 'second') {
      const o = store.secondOrder(s.id);
      const params: Record<string, string> = { ...common, result: s.result };
      if (o && o.userId === userId)
        Object.assign(params, { coin: o.coin, amount: o.amount, direction: o.direction, period: String(o.period) });
      this.write(userId, { kind: 'contractSettled', source: `second:${s.id}`, params });
    } else {
      const o = store.optionOrder(s.id);
      const params: Record<string, string> = { ...common, coin: OPTION_COIN };
      if (o && o.userId === userId)
        Object.assign(params, { option: o.kind, strike: o.strike, quantity: o.quantity, premium: o.premium });
      params.result = new Decimal(s.payout).gt(0) ? 'win' : 'lose';
      this.write(userId, { kind: 'contractSettled', source: `option:${s.id}`, params });
    }
  };

  /** POSITION listener (MSG-2): a futures position liquidated. */
  onPositions = (userId: number, e: PositionEvent | undefined): void => {
    if (!e || e.kind !== 'liquidated') return;
    const p = this.deps.store.position(e.positionId);
    const params: Record<string, string> = { id: String(e.positionId), symbol: e.symbol };
    if (p && p.userId === userId)
      Object.assign(params, {
        side: p.side,
        shares: plain(p.shares),
        leverage: String(p.leverage),
        entryPrice: plain(p.entryPrice),
        margin: plain(p.margin),
        ...(p.closePrice ? { closePrice: plain(p.closePrice) } : {}),
      });
    this.write(userId, { kind: 'positionLiquidated', source: `position:${e.positionId}:liquidated`, params });
  };

  private draftOfStatus(userId: number, e: StatusEvent): Draft | undefined {
    const { store } = this.deps;
    const facts = cleanFacts(e.facts);
    const given = Object.keys(facts).length > 0;
    switch (e.kind) {
      case 'deposit': {
        if (e.status !== 'credited') return undefined;
        const n = depositNumber(e.id);
        const r = !given && n !== undefined ? store.deposit(n) : undefined;
        if (!given && (!r || r.userId !== userId)) return undefined;
        const params = given ? facts : { coin: r!.coin, amount: plain(r!.amount), network: r!.network };
        return { kind: 'depositCredited', source: `deposit:${String(e.id)}`, params: { id: String(e.id), ...params } };
      }
      case 'withdraw': {
        if (e.status !== 'done' && e.status !== 'rejected') return undefined;
        const n = asNumber(e.id);
        const r = !given && n !== undefined ? store.withdrawal(n) : undefined;
        if (!given && (!r || r.userId !== userId)) return undefined;
        const params = given
          ? facts
          : {
              coin: r!.coin,
              amount: plain(r!.amount),
              fee: plain(r!.fee),
              ...(r!.reason ? { reason: r!.reason } : {}),
            };
        return {
          kind: e.status === 'done' ? 'withdrawalDone' : 'withdrawalRejected',
          source: `withdraw:${String(e.id)}:${e.status}`,
          params: { id: String(e.id), ...params },
        };
      }
      case 'spot': {
        if (e.status !== 'filled' && e.status !== 'partiallyFilled') return undefined;
        const n = asNumber(e.id);
        // PERF-72: the order's facts as the spot service gave them with the event, else its row.
        const o = n === undefined ? undefined : (spotFacts(userId, facts) ?? store.spotOrder(n));
        if (!o || o.userId !== userId || new Decimal(o.filled).isZero()) return undefined;
        const part = e.status === 'partiallyFilled';
        return {
          kind: 'orderFilled',
          // A partial fill writes once per filled amount; the last fill writes the 'filled' message.
          source: part ? `spot:${n}:partial:${plain(o.filled)}` : `spot:${n}:filled`,
          params: {
            market: 'spot',
            id: String(n),
            symbol: o.symbol,
            side: o.side,
            type: o.type,
            status: part ? 'partial' : 'filled',
            amount: plain(o.amount),
            filled: plain(o.filled),
            price: average(o.filledTotal, o.filled),
            total: plain(o.filledTotal),
          },
        };
      }
      case 'futures': {
        // A liquidation is told by the POSITION listener (this event's id is a position's there).
        if (e.status !== 'filled' && e.status !== 'partiallyFilled') return undefined;
        const n = asNumber(e.id);
        const o = n !== undefined ? store.futuresOrder(n) : undefined;
        if (!o || o.userId !== userId || new Decimal(o.filledShares).isZero()) return undefined;
        const part = e.status === 'partiallyFilled';
        return {
          kind: 'orderFilled',
          source: part ? `futures:${n}:partial:${plain(o.filledShares)}` : `futures:${n}:filled`,
          params: {
            market: 'futures',
            id: String(n),
            symbol: o.symbol,
            side: o.side,
            action: o.action,
            type: o.type,
            status: part ? 'partial' : 'filled',
            amount: plain(o.shares),
            filled: plain(o.filledShares),
            price: average(o.filledNotional, o.filledShares),
          },
        };
      }
      case 'welfare':
        if (e.status !== 'paid') return undefined;
        return { kind: 'rewardPaid', source: `welfare:${String(e.id)}`, params: { task: String(e.id), ...facts } };
      case 'flow':
        return {
          kind: 'flowOrder',
          source: `flow:${String(e.id)}:${e.status}`,
          params: { orderId: String(e.id), ...facts, status: e.status },
        };
      default:
        return undefined;
    }
  }
}

const view = (m: MessageRow): Message => pick(m, ['id', 'kind', 'params', 'title', 'body', 'createdAt', 'readAt']);

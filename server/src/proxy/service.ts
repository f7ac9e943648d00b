/**
 * The agent programme (PROXY-*; docs/spec/proxy.md). A user becomes an agent and gets a code (PROXY-1); a
 * customer links one agent's code, once, never their own (PROXY-2); each interest payment the finance module makes
 * to a linked customer pays the agent a commission from `house:proxy`, in the interest's ledger transaction, once
 * per payment (PROXY-3, `onInterest`). The read side: the caller's terms, role and totals with the programme's live
 * figures (PROXY-6, PROXY-7), the agent's customers masked (PROXY-8) and the commission payments (PROXY-9).
 */
import { Decimal } from '../../../src/shared/decimal';
import { normalizeAgentCode, proxyCommission } from '../../../src/shared/earn/proxyRules';
import type { ProxyCustomerPage, ProxyEarningPage, ProxyInfo } from '../../../src/shared/schemas/proxy';
import type { InterestPaid } from '../finance/hooks';
import { ApiFail } from '../http/failures';
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import type { CustomerRow, ProxyStore } from './store';

export const PROXY_HOUSE = 'house:proxy';
export const COMMISSION_KIND = 'proxy_commission';
const USDT = 'USDT';

export interface FinanceHoldings {
  /** Active principal per coin of a user's finance holdings. */
  holdingsOf(userId: number): { coin: string; principal: string }[];
}

export interface ProxyDeps {
  store: ProxyStore;
  ledger: Ledger;
  clock: Clock;
  /** The commission as a fraction of each interest payment (config PROXY_COMMISSION_RATE). */
  rate: string;
  /** The finance module's holdings (absent until it is wired: every principal is then 0). */
  finance?: FinanceHoldings;
  /** The last trade price of COIN in USDT, or undefined when COINusdt is not listed or has not traded. */
  usdtPrice(coin: string): string | undefined;
  /** A new agent code: 8 upper-case letters and digits. */
  newCode(): string;
}

type MaskedFields = Pick<CustomerRow, 'email' | 'phone' | 'account' | 'address' | 'nickname'>;

/** Shows who a customer is without printing it (PROXY-8): like the account menu's masking. */
export function maskCustomer(u: MaskedFields): string {
  if (u.email) {
    const at = u.email.lastIndexOf('@');
    if (at > 0) {
      const local = u.email.slice(0, at);
      return `${local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2)}***${u.email.slice(at)}`;
    }
  }
  if (u.phone) {
    const p = u.phone.replace(/\s+/g, '');
    return p.length <= 7 ? `${p.slice(0, 1)}***` : `${p.slice(0, p.length - 7)}***${p.slice(-4)}`;
  }
  const name = u.account ?? u.address ?? u.nickname;
  return name.length <= 2 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.length > 8 ? name.slice(-2) : ''}`;
}

/** `maskCustomer` of each id `find` knows ('***' for one it does not), each looked up once (a page's rows). */
export function maskedNames(find: (id: number) => MaskedFields | undefined): (id: number) => string {
  const names = new Map<number, string>();
  return (id) => {
    let n = names.get(id);
    if (n === undefined) {
      const u = find(id);
      names.set(id, (n = u ? maskCustomer(u) : '***'));
    }
    return n;
  };
}

const sum = (values: Iterable<string>) => {
  let t = new Decimal(0);
  for (const v of values) t = t.plus(v);
  return t;
};

export class ProxyService {
  constructor(private readonly deps: ProxyDeps) {}

  /** The USDT value of `amount` COIN at the last price (PROXY-7); undefined when COIN has no price. */
  private usdt(coin: string, amount: string): Decimal | undefined {
    if (coin.toUpperCase() === USDT) return new Decimal(amount);
    const p = this.deps.usdtPrice(coin.toUpperCase());
    return p === undefined || !new Decimal(p).gt(0) ? undefined : new Decimal(amount).times(p);
  }

  /** A customer's active finance principal in USDT and how many coins it is held in (PROXY-7). */
  private principalOf(userId: number): { principal: Decimal; holdings: number } {
    const rows = this.deps.finance?.holdingsOf(userId) ?? [];
    let principal = new Decimal(0);
    let holdings = 0;
    for (const h of rows) {
      if (!new Decimal(h.principal).gt(0)) continue;
      holdings++;
      principal = principal.plus(this.usdt(h.coin, h.principal) ?? 0);
    }
    return { principal, holdings };
  }

  /** PROXY-6, PROXY-7: the terms, the caller's role and totals, the programme's live figures. */
  info(userId: number): ProxyInfo {
    const { store } = this.deps;
    const agent = store.agent(userId);
    const link = store.link(userId);
    const linkedCode = link ? (store.agent(link.agentId)?.code ?? null) : null;
    let customers = 0;
    let customerPrincipal = new Decimal(0);
    let earned = new Decimal(0);
    const links = store.allLinks();
    if (agent) {
      for (const l of links) {
        if (l.agentId !== userId) continue;
        customers++;
        customerPrincipal = customerPrincipal.plus(this.principalOf(l.customerId).principal);
      }
      earned = sum(store.commissionValues(userId));
    }
    const values = store.allValues();
    const active = new Set<number>();
    for (const l of links)
      if (!active.has(l.agentId) && this.principalOf(l.customerId).holdings > 0) active.add(l.agentId);
    return {
      commissionRate: new Decimal(this.deps.rate).toFixed(),
      isAgent: agent !== undefined,
      code: agent?.code ?? null,
      linkedCode,
      customers,
      customerPrincipal: customerPrincipal.toFixed(),
      earned: earned.toFixed(),
      totalOutput: sum(values.map((v) => v.commissionUsdt)).toFixed(),
      userBenefits: sum(values.map((v) => v.interestUsdt)).toFixed(),
      participant: store.countAgents(),
      validNode: active.size,
      approveNumber: links.length,
    };
  }

  /** PROXY-1: become an agent; a second call returns the same code. */
  apply(userId: number): { code: string } {
    const { store } = this.deps;
    return store.transaction(() => {
      const had = store.agent(userId);
      if (had) return { code: had.code };
      let code = normalizeAgentCode(this.deps.newCode());
      for (let i = 0; store.agentByCode(code); i++) {
        if (i > 20) throw new Error('could not draw a free agent code');
        code = normalizeAgentCode(this.deps.newCode());
      }
      store.insertAgent({ userId, code, createdAt: this.deps.clock.now() });
      return { code };
    });
  }

  /** PROXY-2: invest through an agent's code: once, not one's own, only a code that exists. */
  link(userId: number, rawCode: string): ProxyInfo {
    const { store } = this.deps;
    const code = normalizeAgentCode(rawCode);
    store.transaction(() => {
      const had = store.link(userId);
      if (had) {
        const current = store.agent(had.agentId)?.code ?? '';
        if (current === code) return;
        throw new ApiFail(`You already invest through agent ${current}; a link cannot be changed`);
      }
      const agent = store.agentByCode(code);
      if (!agent) throw new ApiFail(`No agent has the code ${code}`);
      if (agent.userId === userId) throw new ApiFail('You cannot link your own agent code');
      store.insertLink({ customerId: userId, agentId: agent.userId, linkedAt: this.deps.clock.now() });
    });
    return this.info(userId);
  }

  /** PROXY-8: the agent's customers, masked, newest link first, with principal now and commission brought. */
  customers(userId: number, pageNum: number, pageSize: number): ProxyCustomerPage {
    const { store } = this.deps;
    const rows = store.customers(userId, pageSize, (pageNum - 1) * pageSize).map((c) => {
      const { principal, holdings } = this.principalOf(c.customerId);
      return {
        name: maskCustomer(c),
        linkedAt: c.linkedAt,
        principal: principal.toFixed(),
        holdings,
        commission: sum(store.commissionValues(userId, c.customerId)).toFixed(),
      };
    });
    return { total: store.countCustomers(userId), rows };
  }

  /** PROXY-9: the agent's commission payments, newest first, and their USDT value by UTC day. */
  earnings(userId: number, pageNum: number, pageSize: number): ProxyEarningPage {
    const { store } = this.deps;
    const nameOf = maskedNames((id) => store.customer(id));
    const rows = store.earnings(userId, pageSize, (pageNum - 1) * pageSize).map((e) => ({
      id: e.id,
      time: e.time,
      day: e.day,
      customer: nameOf(e.customerId),
      coin: e.coin,
      interest: e.interest,
      commission: e.commission,
    }));
    const days = new Map<number, Decimal>();
    for (const d of store.earningValuesByDay(userId))
      days.set(d.day, (days.get(d.day) ?? new Decimal(0)).plus(d.commissionUsdt));
    const byDay = [...days.entries()].sort((a, b) => b[0] - a[0]).map(([day, c]) => ({ day, commission: c.toFixed() }));
    return { total: store.countEarnings(userId), rows, byDay };
  }

  /**
   * PROXY-3: the finance module's interest listener. Runs inside the transaction that pays the interest
   * (synchronous, ledger and database only): when the customer is linked, the commission goes from `house:proxy`
   * to the agent's platform account, once per interest payment however often the event comes.
   */
  readonly onInterest = (e: InterestPaid): void => {
    const { store, ledger } = this.deps;
    const link = store.link(e.userId);
    if (!link) return;
    ledger.transaction(() => {
      if (store.commissionOf(e.ref)) return;
      const coin = e.coin.toUpperCase();
      const commission = proxyCommission(e.amount, this.deps.rate, coin);
      let journalId: number | null = null;
      if (new Decimal(commission).gt(0)) {
        const paid =
          ledger.posted(COMMISSION_KIND, e.ref) ??
          ledger.post({
            kind: COMMISSION_KIND,
            ref: e.ref,
            userId: link.agentId,
            memo: `commission on interest paid to a customer (${e.ref})`,
            entries: [
              { house: PROXY_HOUSE, coin, amount: `-${commission}` },
              { userId: link.agentId, account: 'platform', coin, amount: commission },
            ],
          });
        journalId = paid.id;
      }
      store.insertCommission({
        agentId: link.agentId,
        customerId: e.userId,
        interestRef: e.ref,
        coin,
        interest: new Decimal(e.amount).toFixed(),
        commission,
        interestUsdt: (this.usdt(coin, e.amount) ?? new Decimal(0)).toFixed(),
        commissionUsdt: (this.usdt(coin, commission) ?? new Decimal(0)).toFixed(),
        day: e.day,
        time: e.time,
        journalId,
      });
    });
  };
}

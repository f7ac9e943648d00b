/**
 * Shapes of proxy investing (PROXY rules in docs/spec/proxy.md; spec 2.1 `/proxy`, `/proxy/records`,
 * `/proxy/earnings`, 2.4 the middle menu's entry, 3.3 DEFI_INCOME_SETTING). Our reading (README "Readings"): an
 * agent programme. A user becomes an agent and gets a code; a customer who links that code invests in the finance
 * products as before, and the agent earns a disclosed commission on the interest the customer is paid, from the
 * house's proxy account: never taken from the customer. Amounts are exact decimal strings; times server ms.
 */
import { z } from 'zod';
import { pageNum, pageSize } from './paging';
import { DecimalStr } from '../money';

/** GET /api/proxy/info: the programme's terms, the caller's role, and the programme's live totals. */
export const ProxyInfo = z.object({
  /** The commission as a fraction of each interest payment to a linked customer ("0.1" = 10 %). */
  commissionRate: DecimalStr,
  /** Whether the caller is an agent, and their code. */
  isAgent: z.boolean(),
  code: z.string().nullable(),
  /** The agent code the caller invests through, if linked (once, not changeable). */
  linkedCode: z.string().nullable(),
  /** The caller's agent totals: customers, their principal in finance products, commission earned. */
  customers: z.number().int().nonnegative(),
  customerPrincipal: DecimalStr,
  earned: DecimalStr,
  /** DEFI_INCOME_SETTING's figures, computed live (PROXY-6): commission paid in all, interest paid to linked
   * customers, agents, agents with a customer holding, customers linked. */
  totalOutput: DecimalStr,
  userBenefits: DecimalStr,
  participant: z.number().int(),
  validNode: z.number().int(),
  approveNumber: z.number().int(),
});
export type ProxyInfo = z.infer<typeof ProxyInfo>;

/** POST /api/proxy/apply: become an agent (idempotent: a second call returns the same code). */
export const ProxyApplyResult = z.object({ code: z.string() });
/** POST /api/proxy/link: invest through an agent's code (once; not one's own). */
export const ProxyLinkBody = z.object({
  code: z
    .string()
    .trim()
    .min(4, 'An agent code has at least 4 characters')
    .max(16, 'An agent code has at most 16 characters')
    .regex(/^[A-Za-z0-9]+$/, 'An agent code has letters and digits only'),
});

/** /proxy/records: the agent's customers (masked) with their finance holdings now. */
export const ProxyCustomer = z.object({
  name: z.string(),
  linkedAt: z.number().int(),
  principal: DecimalStr,
  holdings: z.number().int().nonnegative(),
  commission: DecimalStr,
});
export type ProxyCustomer = z.infer<typeof ProxyCustomer>;
export const ProxyPageQuery = z.object({ pageNum, pageSize });
export const ProxyCustomerPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(ProxyCustomer) });
export type ProxyCustomerPage = z.infer<typeof ProxyCustomerPage>;

/** /proxy/earnings: one commission payment, from one interest payment to one customer. */
export const ProxyEarning = z.object({
  id: z.number().int(),
  time: z.number().int(),
  /** The UTC day (ms of its 00:00) of the interest it comes from. */
  day: z.number().int(),
  customer: z.string(),
  coin: z.string(),
  interest: DecimalStr,
  commission: DecimalStr,
});
export type ProxyEarning = z.infer<typeof ProxyEarning>;
export const ProxyEarningPage = z.object({
  total: z.number().int().nonnegative(),
  rows: z.array(ProxyEarning),
  /** Commission by UTC day, newest first (the chart and the daily list). */
  byDay: z.array(z.object({ day: z.number().int(), commission: DecimalStr })),
});
export type ProxyEarningPage = z.infer<typeof ProxyEarningPage>;

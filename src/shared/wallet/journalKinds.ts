/**
 * Every kind of journal row the ledger writes (WORD-1). The server's ledger takes only these (its `Cause.kind` is
 * typed by this list), so the cash flow can name each one in words in every language; a unit test holds the
 * locales to the list.
 */
export const JOURNAL_KINDS = [
  'genesis',
  'deposit',
  'withdraw',
  'withdraw_done',
  'withdraw_rejected',
  'withdraw_cancelled',
  'transfer',
  'exchange',
  'spot_order',
  'spot_fill',
  'spot_release',
  'futures_order',
  'futures_open',
  'futures_close',
  'futures_release',
  'futures_margin',
  'futures_margin_release',
  'futures_funding',
  'futures_liquidation',
  'second_open',
  'second_draw',
  'second_settle',
  'second_payout',
  'option_buy',
  'option_payout',
  'finance_subscribe',
  'finance_lock',
  'finance_unlock',
  'finance_interest',
  'finance_return',
  'follow_share',
  'proxy_commission',
  'rebate',
  'welfare',
  'flow_deposit',
  'flow_offer',
  'flow_offer_release',
  'flow_take',
  'flow_escrow',
  'flow_escrow_out',
  'flow_receive',
  'flow_return',
  'flow_demo_seed',
  'bot_seed',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export function isJournalKind(kind: string): kind is JournalKind {
  return (JOURNAL_KINDS as readonly string[]).includes(kind);
}

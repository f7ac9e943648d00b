/**
 * The cash flow's words for the journal's many kinds (REC-5, WORD-1): the filter's kinds and the ends of a
 * withdrawal have their own label; the others are named by the product that wrote them (spot_fill, spot_release...
 * are "Spot trading"), so a customer never reads a raw kind such as `flow_escrow_out`. A hold and its end are
 * told in one line (WORD-2): "Held for withdrawal #123", "Released", "Paid from held funds".
 */
import { Decimal } from '../../../../shared/decimal';

export const KIND_GROUPS = [
  'spot',
  'futures',
  'second',
  'option',
  'finance',
  'follow',
  'proxy',
  'rebate',
  'welfare',
  'flow',
] as const;
export type KindGroup = (typeof KIND_GROUPS)[number];

/** Kinds named by themselves (in `records.kind`): the filter's five, the ends of a withdrawal, the demo's funds. */
const OWN_KINDS = [
  'deposit',
  'withdraw',
  'transfer',
  'exchange',
  'genesis',
  'withdraw_done',
  'withdraw_rejected',
  'withdraw_cancelled',
  'bot_seed',
  'flow_demo_seed',
] as const;
type OwnKind = (typeof OWN_KINDS)[number];
const isOwnKind = (k: string): k is OwnKind => (OWN_KINDS as readonly string[]).includes(k);

const PREFIXES: ReadonlyArray<[string, KindGroup]> = [
  ['spot', 'spot'],
  ['futures', 'futures'],
  ['funding', 'futures'],
  ['second', 'second'],
  ['option', 'option'],
  ['finance', 'finance'],
  ['interest', 'finance'],
  ['subscribe', 'finance'],
  ['redeem', 'finance'],
  ['follow', 'follow'],
  ['copy', 'follow'],
  ['proxy', 'proxy'],
  ['rebate', 'rebate'],
  ['welfare', 'welfare'],
  ['flow', 'flow'],
];

/** The product that wrote a journal kind, or undefined. */
export function journalKindGroup(kind: string): KindGroup | undefined {
  const k = kind.toLowerCase();
  for (const [prefix, group] of PREFIXES) if (k === prefix || k.startsWith(`${prefix}_`)) return group;
  return undefined;
}

/** The `wallet` namespace key that names a kind, or undefined for a kind nothing names (shown as "Other"). */
export function journalKindKey(kind: string): string | undefined {
  if (isOwnKind(kind)) return `records.kind.${kind}`;
  const g = journalKindGroup(kind);
  return g ? `records.kindGroup.${g}` : undefined;
}

/** Kinds whose hold is an order's (the ref is the order's id). */
const ORDER_HOLDS = new Set(['spot_order', 'futures_order', 'second_open', 'option_buy', 'flow_offer', 'flow_take']);

type HoldNote =
  | { key: 'records.note.heldWithdraw' | 'records.note.heldOrder'; ref: string; amount: string }
  | { key: 'records.note.held' | 'records.note.released' | 'records.note.paid'; amount: string };

/**
 * What a row did to the frozen part, in one line (WORD-2), or undefined when it left it alone. A hold (frozen up)
 * and a release (frozen down, total unchanged) carry the amount held or freed, unsigned, as the row's figure;
 * a settlement (frozen down with the total) pays out of the hold and keeps its signed change.
 */
export function holdNote(r: { kind: string; ref: string; amount: string; frozen: string }): HoldNote | undefined {
  const frozen = new Decimal(r.frozen);
  if (frozen.isZero()) return undefined;
  const amount = frozen.abs().toFixed();
  if (frozen.isPositive()) {
    if (r.kind === 'withdraw') return { key: 'records.note.heldWithdraw', ref: r.ref, amount };
    if (ORDER_HOLDS.has(r.kind)) return { key: 'records.note.heldOrder', ref: r.ref, amount };
    return { key: 'records.note.held', amount };
  }
  if (new Decimal(r.amount).isZero()) return { key: 'records.note.released', amount };
  return { key: 'records.note.paid', amount };
}

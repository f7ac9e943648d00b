/**
 * The cash flow's words for the journal's many kinds (REC-5): the five kinds the filter offers have their own
 * label; the others are named by the product that wrote them (spot_fill, spot_release... are "Spot trading"),
 * so a customer never reads a raw kind such as `flow_escrow_out`. A kind no product claims shows as it is.
 */
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

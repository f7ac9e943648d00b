/**
 * The copy-trading screens' pure rules (FOLUI-*): the tab and the trader of the URL, the window a figure reads,
 * percent text of a fraction, the follow form to the call's body, and the form's check (the one shared
 * `checkFollow`, so the dialog and the server refuse the same follows).
 */
import { Decimal } from '../../../../shared/decimal';
import { checkFollow, type FollowRule } from '../../../../shared/earn/followRules';
import type { Follow, FollowBody, TraderSort, TraderSummary, TraderWindow } from '../../../../shared/schemas/follow';
import { FOLLOW_TABS, type FollowTab } from '../paths';

export const WINDOWS = [7, 30, 90] as const;
export type WindowDays = (typeof WINDOWS)[number];
export const SORTS: readonly TraderSort[] = ['roi', 'pnl', 'winRate', 'followers', 'drawdown'];
export const LEADERS_PAGE_SIZE = 20;

export function tabOf(v: string | null): FollowTab {
  return (FOLLOW_TABS as readonly string[]).includes(v ?? '') ? (v as FollowTab) : 'leaders';
}
export function daysOf(v: string | null): WindowDays {
  const n = Number(v);
  return (WINDOWS as readonly number[]).includes(n) ? (n as WindowDays) : 30;
}
export function sortOf(v: string | null): TraderSort {
  return (SORTS as readonly string[]).includes(v ?? '') ? (v as TraderSort) : 'roi';
}
/** The trader id of `?trader=`, or null. */
export function traderOf(v: string | null): number | null {
  if (!v || !/^\d+$/.test(v)) return null;
  const n = Number(v);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/** The trader's figures over `days`, or null when the server sent none for that window. */
export function windowOf(s: TraderSummary, days: number): TraderWindow | null {
  return s.windows.find((w) => w.days === days) ?? null;
}

/** A fraction as a percentage with 2 decimals ("0.0312" -> "3.12"), exact, no sign added. */
export function pct(fraction: string): string {
  return new Decimal(fraction).times(100).toFixed(2);
}
/** -1, 0 or 1: the colour of a signed figure. */
export function signOf(v: string | null | undefined): -1 | 0 | 1 {
  if (v === null || v === undefined) return 0;
  const d = new Decimal(v);
  return d.isZero() ? 0 : d.isNegative() ? -1 : 1;
}

/** The follow dialog's fields, as typed (strings). */
export interface FollowDraft {
  mode: 'fixed' | 'ratio';
  amount: string;
  ratio: string;
  maxTotal: string;
  stopLoss: string;
}
export const EMPTY_DRAFT: FollowDraft = { mode: 'fixed', amount: '', ratio: '', maxTotal: '', stopLoss: '' };

/** An existing follow's values in the dialog (Edit). */
export function draftOf(f: Follow): FollowDraft {
  return {
    mode: f.mode,
    amount: f.amount ?? '',
    ratio: f.ratio ?? '',
    maxTotal: f.maxTotal,
    stopLoss: f.stopLoss ?? '',
  };
}

/** The first rule the draft breaks (FOLUI-5), or null when it may be sent. */
export function failingRule(d: FollowDraft): FollowRule | null {
  const r = checkFollow({
    mode: d.mode,
    amount: d.amount,
    ratio: d.ratio,
    maxTotal: d.maxTotal,
    stopLoss: d.stopLoss,
  });
  return r.ok ? null : r.rule;
}

/** The call's body: only the chosen mode's figure, the stop only when given. */
export function bodyOf(traderId: number, d: FollowDraft): FollowBody {
  const body: FollowBody = { traderId, mode: d.mode, maxTotal: d.maxTotal.trim() };
  if (d.mode === 'fixed') body.amount = d.amount.trim();
  else body.ratio = d.ratio.trim();
  if (d.stopLoss.trim() !== '') body.stopLoss = d.stopLoss.trim();
  return body;
}

/** The follow dialog's intent name: one per trader and per opening of the dialog (FOLUI-5). */
export function followIntent(kind: 'follow' | 'update' | 'unfollow', traderId: number, formId: string): string {
  return `follow:${kind}:${traderId}:${formId}`;
}

/** The share rate a trader may ask, as a fraction string, from the percent typed; null when out of 0..highRebate. */
export function shareRateOf(percent: string, highRebate: string): string | null {
  const t = percent.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const p = new Decimal(t);
  if (p.gt(highRebate)) return null;
  return p.div(100).toFixed();
}

/**
 * The withdrawal rules a customer meets (WDR-*), as one pure function that the withdraw form runs as the user
 * types and the server runs on submission, so the two never disagree and nothing is enforced that the screen
 * did not show.
 *
 * Readings of the spec's settings (3.3 WITHDRAWAL_SETTING, WITHDRAWAL_CHANNEL_SETTING, 9.3), chosen to be fair
 * and disclosed:
 * - The channel's own values are the rule: fixed `fee`, `ratio` (percent of the amount), `freeNum` (withdrawals
 *   a day without any fee), `dayWithdrawalNum` (withdrawals a day), `withdrawalMix` (minimum, the spec's
 *   spelling) and `withdrawalMax`. The general setting gives what is not per channel: the time window
 *   (`limitTime`, `limitTimeStart`, `limitTimeEnd`, in the platform time zone; a start after the end wraps
 *   past midnight), `checkPass` (trade password) and `checkCode` (a verification code).
 * - The fee is charged on top: the amount typed is what arrives; amount + fee is held, then posted. The fee is
 *   rounded up to the coin's precision (at most one minor unit in the house's favour, shown before submitting).
 * - A "day" is the platform time zone's calendar day. Rejected and cancelled withdrawals do not use up the
 *   day's count or its free withdrawals.
 * - `sameAddress`, `sameUser`, `allowChange`, `checkTax`, `checkLoan`, `feeTax`, `coinTax` gate nothing: the
 *   spec does not say what they mean, and a withdrawal is never refused on a rule the screen did not show.
 */
import { Decimal } from '../decimal';

export interface ChannelRules {
  /** The channel, e.g. "USDT-TRC20". */
  type: string;
  /** The coin withdrawn, upper case. */
  coin: string;
  open: boolean;
  fee: string;
  /** Percent of the amount. */
  ratio: string;
  freeNum: number;
  dayWithdrawalNum: number;
  min: string;
  max: string;
  /** Decimals the coin is counted in. */
  precision: number;
}

export interface GeneralRules {
  limitTime: boolean;
  /** "HH:MM:SS" in the platform time zone. */
  limitTimeStart: string;
  limitTimeEnd: string;
  checkPass: boolean;
  checkCode: boolean;
}

export interface WithdrawContext {
  /** Withdrawals of this channel today that count (pending or done). */
  usedToday: number;
  /** Available balance of the coin in the platform account. */
  available: string;
  now: number;
  /** The platform time zone's offset from UTC, in minutes. */
  offsetMinutes: number;
}

export type WithdrawProblem =
  | { rule: 'closed' }
  | { rule: 'amount'; reason: 'missing' | 'format' | 'zero' | 'precision'; precision?: number }
  | { rule: 'min'; min: string }
  | { rule: 'max'; max: string }
  | { rule: 'dailyCount'; limit: number }
  | { rule: 'window'; start: string; end: string }
  | { rule: 'balance'; needed: string; available: string };

export interface WithdrawQuote {
  /** The fee for this withdrawal (0 while free withdrawals are left today). */
  fee: string;
  /** What arrives at the address: the amount. */
  receive: string;
  /** What is held now and posted when done: amount + fee. */
  total: string;
  freeLeft: number;
  countLeft: number;
  inWindow: boolean;
  /** The largest amount the balance allows after the fee, rounded down to the coin's precision, within max. */
  maxAmount: string;
  needsPassword: boolean;
  needsCode: boolean;
  problems: WithdrawProblem[];
}

const AMOUNT = /^(0|[1-9]\d{0,29})(\.\d+)?$/;

function secondsOfDay(hms: string): number {
  const [h, m, s] = hms.split(':').map((x) => Number(x));
  return (h || 0) * 3600 + (m || 0) * 60 + (s || 0);
}

/** Whether `now` falls inside the daily window [start, end] of the platform time zone. */
export function inWithdrawWindow(general: GeneralRules, now: number, offsetMinutes: number): boolean {
  if (!general.limitTime) return true;
  const local = Math.floor((now + offsetMinutes * 60_000) / 1000);
  const t = ((local % 86_400) + 86_400) % 86_400;
  const start = secondsOfDay(general.limitTimeStart);
  const end = secondsOfDay(general.limitTimeEnd);
  return start <= end ? t >= start && t <= end : t >= start || t <= end;
}

/** The start of the platform time zone's day containing `now`, in ms since the epoch (UTC). */
export function platformDayStart(now: number, offsetMinutes: number): number {
  const off = offsetMinutes * 60_000;
  return Math.floor((now + off) / 86_400_000) * 86_400_000 - off;
}

function feeFor(ch: ChannelRules, amount: InstanceType<typeof Decimal>, free: boolean): InstanceType<typeof Decimal> {
  if (free) return new Decimal(0);
  const raw = new Decimal(ch.fee).plus(amount.times(ch.ratio).dividedBy(100));
  return raw.toDecimalPlaces(ch.precision, Decimal.ROUND_UP);
}

/** The largest amount with amount + fee <= available, rounded down to the precision, capped at max. */
function maxAmountFor(ch: ChannelRules, available: InstanceType<typeof Decimal>, free: boolean) {
  const unit = new Decimal(1).dividedBy(new Decimal(10).pow(ch.precision));
  let a = free
    ? available
    : available.minus(ch.fee).dividedBy(new Decimal(1).plus(new Decimal(ch.ratio).dividedBy(100)));
  a = Decimal.max(0, a).toDecimalPlaces(ch.precision, Decimal.ROUND_DOWN);
  // The fee rounds up, so step down until amount + fee fits (one or two steps at most).
  while (a.greaterThan(0) && a.plus(feeFor(ch, a, free)).greaterThan(available)) a = a.minus(unit);
  return Decimal.min(a, ch.max);
}

/** Everything the form shows and the server enforces for `amount` on `channel` now. */
export function quoteWithdrawal(
  ch: ChannelRules,
  general: GeneralRules,
  ctx: WithdrawContext,
  amount: string,
): WithdrawQuote {
  const problems: WithdrawProblem[] = [];
  const freeLeft = Math.max(0, ch.freeNum - ctx.usedToday);
  const countLeft = Math.max(0, ch.dayWithdrawalNum - ctx.usedToday);
  const free = freeLeft > 0;
  const available = new Decimal(ctx.available);
  const inWindow = inWithdrawWindow(general, ctx.now, ctx.offsetMinutes);
  const base = {
    freeLeft,
    countLeft,
    inWindow,
    maxAmount: maxAmountFor(ch, available, free).toFixed(),
    needsPassword: general.checkPass,
    needsCode: general.checkCode,
  };
  if (!ch.open) problems.push({ rule: 'closed' });
  const text = amount.trim();
  let value: InstanceType<typeof Decimal> | undefined;
  if (text === '') problems.push({ rule: 'amount', reason: 'missing' });
  else if (!AMOUNT.test(text)) problems.push({ rule: 'amount', reason: 'format' });
  else {
    value = new Decimal(text);
    if (value.isZero()) problems.push({ rule: 'amount', reason: 'zero' });
    else if (value.decimalPlaces() > ch.precision)
      problems.push({ rule: 'amount', reason: 'precision', precision: ch.precision });
  }
  if (!value || problems.some((p) => p.rule === 'amount')) {
    return { ...base, fee: '0', receive: '0', total: '0', problems };
  }
  if (value.lessThan(ch.min)) problems.push({ rule: 'min', min: new Decimal(ch.min).toFixed() });
  if (value.greaterThan(ch.max)) problems.push({ rule: 'max', max: new Decimal(ch.max).toFixed() });
  if (countLeft <= 0) problems.push({ rule: 'dailyCount', limit: ch.dayWithdrawalNum });
  if (!inWindow) problems.push({ rule: 'window', start: general.limitTimeStart, end: general.limitTimeEnd });
  const fee = feeFor(ch, value, free);
  const total = value.plus(fee);
  if (total.greaterThan(available))
    problems.push({ rule: 'balance', needed: total.toFixed(), available: available.toFixed() });
  return { ...base, fee: fee.toFixed(), receive: value.toFixed(), total: total.toFixed(), problems };
}

/** An English sentence for a problem (the server's `msg`; the form shows its own translation of the rule). */
export function describeWithdrawProblem(p: WithdrawProblem, coin: string): string {
  switch (p.rule) {
    case 'closed':
      return 'Withdrawals on this network are closed';
    case 'amount':
      if (p.reason === 'missing') return 'Enter an amount';
      if (p.reason === 'zero') return 'The amount must be greater than zero';
      if (p.reason === 'precision') return `${coin} amounts have at most ${p.precision} decimals`;
      return 'The amount must be a plain decimal number';
    case 'min':
      return `The minimum withdrawal is ${p.min} ${coin}`;
    case 'max':
      return `The maximum withdrawal is ${p.max} ${coin}`;
    case 'dailyCount':
      return `You have made today's ${p.limit} withdrawals on this network`;
    case 'window':
      return `Withdrawals are accepted between ${p.start} and ${p.end} (platform time)`;
    case 'balance':
      return `Insufficient balance: ${p.needed} ${coin} needed with the fee, ${p.available} available`;
  }
}

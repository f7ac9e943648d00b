/**
 * The transfer form as pure functions (WAL-6..8): which coins to offer, the Max amount and the checks before
 * sending. The amount rule is the one shared with the server (src/shared/amount.ts): a plain positive decimal
 * with at most the coin's decimals; on top, the form checks the from-account's available balance and that the
 * two accounts differ, so the server's refusal is the exception, not the rule.
 */
import { Decimal } from '../../shared/decimal';
import { assetDecimals, checkAmount } from '../../shared/amount';
import { QUOTE_COIN, type AssetAccount, type BalanceEntry } from './valuation';

/** The available balance of `coin` in `account` (0 when there is none). */
export function availableOf(entries: readonly BalanceEntry[], account: AssetAccount, coin: string): string {
  let sum = new Decimal(0);
  for (const e of entries)
    if (e.account === account && e.coin.toUpperCase() === coin.toUpperCase()) sum = sum.plus(e.available);
  return sum.toFixed();
}

/**
 * The coins to offer (WAL-6): those with an available balance in `from` first, USDT leading them, then by code;
 * then every other coin the user holds anywhere, by code; USDT is always offered.
 */
export function transferCoins(
  entries: readonly BalanceEntry[],
  from: AssetAccount,
): { coin: string; available: string }[] {
  const coins = new Set<string>([QUOTE_COIN, ...entries.map((e) => e.coin.toUpperCase())]);
  const rows = [...coins].map((coin) => ({ coin, available: availableOf(entries, from, coin) }));
  const has = (r: { available: string }) => !new Decimal(r.available).isZero();
  return rows.sort((a, b) => {
    if (has(a) !== has(b)) return has(a) ? -1 : 1;
    if (has(a) && (a.coin === QUOTE_COIN) !== (b.coin === QUOTE_COIN)) return a.coin === QUOTE_COIN ? -1 : 1;
    return a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0;
  });
}

/** "Max": the whole available balance, rounded down to the coin's decimals, as a plain decimal ("0" if none). */
export function maxTransfer(available: string, coin: string): string {
  const d = new Decimal(available);
  if (d.lessThanOrEqualTo(0)) return '0';
  return d.toDecimalPlaces(assetDecimals(coin), Decimal.ROUND_DOWN).toFixed();
}

/**
 * Keeps what the user types to the shape of an amount of `coin`: digits and one point, at most the coin's
 * decimals (extra typed decimals are not taken). Anything else typed is dropped.
 */
export function sanitizeAmountInput(raw: string, coin: string): string {
  let s = raw.replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const dot = s.indexOf('.');
  if (dot >= 0) s = s.slice(0, dot + 1) + s.slice(dot + 1).replace(/\./g, '');
  const [int, frac] = s.split('.');
  if (frac !== undefined) s = `${int}.${frac.slice(0, assetDecimals(coin))}`;
  return s;
}

export type TransferProblem =
  | { field: 'toAccount'; reason: 'sameAccount' }
  | { field: 'amount'; reason: 'required' | 'zero' | 'decimals' | 'format'; decimals?: number; detail?: string }
  | { field: 'amount'; reason: 'balance'; available: string };

export interface TransferDraft {
  fromAccount: AssetAccount;
  toAccount: AssetAccount;
  coin: string;
  amount: string;
}

/** The first problem of a draft, or the canonical amount to send. */
export function checkTransfer(
  draft: TransferDraft,
  available: string,
): { ok: true; amount: string } | { ok: false; problem: TransferProblem } {
  if (draft.fromAccount === draft.toAccount)
    return { ok: false, problem: { field: 'toAccount', reason: 'sameAccount' } };
  const raw = draft.amount.trim();
  if (raw === '') return { ok: false, problem: { field: 'amount', reason: 'required' } };
  const a = checkAmount(raw, draft.coin);
  if (!a.ok) {
    const decimals = assetDecimals(draft.coin);
    const frac = /^\d*\.(\d+)$/.exec(raw)?.[1]?.replace(/0+$/, '') ?? '';
    if (frac.length > decimals) return { ok: false, problem: { field: 'amount', reason: 'decimals', decimals } };
    if (/^[0.]+$/.test(raw) && /0/.test(raw)) return { ok: false, problem: { field: 'amount', reason: 'zero' } };
    return { ok: false, problem: { field: 'amount', reason: 'format', detail: a.msg } };
  }
  if (new Decimal(a.amount).greaterThan(available))
    return { ok: false, problem: { field: 'amount', reason: 'balance', available: new Decimal(available).toFixed() } };
  return { ok: true, amount: a.amount };
}

/**
 * The transfer sheet's destination at opening (WORD-6): the user's last destination, unless it is the source;
 * else the first other account (platform, then finance, then contract). Never the source.
 */
export function defaultDestination<A extends string>(accounts: readonly A[], from: A, last: string | undefined): A {
  const remembered = accounts.find((a) => a === last);
  if (remembered !== undefined && remembered !== from) return remembered;
  return accounts.find((a) => a !== from) ?? from;
}

/**
 * The one amount rule for money a user types (transfer, withdrawal, exchange, deposit declaration), shared by
 * the app's forms and the server (LEDGER-7): a plain positive decimal, no sign, no exponent, no spaces, at most
 * the coin's decimals and at most `MAX_INTEGER_DIGITS` digits before the point. `checkAmount` returns the
 * canonical string (no leading zeros, no trailing zeros after the point) or a message naming the problem.
 * It does no arithmetic, so it pulls no decimal library into the app bundle.
 */

/**
 * Decimals a balance of a coin can carry (the wallet's precision, not the spot order precision of spec 9.3):
 * USDT 6, as the TRC20 and ERC20 tokens themselves; every other coin 8 (a satoshi for BTC, and the usual
 * precision of an exchange wallet for the rest).
 */
export const ASSET_DECIMALS: Readonly<Record<string, number>> = { USDT: 6 };
export const DEFAULT_ASSET_DECIMALS = 8;

/** Digits before the decimal point an amount may have (far above any real balance, far below 1,000). */
export const MAX_INTEGER_DIGITS = 15;

export function assetDecimals(coin: string): number {
  return ASSET_DECIMALS[coin.toUpperCase()] ?? DEFAULT_ASSET_DECIMALS;
}

export type AmountCheck = { ok: true; amount: string } | { ok: false; msg: string };

/** The text of an amount: digits, an optional point with decimals (SAFE-20). */
export const AMOUNT_TEXT_RE = /^[0-9]+(\.[0-9]+)?$/;

/** The refusal of a JSON number where an amount is wanted (SAFE-20): a double has already lost the text. */
export const MSG_AMOUNT_AS_STRING = 'send the amount as a decimal string, e.g. "12.5", not as a number';

/**
 * The text part of the amount rule (SAFE-20), without the coin: a message naming the problem, or undefined when
 * `s` is digits with an optional point and decimals (no sign, exponent or spaces), not too long.
 */
export function checkAmountText(s: string, field = 'Amount'): string | undefined {
  if (s.length === 0) return `${field} is required`;
  if (s.length > MAX_INTEGER_DIGITS + 1 + 40)
    return `${field} is too long (at most ${MAX_INTEGER_DIGITS} digits before the point)`;
  if (/^\s|\s$/.test(s)) return `${field} must not contain spaces`;
  if (/^-/.test(s)) return `${field} must be positive`;
  if (/[eE]/.test(s) && /^\+?[0-9.]+[eE][+-]?[0-9]+$/.test(s))
    return `${field} must be written in plain digits, without an exponent`;
  if (!/^\+?[0-9.]*$/.test(s) || !/[0-9]/.test(s)) return `${field} must be a number, e.g. 12.5`;
  if (!AMOUNT_TEXT_RE.test(s)) return `${field} must be digits with at most one decimal point, e.g. 12.5`;
  return undefined;
}

/**
 * Checks a typed amount of `coin`; `field` names it in the message ("Amount must be ..."). Only a string is an
 * amount: a number (a JSON number, already a double) is refused with MSG_AMOUNT_AS_STRING (SAFE-20).
 */
export function checkAmount(raw: unknown, coin: string, field = 'Amount'): AmountCheck {
  if (typeof raw === 'number') return { ok: false, msg: MSG_AMOUNT_AS_STRING };
  if (typeof raw !== 'string') return { ok: false, msg: `${field} is required` };
  const s = raw;
  const textProblem = checkAmountText(s, field);
  if (textProblem) return { ok: false, msg: textProblem };
  const [intRaw, fracRaw = ''] = s.split('.');
  const int = intRaw.replace(/^0+(?=\d)/, '');
  const frac = fracRaw.replace(/0+$/, '');
  const decimals = assetDecimals(coin);
  if (frac.length > decimals)
    return {
      ok: false,
      msg: `${field} has more decimals than ${coin.toUpperCase()} allows (at most ${decimals})`,
    };
  if (int.length > MAX_INTEGER_DIGITS)
    return { ok: false, msg: `${field} is too large (at most ${MAX_INTEGER_DIGITS} digits before the point)` };
  if (int === '0' && frac === '') return { ok: false, msg: `${field} must be greater than zero` };
  return { ok: true, amount: frac ? `${int}.${frac}` : int };
}

/**
 * The one login password rule (SAFE-11), run by the app's forms as the user types and by the server on every
 * call that sets a login password (register, backPwd, updateUserLoginPwd, updatePwd signType 1):
 * - the contract's format (`PASSWORD_RE`: 8 to 64 printable characters with letters and digits);
 * - a strength estimate by zxcvbn-ts with its common-words package (common passwords, keyboard patterns,
 *   repeats, sequences, dates): a score below `MIN_PASSWORD_SCORE` is refused with a reason.
 * The dictionaries are large (about 400 KB), so they are loaded with a dynamic import (`loadPasswordRule`):
 * the app loads them only on the screens that set a password. Trade passwords (6 digits) are not concerned.
 */
import { PASSWORD_RE } from './schemas/user';

/** zxcvbn's score: 0 (too guessable) to 4 (very unguessable). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The lowest score accepted: 3, "safely unguessable" (about 10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;

/** Why a password is refused; each is a text key of the app (`password.reason.*`) and an English text here. */
export type PasswordReason =
  'format' | 'common' | 'keyboard' | 'repeat' | 'sequence' | 'dates' | 'words' | 'personal' | 'guessable';

export interface PasswordVerdict {
  ok: boolean;
  score: PasswordScore;
  /** Set when refused. */
  reason?: PasswordReason;
}

/** The server's message for each reason (the app shows its own translations of the same keys). */
export const PASSWORD_REASON_TEXT: Record<PasswordReason, string> = {
  format: 'Password must be 8 to 64 characters with letters and digits',
  common: 'This password is too common; choose one that is not on lists of common passwords',
  keyboard: 'This password follows a keyboard pattern; choose one that is harder to guess',
  repeat: 'This password repeats characters or words; choose one that is harder to guess',
  sequence: 'This password is a sequence (like abc or 1234); choose one that is harder to guess',
  dates: 'This password contains a date or a year; choose one that is harder to guess',
  words: 'This password is a common word or name; add more words or characters',
  personal: 'This password contains your account, email or phone; choose another one',
  guessable: 'This password is too easy to guess; make it longer or add more words',
};

/** zxcvbn's warning keys grouped into our reasons. */
const REASON_OF_WARNING: Record<string, PasswordReason> = {
  topTen: 'common',
  topHundred: 'common',
  common: 'common',
  similarToCommon: 'common',
  pwned: 'common',
  straightRow: 'keyboard',
  keyPattern: 'keyboard',
  simpleRepeat: 'repeat',
  extendedRepeat: 'repeat',
  sequences: 'sequence',
  recentYears: 'dates',
  dates: 'dates',
  wordByItself: 'words',
  namesByThemselves: 'words',
  commonNames: 'words',
  userInputs: 'personal',
};

/** The part of zxcvbn-ts the rule needs (its `ZxcvbnFactory`). */
export interface StrengthEstimator {
  check(password: string, userInputs?: (string | number)[]): { score: number; feedback: { warning: string | null } };
}

export type PasswordRule = (password: string, userInputs?: string[]) => PasswordVerdict;

/** The rule over a given estimator (tests and both loaders use this). */
export function passwordRule(estimator: StrengthEstimator): PasswordRule {
  return (password, userInputs = []) => {
    const inputs = userInputs.filter((s) => s.length > 0);
    if (!PASSWORD_RE.test(password)) {
      // Still scored, so the meter moves while the user types a password that is not yet long enough.
      const score = password ? (Math.min(2, estimator.check(password, inputs).score) as PasswordScore) : 0;
      return { ok: false, score, reason: 'format' };
    }
    const r = estimator.check(password, inputs);
    const score = r.score as PasswordScore;
    if (score >= MIN_PASSWORD_SCORE) return { ok: true, score };
    const reason = (r.feedback.warning && REASON_OF_WARNING[r.feedback.warning]) || 'guessable';
    return { ok: false, score, reason };
  };
}

let loading: Promise<PasswordRule> | undefined;

/**
 * Loads zxcvbn-ts and its common dictionaries and adjacency graphs (once), and returns the rule. A dynamic
 * import: the app's bundler puts the dictionaries in their own chunk, fetched only where a password is set.
 */
export function loadPasswordRule(): Promise<PasswordRule> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) =>
    passwordRule(new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs })),
  );
  return loading;
}

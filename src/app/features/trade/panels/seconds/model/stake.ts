/**
 * The stake as the panel checks it before sending (SECUI-2): the one shared rule (checkSecondStake, the same
 * function the server runs on receipt). Its answer names the rule that failed; the panel shows that rule in the
 * user's language with the period's limits (`stakeMessageKey`).
 */
import {
  checkSecondStake,
  type SecondStakeCheck,
  type SecondStakeRule,
} from '../../../../../../shared/trading/secondRules';
import type { Period } from '../../../../../../shared/schemas/trading';

export type StakeCheck = SecondStakeCheck;

/** The shared rule on a typed stake; `available` undefined (balance not known) leaves the balance to the server. */
export function checkStake(period: Period, raw: string, available: string | undefined): StakeCheck {
  return checkSecondStake(raw, period, available);
}

/** The panel's message key (namespace `seconds`, under `err.`) of each rule. */
export const STAKE_MESSAGE: Readonly<Record<SecondStakeRule, string>> = {
  required: 'required',
  format: 'format',
  decimals: 'decimals',
  period: 'closed',
  minimum: 'min',
  maximum: 'max',
  balance: 'balance',
};

/**
 * The shared password rule (SAFE-11, src/shared/password.ts) in the account forms: loaded on the screens that set
 * a login password only (its dictionaries come in their own chunk, not in the home bundle), and a form rule that
 * refuses a weak password with the rule's reason once it is loaded (the server runs the same rule anyway).
 */
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Rule } from '../../../forms/rules';
import { loadPasswordRule, type PasswordRule, type PasswordVerdict } from '../../../../shared/password';

/** The rule, once its dictionaries have arrived (undefined until then, or if they fail to load). */
export function usePasswordRule(): PasswordRule | undefined {
  const [rule, setRule] = useState<PasswordRule>();
  useEffect(() => {
    let live = true;
    loadPasswordRule().then(
      (r) => live && setRule(() => r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return rule;
}

/** The meter's word for a score. */
export function strengthLevel(score: PasswordVerdict['score']): 'weak' | 'fair' | 'good' | 'strong' {
  return score <= 1 ? 'weak' : score === 2 ? 'fair' : score === 3 ? 'good' : 'strong';
}

/**
 * Refuses a password the rule finds too easy to guess, with its reason (the format has its own rule, so a
 * format failure is left to it). `inputs` are the user's own words (account, email, phone).
 */
export function strongPassword(
  t: TFunction,
  rule: PasswordRule | undefined,
  inputs: (all: Record<string, string>) => string[] = () => [],
): Rule<Record<string, string>> {
  return {
    validator: (v, all) => {
      if (!rule || !v) return undefined;
      const verdict = rule(v, inputs(all));
      return verdict.ok || verdict.reason === 'format' ? undefined : t(`strength.reason.${verdict.reason}`);
    },
  };
}

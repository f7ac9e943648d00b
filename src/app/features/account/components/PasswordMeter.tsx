/**
 * The password strength meter under a new-password field (SAFE-11): four bars filled by the shared rule's score,
 * the level in words, and, for a refused password, the reason. Shows the format hint until the rule is loaded
 * or while the field is empty.
 */
import { useTranslation } from 'react-i18next';
import type { PasswordRule } from '../../../../shared/password';
import { strengthLevel } from '../model/passwordStrength';

export function PasswordMeter({ rule, value, inputs = [] }: { rule?: PasswordRule; value: string; inputs?: string[] }) {
  const { t } = useTranslation('account');
  if (!rule || !value) return <>{t('form.passwordRule')}</>;
  const v = rule(value, inputs);
  const level = strengthLevel(v.score);
  const reason = v.ok ? undefined : v.reason === 'format' ? t('form.passwordRule') : t(`strength.reason.${v.reason}`);
  return (
    <span className="pwd-meter" data-level={level} data-ok={v.ok ? 'true' : 'false'}>
      <span
        className="pwd-meter__bars"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={v.score}
        aria-label={t('strength.label')}
      >
        {[1, 2, 3, 4].map((i) => (
          <span key={i} className={i <= Math.max(1, v.score) ? 'pwd-meter__bar is-on' : 'pwd-meter__bar'} />
        ))}
      </span>
      <span className="pwd-meter__level">{t(`strength.level.${level}`)}</span>
      {reason ? <span className="pwd-meter__reason">{reason}</span> : null}
    </span>
  );
}

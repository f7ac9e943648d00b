/**
 * A new password with its strength meter (SAFE-11) and its confirmation, as registration, the password reset and
 * the change of login password ask for it.
 */
import { useTranslation } from 'react-i18next';
import type { PasswordRule } from '../../../../shared/password';
import { PasswordField } from '../../../forms/Field';
import type { Form } from '../../../forms/useForm';
import { PasswordMeter } from './PasswordMeter';

export function NewPasswordFields({
  form,
  rule,
  inputs,
  label,
}: {
  form: Form<{ password: string; confirm: string }>;
  rule?: PasswordRule;
  /** The account's own words, which the meter weighs the password against. */
  inputs: string[];
  /** "New password" unless the screen words it otherwise. */
  label?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <PasswordField
        bind={form.field('password')}
        label={label ?? t('form.newPassword')}
        error={form.errors.password}
        autoComplete="new-password"
        hint={<PasswordMeter rule={rule} value={form.values.password} inputs={inputs} />}
      />
      <PasswordField
        bind={form.field('confirm')}
        label={t('form.confirm')}
        error={form.errors.confirm}
        autoComplete="new-password"
      />
    </>
  );
}

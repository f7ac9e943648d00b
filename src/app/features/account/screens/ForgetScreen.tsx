/** /forget: reset a forgotten login password with an email code (spec 7.1 backPwd, codeType backPwd). */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../../shared/api/user';
import { call } from '../../../api/client';
import { FormError, SubmitButton } from '../../../forms/Field';
import { useForm } from '../../../forms/useForm';
import { RETURN_PARAM, withReturn } from '../../../ui/appPaths';
import { toast } from '../../../state/toast';
import { AuthShell } from '../components/AuthShell';
import { EmailCodeFields } from '../components/EmailCodeFields';
import { rules } from '../model/fieldRules';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { strongPassword, usePasswordRule } from '../model/passwordStrength';
import { ACCOUNT_PATHS } from '../paths';

export default function ForgetScreen() {
  const { t } = useTranslation('account');
  const pwdRule = usePasswordRule();
  const navigate = useNavigate();
  const back = useSearchParams()[0].get(RETURN_PARAM);
  const form = useForm(
    { email: '', emailCode: '', password: '', confirm: '' },
    {
      email: rules.email(t),
      emailCode: rules.code(t),
      password: [...rules.newPassword(t), strongPassword(t, pwdRule, (all) => [all.email])],
      confirm: rules.confirm(t, 'password'),
    },
  );
  const submit = form.handleSubmit(async (v) => {
    await call(userApi.backPwd, {
      query: { email: v.email.trim(), newPwd: v.password, emailCode: v.emailCode.trim() },
      silent: true,
    });
    toast(t('forget.done'), { kind: 'success' });
    navigate(withReturn(ACCOUNT_PATHS.login, back), { replace: true });
  });
  return (
    <AuthShell title={t('forget.title')} heading={t('forget.heading')} sub={t('forget.sub')}>
      <form className="form" onSubmit={submit} noValidate aria-label={t('forget.title')}>
        <EmailCodeFields form={form} codeType="backPwd" />
        <NewPasswordFields form={form} rule={pwdRule} inputs={[form.values.email]} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.submitting}>{t('forget.submit')}</SubmitButton>
      </form>
      <div className="auth__links">
        <Link to={withReturn(ACCOUNT_PATHS.login, back)}>{t('register.toLogin')}</Link>
      </div>
    </AuthShell>
  );
}

/**
 * /emailAuthentication: bind an email to the account with a code sent to it (spec 7.1 sendEmailCode + bindEmail).
 * An account that has an email shows it (the server keeps one per account).
 */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { userApi } from '../../../../shared/api/user';
import { call } from '../../../api/client';
import { FormError, SubmitButton } from '../../../forms/Field';
import { useForm } from '../../../forms/useForm';
import { loadUserInfo } from '../../../session/actions';
import { session } from '../../../state/session';
import { toast } from '../../../state/toast';
import { AuthShell } from '../components/AuthShell';
import { EmailCodeFields } from '../components/EmailCodeFields';
import { rules } from '../model/fieldRules';
import { ACCOUNT_PATHS } from '../paths';

export default function EmailAuthScreen() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const bound = userInfo?.email ?? '';
  const form = useForm({ email: '', emailCode: '' }, { email: rules.email(t), emailCode: rules.code(t) });
  const submit = form.handleSubmit(async (v) => {
    await call(userApi.bindEmail, { query: { email: v.email.trim(), emailCode: v.emailCode.trim() }, silent: true });
    toast(t('email.bound'), { kind: 'success' });
    await loadUserInfo();
    navigate(ACCOUNT_PATHS.setpwd, { replace: true });
  });
  if (bound) {
    // The server keeps one email per account: a bound email is shown, not replaced.
    return (
      <AuthShell title={t('email.title')} heading={t('email.bound')}>
        <p className="acc-info" role="status">
          {t('email.current', { email: bound })}
        </p>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('email.title')} heading={t('email.heading')} sub={t('email.sub')}>
      <form className="form" onSubmit={submit} noValidate aria-label={t('email.title')}>
        <EmailCodeFields form={form} codeType="bind" />
        <FormError message={form.formError} />
        <SubmitButton busy={form.submitting}>{t('email.submit')}</SubmitButton>
      </form>
    </AuthShell>
  );
}

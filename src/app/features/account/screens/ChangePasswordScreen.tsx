/** /changePassword: change the login password (spec 7.1 updateUserLoginPwd: oldPwd, newPwd, userId). */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { userApi } from '../../../../shared/api/user';
import { call } from '../../../api/client';
import { FormError, PasswordField, SubmitButton } from '../../../forms/Field';
import { useForm } from '../../../forms/useForm';
import { loadUserInfo } from '../../../session/actions';
import { session } from '../../../state/session';
import { toast } from '../../../state/toast';
import { AuthShell } from '../components/AuthShell';
import { rules } from '../model/fieldRules';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { strongPassword, usePasswordRule } from '../model/passwordStrength';
import { ACCOUNT_PATHS } from '../paths';

export default function ChangePasswordScreen() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const pwdRule = usePasswordRule();
  const ownWords = [userInfo?.account, userInfo?.email, userInfo?.phone].filter((s): s is string => !!s);
  const form = useForm(
    { oldPwd: '', password: '', confirm: '' },
    {
      oldPwd: rules.oldPassword(t),
      password: [
        ...rules.newPassword(t),
        strongPassword(t, pwdRule, () => ownWords),
        { validator: (v, all) => (v && v === all.oldPwd ? t('form.sameAsOld') : undefined) },
      ],
      confirm: rules.confirm(t, 'password'),
    },
  );
  const submit = form.handleSubmit(async (v) => {
    let id = userInfo?.id;
    if (!id) {
      await loadUserInfo();
      id = session.userInfo?.id;
    }
    if (!id) throw new Error(t('form.notSignedIn'));
    await call(userApi.updateUserLoginPwd, {
      query: { oldPwd: v.oldPwd, newPwd: v.password, userId: id },
      silent: true,
    });
    toast(t('password.changed'), { kind: 'success' });
    navigate(ACCOUNT_PATHS.setpwd, { replace: true });
  });
  return (
    <AuthShell title={t('password.title')} heading={t('password.heading')} sub={t('password.sub')}>
      <form className="form" onSubmit={submit} noValidate aria-label={t('password.title')}>
        <PasswordField
          bind={form.field('oldPwd')}
          label={t('form.oldPassword')}
          error={form.errors.oldPwd}
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} rule={pwdRule} inputs={ownWords} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.submitting}>{t('password.submit')}</SubmitButton>
      </form>
    </AuthShell>
  );
}

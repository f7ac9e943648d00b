/**
 * /login: sign in with account name, email or phone and the login password (spec 7.1 login, 3.6).
 * A failed login shows the server's msg once, as a toast (spec 8, SESSION-2); what was typed stays.
 * Inside a wallet browser with address sign-in open, the wallet can sign in too (spec 4.2).
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../../shared/api/user';
import { ApiError, call } from '../../../api/client';
import { Field, FormError, PasswordField, SubmitButton } from '../../../forms/Field';
import { useForm } from '../../../forms/useForm';
import { signIn } from '../../../session/actions';
import { findProvider, tryAutoLogin } from '../../../session/autoLogin';
import { AuthShell } from '../components/AuthShell';
import { rules } from '../model/fieldRules';
import { useLoginRegisFlags } from '../model/loginSettings';
import { ACCOUNT_PATHS } from '../paths';
import { returnTarget, RETURN_PARAM, withReturn } from '../../../ui/appPaths';

export default function LoginScreen() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  // PUB-2: where the visitor was going, kept across the entry screens and taken after signing in.
  const [params] = useSearchParams();
  const back = params.get(RETURN_PARAM);
  const flags = useLoginRegisFlags();
  const [walletBusy, setWalletBusy] = useState(false);
  const form = useForm(
    { account: '', password: '' },
    { account: rules.loginAccount(t), password: rules.loginPassword(t) },
  );

  const submit = form.handleSubmit(async (v) => {
    let satoken: string;
    try {
      ({ satoken } = await call(userApi.login, { body: { account: v.account.trim(), password: v.password } }));
    } catch (err) {
      // The client has shown the message as a toast (spec 8): the form does not repeat it (SESSION-2).
      if (err instanceof ApiError) return;
      throw err;
    }
    await signIn(satoken);
    navigate(returnTarget(params), { replace: true });
  });

  const provider = flags.addressIsOpen ? findProvider() : null;
  const walletLogin = async () => {
    setWalletBusy(true);
    try {
      if ((await tryAutoLogin(true, provider)) === 'signed-in') navigate(returnTarget(params), { replace: true });
    } finally {
      setWalletBusy(false);
    }
  };

  return (
    <AuthShell title={t('login.title')} heading={t('login.heading')} sub={t('login.sub')}>
      <form className="form" onSubmit={submit} noValidate aria-label={t('login.title')}>
        <Field
          bind={form.field('account')}
          label={t('login.account')}
          error={form.errors.account}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
        />
        <PasswordField
          bind={form.field('password')}
          label={t('form.password')}
          error={form.errors.password}
          autoComplete="current-password"
        />
        <FormError message={form.formError} />
        <SubmitButton busy={form.submitting}>{t('login.submit')}</SubmitButton>
      </form>
      {provider ? (
        <>
          <div className="auth__divider">{t('login.or')}</div>
          <button type="button" className="fbtn fbtn--ghost fbtn--block" onClick={walletLogin} disabled={walletBusy}>
            {t('login.wallet')}
          </button>
        </>
      ) : null}
      <div className="auth__links">
        <Link to={withReturn(ACCOUNT_PATHS.forget, back)}>{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to={withReturn(ACCOUNT_PATHS.register, back)}>{t('login.toRegister')}</Link>
        </span>
      </div>
    </AuthShell>
  );
}

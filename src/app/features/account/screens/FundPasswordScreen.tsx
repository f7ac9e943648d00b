/**
 * /fund-password: the trade (fund) password, 6 digits. tardPwdSet when none is set yet, otherwise
 * updatePwd with signType 2 (spec 7.1). `?back=/withdraw` returns there once it is set (WORD-3).
 */
import { useNavigate, useSearchParams } from 'react-router';
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
import { ACCOUNT_PATHS } from '../paths';

export default function FundPasswordScreen() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  // WORD-3: a screen that sent the user here to set the password (withdraw) gets them back; only a path of ours.
  const [params] = useSearchParams();
  const back = params.get('back') ?? '';
  const backTo = /^\/(?![/\\])/.test(back) ? back : ACCOUNT_PATHS.setpwd;
  const { userInfo } = useSnapshot(session);
  const hasPwd = !!userInfo?.hasTradePwd;
  const form = useForm(
    { oldPwd: '', pwd: '', confirm: '' },
    {
      ...(hasPwd ? { oldPwd: rules.tradePassword(t) } : {}),
      pwd: rules.tradePassword(t),
      confirm: rules.confirm(t, 'pwd'),
    },
  );
  const submit = form.handleSubmit(async (v) => {
    if (hasPwd)
      await call(userApi.updatePwd, { query: { oldPwd: v.oldPwd, newPwd: v.pwd, signType: '2' }, silent: true });
    else await call(userApi.tardPwdSet, { query: { pwd: v.pwd }, silent: true });
    toast(hasPwd ? t('fund.changed') : t('fund.set'), { kind: 'success' });
    await loadUserInfo();
    navigate(backTo, { replace: true });
  });
  const digits = { inputMode: 'numeric' as const, maxLength: 6, autoComplete: 'off' };
  return (
    <AuthShell
      title={t('fund.title')}
      heading={hasPwd ? t('fund.changeHeading') : t('fund.setHeading')}
      sub={t('fund.sub')}
    >
      <form className="form" onSubmit={submit} noValidate aria-label={t('fund.title')}>
        {hasPwd ? (
          <PasswordField bind={form.field('oldPwd')} label={t('fund.old')} error={form.errors.oldPwd} {...digits} />
        ) : null}
        <PasswordField
          bind={form.field('pwd')}
          label={hasPwd ? t('fund.new') : t('fund.pwd')}
          error={form.errors.pwd}
          hint={t('form.tradePasswordRule')}
          {...digits}
        />
        <PasswordField bind={form.field('confirm')} label={t('form.confirm')} error={form.errors.confirm} {...digits} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.submitting}>{hasPwd ? t('fund.submitChange') : t('fund.submitSet')}</SubmitButton>
      </form>
    </AuthShell>
  );
}

/**
 * /phoneAuth: bind a phone (country code from getCountryCode + number, code of codeType bind) or, when one is
 * bound, unbind it with a code sent to that phone (codeType unbind) (spec 7.1).
 */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { userApi } from '../../../../shared/api/user';
import { call } from '../../../api/client';
import { FormError, SubmitButton } from '../../../forms/Field';
import { CodeField } from '../../../forms/CodeField';
import { useForm } from '../../../forms/useForm';
import { loadUserInfo } from '../../../session/actions';
import { session } from '../../../state/session';
import { toast } from '../../../state/toast';
import { AuthShell } from '../components/AuthShell';
import { sendCode } from '../components/sendCode';
import { PhoneField } from '../components/PhoneField';
import { rules } from '../model/fieldRules';
import { ACCOUNT_PATHS } from '../paths';

export default function PhoneAuthScreen() {
  const { t } = useTranslation('account');
  const { userInfo } = useSnapshot(session);
  const bound = userInfo?.phone ?? '';
  return (
    <AuthShell
      title={t('phone.title')}
      heading={bound ? t('phone.unbindHeading') : t('phone.heading')}
      sub={bound ? t('phone.unbindSub', { phone: bound }) : t('phone.sub')}
    >
      {bound ? <UnbindForm phone={bound} /> : <BindForm />}
    </AuthShell>
  );
}

function BindForm() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const form = useForm({ iso: '', cc: '', phone: '', code: '' }, { phone: rules.phone(t), code: rules.code(t) });
  const full = () => `+${form.values.cc}${form.values.phone.replace(/[\s-]/g, '')}`;
  const send = async () =>
    (await form.validateOne('phone')) &&
    sendCode({ phone: full() }, 'bind', (m) => form.setError('code', m), t('form.codeSent'));
  const submit = form.handleSubmit(async (v) => {
    await call(userApi.bindPhone, { query: { phone: full(), code: v.code.trim() }, silent: true });
    toast(t('phone.bound'), { kind: 'success' });
    await loadUserInfo();
    navigate(ACCOUNT_PATHS.setpwd, { replace: true });
  });
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('phone.title')}>
      <PhoneField
        bind={form.field('phone')}
        label={t('form.phone')}
        error={form.errors.phone}
        iso={form.values.iso}
        onCountry={(iso, dial) => (form.setValue('iso', iso), form.setValue('cc', dial))}
      />
      <CodeField bind={form.field('code')} label={t('form.phoneCode')} error={form.errors.code} onSend={send} />
      <FormError message={form.formError} />
      <SubmitButton busy={form.submitting}>{t('phone.submit')}</SubmitButton>
    </form>
  );
}

function UnbindForm({ phone }: { phone: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const form = useForm({ code: '' }, { code: rules.code(t) });
  const send = () => sendCode({ phone }, 'unbind', (m) => form.setError('code', m), t('form.codeSent'));
  const submit = form.handleSubmit(async (v) => {
    await call(userApi.unBindPhone, { query: { code: v.code.trim() }, silent: true });
    toast(t('phone.unbound'), { kind: 'success' });
    await loadUserInfo();
    navigate(ACCOUNT_PATHS.setpwd, { replace: true });
  });
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('phone.unbindHeading')}>
      <CodeField bind={form.field('code')} label={t('form.phoneCode')} error={form.errors.code} onSend={send} />
      <FormError message={form.formError} />
      <SubmitButton busy={form.submitting}>{t('phone.unbindSubmit')}</SubmitButton>
    </form>
  );
}

/**
 * Identity verification form of one level (AUTH_LIMIT, spec 3.3): primary asks for the real name, the document
 * number and both sides of the document; senior for a photo holding the document. Images go through the upload
 * call first; the form then submits uploadKYC with their URLs, and the level shows as pending.
 * A closed level, a level already pending or approved, and senior before primary are explained instead.
 */
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { userApi } from '../../../../shared/api/user';
import type { KycLevel } from '../../../../shared/schemas/user';
import { call } from '../../../api/client';
import { Field, FormError, SubmitButton } from '../../../forms/Field';
import type { Rules } from '../../../forms/rules';
import { useForm } from '../../../forms/useForm';
import { loadUserInfo } from '../../../session/actions';
import { session } from '../../../state/session';
import { toast } from '../../../state/toast';
import { rules } from '../model/fieldRules';
import { AuthShell } from './AuthShell';
import { ImageUpload } from './ImageUpload';
import { KycBadge } from './KycBadge';
import { useAuthLimitFlags } from '../model/loginSettings';
import { ACCOUNT_PATHS } from '../paths';

const EMPTY = { realName: '', idCard: '', frontImg: '', backImg: '', handImg: '' };
type Values = typeof EMPTY;

/** The screen of one level (/primary, /advanced; the desktop navigation's entries of spec 2.4, phones too). */
export function KycScreen({ level }: { level: KycLevel }) {
  const { t } = useTranslation('account');
  const primary = level === 'primary';
  return (
    <AuthShell
      title={primary ? t('kyc.primaryName') : t('kyc.seniorName')}
      heading={t('kyc.heading')}
      sub={primary ? t('kyc.primaryText') : t('kyc.seniorText')}
      back={ACCOUNT_PATHS.userAuth}
      wide
    >
      <KycForm level={level} />
    </AuthShell>
  );
}

function KycForm({ level }: { level: KycLevel }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const limits = useAuthLimitFlags();
  const { userInfo } = useSnapshot(session);
  const primary = level === 'primary';
  const r: Rules<Values> = primary
    ? { realName: rules.realName(t), idCard: rules.idCard(t), frontImg: rules.image(t), backImg: rules.image(t) }
    : { handImg: rules.image(t) };
  const form = useForm<Values>(EMPTY, r);

  const submit = form.handleSubmit(async (v) => {
    const query = primary
      ? { level, realName: v.realName.trim(), idCard: v.idCard.trim(), frontImg: v.frontImg, backImg: v.backImg }
      : { level, handImg: v.handImg };
    await call(userApi.uploadKYC, { query, silent: true });
    toast(t('kyc.submitted'), { kind: 'success' });
    await loadUserInfo();
    navigate(ACCOUNT_PATHS.userAuth, { replace: true });
  });

  const open = primary ? limits.isOpenPrimary : limits.isOpenSenior;
  const state = userInfo?.kyc[level] ?? 'none';
  if (!open)
    return (
      <p className="acc-info" role="status">
        {t('kyc.closed')}
      </p>
    );
  if (state === 'pending' || state === 'approved') {
    return (
      <div className="auth__actions">
        <p className="acc-info" role="status">
          <KycBadge state={state} /> {state === 'pending' ? t('kyc.pendingText') : t('kyc.approvedText')}
        </p>
        <Link className="fbtn fbtn--secondary fbtn--block" to={ACCOUNT_PATHS.userAuth}>
          {t('kyc.back')}
        </Link>
      </div>
    );
  }
  if (
    !primary &&
    userInfo &&
    (userInfo.kyc.primary === 'none' || userInfo.kyc.primary === 'rejected') &&
    limits.isOpenPrimary
  ) {
    return (
      <div className="auth__actions">
        <p className="acc-info" role="status">
          {t('kyc.primaryFirst')}
        </p>
        <Link className="fbtn fbtn--primary fbtn--block" to={ACCOUNT_PATHS.primary}>
          {t('kyc.primaryName')}
        </Link>
      </div>
    );
  }

  const image = (name: 'frontImg' | 'backImg' | 'handImg', label: string) => (
    <ImageUpload
      id={`kyc-${name}`}
      label={label}
      value={form.values[name]}
      error={form.errors[name]}
      onChange={(url) => {
        form.setValue(name, url);
        form.setError(name, '');
      }}
      onError={(m) => form.setError(name, m)}
    />
  );

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={primary ? t('kyc.primaryName') : t('kyc.seniorName')}
    >
      {state === 'rejected' ? <p className="form__error">{t('kyc.rejectedText')}</p> : null}
      {primary ? (
        <>
          <Field
            bind={form.field('realName')}
            label={t('kyc.realName')}
            error={form.errors.realName}
            autoComplete="name"
          />
          <Field
            bind={form.field('idCard')}
            label={t('kyc.idCard')}
            error={form.errors.idCard}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <h3 className="acc-section-title">{t('kyc.images')}</h3>
          <div className="acc-uploads">
            {image('frontImg', t('kyc.front'))}
            {image('backImg', t('kyc.backSide'))}
          </div>
        </>
      ) : (
        <>
          <h3 className="acc-section-title">{t('kyc.images')}</h3>
          <div className="acc-uploads">{image('handImg', t('kyc.hand'))}</div>
        </>
      )}
      <p className="field__hint">{t('kyc.imageHint', { mb: 5 })}</p>
      <FormError message={form.formError} />
      <SubmitButton busy={form.submitting}>{t('kyc.submit')}</SubmitButton>
    </form>
  );
}

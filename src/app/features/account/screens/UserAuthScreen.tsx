/**
 * /userauth: identity verification levels, primary and senior, as AUTH_LIMIT says (spec 3.3, 6): each open
 * level shows its state (none, pending, approved, rejected), its limit, and the way to verify.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { KycLevel, KycState } from '../../../../shared/schemas/user';
import { formatDecimal } from '../../../i18n/format';
import { session } from '../../../state/session';
import { AuthShell } from '../components/AuthShell';
import { KycBadge } from '../components/KycBadge';
import { useAuthLimitFlags } from '../model/loginSettings';
import { ACCOUNT_PATHS } from '../paths';

function Level({
  level,
  state,
  limit,
  blocked,
}: {
  level: KycLevel;
  state: KycState;
  limit: string;
  blocked: boolean;
}) {
  const { t, i18n } = useTranslation('account');
  const name = level === 'primary' ? t('kyc.primaryName') : t('kyc.seniorName');
  const canStart = state === 'none' || state === 'rejected';
  return (
    <section className="card acc-level" aria-label={name} data-level={level}>
      <div className="acc-level__head">
        <h3 className="acc-level__name">{name}</h3>
        <KycBadge state={state} />
      </div>
      <p className="acc-level__text">{level === 'primary' ? t('kyc.primaryText') : t('kyc.seniorText')}</p>
      <p className="acc-level__limit">
        {t('kyc.limit')}: <strong className="num">{formatDecimal(limit, i18n.language)}</strong>
      </p>
      {canStart ? (
        blocked ? (
          <p className="acc-level__text">{t('kyc.primaryFirst')}</p>
        ) : (
          <Link
            className="fbtn fbtn--primary fbtn--block"
            to={level === 'primary' ? ACCOUNT_PATHS.primary : ACCOUNT_PATHS.advanced}
          >
            {state === 'rejected' ? t('kyc.retry') : t('kyc.start')}
          </Link>
        )
      ) : null}
    </section>
  );
}

export default function UserAuthScreen() {
  const { t } = useTranslation('account');
  const limits = useAuthLimitFlags();
  const { userInfo } = useSnapshot(session);
  const kyc = userInfo?.kyc ?? { primary: 'none' as const, senior: 'none' as const };
  const primaryDone = kyc.primary === 'pending' || kyc.primary === 'approved' || !limits.isOpenPrimary;
  return (
    <AuthShell title={t('kyc.title')} heading={t('kyc.heading')} sub={t('kyc.sub')} wide>
      {!limits.isOpenPrimary && !limits.isOpenSenior ? (
        <p className="acc-info" role="status">
          {t('kyc.closed')}
        </p>
      ) : (
        <div className="acc-levels">
          {limits.isOpenPrimary ? (
            <Level level="primary" state={kyc.primary} limit={limits.primaryLimit} blocked={false} />
          ) : null}
          {limits.isOpenSenior ? (
            <Level level="senior" state={kyc.senior} limit={limits.seniorLimit} blocked={!primaryDone} />
          ) : null}
        </div>
      )}
    </AuthShell>
  );
}

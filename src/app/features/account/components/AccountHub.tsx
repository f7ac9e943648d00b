/**
 * The account hub of "My" (/wallet, LAYOUT-4), on phone and desktop: who is signed in (masked email or phone,
 * the user id with a copy button, since when), the verification state, the security settings, identity
 * verification, language, help, about, download, customer service, and sign-out with a confirmation
 * (SESSION-9). The wallet's screen composes it: below the assets overview on the phone, beside a summary of the
 * assets on desktop (`aside`, shown above the profile card). It has no top bar of its own.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../../state/session';
import { languageState } from '../../../i18n/index';
import { NATIVE_NAMES } from '../../../i18n/languages';
import { formatDateTime } from '../../../i18n/format';
import {
  IconChevron,
  IconDownload,
  IconGift,
  IconGlobe,
  IconHelp,
  IconProxy,
  IconRecharge,
  IconService,
  IconShieldCheck,
} from '../../../ui/icons';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { openCustomerService } from '../../../ui/customerService';
import { useHasDownloads, useHasService } from '../../../ui/operatorLinks';
import { toast } from '../../../state/toast';
import { APP_PATHS } from '../../../ui/appPaths';
import { IconRecords } from '../../../ui/RecordsIcon';
import { IconBell, UnreadBadge, useUnreadCount } from '../../messages';
import { IconCopy, IconInfo, IconKey, IconLock, IconLogout, IconMail, IconPhone } from '../../../ui/accountIcons';
import { KycBadge } from './KycBadge';
import { SignOutDialog } from '../../../session/SignOutDialog';
import { kycSummary } from '../model/kyc';
import { maskEmail, maskedIdentity, maskPhone } from '../../../session/mask';
import { ACCOUNT_PATHS } from '../paths';
import './account.css';
import './my.css';
import { Figure } from '../../../ui/Figure';

interface RowProps {
  icon: ReactNode;
  label: string;
  value?: ReactNode;
  to?: string;
  onClick?: () => void;
}

function Row({ icon, label, value, to, onClick }: RowProps) {
  const inner = (
    <>
      <span className="my-row__icon">{icon}</span>
      <span className="my-row__label">{label}</span>
      {value !== undefined ? <span className="my-row__value">{value}</span> : null}
      <IconChevron size={16} className="my-row__chev" />
    </>
  );
  return (
    <li>
      {to ? (
        <Link className="my-row" to={to}>
          {inner}
        </Link>
      ) : (
        <button type="button" className="my-row" onClick={onClick}>
          {inner}
        </button>
      )}
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="my-section" aria-label={title}>
      <h3 className="my-section__title">{title}</h3>
      <ul className="my-rows">{children}</ul>
    </section>
  );
}

export function AccountHub({ aside }: { aside?: ReactNode }) {
  const { t } = useTranslation(['account', 'common']);
  const hasService = useHasService();
  const hasDownloads = useHasDownloads();
  const desktop = useIsDesktop();
  const { userInfo: u } = useSnapshot(session);
  const { language } = useSnapshot(languageState);
  const [confirming, setConfirming] = useState(false);
  const unread = useUnreadCount().data?.unread;

  const copyUid = async () => {
    if (!u) return;
    try {
      await navigator.clipboard.writeText(u.uid);
      toast(t('my.uidCopied'), { kind: 'success' });
    } catch {
      toast(t('my.copyFailed'), { kind: 'error' });
    }
  };

  const kyc = u ? kycSummary(u.kyc) : null;
  const name = maskedIdentity(u);
  // One sign-out button: under the profile card on desktop, at the end of the lists on the phone.
  const signOut = (
    <button type="button" className="fbtn fbtn--ghost fbtn--block my__signout" onClick={() => setConfirming(true)}>
      <IconLogout size={18} />
      {t('common:accountMenu.signOut')}
    </button>
  );
  return (
    <div className="my" data-testid="my-screen">
      <div className="app-column my__main">
        <div className="my__side">
          {aside}
          <section className="my-card" aria-label={t('my.profile')}>
            <div className="my-card__head">
              <span className="avatar my-card__avatar" aria-hidden="true">
                {(name || '?').slice(0, 1).toUpperCase()}
              </span>
              <div className="my-card__who">
                <h2 className="my-card__name" data-testid="my-identity">
                  {name || '—'}
                </h2>
                {u ? (
                  <p className="my-card__uid">
                    <span>{t('common:accountMenu.uid', { uid: u.uid })}</span>
                    <button
                      type="button"
                      className="icon-btn icon-btn--muted"
                      onClick={copyUid}
                      aria-label={t('my.copyUid')}
                    >
                      <IconCopy size={16} />
                    </button>
                  </p>
                ) : null}
              </div>
            </div>
            {u ? (
              <dl className="my-card__facts">
                <Figure label={t('security.identity')}>{kyc ? <KycBadge state={kyc} /> : null}</Figure>
                <Figure label={t('my.memberSince')}>{formatDateTime(u.createTime, { style: 'date' })}</Figure>
              </dl>
            ) : null}
            {kyc === 'none' || kyc === 'rejected' ? (
              <div className="my-card__cta">
                <p>{t(kyc === 'none' ? 'my.verifyPrompt' : 'kyc.rejectedText')}</p>
                <Link to={ACCOUNT_PATHS.userAuth} className="fbtn fbtn--primary fbtn--block">
                  {t(kyc === 'none' ? 'kyc.start' : 'kyc.retry')}
                </Link>
              </div>
            ) : null}
          </section>
          {desktop ? signOut : null}
        </div>
        <div className="my__lists">
          <Section title={t('security.title')}>
            <Row
              icon={<IconLock size={20} />}
              label={t('security.loginPassword')}
              value={t('security.change')}
              to={ACCOUNT_PATHS.changePassword}
            />
            <Row
              icon={<IconKey size={20} />}
              label={t('security.tradePassword')}
              value={u?.hasTradePwd ? t('security.change') : t('security.notSet')}
              to={ACCOUNT_PATHS.fundPassword}
            />
            <Row
              icon={<IconMail size={20} />}
              label={t('security.email')}
              value={u?.email ? maskEmail(u.email) : t('security.notBound')}
              to={ACCOUNT_PATHS.emailAuth}
            />
            <Row
              icon={<IconPhone size={20} />}
              label={t('security.phone')}
              value={u?.phone ? maskPhone(u.phone) : t('security.notBound')}
              to={ACCOUNT_PATHS.phoneAuth}
            />
            <Row
              icon={<IconShieldCheck size={20} />}
              label={t('security.identity')}
              value={kyc ? <KycBadge state={kyc} /> : undefined}
              to={ACCOUNT_PATHS.userAuth}
            />
          </Section>
          <Section title={t('my.more')}>
            <Row
              icon={<IconBell size={20} />}
              label={t('common:title.message')}
              value={<UnreadBadge count={unread} />}
              to={APP_PATHS.messages.message}
            />
            <Row icon={<IconRecords size={20} />} label={t('common:title.records')} to={APP_PATHS.records.records} />
            <Row icon={<IconRecharge size={20} />} label={t('common:title.floworder')} to={APP_PATHS.flow.floworder} />
            <Row icon={<IconGift size={20} />} label={t('common:title.welfare')} to={APP_PATHS.growth.welfare} />
            <Row
              icon={<IconProxy size={20} />}
              label={t('common:title.invite')}
              to={desktop ? APP_PATHS.growth.extend : APP_PATHS.growth.invite}
            />
            <Row
              icon={<IconGlobe size={20} />}
              label={t('common:nav.language')}
              value={NATIVE_NAMES[language]}
              to={APP_PATHS.settings.langList}
            />
            <Row icon={<IconHelp size={20} />} label={t('common:nav.help')} to={APP_PATHS.content.help} />
            <Row icon={<IconInfo size={20} />} label={t('common:nav.about')} to={APP_PATHS.content.about} />
            {hasDownloads && (
              <Row icon={<IconDownload size={20} />} label={t('common:nav.download')} to={APP_PATHS.content.download} />
            )}
            {hasService && (
              <Row
                icon={<IconService size={20} />}
                label={t('common:nav.service')}
                onClick={() => openCustomerService()}
              />
            )}
          </Section>
          {desktop ? null : signOut}
        </div>
      </div>
      <SignOutDialog open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}

/**
 * The desktop account menu (LAYOUT-4): the account button of the top navigation opens a panel with who is signed
 * in, the main account links and sign-out (with its confirmation, SESSION-9). A disclosure, not an ARIA menu:
 * a button with aria-expanded and a panel of links; Escape or a click outside closes it, Escape returns focus to
 * the button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';
import { APP_PATHS } from '../ui/appPaths';
import { IconRecords } from '../ui/RecordsIcon';
import { maskedIdentity } from '../session/mask';
import { loadOnOpen } from '../ui/loadOnOpen';
import { IconLogout } from '../ui/accountIcons';
import { IconAssets, IconShield, IconShieldCheck, IconUser } from '../ui/icons';

const SignOutDialog = loadOnOpen(() => import('../session/SignOutDialog').then((m) => m.SignOutDialog));

/** The panel's account links, in order: where, its icon, its label's key. */
const ACCOUNT_LINKS = [
  { to: APP_PATHS.wallet.wallet, Icon: IconUser, label: 'accountMenu.my' },
  { to: APP_PATHS.wallet.assets, Icon: IconAssets, label: 'nav.assets' },
  { to: APP_PATHS.records.records, Icon: IconRecords, label: 'title.records' },
  { to: APP_PATHS.account.setpwd, Icon: IconShield, label: 'accountMenu.security' },
  { to: APP_PATHS.account.userAuth, Icon: IconShieldCheck, label: 'accountMenu.identity' },
];

export function AccountMenu() {
  const { t } = useTranslation('common');
  const { userInfo } = useSnapshot(session);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Any navigation closes it.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  const signOut = () => {
    setOpen(false);
    button.current?.focus(); // the dialog gives the focus back here
    setConfirming(true);
  };

  const name = maskedIdentity(userInfo);
  return (
    <div className="amenu" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-btn dnav__icon amenu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('accountMenu.open')}
        onClick={() => setOpen((o) => !o)}
      >
        <IconUser size={20} />
      </button>
      <div id={panelId} className="amenu__panel" hidden={!open}>
        <div className="amenu__who">
          <span className="avatar" aria-hidden="true">
            {(name || '?').slice(0, 1).toUpperCase()}
          </span>
          <span className="amenu__names">
            <span className="amenu__name">{name || '—'}</span>
            {userInfo ? <span className="amenu__uid">{t('accountMenu.uid', { uid: userInfo.uid })}</span> : null}
          </span>
        </div>
        <ul className="amenu__list">
          {ACCOUNT_LINKS.map(({ to, Icon, label }) => (
            <li key={to}>
              <Link className="menu-row amenu__item" to={to}>
                <Icon size={18} />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
        <button type="button" className="menu-row amenu__item amenu__signout" onClick={signOut}>
          <IconLogout size={18} />
          {t('accountMenu.signOut')}
        </button>
      </div>
      <SignOutDialog open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}

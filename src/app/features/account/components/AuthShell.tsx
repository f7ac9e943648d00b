/** The frame of every account screen: the shared top bar, then a centred card (desktop) or full-width column (phone). */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { session } from '../../../state/session';
import { LanguageButton } from '../../../ui/language/LanguageButton';
import '../../../forms/forms.css';
import './account.css';

export interface AuthShellProps {
  /** Top-bar title (also the page's h1). */
  title: string;
  /** Optional heading inside the card and a line under it. */
  heading?: ReactNode;
  sub?: ReactNode;
  back?: boolean | string;
  right?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

export function AuthShell({ title, heading, sub, back = true, right, wide, children }: AuthShellProps) {
  // Signed out (the /lr, /login, /register and /forget screens), the language is one tap away (LANG-8); the
  // desktop navigation has its own language button.
  const { isSign } = useSnapshot(session);
  const desktop = useIsDesktop();
  return (
    <div className="auth">
      <TopBar title={title} back={back} right={right ?? (isSign || desktop ? undefined : <LanguageButton />)} />
      <div className={`auth__main${wide ? ' auth__main--wide' : ''}`}>
        {heading ? <h2 className="auth__title">{heading}</h2> : null}
        {sub ? <p className="auth__sub">{sub}</p> : null}
        {children}
      </div>
    </div>
  );
}

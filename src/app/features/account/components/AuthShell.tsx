/** The frame of every account screen: the shared top bar, then a centred card (desktop) or full-width column (phone). */
import type { ReactNode } from 'react';
import { TopBar } from '../../../layout/TopBar';
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
  return (
    <div className="auth">
      <TopBar title={title} back={back} right={right} />
      <div className={`auth__main${wide ? ' auth__main--wide' : ''}`}>
        {heading ? <h2 className="auth__title">{heading}</h2> : null}
        {sub ? <p className="auth__sub">{sub}</p> : null}
        {children}
      </div>
    </div>
  );
}

/**
 * The shared top bar (spec 2.3): an optional back button, a title and a right slot. Every screen uses it.
 * `back`: true goes back in history (or home when there is none), a string goes to that path,
 * a function is called instead.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconBack } from './icons';
import './topbar.css';
import { HOME_PATH } from './appPaths';
import { useDocumentTitle } from './documentTitle';

export interface TopBarProps {
  title: ReactNode;
  back?: boolean | string | (() => void);
  right?: ReactNode;
  /** Left slot used instead of the back button (e.g. a logo on home). */
  left?: ReactNode;
  className?: string;
}

export function TopBar({ title, back, right, left, className }: TopBarProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  // A11Y-17: the top bar's text names the document (a title that is not plain text leaves the brand alone).
  useDocumentTitle(typeof title === 'string' ? title : undefined);
  const onBack = () => {
    if (typeof back === 'function') back();
    else if (typeof back === 'string') navigate(back);
    else if (typeof window !== 'undefined' && (window.history.state?.idx ?? 0) > 0) navigate(-1);
    else navigate(HOME_PATH);
  };
  return (
    <header className={`topbar ${className ?? ''}`}>
      <div className="topbar__side topbar__side--start">
        {back ? (
          <button type="button" className="icon-btn topbar__back" onClick={onBack} aria-label={t('nav.back')}>
            <IconBack size={22} />
          </button>
        ) : (
          left
        )}
      </div>
      <h1 className="topbar__title">{title}</h1>
      <div className="topbar__side topbar__side--end">{right}</div>
    </header>
  );
}

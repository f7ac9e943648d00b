/**
 * The language control that needs no account (LANG-8): a button on home, on the sign-in screens and in the
 * desktop navigation that opens the language list in a sheet (a centred dialog on wide screens). The /langList
 * screen is open to visitors too (PUB-1); this is the same list and the same switch.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { IconGlobe } from '../icons';
import { languageState } from '../../i18n/index';
import { NATIVE_NAMES } from '../../i18n/languages';
import { loadOnOpen } from '../loadOnOpen';
import './languageButton.css';

const LanguageSheet = loadOnOpen(() => import('./LanguageSheet').then((m) => m.LanguageSheet));

export interface LanguageButtonProps {
  /** Also show the current language's name beside the globe. */
  showName?: boolean;
  className?: string;
  /** What the button shows instead of the globe (for example a shortcut's icon and label). */
  children?: ReactNode;
}

export function LanguageButton({ showName, className, children }: LanguageButtonProps) {
  const { t } = useTranslation('common');
  const { language } = useSnapshot(languageState);
  const [open, setOpen] = useState(false);
  const name = NATIVE_NAMES[language];
  return (
    <>
      <button
        type="button"
        className={className ?? 'lang-button'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={children ? undefined : `${t('nav.language')}: ${name}`}
        data-action="language"
        onClick={() => setOpen(true)}
      >
        {children ?? (
          <>
            <IconGlobe size={showName ? 18 : 20} />
            {showName ? <span lang={language}>{name}</span> : null}
          </>
        )}
      </button>
      <LanguageSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}

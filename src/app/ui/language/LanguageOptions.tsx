/**
 * The list of languages, the current one checked (spec 2.4, 4.5): the same list and the same switch on the
 * /langList screen and in the language sheet that signed-out visitors reach from home and the sign-in screens
 * (LANG-8). Choosing one loads its messages, stores the choice and its dictionary id, and sets `<html lang>`
 * (and `dir="rtl"` for Arabic).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { IconCheck } from '../icons';
import { languageState, setLanguage } from '../../i18n/index';
import type { LanguageCode } from '../../i18n/languages';
import { settings } from '../../state/settings';
import { toast } from '../../state/toast';
import { languageRows, type LanguageRow } from './languageRows';
import './languages.css';

export function LanguageOptions({ onChosen, compact }: { onChosen?: () => void; compact?: boolean }) {
  const { t } = useTranslation('common');
  const { languageList } = useSnapshot(settings);
  const { language } = useSnapshot(languageState);
  const [busy, setBusy] = useState<LanguageCode | null>(null);
  const rows = languageRows(languageList);

  const choose = async (r: LanguageRow) => {
    if (busy) return;
    if (r.code === language) {
      onChosen?.();
      return;
    }
    setBusy(r.code);
    try {
      await setLanguage(r.code, { languageId: r.id });
      toast(t('lang.switched'), { kind: 'success' });
      onChosen?.();
    } finally {
      setBusy(null);
    }
  };

  return (
    <ul className={`langlist__list${compact ? ' langlist__list--compact' : ''}`} aria-label={t('lang.title')}>
      {rows.map((r) => {
        const current = r.code === language;
        return (
          <li key={r.code}>
            <button
              type="button"
              className={`menu-row langlist__item${current ? ' is-current' : ''}`}
              aria-pressed={current}
              data-lang={r.code}
              onClick={() => choose(r)}
            >
              {r.imgUrl ? (
                <img src={r.imgUrl} alt="" width={24} height={24} className="langlist__flag" />
              ) : (
                <span className="langlist__code" aria-hidden="true">
                  {r.code.toUpperCase()}
                </span>
              )}
              <span className="langlist__label" lang={r.code}>
                {r.label}
              </span>
              {busy === r.code ? (
                <span className="spinner" aria-hidden="true" />
              ) : current ? (
                <IconCheck size={20} className="langlist__check" />
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

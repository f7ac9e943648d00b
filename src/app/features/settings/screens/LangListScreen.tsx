/**
 * The language list (/langList, spec 2.4 and 4.5): the languages the settings offer, the current one
 * checked. Choosing one loads its messages, stores the choice and its dictionary id, and sets
 * `<html lang>` (and `dir="rtl"` for Arabic).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { TopBar } from '../../../layout/TopBar';
import { IconCheck } from '../../../layout/icons';
import { languageState, setLanguage } from '../../../i18n/index';
import { LANGUAGE_CODES, NATIVE_NAMES, toLanguageCode, type LanguageCode } from '../../../i18n/languages';
import { settings } from '../../../state/settings';
import { toast } from '../../../ui/toast';
import './langList.css';

interface Row {
  code: LanguageCode;
  label: string;
  id?: number;
  imgUrl?: string;
}

export function languageRows(
  list: ReadonlyArray<{ dictValue: string; dictLabel: string; dictCode: number; imgUrl: string }>,
): Row[] {
  const rows: Row[] = [];
  for (const l of list) {
    const code = toLanguageCode(l.dictValue);
    if (code && !rows.some((r) => r.code === code))
      rows.push({ code, label: l.dictLabel || NATIVE_NAMES[code], id: l.dictCode, imgUrl: l.imgUrl });
  }
  // Without a usable list from the settings, offer every bundled language.
  return rows.length ? rows : LANGUAGE_CODES.map((code) => ({ code, label: NATIVE_NAMES[code] }));
}

export default function LangListScreen() {
  const { t } = useTranslation('common');
  const { languageList } = useSnapshot(settings);
  const { language } = useSnapshot(languageState);
  const [busy, setBusy] = useState<LanguageCode | null>(null);
  const rows = languageRows(languageList);

  const choose = async (r: Row) => {
    if (busy) return;
    setBusy(r.code);
    try {
      await setLanguage(r.code, { languageId: r.id });
      toast(t('lang.switched'), { kind: 'success' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="langlist" data-testid="lang-list">
      <TopBar title={t('title.langList')} back />
      <ul className="langlist__list" aria-label={t('lang.title')}>
        {rows.map((r) => {
          const current = r.code === language;
          return (
            <li key={r.code}>
              <button
                type="button"
                className={`langlist__item${current ? ' is-current' : ''}`}
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
    </div>
  );
}

/** The rows of the language list (spec 2.4, 4.5): the languages the settings offer, in their order. */
import { LANGUAGE_CODES, NATIVE_NAMES, toLanguageCode, type LanguageCode } from '../../i18n/languages';

export interface LanguageRow {
  code: LanguageCode;
  label: string;
  /** The dictionary id the settings give the language (sent with the switch). */
  id?: number;
  imgUrl?: string;
}

export function languageRows(
  list: ReadonlyArray<{ dictValue: string; dictLabel: string; dictCode: number; imgUrl: string }>,
): LanguageRow[] {
  const rows: LanguageRow[] = [];
  for (const l of list) {
    const code = toLanguageCode(l.dictValue);
    if (code && !rows.some((r) => r.code === code))
      rows.push({ code, label: l.dictLabel || NATIVE_NAMES[code], id: l.dictCode, imgUrl: l.imgUrl });
  }
  // Without a usable list from the settings, offer every bundled language.
  return rows.length ? rows : LANGUAGE_CODES.map((code) => ({ code, label: NATIVE_NAMES[code] }));
}

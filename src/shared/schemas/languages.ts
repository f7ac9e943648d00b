/**
 * The language dictionary of spec 3.3 / 4.5: the 16 bundled languages with their native names.
 * 13 are enabled by default; da, pl and th are bundled but switched off.
 */
import type { LanguageCode, LanguageEntry } from './dictionary';

const rows: Array<[code: LanguageCode, label: string, enabled: boolean]> = [
  ['en', 'English', true],
  ['zh', '简体中文', true],
  ['ar', 'العربية', true],
  ['ja', '日本語', true],
  ['ko', '한국어', true],
  ['de', 'Deutsch', true],
  ['es', 'Español', true],
  ['fr', 'Français', true],
  ['it', 'Italiano', true],
  ['pt', 'Português', true],
  ['ru', 'Русский', true],
  ['tr', 'Türkçe', true],
  ['vi', 'Tiếng Việt', true],
  ['da', 'Dansk', false],
  ['pl', 'Polski', false],
  ['th', 'ไทย', false],
];

/** The dictionary with `defaultCode` flagged isDefault 'Y'. */
export function languageDictionary(defaultCode: string): LanguageEntry[] {
  return rows.map(([code, label, enabled], i) => ({
    dictCode: 100 + i,
    dictLabel: label,
    dictValue: code,
    dictSort: i + 1,
    imgUrl: '',
    isDefault: code === defaultCode ? 'Y' : 'N',
    status: enabled,
  }));
}

import { describe, expect, it } from 'vitest';
import { languageRows } from './languageRows';
import { DEFAULT_SETTINGS } from '../../../shared/defaultSettings';

describe('[spec 2.4, 4.5] language list', () => {
  it('[spec 2.4] lists the languages of the settings, in their order, with their ids', () => {
    const list = DEFAULT_SETTINGS.languageList.filter((l) => l.status);
    const rows = languageRows(list);
    expect(rows.map((r) => r.code)).toEqual(list.map((l) => l.dictValue));
    expect(rows[0].id).toBe(list[0].dictCode);
    expect(rows).toHaveLength(13); // spec 4.5: the default settings list 13 languages
  });

  it('[spec 4.5] entries that are not bundled languages, or repeated, are left out; region forms map to the bundled code', () => {
    const e = (dictValue: string, dictLabel = dictValue) => ({ dictValue, dictLabel, dictCode: 1, imgUrl: '' });
    expect(languageRows([e('zh-CN', '简体中文'), e('xx'), e('zh'), e('pt_BR')]).map((r) => [r.code, r.label])).toEqual([
      ['zh', '简体中文'],
      ['pt', 'pt_BR'],
    ]);
  });

  it('[spec 4.5] without a usable list every one of the 16 bundled languages is offered', () => {
    expect(languageRows([])).toHaveLength(16);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { settings } from '../state/settings';
import { useHasDownloads, useHasService } from './operatorLinks';

function Probe() {
  return <i>{`${useHasService()} ${useHasDownloads()}`}</i>;
}
const shown = () => renderToStaticMarkup(<Probe />);
const saved = { ...settings.config };
afterEach(() => {
  settings.config.SUPPORT_STAFF_SETTING = saved.SUPPORT_STAFF_SETTING;
  settings.config.DOWNLOAD_SETTING = saved.DOWNLOAD_SETTING;
});

describe('[OPC-8] the entries to the operator links show only with a real link', () => {
  it('none, placeholders and closed entries: no service button, no download entry', () => {
    settings.config.SUPPORT_STAFF_SETTING = [];
    settings.config.DOWNLOAD_SETTING = [{ name: 'android', url: '', sort: 1, isOpen: true }];
    expect(shown()).toBe('<i>false false</i>');
    settings.config.SUPPORT_STAFF_SETTING = [
      { name: 'Telegram', url: 'https://t.me/openex_support_example', imgUrl: '' },
    ];
    settings.config.DOWNLOAD_SETTING = [
      { name: 'android', url: 'https://download.openex.example/a.apk', sort: 1, isOpen: true },
      { name: 'apple', url: 'https://apps.openex.com/ios', sort: 2, isOpen: false },
    ];
    expect(shown()).toBe('<i>false false</i>');
  });

  it('a real link shows each', () => {
    settings.config.SUPPORT_STAFF_SETTING = [{ name: 'Mail', url: 'mailto:help@openex.com', imgUrl: '' }];
    settings.config.DOWNLOAD_SETTING = [{ name: 'apple', url: 'https://apps.openex.com/ios', sort: 1, isOpen: true }];
    expect(shown()).toBe('<i>true true</i>');
  });
});

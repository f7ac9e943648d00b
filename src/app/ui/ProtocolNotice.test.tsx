import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import { setLanguage } from '../i18n/index';
import { LANGS, loadMessages } from '../i18n/testing/messageFiles';
import { dismissProtocolNotice, noteContractVersion, protocolNotice, resetProtocolNotice } from '../api/protocolNotice';
import { ProtocolNotice } from './ProtocolNotice';
import { memoryStorage } from '../state/testing/memoryStorage';

const newer = `${PROTOCOL_VERSION + 1}.0`;

beforeAll(async () => {
  await setLanguage('en', { persist: false });
});
beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  resetProtocolNotice();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetProtocolNotice();
});

describe('the newer-backend notice', () => {
  it('[CONF-13] a newer major shows one calm, dismissible notice; the same or a newer minor shows nothing', () => {
    noteContractVersion(`${PROTOCOL_VERSION}.7`);
    expect(protocolNotice.open).toBe(false);
    expect(renderToStaticMarkup(<ProtocolNotice />)).toBe('');

    resetProtocolNotice();
    noteContractVersion(newer);
    expect(protocolNotice.open).toBe(true);
    const html = renderToStaticMarkup(<ProtocolNotice />);
    expect(html).toContain('role="status"');
    expect(html).toContain('newer version');
    expect(html).toContain('aria-label="Close"');
    expect(html).not.toContain('role="alert"');

    dismissProtocolNotice();
    expect(renderToStaticMarkup(<ProtocolNotice />)).toBe('');
  });

  it('[CONF-13] is shown once per browser session, and a reply without the header decides nothing', () => {
    noteContractVersion(null);
    noteContractVersion(newer);
    expect(protocolNotice.open).toBe(true);
    dismissProtocolNotice();
    noteContractVersion(newer);
    expect(protocolNotice.open).toBe(false);
    // A new page load in the same session: still not shown again.
    resetProtocolNotice();
    noteContractVersion(newer);
    expect(protocolNotice.open).toBe(false);
  });

  it('[CONF-13] [LANG-4] the notice is translated in all 16 languages', () => {
    const en = loadMessages('en', 'common')['protocol.newerBackend'];
    for (const lang of LANGS) {
      const text = loadMessages(lang, 'common')['protocol.newerBackend'];
      expect(text?.trim(), lang).toBeTruthy();
      if (lang !== 'en') expect(text, lang).not.toBe(en);
    }
  });
});

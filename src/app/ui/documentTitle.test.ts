import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeTitle, composeTitle, openTitle, renameTitle } from './documentTitle';

const doc = { title: 'OpenEx' };
beforeEach(() => {
  doc.title = 'OpenEx';
  vi.stubGlobal('document', doc);
});
afterEach(() => vi.unstubAllGlobals());

describe('[A11Y-17] a document title per screen', () => {
  it('[A11Y-17] reads "<screen name> · <brand>", the brand alone without a name', () => {
    expect(composeTitle('Copy trading', 'OpenEx')).toBe('Copy trading · OpenEx');
    expect(composeTitle('  ', 'OpenEx')).toBe('OpenEx');
    expect(composeTitle(undefined, 'أوبن إكس')).toBe('أوبن إكس');
  });

  it('[A11Y-17] a sheet names the title while open; the screen’s comes back when it closes, and the brand after', () => {
    const screen = openTitle(undefined, '');
    expect(doc.title).toBe('OpenEx'); // not named yet: unchanged
    renameTitle(screen, 'Copy trading', 'OpenEx');
    expect(doc.title).toBe('Copy trading · OpenEx');
    const sheet = openTitle('Follow', 'OpenEx');
    expect(doc.title).toBe('Follow · OpenEx');
    // The screen's name changes under the sheet (the language changed): the sheet keeps the title.
    renameTitle(screen, 'Copier', 'OpenEx');
    expect(doc.title).toBe('Follow · OpenEx');
    closeTitle(sheet);
    expect(doc.title).toBe('Copier · OpenEx');
    closeTitle(screen);
    expect(doc.title).toBe('OpenEx');
  });

  it('[A11Y-17] a screen without a title of its own leaves the brand, not the last screen’s name', () => {
    const a = openTitle('Markets', 'OpenEx');
    closeTitle(a);
    const b = openTitle(undefined, 'OpenEx');
    expect(doc.title).toBe('OpenEx');
    closeTitle(b);
  });
});

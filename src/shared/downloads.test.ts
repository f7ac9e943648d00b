import { describe, expect, it } from 'vitest';
import { downloadLinks } from './downloads';

describe('download links (spec 3.3 DOWNLOAD_SETTING)', () => {
  it('[spec 3.3] open entries by sort; closed, unknown and link-less entries are left out', () => {
    const links = downloadLinks([
      { name: 'apple', url: 'https://apps.openex.com/ios', sort: 2, isOpen: true },
      { name: 'android', url: 'https://apps.openex.com/app.apk', sort: 1, isOpen: true },
      { name: 'android', url: 'https://other.openex.com', sort: 3, isOpen: true },
      { name: 'windows', url: 'https://x.openex.com', sort: 0, isOpen: true },
      { name: 'apple', url: '', sort: 0, isOpen: true },
      { name: 'apple', url: 'https://closed.openex.com', sort: 0, isOpen: false },
    ]);
    expect(links).toEqual([
      { name: 'android', url: 'https://apps.openex.com/app.apk' },
      { name: 'apple', url: 'https://apps.openex.com/ios' },
    ]);
  });
  it("[OPC-8] a placeholder address (the old seed's *.example) is not shown as a download link", () => {
    expect(
      downloadLinks([{ name: 'android', url: 'https://download.openex.example/openex.apk', sort: 1, isOpen: true }]),
    ).toEqual([]);
  });
  it('a javascript: URL is never a download link', () => {
    expect(downloadLinks([{ name: 'android', url: 'javascript:alert(1)', sort: 1, isOpen: true }])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { downloadLinks } from './downloads';

describe('download links (spec 3.3 DOWNLOAD_SETTING)', () => {
  it('[spec 3.3] open entries by sort; closed, unknown and link-less entries are left out', () => {
    const links = downloadLinks([
      { name: 'apple', url: 'https://apps.example/ios', sort: 2, isOpen: true },
      { name: 'android', url: 'https://apps.example/app.apk', sort: 1, isOpen: true },
      { name: 'android', url: 'https://other.example', sort: 3, isOpen: true },
      { name: 'windows', url: 'https://x.example', sort: 0, isOpen: true },
      { name: 'apple', url: '', sort: 0, isOpen: true },
      { name: 'apple', url: 'https://closed.example', sort: 0, isOpen: false },
    ]);
    expect(links).toEqual([
      { name: 'android', url: 'https://apps.example/app.apk' },
      { name: 'apple', url: 'https://apps.example/ios' },
    ]);
  });
  it('a javascript: URL is never a download link', () => {
    expect(downloadLinks([{ name: 'android', url: 'javascript:alert(1)', sort: 1, isOpen: true }])).toEqual([]);
  });
});

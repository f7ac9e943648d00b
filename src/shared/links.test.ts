import { describe, expect, it } from 'vitest';
import { isRealLink } from './links';

describe('operator links', () => {
  it('[OPC-8] placeholders and unknown schemes are not real links; real addresses are', () => {
    for (const u of [
      'https://support.openex.example/chat',
      'https://download.openex.example/openex.apk',
      'https://t.me/openex_support_example',
      'https://example.com/app',
      'https://apps.example.org/ios',
      'http://localhost/x',
      'https://shop.test/',
      'mailto:help@openex.example',
      'javascript:alert(1)',
      '//evil.com',
      '',
      'not a url',
    ])
      expect(isRealLink(u), u).toBe(false);
    for (const u of [
      'https://t.me/openex',
      'https://support.openex.com/chat',
      'https://play.google.com/store/apps/details?id=com.openex',
      'mailto:help@openex.com',
      'tel:+4412345678',
      '/help',
    ])
      expect(isRealLink(u), u).toBe(true);
  });
});

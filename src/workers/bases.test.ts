import { describe, expect, it } from 'vitest';
import { parseTestPlatform } from '../shared/testPlatform';
import { resolveBases, sameBases } from './bases';

describe('socket and REST bases [spec 7.5]', () => {
  it('[spec 7.5] ws for an http page, on the page host, path /ws/', () => {
    expect(resolveBases({ protocol: 'http:', host: 'localhost:8080' })).toEqual({
      wsBases: ['ws://localhost:8080/ws/'],
      httpBase: 'http://localhost:8080',
    });
  });
  it('[spec 7.5] wss otherwise', () => {
    expect(resolveBases({ protocol: 'https:', host: 'ex.com' }).wsBases).toEqual(['wss://ex.com/ws/']);
  });
  it('[spec 7.5] a test-platform override with a domain uses its api. subdomain for both', () => {
    expect(resolveBases({ protocol: 'http:', host: 'localhost' }, { platform: 'p', domain: 'Example.COM ' })).toEqual({
      wsBases: ['wss://api.example.com/ws/'],
      httpBase: 'https://api.example.com',
    });
  });
  it('[spec 7.5] an override without a usable domain changes nothing', () => {
    const loc = { protocol: 'http:', host: 'h:1' };
    for (const domain of [undefined, '', 'http://evil.com', 'a.com/x', 'a.com:99', 'nodot', 'a b.com']) {
      expect(resolveBases(loc, { platform: 'p', domain }).wsBases).toEqual(['ws://h:1/ws/']);
    }
  });
  it('[spec 3.1] the stored entry is JSON {platform, domain?}; anything else reads as none', () => {
    expect(parseTestPlatform('{"platform":"a","domain":"b.com"}')).toEqual({ platform: 'a', domain: 'b.com' });
    expect(parseTestPlatform('{"platform":"a"}')).toEqual({ platform: 'a' });
    expect(parseTestPlatform(null)).toBeNull();
    expect(parseTestPlatform('not json')).toBeNull();
    expect(parseTestPlatform('3')).toBeNull();
  });

  it('[DEPLOY-3] config.json names the API base and the socket URLs; paths take the page host, http becomes ws', () => {
    const page = { protocol: 'https:', host: 'app.example.com' };
    const b = resolveBases(page, null, {
      apiBase: 'https://api.example.com/',
      socketUrls: ['wss://gw1.example.com', 'https://gw2.example.com/stream', '/ws'],
    });
    expect(b).toEqual({
      httpBase: 'https://api.example.com',
      wsBases: ['wss://gw1.example.com/ws/', 'wss://gw2.example.com/stream/', 'wss://app.example.com/ws/'],
    });
    // The test-platform override still wins (spec 3.1).
    expect(resolveBases(page, { platform: 'p', domain: 'other.com' }, { apiBase: 'https://x.com' }).httpBase).toBe(
      'https://api.other.com',
    );
    expect(
      sameBases(
        b,
        resolveBases(page, null, {
          apiBase: 'https://api.example.com',
          socketUrls: ['wss://gw1.example.com', 'https://gw2.example.com/stream', '/ws'],
        }),
      ),
    ).toBe(true);
    expect(sameBases(b, resolveBases(page, null, { apiBase: 'https://api.example.com' }))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseTestPlatform } from '../shared/testPlatform';
import { resolveBases } from './bases';

describe('socket and REST bases [spec 7.5]', () => {
  it('[spec 7.5] ws for an http page, on the page host, path /ws/', () => {
    expect(resolveBases({ protocol: 'http:', host: 'localhost:8080' })).toEqual({
      wsBase: 'ws://localhost:8080/ws/',
      httpBase: 'http://localhost:8080',
    });
  });
  it('[spec 7.5] wss otherwise', () => {
    expect(resolveBases({ protocol: 'https:', host: 'ex.com' }).wsBase).toBe('wss://ex.com/ws/');
  });
  it('[spec 7.5] a test-platform override with a domain uses its api. subdomain for both', () => {
    expect(resolveBases({ protocol: 'http:', host: 'localhost' }, { platform: 'p', domain: 'Example.COM ' })).toEqual({
      wsBase: 'wss://api.example.com/ws/',
      httpBase: 'https://api.example.com',
    });
  });
  it('[spec 7.5] an override without a usable domain changes nothing', () => {
    const loc = { protocol: 'http:', host: 'h:1' };
    for (const domain of [undefined, '', 'http://evil.com', 'a.com/x', 'a.com:99', 'nodot', 'a b.com']) {
      expect(resolveBases(loc, { platform: 'p', domain }).wsBase).toBe('ws://h:1/ws/');
    }
  });
  it('[spec 3.1] the stored entry is JSON {platform, domain?}; anything else reads as none', () => {
    expect(parseTestPlatform('{"platform":"a","domain":"b.com"}')).toEqual({ platform: 'a', domain: 'b.com' });
    expect(parseTestPlatform('{"platform":"a"}')).toEqual({ platform: 'a' });
    expect(parseTestPlatform(null)).toBeNull();
    expect(parseTestPlatform('not json')).toBeNull();
    expect(parseTestPlatform('3')).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../routes';
import { isPublicPath, opensSignedOut, setRouteAccess } from './paths';

describe('public market pages (PUB-1)', () => {
  // The app's own route table says which routes open without a session (routes.tsx hands it over at start).
  beforeAll(() => setRouteAccess(ROUTES));

  it('[PUB-1] markets, trade screens, content pages and the language list are public; money screens are not', () => {
    for (const p of ['/store', '/search', '/trade', '/contract?symbol=btcusdt', '/flash', '/flashOption', '/option'])
      expect(isPublicPath(p), p).toBe(true);
    for (const p of ['/help', '/helpDetail/101', '/about', '/termService', '/download', '/langList'])
      expect(isPublicPath(p), p).toBe(true);
    for (const p of [
      '/wallet',
      '/assets',
      '/recharge',
      '/withdraw',
      '/flashExchange',
      '/cashflow',
      '/records',
      '/finance',
      '/follow',
      '/invite',
      '/welfare',
      '/message',
      '/setpwd',
      '/helpDetail/',
      '/helpDetail/1/2',
    ])
      expect(isPublicPath(p), p).toBe(false);
  });
});

describe('tools that open while the server says so (DEV-1)', () => {
  it('[DEV-1] a route whose access is a function opens signed out only while it answers yes; it is never public', () => {
    let outbox = false;
    setRouteAccess([
      { path: '/dev/outbox', public: () => outbox },
      { path: '/help', public: true },
      { path: '/wallet' },
    ]);
    expect(opensSignedOut('/dev/outbox')).toBe(false);
    outbox = true;
    expect(opensSignedOut('/dev/outbox?x=1')).toBe(true);
    expect(isPublicPath('/dev/outbox')).toBe(false);
    expect(opensSignedOut('/help#top')).toBe(true);
    expect(opensSignedOut('/wallet')).toBe(false);
    setRouteAccess(ROUTES);
  });
});

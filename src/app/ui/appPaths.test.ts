import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnTarget, safeReturnPath, withReturn } from './appPaths';

describe('return after signing in (PUB-2)', () => {
  it('[PUB-2] a same-app path is kept whole: path, query and hash', () => {
    expect(safeReturnPath('/trade?symbol=ethusdt')).toBe('/trade?symbol=ethusdt');
    expect(safeReturnPath('/contract?symbol=btcusdt#book')).toBe('/contract?symbol=btcusdt#book');
    expect(safeReturnPath('/helpDetail/101')).toBe('/helpDetail/101');
    expect(returnTarget('?redirect=%2Ftrade%3Fsymbol%3Dethusdt')).toBe('/trade?symbol=ethusdt');
    expect(returnTarget(new URLSearchParams({ redirect: '/store' }))).toBe('/store');
    expect(returnTarget('')).toBe('/');
  });

  it('[PUB-2] never an absolute, protocol-relative, backslashed or scripted target (open-redirect safe)', () => {
    for (const bad of [
      'https://evil.example/',
      'http://evil.example',
      '//evil.example',
      '//evil.example/trade',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      '/.//evil.example',
      '/..//evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      ' /trade',
      '/\t/evil.example',
      '/\n/evil.example',
      'trade',
      '',
      '/login',
      '/lr?redirect=%2Fstore',
      '/register',
    ])
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    expect(returnTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(returnTarget('?redirect=%2F%2Fevil.example')).toBe('/');
  });

  it('[PUB-2] property: whatever the input, a kept target resolves to this origin and is a plain path', () => {
    const base = 'https://openex.test';
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => '/' + s),
          fc.string().map((s) => '//' + s),
          fc.constantFrom('https://evil.example/x', 'http://a.b', 'javascript:x', 'data:,x'),
          fc.constantFrom('/', '/\\', '/%2F', '/%5C', '/.', '/..').chain((p) => fc.string().map((s) => p + s)),
        ),
        (raw) => {
          const kept = safeReturnPath(raw);
          if (kept === null) return true;
          // What an entry screen's link carries is the same target again.
          const carried = returnTarget(new URL(withReturn('/login', kept), base).search);
          return (
            kept.startsWith('/') && !kept.startsWith('//') && new URL(kept, base).origin === base && carried === kept
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('[PUB-2] the entry links carry the target only when there is one worth carrying', () => {
    expect(withReturn('/login', '/trade?symbol=ethusdt')).toBe('/login?redirect=%2Ftrade%3Fsymbol%3Dethusdt');
    expect(withReturn('/login', '/')).toBe('/login');
    expect(withReturn('/login', null)).toBe('/login');
    expect(withReturn('/register', 'https://evil.example')).toBe('/register');
  });
});

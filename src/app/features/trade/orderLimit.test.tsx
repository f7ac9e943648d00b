import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { loadNamespaces, setLanguage } from '../../i18n/index';
import { OrderLimitNotice, limitedUntil, secondsLeft } from './orderLimit';

describe('[SPOT-13] the wait after a refusal by the order limit', () => {
  it('[SPOT-13] only a 429 refusal starts a wait, of Retry-After whole seconds (at least 1)', () => {
    const now = 1_000_000;
    expect(limitedUntil(new ApiError('rate-limited', 'Too many', undefined, 429, 2), now)).toBe(now + 2000);
    expect(limitedUntil(new ApiError('rate-limited', 'Too many', undefined, 429), now)).toBe(now + 1000);
    expect(limitedUntil(new ApiError('rate-limited', 'Too many', undefined, 429, 0), now)).toBe(now + 1000);
    expect(limitedUntil(new ApiError('business', 'Insufficient USDT'), now)).toBeUndefined();
    expect(limitedUntil(new ApiError('network', 'Network anomaly'), now)).toBeUndefined();
    expect(limitedUntil(new Error('boom'), now)).toBeUndefined();
  });

  it('[SPOT-13] counts down in whole seconds, rounded up, to zero and no further', () => {
    const until = 5000 + 2000;
    expect([5000, 5001, 5999, 6000, 6001, 6999, 7000, 9000].map((t) => secondsLeft(until, t))).toEqual([
      2, 2, 2, 1, 1, 1, 0, 0,
    ]);
    expect(secondsLeft(undefined, 5000)).toBe(0);
  });
});

describe('[SPOT-13] the notice, in the forms’ namespaces and the user’s language', () => {
  beforeAll(async () => {
    await loadNamespaces(['trade', 'futures']);
  });

  it('[SPOT-13] says how long to wait while there is a wait, and nothing after', async () => {
    await setLanguage('en', { persist: false });
    await loadNamespaces(['trade', 'futures']);
    for (const ns of ['trade', 'futures'] as const) {
      expect(renderToStaticMarkup(<OrderLimitNotice seconds={2} ns={ns} />)).toContain(
        'Too many orders: you can place another in 2 s',
      );
      expect(renderToStaticMarkup(<OrderLimitNotice seconds={0} ns={ns} />)).toBe('');
    }
    await setLanguage('de', { persist: false });
    await loadNamespaces(['trade', 'futures']);
    expect(renderToStaticMarkup(<OrderLimitNotice seconds={3} ns="futures" />)).toContain(
      'Zu viele Orders: Sie können in 3 s eine weitere platzieren',
    );
    await setLanguage('en', { persist: false });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { resetClientEnv, setClientEnv } from '../api/env';
import { coinIconsSnapshot, coinIconUrl, fallbackHue, iconKey, resetCoinIcons, subscribeCoinIcons } from './coinIcons';

function serve(body: unknown, ok = true): number[] {
  const calls: number[] = [];
  setClientEnv({
    fetch: async () => {
      calls.push(1);
      return new Response(JSON.stringify(body), { status: ok ? 200 : 404 });
    },
  });
  return calls;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
}

afterEach(() => {
  resetCoinIcons();
  resetClientEnv();
});

describe('coin logos [BRAND-3]', () => {
  it('[BRAND-3] the manifest is fetched once; listed coins get their file, others the neutral mark', async () => {
    const calls = serve(['BTC', 'ETH', 'USDT']);
    expect(coinIconUrl(coinIconsSnapshot(), 'BTC')).toBeNull();
    const off1 = subscribeCoinIcons(() => undefined);
    const off2 = subscribeCoinIcons(() => undefined);
    await settle();
    const s = coinIconsSnapshot();
    expect(calls).toHaveLength(1);
    expect(coinIconUrl(s, 'btc')).toBe('/coin-icons/BTC.svg');
    expect(coinIconUrl(s, 'TON')).toBeUndefined();
    off1();
    off2();
  });

  it('[BRAND-3] a missing or malformed manifest leaves every coin on the neutral mark, never asking for files', async () => {
    serve({ not: 'a list' });
    const off = subscribeCoinIcons(() => undefined);
    await settle();
    expect(coinIconUrl(coinIconsSnapshot(), 'BTC')).toBeUndefined();
    off();
    resetCoinIcons();
    serve(['BTC'], false);
    const off2 = subscribeCoinIcons(() => undefined);
    await settle();
    expect(coinIconUrl(coinIconsSnapshot(), 'BTC')).toBeUndefined();
    off2();
  });

  it('[BRAND-3] keys are plain tickers; the neutral mark has a stable hue per coin', () => {
    expect(iconKey('usdt')).toBe('USDT');
    expect(iconKey('1000-pepe')).toBe('1000PEPE');
    expect(fallbackHue('TON')).toBe(fallbackHue('ton'));
    expect(fallbackHue('TON')).not.toBe(fallbackHue('INJ'));
  });
});

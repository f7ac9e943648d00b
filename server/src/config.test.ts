import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, PUBLISHED_DEMO_PASSWORD, isLoopback, loadConfig } from './config';

describe('[SRV-2] configuration from the environment', () => {
  it('defaults: port 8080, ./data, ./dist, 8 trades/s, no flood', () => {
    const c = loadConfig({}, []);
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('data'),
      staticDir: resolve('dist'),
      tradeRate: 8,
      production: false,
      testSwitches: false,
      replyChecks: true,
    });
    expect(c.flood).toBeUndefined();
  });
  it('PORT=0 asks for an ephemeral port', () => {
    expect(loadConfig({ PORT: '0' }, []).port).toBe(0);
  });
  it('TEST_SWITCHES is ignored in production', () => {
    expect(loadConfig({ TEST_SWITCHES: '1' }, []).testSwitches).toBe(true);
    expect(loadConfig({ TEST_SWITCHES: '1', NODE_ENV: 'production' }, []).testSwitches).toBe(false);
  });
  it('replies are checked against their schemas outside production, unless REPLY_CHECKS=0; never in production', () => {
    expect(loadConfig({}, []).replyChecks).toBe(true);
    expect(loadConfig({ REPLY_CHECKS: '0' }, []).replyChecks).toBe(false);
    expect(loadConfig({ REPLY_CHECKS: '1', NODE_ENV: 'production' }, []).replyChecks).toBe(false);
  });
  it('flood mode from the env or the --flood flag, over FLOOD_SYMBOLS (default 50)', () => {
    expect(loadConfig({ FLOOD: '10000' }, []).flood).toEqual({ totalRate: 10000, symbols: 50 });
    expect(loadConfig({ FLOOD_SYMBOLS: '80' }, ['--flood=2000']).flood).toEqual({ totalRate: 2000, symbols: 80 });
    expect(loadConfig({}, ['--flood', '500']).flood).toEqual({ totalRate: 500, symbols: 50 });
  });
  it('[SRV-11] MARKET_COINS sets the coins of the spot list: 50 by default, 1 to 1,000', () => {
    expect(loadConfig({}, []).marketCoins).toBe(50);
    expect(loadConfig({ MARKET_COINS: '200' }, []).marketCoins).toBe(200);
    expect(() => loadConfig({ MARKET_COINS: '0' }, [])).toThrow(/MARKET_COINS/);
    expect(() => loadConfig({ MARKET_COINS: '1001' }, [])).toThrow(/MARKET_COINS/);
  });
  it('bad values are refused naming the variable', () => {
    expect(() => loadConfig({ PORT: '70000' }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'x' }, [])).toThrow(/PORT/);
    expect(() => loadConfig({ TRADE_RATE: '-1' }, [])).toThrow(/TRADE_RATE/);
    expect(() => loadConfig({}, ['--flood=lots'])).toThrow(/FLOOD/);
  });
});

describe('the app hosted elsewhere', () => {
  it("[DEPLOY-5][DEPLOY-9] APP_* make the app's config.json, checked with its schema; unset: same origin, no tickets", () => {
    expect(loadConfig({}, []).appConfig).toEqual({ socketTickets: false });
    const c = loadConfig(
      {
        APP_API_BASE: 'https://api.example.com',
        APP_SOCKET_URLS: 'wss://gw1.example.com/ws/, wss://gw2.example.com/ws/,',
        APP_BRAND_NAME: 'Acme',
        APP_DEFAULT_LANGUAGE: 'de',
        APP_DOWNLOAD_APPLE: 'https://apps.example.com/acme',
        GATEWAY_SECRET: 'x'.repeat(48),
      },
      [],
    );
    expect(c.appConfig).toEqual({
      socketTickets: true,
      apiBase: 'https://api.example.com',
      socketUrls: ['wss://gw1.example.com/ws/', 'wss://gw2.example.com/ws/'],
      brandName: 'Acme',
      defaultLanguage: 'de',
      downloadUrls: { apple: 'https://apps.example.com/acme' },
    });
    expect(() => loadConfig({ APP_API_BASE: 'ftp://x.com' }, [])).toThrow(/APP_API_BASE/);
    expect(() => loadConfig({ APP_SOCKET_URLS: 'gopher://x.com' }, [])).toThrow(/APP_SOCKET_URLS/);
    expect(() => loadConfig({ APP_DOWNLOAD_ANDROID: 'nope' }, [])).toThrow(/APP_DOWNLOAD_ANDROID/);
  });

  it("[DEPLOY-10] APP_REQUEST_TIMEOUT_MS sets the app's request timeout, 1000 to 10000 ms; unset: absent (10 s)", () => {
    expect(loadConfig({}, []).appConfig).not.toHaveProperty('requestTimeoutMs');
    expect(loadConfig({ APP_REQUEST_TIMEOUT_MS: '2500' }, []).appConfig?.requestTimeoutMs).toBe(2_500);
    expect(loadConfig({ APP_REQUEST_TIMEOUT_MS: '1000' }, []).appConfig?.requestTimeoutMs).toBe(1_000);
    expect(loadConfig({ APP_REQUEST_TIMEOUT_MS: '10000' }, []).appConfig?.requestTimeoutMs).toBe(10_000);
    for (const bad of ['999', '10001', '2.5', 'soon'])
      expect(() => loadConfig({ APP_REQUEST_TIMEOUT_MS: bad }, [])).toThrow(/APP_REQUEST_TIMEOUT_MS/);
  });

  it('[DEPLOY-7] CORS_ORIGINS is an allow-list of origins (off by default, never *); its origins may open the socket', () => {
    expect(loadConfig({}, []).corsOrigins).toEqual([]);
    const c = loadConfig(
      { CORS_ORIGINS: 'https://app.example.com/, http://localhost:5173', ALLOWED_ORIGINS: 'https://a.test' },
      [],
    );
    expect(c.corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(c.allowedOrigins).toBe('https://a.test,https://app.example.com/, http://localhost:5173');
    expect(() => loadConfig({ CORS_ORIGINS: '*' }, [])).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/path' }, [])).toThrow(/CORS_ORIGINS/);
  });
});

describe('[SAFE-1] [SAFE-5] modes', () => {
  it('[SAFE-1] HOST defaults to 127.0.0.1; loopback addresses are 127.0.0.0/8, ::1 and localhost', () => {
    expect(loadConfig({}, []).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: ' 0.0.0.0 ' }, []).host).toBe('0.0.0.0');
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]'])
      expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', '128.0.0.1', '127.0.0.1.example.com', 'example.com'])
      expect(isLoopback(h), h).toBe(false);
  });

  it('[SAFE-1] the mailbox: on for a loopback bind, off elsewhere unless DEV_MAILBOX=1 (then exposed), never in production', () => {
    const mode = (env: Record<string, string>) => {
      const c = loadConfig(env, []);
      return [c.devMailbox, c.devMailboxExposed];
    };
    expect(mode({})).toEqual([true, false]);
    expect(mode({ HOST: 'localhost' })).toEqual([true, false]);
    expect(mode({ HOST: '0.0.0.0' })).toEqual([false, false]);
    expect(mode({ HOST: '0.0.0.0', DEV_MAILBOX: '1' })).toEqual([true, true]);
    expect(mode({ HOST: '127.0.0.1', DEV_MAILBOX: '1' })).toEqual([true, false]);
    expect(mode({ NODE_ENV: 'production' })).toEqual([false, false]);
    expect(mode({ NODE_ENV: 'production', HOST: '0.0.0.0', DEV_MAILBOX: '1' })).toEqual([false, false]);
  });

  it('[SAFE-5] the demo account: always outside production (published password), in production only with SEED_DEMO=1 and a strong DEMO_PASSWORD', () => {
    expect(loadConfig({}, []).demo).toEqual({ seed: true, password: PUBLISHED_DEMO_PASSWORD });
    expect(loadConfig({ NODE_ENV: 'production' }, []).demo).toEqual({ seed: false, password: undefined });
    expect(loadConfig({ NODE_ENV: 'production', DEMO_PASSWORD: 'long-enough-secret' }, []).demo.seed).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1', DEMO_PASSWORD: 'long-enough-secret' }, []).demo,
    ).toEqual({
      seed: true,
      password: 'long-enough-secret',
    });
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }, [])).toThrow(/DEMO_PASSWORD of at least 12/);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1', DEMO_PASSWORD: 'short' }, [])).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1', DEMO_PASSWORD: PUBLISHED_DEMO_PASSWORD }, []),
    ).toThrow(ConfigError);
  });

  it('[SAFE-3] [SAFE-4] SMTP_URL must be smtp(s)://, SMS_WEBHOOK_URL http(s)://, each named when wrong', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com' }, []).smtpUrl).toBe('smtps://u:p@mail.example.com');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' }, [])).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' }, [])).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMS_WEBHOOK_URL: 'ftp://x' }, [])).toThrow(/SMS_WEBHOOK_URL/);
    expect(loadConfig({ MAIL_FROM: ' OpenEx <codes@example.com> ' }, []).mailFrom).toBe('OpenEx <codes@example.com>');
  });
});

import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

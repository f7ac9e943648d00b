import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startServer, type RunningExchange } from '../app';

describe('clock switch', () => {
  let server: RunningExchange;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clock-switch-'));
    const config = loadConfig(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent', TEST_SWITCHES: '1' },
      [],
    );
    server = await startServer(config);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('[OPS-6] moves the whole server clock forward, never back, and refuses a bad amount', async () => {
    const before = server.ctx.clock.now();
    const res = await server.app.inject({ method: 'POST', url: '/api/_test/clock/advance?ms=300000' });
    const body = res.json() as { code: number; data: { now: number } };
    expect(body.code).toBe(200);
    expect(body.data.now - before).toBeGreaterThanOrEqual(300_000);
    expect(server.ctx.clock.now() - before).toBeGreaterThanOrEqual(300_000);
    const bad = (await server.app.inject({ method: 'POST', url: '/api/_test/clock/advance?ms=-5' })).json() as {
      code: number;
      msg: string;
    };
    expect(bad.code).not.toBe(200);
    expect(bad.msg).toMatch(/ms/);
    expect(server.ctx.clock.now() - before).toBeGreaterThanOrEqual(300_000);
  });

  it('[OPS-5][OPS-6] the switch does not exist without TEST_SWITCHES', async () => {
    const d = mkdtempSync(join(tmpdir(), 'clock-switch-off-'));
    const s = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: d, LOG_LEVEL: 'silent' }, []));
    try {
      const res = await s.app.inject({ method: 'POST', url: '/api/_test/clock/advance?ms=1000' });
      expect(res.statusCode).toBe(404);
    } finally {
      await s.close();
      rmSync(d, { recursive: true, force: true });
    }
  });
});

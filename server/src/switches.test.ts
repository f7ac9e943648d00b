/**
 * SAFE-2 in depth: even a configuration built by hand that says production and test switches and mailbox all at
 * once (loadConfig never gives it) registers no development route: each registration checks production itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningExchange } from './app';
import { manualClock } from './time/clock';
import { testConfig } from './market/testSymbols';
import { TEST_SWITCH_ROUTES } from './testing/testSwitchPaths';

const dir = mkdtempSync(join(tmpdir(), 'exchange-switches-'));
let srv: RunningExchange;
beforeAll(async () => {
  const config = testConfig({
    dataDir: dir,
    staticDir: join(dir, 'none'),
    production: true,
    testSwitches: true,
    devMailbox: true,
    devMailboxExposed: false,
    demo: { seed: false, password: undefined },
  });
  srv = await startServer(config, { clock: manualClock(), runJobs: false });
});
afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('[SAFE-2] no test switch in production, whatever the configuration says', () => {
  it('[SAFE-2] [SAFE-1] the route table has no /api/_test route and each one answers 404', async () => {
    expect([...srv.routes.keys()].filter((p) => p.startsWith('/api/_test'))).toEqual([]);
    for (const [method, url] of TEST_SWITCH_ROUTES) {
      expect((await srv.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
    }
    const settings = await srv.app.inject({ method: 'GET', url: '/api/common/getAllSetting' });
    expect(settings.json().data).not.toHaveProperty('devOutbox');
  });
});

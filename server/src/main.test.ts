/**
 * What `npm start` prints (SAFE-1, SAFE-5, SAFE-6), on the real process: in production a seeded demo account is
 * announced without its password, and a server that cannot send codes says so; a development server whose mailbox
 * is exposed off this machine warns on standard output.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../tests/helpers/server';

const dataDir = mkdtempSync(join(tmpdir(), 'exchange-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('[SAFE-5] [SAFE-1] the start-up banner', () => {
  it('[SAFE-5] [SAFE-6] production with SEED_DEMO=1: "demo account seeded", never its password; codes cannot be sent without SMTP_URL', async () => {
    const password = 'operator-demo-pw-2026';
    const srv = await startServer(
      { NODE_ENV: 'production', SEED_DEMO: '1', DEMO_PASSWORD: password, STATIC_DIR: join(dataDir, 'none') },
      { dataDir: join(dataDir, 'prod') },
    );
    expect(await srv.stop()).toBe(0);
    const out = srv.logs.join('\n');
    expect(out).toContain('Demo account seeded: demo@openex.local (password from DEMO_PASSWORD)');
    expect(out).toContain('Email codes cannot be sent: set SMTP_URL.');
    expect(out).toContain('"event":"code_delivery_off"');
    expect(out).not.toContain(password);
    expect(out).not.toContain('Demo12345');
  }, 120_000);

  it('[SAFE-1][OPC-9] DEV_MAILBOX=1 on 0.0.0.0: the mailbox is on and every start prints a warning', async () => {
    const srv = await startServer(
      { HOST: '0.0.0.0', DEV_MAILBOX: '1', STATIC_DIR: join(dataDir, 'none') },
      { dataDir: join(dataDir, 'dev') },
    );
    const settings = await (await fetch(`${srv.url}/api/common/getAllSetting`)).json();
    expect(settings.data.devOutbox).toBe(true);
    expect(await srv.stop()).toBe(0);
    const out = srv.logs.join('\n');
    expect(out).toContain(
      'WARNING: DEV_MAILBOX=1 on 0.0.0.0: anyone who can reach this server can read every verification code.',
    );
    expect(out).toContain('"event":"dev_mailbox_exposed"');
    // Outside production the published demo password is shown on the banner, never in a log line.
    expect(out).toContain('Demo user: demo@openex.local / Demo12345 (trade password 123456)');
    const logLines = srv.logs.filter((l) => l.startsWith('{'));
    expect(logLines.some((l) => l.includes('Demo12345'))).toBe(false);
  }, 120_000);
});

/**
 * SAFE-1 with DEV_MAILBOX=1 on a non-loopback bind (HOST=0.0.0.0): the mailbox is there, as asked, and start-up
 * warns that anyone who can reach the server can read every code. SAFE-2: the list of development routes the
 * production tests walk (testing/testSwitchPaths.ts) holds every `/api/_test/*` route of a development server.
 */
import { describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { serverForFile } from '../testing/fixtures';
import { TEST_SWITCH_ROUTES } from '../testing/testSwitchPaths';

const h = serverForFile({
  clock: 'manual',
  login: { emailCode: true },
  env: { HOST: '0.0.0.0', DEV_MAILBOX: '1', LOG_LEVEL: 'info' },
  logLine: (l) => void log.push(l),
});
const log: string[] = [];

describe('[SAFE-1] DEV_MAILBOX=1 on a non-loopback bind', () => {
  it('[SAFE-1] the mailbox is there, and start-up warns that it is exposed', async () => {
    const warn = log
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.event === 'dev_mailbox_exposed');
    expect(warn).toMatchObject({ level: 40, host: '0.0.0.0' });
    expect(String(warn?.msg)).toMatch(/anyone who can reach this server can read every verification code/);
    const settings = await h.app.inject({ method: 'GET', url: '/api/common/getAllSetting' });
    expect(settings.json().data.devOutbox).toBe(true);
    const sent = await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email: 'x@example.com' } });
    expect(sent.code).toBe(200);
    const [mail] = await h.outbox('x@example.com');
    expect(mail.code).toMatch(/^\d{6}$/);
    // SAFE-6: even here the code is read from the mailbox only, never from the log.
    expect(log.join('\n')).not.toContain(mail.code);
  });

  it('[SAFE-2] every /api/_test route of a development server is in the list the production tests walk', () => {
    const known = new Set(TEST_SWITCH_ROUTES.map(([m, p]) => `${m} ${p}`));
    const dev = [...h.routes]
      .filter(([p]) => p.startsWith('/api/_test'))
      .flatMap(([p, ms]) => [...ms].map((m) => `${m} ${p}`));
    expect(dev.length).toBeGreaterThan(5);
    for (const r of dev.filter((r) => !r.startsWith('HEAD '))) expect(known, r).toContain(r);
  });
});

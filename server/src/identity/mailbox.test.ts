/**
 * SAFE-1 on a development server bound to every interface (HOST=0.0.0.0) without DEV_MAILBOX: no development
 * mailbox (the outbox answers 404, the settings reply has no `devOutbox`), and since no transport can reach anyone,
 * codes are refused with a clear message before anything is stored (SAFE-3, SAFE-4), as start-up said.
 */
import { describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { serverForFile } from '../testing/fixtures';

const h = serverForFile({
  clock: 'manual',
  login: { emailCode: true },
  env: { HOST: '0.0.0.0', LOG_LEVEL: 'info' },
  logLine: (l) => void log.push(l),
});
const log: string[] = [];

describe('[SAFE-1] a non-loopback bind without DEV_MAILBOX', () => {
  it('[SAFE-1] has no mailbox: the outbox answers 404 and the settings reply has no devOutbox', async () => {
    expect(h.ctx.config.devMailbox).toBe(false);
    expect((await h.app.inject({ method: 'GET', url: '/api/_test/outbox?to=a%40example.com' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/api/_test/outbox' })).statusCode).toBe(404);
    const settings = await h.app.inject({ method: 'GET', url: '/api/common/getAllSetting' });
    expect(settings.json().code).toBe(200);
    expect(settings.json().data).not.toHaveProperty('devOutbox');
    expect(log.some((l) => l.includes('dev_mailbox_exposed'))).toBe(false);
  });

  it('[SAFE-3] [SAFE-4] with no transport, codes are refused clearly and nothing is stored; start-up said so', async () => {
    const mail = await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email: 'a@example.com' } });
    expect(mail.msg).toBe(
      'Email codes cannot be sent: this server has no mail service configured (the operator must set SMTP_URL)',
    );
    const sms = await h.call(userApi.sendMobileCode, { query: { codeType: 'register', phone: '+14155550100' } });
    expect(sms.msg).toMatch(/^SMS codes cannot be sent: /);
    const n = (t: string) => (h.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    expect(n('verify_codes')).toBe(0);
    expect(n('dev_outbox')).toBe(0);
    const off = log.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'code_delivery_off');
    expect(off.map((l) => l.channel)).toEqual(['email', 'phone']);
  });
});

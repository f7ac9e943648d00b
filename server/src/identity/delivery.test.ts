/**
 * The courier (SAFE-3, SAFE-4, SAFE-6) with its transports swapped: which channel can reach its user, what the
 * messages say, and a failed send: logged without the code, counted, never thrown at the caller.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../metrics';
import { manualClock, type Timers } from '../time/clock';
import type { Delivery } from './codes';
import {
  compose,
  createCourier,
  defaultSender,
  maskAddress,
  webhookTransport,
  type CourierConfig,
  type MailTransport,
  type OutgoingMail,
} from './delivery';

/** A logger that keeps every line as JSON text. */
function capture(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) =>
    void lines.push(JSON.stringify({ level, ...(typeof obj === 'object' ? obj : { msg: obj }), msg }));
  const log = {
    level: 'trace',
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

const noTimers: Timers = {
  after: () => ({ cancel: () => {} }),
  every: () => ({ cancel: () => {} }),
};
const off: CourierConfig = { devMailbox: false, smtpUrl: undefined, mailFrom: undefined, smsWebhookUrl: undefined };
const code = (over: Partial<Delivery> = {}): Delivery => ({
  channel: 'email',
  address: 'owner@example.com',
  codeType: 'register',
  code: '493817',
  kind: 'code',
  ...over,
});
const courier = (config: Partial<CourierConfig>, extra: { mail?: MailTransport } = {}) => {
  const c = capture();
  const metrics = new Metrics();
  const failures = metrics.counter('exchange_code_delivery_failures_total', 'failed sends');
  const k = createCourier({
    config: { ...off, ...config },
    db: undefined as never,
    clock: manualClock(),
    timers: noTimers,
    log: c.log,
    failures,
    ...extra,
  });
  return { k, lines: c.lines, failures };
};

describe('[SAFE-3] [SAFE-4] which channel can reach its user', () => {
  it('[SAFE-3] [SAFE-4] SMTP_URL serves email, SMS_WEBHOOK_URL phones, the mailbox both; nothing: a clear refusal', () => {
    const none = courier({});
    expect(none.k.refusal('email')).toMatch(/^Email codes cannot be sent: .*SMTP_URL/);
    expect(none.k.refusal('phone')).toMatch(/^SMS codes cannot be sent: .*SMS_WEBHOOK_URL/);
    expect(none.lines.filter((l) => l.includes('code_delivery_off'))).toHaveLength(2);
    const smtp = courier({ smtpUrl: 'smtp://mail.example.com:587' });
    expect(smtp.k.refusal('email')).toBeUndefined();
    expect(smtp.k.refusal('phone')).toBeDefined();
    const sms = courier({ smsWebhookUrl: 'http://127.0.0.1:9/sms' });
    expect(sms.k.refusal('phone')).toBeUndefined();
    expect(sms.k.refusal('email')).toBeDefined();
    const box = courier({ devMailbox: true });
    expect([box.k.refusal('email'), box.k.refusal('phone')]).toEqual([undefined, undefined]);
  });

  it('[SAFE-3] the sender is MAIL_FROM, else no-reply at the SMTP server domain', () => {
    expect(defaultSender('smtp://u:p@smtp.example.org:587')).toBe('OpenEx <no-reply@example.org>');
    expect(defaultSender('smtps://mail.exchange.test')).toBe('OpenEx <no-reply@exchange.test>');
  });
});

describe('[SAFE-3] [SAFE-6] sending', () => {
  it('[SAFE-3] a code mail says the code and its purpose; a notice to a taken address carries no code', () => {
    const m = compose(code());
    expect(m.subject).toBe('Your OpenEx verification code');
    expect(m.text).toContain('493817');
    expect(m.text).toContain('create your account');
    const n = compose(code({ code: '', kind: 'account_exists' }));
    expect(n.subject).toBe('OpenEx: someone tried to use your email address');
    expect(n.text).toMatch(/already belongs to your OpenEx account/);
    expect(n.text).not.toMatch(/\d{6}/);
  });

  it('[SAFE-3] [SAFE-6] a failed send is logged without the code or the SMTP password, counted, and never thrown', async () => {
    const sent: OutgoingMail[] = [];
    const { k, lines, failures } = courier(
      { smtpUrl: 'smtp://u:hunter2secret@mail.example.com', mailFrom: 'OpenEx <codes@example.com>' },
      {
        mail: {
          send: async (m) => {
            sent.push(m);
            throw new Error(`550 rejected message "${m.text}" via smtp://u:hunter2secret@mail.example.com`);
          },
        },
      },
    );
    expect(() => k.deliver(code())).not.toThrow();
    await k.settled();
    expect(sent[0]).toMatchObject({ from: 'OpenEx <codes@example.com>', to: 'owner@example.com' });
    expect(failures.get({ channel: 'email' })).toBe(1);
    const failed = lines.find((l) => l.includes('code_delivery_failed'));
    expect(failed).toBeDefined();
    expect(failed).toContain('o***@example.com');
    const text = lines.join('\n');
    expect(text).not.toContain('493817');
    expect(text).not.toContain('hunter2secret');
    expect(text).not.toContain('owner@example.com');
  });

  it('[SAFE-6] addresses are masked in the log', () => {
    expect(maskAddress('owner@example.com')).toBe('o***@example.com');
    expect(maskAddress('+14155550100')).toBe('+141***00');
    expect(maskAddress('12345')).toBe('***');
  });

  it('[SAFE-4] the SMS webhook is given up on after its timeout (the injected timer fires)', async () => {
    const hung = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    let fire: () => void = () => {};
    const timers: Timers = {
      after: (_ms, fn) => {
        fire = fn;
        return { cancel: () => {} };
      },
      every: () => ({ cancel: () => {} }),
    };
    const t = webhookTransport(`http://127.0.0.1:${(hung.address() as AddressInfo).port}/`, timers, 5000);
    const sending = t.send({ to: '+14155550100', text: 'x', purpose: 'register' });
    fire();
    await expect(sending).rejects.toThrow('the SMS webhook did not answer within 5000 ms');
    hung.closeAllConnections();
    await new Promise<void>((resolve) => hung.close(() => resolve()));
  });
});

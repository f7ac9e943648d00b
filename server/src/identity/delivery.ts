/**
 * How a verification code or a notice reaches its owner (SAFE-3, SAFE-4, SAFE-6):
 * - email by SMTP through nodemailer when SMTP_URL is set (any mode), from MAIL_FROM or no-reply@<SMTP host>;
 * - phone codes POSTed as JSON `{ to, text, purpose }` to SMS_WEBHOOK_URL (any mode), with a timeout;
 * - into the development mailbox (DEV-1) whenever it is on (alongside SMTP or the webhook).
 * A channel with none of these cannot reach anyone: `refusal(channel)` says so, and `Codes` refuses to send before
 * it stores anything. Sending is asynchronous: a failed send is logged (never with the code) and counted in
 * `exchange_code_delivery_failures_total{channel}`; it never fails or holds up the request. No code, password or
 * token is ever written to the log; addresses are masked in it.
 */
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Metric } from '../metrics';
import type { Clock, Timers } from '../time/clock';
import { writeOutbox, type Channel, type Delivery } from './codes';

/** One message as it leaves the server. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}
export interface OutgoingSms {
  to: string;
  text: string;
  /** The code type (register, backPwd, ...) or "account_exists". */
  purpose: string;
}
export interface MailTransport {
  send(m: OutgoingMail): Promise<void>;
}
export interface SmsTransport {
  send(m: OutgoingSms): Promise<void>;
}

/** How long the SMS webhook may take before the send counts as failed. */
export const SMS_WEBHOOK_TIMEOUT_MS = 10_000;
/** The product's name in messages. */
export const PRODUCT = 'OpenEx';

export interface CourierConfig {
  devMailbox: boolean;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  smsWebhookUrl: string | undefined;
}

export interface CourierDeps {
  config: CourierConfig;
  db: Database.Database;
  clock: Clock;
  timers: Timers;
  log: FastifyBaseLogger;
  /** Counts failed sends by channel. */
  failures?: Metric;
  /** Replace the real transports (tests); by default built from the configuration. */
  mail?: MailTransport;
  sms?: SmsTransport;
}

export interface Courier {
  /** Undefined when the channel can reach its user; otherwise the clear message the send is refused with. */
  refusal(channel: Channel): string | undefined;
  /** Hands a message to every transport of its channel; returns at once (sending runs in the background). */
  deliver(d: Delivery): void;
  /** Resolves when every send started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
}

const PURPOSE: Record<string, string> = {
  register: 'create your account',
  login: 'sign in',
  backPwd: 'reset your password',
  bind: 'link this address to your account',
  unbind: 'remove this address from your account',
  withdrawAddress: 'change your withdrawal addresses',
  withdraw: 'confirm a withdrawal',
  tradePwd: 'set your trade password',
};

/** The text of a message (SAFE-10: a taken address gets a notice, never a code). */
export function compose(d: Delivery): { subject: string; text: string } {
  if (d.kind === 'account_exists') {
    const what = d.channel === 'email' ? 'email address' : 'phone number';
    return {
      subject: `${PRODUCT}: someone tried to use your ${what}`,
      text:
        `Someone asked for a code to ${PURPOSE[d.codeType] ?? 'use this address'} with this ${what}, ` +
        `but it already belongs to your ${PRODUCT} account.\n\n` +
        `If it was you, sign in, or reset your password if you forgot it. If not, you can ignore this message: ` +
        `nothing has changed.\n`,
    };
  }
  return {
    subject: `Your ${PRODUCT} verification code`,
    text:
      `Your ${PRODUCT} verification code is ${d.code}\n\n` +
      `Use it to ${PURPOSE[d.codeType] ?? 'confirm your request'}. It is valid for 5 minutes and can be used once.\n` +
      `If you did not ask for it, ignore this message and do not share the code with anyone.\n`,
  };
}

/** A short SMS text (one segment where possible). */
function smsText(d: Delivery): string {
  if (d.kind === 'account_exists')
    return `${PRODUCT}: someone asked for a code with your number, which already has an account. If it was you, sign in or reset your password.`;
  return `${PRODUCT} code: ${d.code} (valid 5 minutes, to ${PURPOSE[d.codeType] ?? 'confirm your request'}). Never share it.`;
}

/** `p***@example.com`, `+1415***0111`: enough to tell messages apart in a log, not to read the address. */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at >= 0) return `${address.slice(0, Math.min(1, at))}***${address.slice(at)}`;
  return address.length > 6 ? `${address.slice(0, 4)}***${address.slice(-2)}` : '***';
}

/** Sender when MAIL_FROM is unset: no-reply at the SMTP server's domain. */
export function defaultSender(smtpUrl: string): string {
  const host = new URL(smtpUrl).hostname.replace(/^(smtp|mail)\./, '') || 'localhost';
  return `${PRODUCT} <no-reply@${host}>`;
}

/** Bounds of one SMTP send (nodemailer's defaults are 2 and 10 minutes): a stuck server fails the send instead. */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export function smtpTransport(url: string): MailTransport {
  const t = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(m) {
      await t.sendMail(m);
    },
  };
}

export function webhookTransport(url: string, timers: Timers, timeoutMs = SMS_WEBHOOK_TIMEOUT_MS): SmsTransport {
  return {
    async send(m) {
      const abort = new AbortController();
      const timer = timers.after(timeoutMs, () => abort.abort());
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(m),
          signal: abort.signal,
        });
        await res.arrayBuffer().catch(() => undefined);
        if (!res.ok) throw new Error(`the SMS webhook answered HTTP ${res.status}`);
      } catch (err) {
        if (abort.signal.aborted) throw new Error(`the SMS webhook did not answer within ${timeoutMs} ms`);
        throw err;
      } finally {
        timer.cancel();
      }
    },
  };
}

/** An error's message with any secret of the message cut out (SAFE-6). */
function reason(err: unknown, secret: string): string {
  const m = err instanceof Error ? err.message : String(err);
  const cut = secret ? m.split(secret).join('******') : m;
  return cut.replace(/\/\/[^/@\s]*@/g, '//***@').slice(0, 300);
}

export function createCourier(o: CourierDeps): Courier {
  const { config, log } = o;
  const mail = o.mail ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined);
  const sms = o.sms ?? (config.smsWebhookUrl ? webhookTransport(config.smsWebhookUrl, o.timers) : undefined);
  const from = config.mailFrom ?? (config.smtpUrl ? defaultSender(config.smtpUrl) : `${PRODUCT} <no-reply@localhost>`);
  const inFlight = new Set<Promise<void>>();

  const transportsOf = (channel: Channel): string[] => {
    const out: string[] = [];
    if (channel === 'email' && mail) out.push('smtp');
    if (channel === 'phone' && sms) out.push('webhook');
    if (config.devMailbox) out.push('dev_mailbox');
    return out;
  };

  const refusal = (channel: Channel): string | undefined => {
    if (transportsOf(channel).length > 0) return undefined;
    return channel === 'email'
      ? 'Email codes cannot be sent: this server has no mail service configured (the operator must set SMTP_URL)'
      : 'SMS codes cannot be sent: this server has no SMS service configured (the operator must set SMS_WEBHOOK_URL)';
  };

  // Start-up: which transports are on, and plainly when a channel cannot send.
  const email = transportsOf('email');
  const phone = transportsOf('phone');
  log.info(
    { event: 'code_delivery', email: email.length ? email : 'none', phone: phone.length ? phone : 'none' },
    `codes by email: ${email.join(' + ') || 'none'}; by phone: ${phone.join(' + ') || 'none'}`,
  );
  for (const channel of ['email', 'phone'] as const) {
    const r = refusal(channel);
    if (r) log.warn({ event: 'code_delivery_off', channel }, r);
  }

  const track = (channel: Channel, d: Delivery, send: () => Promise<void>) => {
    const p = send().then(
      () => {
        log.info(
          { event: 'code_sent', channel, to: maskAddress(d.address), codeType: d.codeType, kind: d.kind },
          'code delivered',
        );
      },
      (err: unknown) => {
        o.failures?.inc({ channel });
        log.warn(
          {
            event: 'code_delivery_failed',
            channel,
            to: maskAddress(d.address),
            codeType: d.codeType,
            kind: d.kind,
            reason: reason(err, d.code),
          },
          'sending a code failed',
        );
      },
    );
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  return {
    refusal,
    deliver(d) {
      if (config.devMailbox) writeOutbox(o.db, d, o.clock.now());
      if (d.channel === 'email' && mail) {
        const m = compose(d);
        track('email', d, () => mail.send({ from, to: d.address, subject: m.subject, text: m.text }));
      }
      if (d.channel === 'phone' && sms) {
        track('phone', d, () =>
          sms.send({ to: d.address, text: smsText(d), purpose: d.kind === 'code' ? d.codeType : d.kind }),
        );
      }
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

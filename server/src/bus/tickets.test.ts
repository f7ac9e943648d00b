import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issueTicket, sessionId, TICKET_TTL_MS, verifyTicket } from './tickets';

const SECRET = 'a-gateway-secret-of-at-least-32-chars!';

describe('[BUS-5] socket tickets', () => {
  it('a ticket names its user and session and holds for a minute', () => {
    const sid = sessionId('ab'.repeat(32));
    const t = issueTicket(SECRET, 42, sid, 1_000);
    expect(verifyTicket(SECRET, t, 1_000)).toEqual({ ok: true, claims: { u: 42, s: sid, x: 1_000 + TICKET_TTL_MS } });
    expect(verifyTicket(SECRET, t, 1_000 + TICKET_TTL_MS - 1).ok).toBe(true);
    expect(verifyTicket(SECRET, t, 1_000 + TICKET_TTL_MS)).toEqual({
      ok: false,
      reason: 'The socket ticket has expired: ask for a new one',
    });
  });

  it('another secret, a changed claim or signature, garbage: refused', () => {
    const t = issueTicket(SECRET, 42, sessionId('x'), 0);
    const [payload, sig] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 1, s: sessionId('x'), x: 9e15 })).toString('base64url');
    for (const bad of [
      issueTicket('another-secret-of-at-least-32-characters', 42, sessionId('x'), 0),
      `${forged}.${sig}`,
      `${payload}.${sig.slice(0, -2)}AA`,
      payload,
      '',
      '.',
      'x'.repeat(600),
    ])
      expect(verifyTicket(SECRET, bad, 0).ok).toBe(false);
  });

  it('no string but a genuine ticket passes (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (s) => !verifyTicket(SECRET, s, 0).ok));
  });

  it('the session id is neither the token hash nor reversible to it, and stable', () => {
    const h = 'cd'.repeat(32);
    expect(sessionId(h)).toBe(sessionId(h));
    expect(sessionId(h)).not.toContain(h.slice(0, 16));
    expect(sessionId(h)).toMatch(/^[0-9a-f]{32}$/);
  });
});

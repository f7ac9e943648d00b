/**
 * Socket tickets (BUS-5): how a gateway knows who a private subscription belongs to without a database. The core
 * signs `{ u, s, x }` (user id, session id, expiry) with HMAC-SHA256 under `GATEWAY_SECRET`; a gateway checks the
 * signature and the expiry alone. The session id is a hash of the session's token hash, so neither the token nor
 * its database key travels on the bus; when that session ends the core publishes it (`ox.session.end`) and every
 * gateway drops the sockets it opened.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long a ticket may be used to subscribe (the socket stays open after; a session's end closes it). */
export const TICKET_TTL_MS = 60_000;

export interface TicketClaims {
  /** The user. */
  u: number;
  /** The session (sessionId of its token hash). */
  s: string;
  /** Expiry, ms since the epoch. */
  x: number;
}

/** The session id the bus and the tickets use: not the token, not its database key. */
export function sessionId(tokenHash: string): string {
  return createHash('sha256').update(`openex-session:${tokenHash}`).digest('hex').slice(0, 32);
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function issueTicket(secret: string, userId: number, sid: string, now: number): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, s: sid, x: now + TICKET_TTL_MS })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** Whether a credential is shaped as a ticket (`payload.signature`); session tokens are base64url, without a dot. */
export function isTicket(credential: string): boolean {
  return credential.includes('.');
}

/** The claims of a genuine, unexpired ticket, or the reason it is refused (said to the socket as is). */
export function verifyTicket(
  secret: string,
  ticket: string,
  now: number,
): { ok: true; claims: TicketClaims } | { ok: false; reason: string } {
  const refused = { ok: false as const, reason: 'Sign in again: the socket ticket is not valid' };
  if (typeof ticket !== 'string' || ticket.length > 512) return refused;
  const dot = ticket.indexOf('.');
  if (dot <= 0) return refused;
  const payload = ticket.slice(0, dot);
  const given = Buffer.from(ticket.slice(dot + 1));
  const expected = Buffer.from(sign(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refused;
  let claims: TicketClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as TicketClaims;
  } catch {
    return refused;
  }
  if (!Number.isSafeInteger(claims.u) || typeof claims.s !== 'string' || !Number.isFinite(claims.x)) return refused;
  if (claims.x <= now) return { ok: false, reason: 'The socket ticket has expired: ask for a new one' };
  return { ok: true, claims };
}

/** A session's end as the bus and the socket streams tell it (BUS-6): session ids, never tokens or their hashes. */
export function sessionEnded(e: { userId: number; tokenHash?: string; keepHash?: string }): {
  u: number;
  s?: string;
  keep?: string;
} {
  return {
    u: e.userId,
    ...(e.tokenHash ? { s: sessionId(e.tokenHash) } : {}),
    ...(e.keepHash ? { keep: sessionId(e.keepHash) } : {}),
  };
}

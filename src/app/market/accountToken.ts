/**
 * Hands the session token to the market worker for the private streams (LIVE-1): on start-up and whenever the
 * session changes (sign-in, sign-out, another tab signing out). The token travels to the server inside the
 * subscribe message, never in a URL.
 *
 * BUS-8: where the server offers socket tickets (socket gateways run), the worker sends a ticket instead: it is
 * asked for once the session is known, before the token goes to the worker, and again every TICKET_REFRESH_MS
 * while signed in (a ticket lives a minute; the worker needs a fresh one whenever its socket subscribes again).
 * A server that does not offer them is not asked again in this page; one whose config.json says
 * `socketTickets: false` is never asked (DEPLOY-9).
 */
import { subscribe } from 'valtio';
import { userApi } from '../../shared/api/user';
import { callRaw } from '../api/client';
import { runtimeConfig } from '../api/runtimeConfig';
import { session } from '../state/session';
import { clock, type TimerHandle } from '../time/clock';
import { marketClient } from './marketClient';

/** Half a ticket's life (BUS-5: a minute). */
export const TICKET_REFRESH_MS = 30_000;
/** After a failed request for a ticket. */
const TICKET_RETRY_MS = 5_000;

let installed = false;

export function installAccountToken(): void {
  if (installed) return;
  installed = true;
  /** Whether the server offers tickets: from config.json, else unknown until it answered once. */
  let offered: boolean | undefined = runtimeConfig().socketTickets === false ? false : undefined;
  let pushed: string | null | undefined;
  let gen = 0;
  let timer: TimerHandle | undefined;

  async function ticket(my: number): Promise<void> {
    let next = TICKET_REFRESH_MS;
    try {
      const r = await callRaw(userApi.socketTicket, { silent: true });
      if (my !== gen) return;
      offered = r.code > 0 && !!r.data;
      marketClient.setStreamTicket(offered && r.data ? r.data.ticket : null);
    } catch {
      next = TICKET_RETRY_MS;
    }
    if (my === gen && offered !== false) timer = clock.setTimeout(() => void ticket(my), next);
  }

  const push = () => {
    const token = session.isSign && session.token ? session.token : null;
    if (token === pushed) return;
    pushed = token;
    const my = ++gen;
    clock.clearTimeout(timer);
    if (token === null || offered === false) {
      marketClient.setStreamTicket(null);
      marketClient.setAccountToken(token);
      return;
    }
    // The ticket goes first: a gateway would refuse the session token.
    void ticket(my).finally(() => {
      if (my === gen) marketClient.setAccountToken(token);
    });
  };
  push();
  subscribe(session, push);
}

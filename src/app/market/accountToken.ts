/**
 * Hands the session token to the market worker for the private streams (LIVE-1): on start-up and whenever the
 * session changes (sign-in, sign-out, another tab signing out). The token travels to the server inside the
 * subscribe message, never in a URL.
 */
import { subscribe } from 'valtio';
import { session } from '../session/store';
import { marketClient } from './marketClient';

let installed = false;

export function installAccountToken(): void {
  if (installed) return;
  installed = true;
  const push = () => marketClient.setAccountToken(session.isSign && session.token ? session.token : null);
  push();
  subscribe(session, push);
}

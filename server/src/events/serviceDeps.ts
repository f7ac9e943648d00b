/**
 * What a service that moves money through the ledger and tells its user of a state change is built on (flow,
 * welfare), and how the server's context gives it: the status push goes to the inbox and the socket's USER_STATUS
 * (LIVE-2) after the commit.
 */
import type { ServerContext } from '../context';
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import type { StatusEvent } from './userEvents';

export interface StatusServiceDeps {
  ledger: Ledger;
  clock: Clock;
  /** Tells a user a row changed state (the inbox and the socket's USER_STATUS); called after commit. */
  statusChanged(userId: number, e: StatusEvent): void;
  /** Runs `fn` after the current synchronous run (and so after the commit): queueMicrotask on the server. */
  defer(fn: () => void): void;
}

export function statusServiceDeps(ctx: ServerContext, ledger: Ledger): StatusServiceDeps {
  return {
    ledger,
    clock: ctx.clock,
    statusChanged: (u, e) => ctx.userEvents.statusChanged(u, e),
    defer: queueMicrotask,
  };
}

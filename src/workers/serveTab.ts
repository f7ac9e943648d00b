/**
 * Wires one tab's port to the host: Comlink for the RPC, the tab's own MessagePort for batches and credits,
 * and tab liveness. Ports fire no close event, so a tab's death is seen through Web Locks: the tab holds
 * `openex-tab-<id>` for its whole life; the worker asks for the same lock and, when it is granted (the tab
 * closed or crashed), releases everything of that tab. Without Web Locks the tab pings instead.
 */
import { expose, type Endpoint } from 'comlink';
import type { MarketHost, HostSession } from './host';
import { tabLockName, type HostTabApi, type TabToHost } from './wire';

export interface LocksLike {
  request(name: string, cb: () => unknown): Promise<unknown>;
}

export function serveTab(
  host: MarketHost,
  endpoint: Endpoint,
  locks: LocksLike | undefined,
  mode: 'shared' | 'dedicated',
): void {
  let session: HostSession | undefined;

  const api: HostTabApi = {
    hello(h) {
      session?.close();
      const port = h.batchPort;
      const holdsLock = h.holdsLock && !!locks;
      const s = host.openSession(
        h.tabId,
        { send: (batch, transfer) => port.postMessage(batch, transfer) },
        { holdsLock, testPlatform: h.testPlatform, endpoints: h.endpoints },
      );
      session = s;
      port.onmessage = (ev: MessageEvent<TabToHost>) => {
        const m = ev.data;
        if (m?.t === 'credit') s.credit(typeof m.at === 'number' ? m.at : undefined);
        else if (m?.t === 'ping') s.ping();
      };
      port.start?.();
      if (holdsLock) {
        void locks!
          .request(tabLockName(h.tabId), () => {
            s.close();
            port.close();
          })
          .catch(() => undefined);
      }
      return { mode };
    },
    watch(topic) {
      session?.watch(topic);
    },
    unwatch(topic) {
      session?.unwatch(topic);
    },
    setTestPlatform(tp) {
      session?.setTestPlatform(tp);
    },
    setAccountToken(token) {
      session?.setAccountToken(typeof token === 'string' && token.length <= 256 ? token : null);
    },
    setStreamTicket(ticket) {
      session?.setStreamTicket(typeof ticket === 'string' && ticket.length <= 256 ? ticket : null);
    },
    diagnostics() {
      return host.diagnostics();
    },
    tabStats() {
      return session?.stats();
    },
    loadOlderKlines(symbol, interval) {
      return session ? session.loadOlderKlines(symbol, interval) : Promise.resolve(0);
    },
    bye() {
      session?.close();
    },
  };
  expose(api, endpoint);
}

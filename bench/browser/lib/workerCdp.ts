/**
 * CDP access to the market SharedWorker (or dedicated worker) from the browser-level session:
 * Playwright does not expose shared workers, so we attach through Target in non-flattened mode and
 * talk to the worker with Target.sendMessageToTarget.
 */
import type { Browser, CDPSession } from 'playwright-core';

export interface WorkerCdp {
  send<T = unknown>(method: string, params?: object): Promise<T>;
  detach(): Promise<void>;
}

export async function attachMarketWorker(browser: Browser): Promise<WorkerCdp | undefined> {
  const b: CDPSession = await browser.newBrowserCDPSession();
  const { targetInfos } = (await b.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const t = targetInfos.find((x) => x.type === 'shared_worker') ?? targetInfos.find((x) => x.type === 'worker');
  if (!t) return undefined;
  const { sessionId } = (await b.send('Target.attachToTarget', { targetId: t.targetId, flatten: false })) as {
    sessionId: string;
  };
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  b.on('Target.receivedMessageFromTarget', (ev: { sessionId: string; message: string }) => {
    if (ev.sessionId !== sessionId) return;
    const msg = JSON.parse(ev.message);
    const w = msg.id !== undefined ? waiting.get(msg.id) : undefined;
    if (!w) return;
    waiting.delete(msg.id);
    if (msg.error) w.reject(new Error(msg.error.message));
    else w.resolve(msg.result);
  });
  return {
    send<T>(method: string, params: object = {}): Promise<T> {
      const id = nextId++;
      const p = new Promise<T>((resolve, reject) => waiting.set(id, { resolve: (v) => resolve(v as T), reject }));
      void b.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
      return p;
    },
    async detach() {
      await b.send('Target.detachFromTarget', { sessionId }).catch(() => {});
      await b.detach().catch(() => {});
    },
  };
}

/**
 * SharedWorker entry: ONE engine (one socket) for every tab of the origin. Each connecting tab gets its own
 * Comlink endpoint on its port. Started by src/app/market/connect.ts with the name 'openex-market'.
 */
/// <reference lib="webworker" />
import { serveTab } from './serveTab';
import { createWorkerHost, workerLocks } from './workerHost';

const host = createWorkerHost('shared');
const scope = self as unknown as SharedWorkerGlobalScope;

scope.onconnect = (ev: MessageEvent) => {
  const port = ev.ports[0];
  serveTab(host, port, workerLocks(), 'shared');
  port.start();
};

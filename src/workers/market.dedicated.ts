/**
 * Dedicated-Worker entry, the fallback where SharedWorker does not exist (Chrome for Android before 148,
 * some embedded browsers): the same host and engine, one per tab, behind the same API.
 */
/// <reference lib="webworker" />
import type { Endpoint } from 'comlink';
import { serveTab } from './serveTab';
import { createWorkerHost, workerLocks } from './workerHost';

const host = createWorkerHost('dedicated');
serveTab(host, self as unknown as Endpoint, workerLocks(), 'dedicated');

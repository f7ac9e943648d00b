/**
 * The engine's real environment inside a worker: wall clock, timers, WebSocket, fetch, Math.random, nanoid.
 * The only place in the worker code that touches these globals; tests never reach it.
 */
import { nanoid } from 'nanoid';
import type { EngineDeps, SocketLike } from '../engine';
import type { Bases } from './bases';

/** Spec 9.1: request timeout 10 seconds. */
export const HTTP_TIMEOUT_MS = 10_000;

export function createBrowserDeps(bases: Bases, log?: EngineDeps['log']): EngineDeps {
  return {
    clock: { now: () => Date.now() },
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
    openSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    httpGet: async (path) => {
      const res = await fetch(bases.httpBase + path, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status}`);
      return res.json();
    },
    random: () => Math.random(),
    newId: () => nanoid(),
    wsBase: bases.wsBases,
    log,
  };
}

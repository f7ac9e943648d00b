/**
 * Mutations with an idempotency key. A user intent (one withdrawal, one order: the caller names it) gets its
 * key once; the key is kept in storage until the server has answered, so a retry, even after a reload, sends
 * the same `Idempotency-Key` and the server applies the intent at most once. An answer (success or a business
 * refusal) completes the intent; a network failure or timeout leaves the key for the retry. On success the
 * queries under each `invalidates` prefix are fetched again.
 */
import { nanoid } from 'nanoid';
import { StorageKeys } from '../../shared/storageKeys';
import { ApiError, type ApiErrorKind } from '../api/client';
import { readJson, writeJson } from '../state/storage';
import { invalidate } from './queries';

export interface MutateOptions {
  /** Names the user intent, e.g. `withdraw:USDT:<form id>`; the same intent reuses its key. */
  intent: string;
  /** Query key prefixes to fetch again after success. */
  invalidates?: readonly string[];
}

/** Outcomes that leave it unknown whether the server applied the intent: keep the key for the retry. */
const UNKNOWN_OUTCOME: readonly ApiErrorKind[] = ['network', 'timeout', 'aborted', 'rate-limited'];

type Pending = Record<string, string>;

/** The idempotency key of `intent`, made and stored on first use. */
export function intentKey(intent: string, newId: () => string = nanoid): string {
  const pending = readJson<Pending>(StorageKeys.pendingIntents) ?? {};
  const existing = pending[intent];
  if (typeof existing === 'string' && existing) return existing;
  const key = newId();
  writeJson(StorageKeys.pendingIntents, { ...pending, [intent]: key });
  return key;
}

function complete(intent: string): void {
  const pending = readJson<Pending>(StorageKeys.pendingIntents) ?? {};
  if (!(intent in pending)) return;
  const rest = { ...pending };
  delete rest[intent];
  writeJson(StorageKeys.pendingIntents, rest);
}

export async function mutate<T>(fn: (idempotencyKey: string) => Promise<T>, opts: MutateOptions): Promise<T> {
  const key = intentKey(opts.intent);
  let out: T;
  try {
    out = await fn(key);
  } catch (err) {
    if (!(err instanceof ApiError && UNKNOWN_OUTCOME.includes(err.kind))) complete(opts.intent);
    throw err;
  }
  complete(opts.intent);
  for (const prefix of opts.invalidates ?? []) invalidate(prefix);
  return out;
}

/** The stored key of an intent still waiting for its answer (a reply that never came), without making one. */
export function pendingIntentKey(intent: string): string | undefined {
  const k = (readJson<Pending>(StorageKeys.pendingIntents) ?? {})[intent];
  return typeof k === 'string' && k ? k : undefined;
}

/** The names of the intents still waiting for their answer whose name starts with `prefix`. */
export function pendingIntentNames(prefix: string): string[] {
  return Object.keys(readJson<Pending>(StorageKeys.pendingIntents) ?? {}).filter((n) => n.startsWith(prefix));
}

/** Ends an intent whose outcome was learnt another way (asking the server for the status of its key). */
export function completeIntent(intent: string): void {
  complete(intent);
}

/** The names of the intents still waiting for their answer that start with `prefix` (to resolve them after a reload). */
export function pendingIntents(prefix: string): string[] {
  const pending = readJson<Pending>(StorageKeys.pendingIntents) ?? {};
  return Object.keys(pending).filter((k) => k.startsWith(prefix) && typeof pending[k] === 'string' && pending[k]);
}
